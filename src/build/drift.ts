// `build --check`: the drift it finds as diagnostics (one a file, with a short unified diff), so the
// json, sarif and github reports carry it as they carry lint problems.
import fs from 'node:fs';
import path from 'node:path';
import type { Diagnostic } from '../model/diagnostic.js';
import { docsUrl } from '../rules/rule.js';
import type { OutputFile } from './emit-skill.js';
import { MANIFEST, type Drift } from './output.js';

/** The message of a file skillc did not write in a folder it owns: a rebuild keeps it, so "run build" would never end the drift. */
export const NOT_WRITTEN_MESSAGE = 'skillc did not write this: delete it or move it to the sources';

/** Lines of context around a change, as `diff -u`. */
const CONTEXT = 3;
/** At most this many lines of a diff are shown; the rest is counted. */
const MAX_DIFF_LINES = 40;
/** Files larger than this are not diffed line by line (their size is said). */
const MAX_DIFF_BYTES = 1 << 20;

export interface DriftReport {
  /** One a file, sorted by path: `build/drift` (changed, missing, no longer built) or `build/not-written`. */
  diagnostics: Diagnostic[];
  /**
   * A short unified diff per changed file (absolute path -> diff), `--- on disk` against `+++ built`:
   * what a rebuild would change, as `gofmt -d` and `black --diff` print it, so a source edit
   * not yet rebuilt (CI's usual drift) reads as the lines it adds. The manifest has none: its lines
   * are the hashes of the files listed above it.
   */
  diffs: Map<string, string>;
}

const at = (line: number): Pick<Diagnostic, 'line' | 'column' | 'endLine' | 'endColumn'> => ({ line, column: 1, endLine: line, endColumn: 1 });

/** The drift of a `build --check` as diagnostics on the files of the output folder (reads only the changed files again). */
export function driftReport(outDir: string, files: readonly OutputFile[], drift: Drift): DriftReport {
  const byPath = new Map(files.map((f) => [f.path, f]));
  const diagnostics: Diagnostic[] = [];
  const diffs = new Map<string, string>();
  const add = (rel: string, ruleId: string, message: string, line = 1): void => {
    diagnostics.push({ ruleId, severity: 'error', message, file: path.join(outDir, ...rel.split('/')), ...at(line), url: docsUrl(ruleId) });
  };
  for (const rel of drift.changed) {
    const built = byPath.get(rel);
    const file = path.join(outDir, ...rel.split('/'));
    let onDisk: Buffer | undefined;
    try {
      onDisk = fs.readFileSync(file);
    } catch {
      onDisk = undefined;
    }
    if (!built || !onDisk) {
      add(rel, 'build/drift', 'Unexpected content in a built file, expected what `skillc build` writes');
      continue;
    }
    if (built.data.equals(onDisk)) {
      const mode = (m: number): string => (m & 0o111 ? 'executable' : 'not executable');
      add(rel, 'build/drift', `Unexpected file mode (${mode(fs.statSync(file).mode)}), expected ${mode(built.mode)} as \`skillc build\` writes it`);
      continue;
    }
    if (rel === MANIFEST) {
      add(rel, 'build/drift', 'Unexpected manifest, expected the one `skillc build` writes (it records the hash of every built file: rebuild)');
      continue;
    }
    const diff = unifiedDiff(`${rel} (on disk)`, `${rel} (built)`, onDisk, built.data);
    add(rel, 'build/drift', 'Unexpected content in a built file, expected what `skillc build` writes: edit the source, not the output, and rebuild', diff.firstLine);
    diffs.set(file, diff.text);
  }
  for (const rel of drift.missing) add(rel, 'build/drift', 'Unexpected missing built file, expected the file `skillc build` writes');
  for (const rel of drift.extra) add(rel, 'build/drift', 'Unexpected file the build no longer makes, expected it removed by `skillc build`');
  for (const rel of drift.foreign) add(rel, 'build/not-written', NOT_WRITTEN_MESSAGE);
  diagnostics.sort((a, b) => (a.file < b.file ? -1 : a.file > b.file ? 1 : 0));
  return { diagnostics, diffs };
}

const isBinary = (b: Buffer): boolean => b.subarray(0, 8000).includes(0);

const splitLines = (text: string): string[] => {
  const lines = text.split('\n');
  if (lines[lines.length - 1] === '') lines.pop();
  return lines;
};

/**
 * A unified diff of two texts, short and linear in their size: the common first and last lines
 * are trimmed, and what lies between is one hunk (every old line, then every new one) with
 * three lines of context, cut to 40 lines. A hand edit in one place reads as `diff -u` prints
 * it; edits in several places come out as one hunk from the first to the last. `firstLine` is
 * the first line that differs, in `from` (the file on disk, which the report points at).
 */
export function unifiedDiff(fromName: string, toName: string, from: Buffer, to: Buffer): { text: string; firstLine: number } {
  const header = `--- ${fromName}\n+++ ${toName}\n`;
  if (isBinary(from) || isBinary(to) || from.length > MAX_DIFF_BYTES || to.length > MAX_DIFF_BYTES) {
    return { text: `${header}Binary or large files differ (${from.length} and ${to.length} bytes)\n`, firstLine: 1 };
  }
  const a = splitLines(from.toString('utf8'));
  const b = splitLines(to.toString('utf8'));
  let head = 0;
  while (head < a.length && head < b.length && a[head] === b[head]) head++;
  let tail = 0;
  while (tail < a.length - head && tail < b.length - head && a[a.length - 1 - tail] === b[b.length - 1 - tail]) tail++;
  const start = Math.max(0, head - CONTEXT);
  const aEnd = a.length - tail;
  const bEnd = b.length - tail;
  const after = Math.min(CONTEXT, tail);
  const lines = [
    ...a.slice(start, head).map((l) => ` ${l}`),
    ...a.slice(head, aEnd).map((l) => `-${l}`),
    ...b.slice(head, bEnd).map((l) => `+${l}`),
    ...a.slice(aEnd, aEnd + after).map((l) => ` ${l}`),
  ];
  // Only the end of the last line can differ (a missing final newline): say so, as diff does.
  const newlineOnly = head === a.length && head === b.length;
  const aLen = aEnd + after - start;
  const bLen = bEnd + after - start;
  const range = (first: number, len: number): string => (len === 1 ? `${first}` : `${len === 0 ? first - 1 : first},${len}`);
  let body = newlineOnly ? '\\ the files differ only in the final newline\n' : `@@ -${range(start + 1, aLen)} +${range(start + 1, bLen)} @@\n`;
  if (!newlineOnly) {
    const shown = lines.slice(0, MAX_DIFF_LINES);
    body += `${shown.join('\n')}\n`;
    if (lines.length > shown.length) body += `... ${lines.length - shown.length} more lines\n`;
  }
  return { text: header + body, firstLine: Math.min(head + 1, Math.max(a.length, 1)) };
}
