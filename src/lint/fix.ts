import fs from 'node:fs';
import path from 'node:path';
import type { TextEdit } from '../model/diagnostic.js';

/**
 * Applies non-overlapping edits (ESLint's rule: the first fix wins, later
 * overlapping ones wait for the next pass). Returns the new text and how many
 * edits were applied.
 */
export function applyEdits(text: string, edits: readonly TextEdit[]): { text: string; applied: number } {
  const sorted = [...edits].sort((a, b) => a.range[0] - b.range[0] || a.range[1] - b.range[1]);
  let out = '';
  let cursor = 0;
  let applied = 0;
  for (const edit of sorted) {
    const [start, end] = edit.range;
    if (start < cursor || start > end || end > text.length) continue;
    out += text.slice(cursor, start) + edit.text;
    cursor = end;
    applied++;
  }
  return { text: out + text.slice(cursor), applied };
}

/** Writes a file atomically: a sibling temporary file renamed over it, keeping its mode. */
export function writeFileAtomic(file: string, text: string): void {
  const tmp = path.join(path.dirname(file), `.${path.basename(file)}.skillc-${process.pid}.tmp`);
  let mode: number | undefined;
  try {
    mode = fs.statSync(file).mode & 0o777;
  } catch {
    mode = undefined;
  }
  try {
    fs.writeFileSync(tmp, text, mode === undefined ? undefined : { mode });
    fs.renameSync(tmp, file);
  } catch (error) {
    fs.rmSync(tmp, { force: true });
    throw error;
  }
}
