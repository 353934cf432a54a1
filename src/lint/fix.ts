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
