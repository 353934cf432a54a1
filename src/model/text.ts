import type { Point, Range } from './diagnostic.js';

/**
 * Maps 0-based offsets of a text to 1-based line/column points and back.
 * Line breaks are LF, CRLF or a lone CR, as CommonMark counts them.
 */
export class LineIndex {
  /** Offset at which each line starts. */
  readonly starts: number[];

  constructor(readonly text: string) {
    const starts = [0];
    // Most files have LF breaks only: indexOf finds them without a look at every character.
    if (!text.includes('\r')) {
      for (let i = text.indexOf('\n'); i >= 0; i = text.indexOf('\n', i + 1)) starts.push(i + 1);
      this.starts = starts;
      return;
    }
    for (let i = 0; i < text.length; i++) {
      const c = text.charCodeAt(i);
      if (c === 10) starts.push(i + 1);
      else if (c === 13) {
        if (text.charCodeAt(i + 1) === 10) i++;
        starts.push(i + 1);
      }
    }
    this.starts = starts;
  }

  get lineCount(): number {
    return this.starts.length;
  }

  pointAt(offset: number): Point {
    const o = Math.max(0, Math.min(offset, this.text.length));
    let lo = 0;
    let hi = this.starts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (this.starts[mid]! <= o) lo = mid;
      else hi = mid - 1;
    }
    return { line: lo + 1, column: o - this.starts[lo]! + 1, offset: o };
  }

  range(start: number, end: number): Range {
    return { start: this.pointAt(start), end: this.pointAt(end) };
  }

  /** Offset of a 1-based line and column (clamped into the text). */
  offsetAt(line: number, column: number): number {
    const l = Math.max(1, Math.min(line, this.starts.length));
    return Math.min(this.starts[l - 1]! + Math.max(0, column - 1), this.text.length);
  }

  /** The text of a 1-based line, without its line break. */
  lineText(line: number): string {
    const start = this.starts[line - 1];
    if (start === undefined) return '';
    const next = this.starts[line];
    let end = next === undefined ? this.text.length : next;
    while (end > start && (this.text.charCodeAt(end - 1) === 10 || this.text.charCodeAt(end - 1) === 13)) end--;
    return this.text.slice(start, end);
  }

  /** The range of a whole 1-based line, without its break. */
  lineRange(line: number): Range {
    const start = this.offsetAt(line, 1);
    return this.range(start, start + this.lineText(line).length);
  }
}

/** A file the parse stage read, with its line index. */
export interface TextFile {
  /** Absolute path. */
  path: string;
  text: string;
  lines: LineIndex;
}

export function textFile(path: string, text: string): TextFile {
  // Built on first use: most bundled files a rule reads are scanned, and only the few with a finding need positions.
  let lines: LineIndex | undefined;
  return {
    path,
    text,
    get lines() {
      return (lines ??= new LineIndex(text));
    },
  };
}

/**
 * Characters a terminal acts on instead of showing: C0 and C1 controls (ESC and CSI start every
 * ANSI/OSC sequence, CR rewrites the line, BEL, NUL), bidirectional overrides, isolates and
 * marks (Trojan Source), and the Unicode line and paragraph separators. Tab and line feed are
 * handled by the caller. Escaping the introducer (ESC, CSI, OSC) makes any sequence inert text,
 * which is what strip-ansi achieves by removing it; showing it keeps the evidence visible.
 */
// eslint-disable-next-line no-control-regex -- the control characters are what the sanitiser removes
const UNPRINTABLE = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g;

/**
 * Text from a skill (or anything it controls: names, paths, descriptions, messages, command
 * output) made safe for a terminal: each character above shown as `\uXXXX`. Line feeds become
 * spaces unless `keepNewlines` (multi-line evidence). Every text reporter calls this one function.
 */
export function printable(text: string, options: { keepNewlines?: boolean } = {}): string {
  const lines = options.keepNewlines ? text.replace(/\r\n/g, '\n') : text.replace(/\r\n|\n/g, ' ');
  return lines.replace(UNPRINTABLE, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`).replace(WORKFLOW_COMMAND, '$1\\u003a');
}

/**
 * `::` at the start of a line (after blanks, which the GitHub Actions runner trims too) is a
 * workflow command when a CI job prints it: a folder named `::error ::x` or a script's output
 * `::add-mask::…` shown as evidence would speak to the runner (issue #24). The first colon is
 * shown as `\u003a`, as the other characters a terminal would act on are.
 */
const WORKFLOW_COMMAND = /^([^\S\r\n\u2028\u2029]*):(?=:)/gmu;

/**
 * `text` cut at spaces into lines of at most `width` characters (a longer word stands alone on
 * its line): help text and generated docs wrap lists they build from the host profiles with it.
 */
export function wrapWords(text: string, width: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(' ')) {
    if (!word) continue;
    if (line && line.length + 1 + word.length > width) {
      lines.push(line);
      line = word;
    } else line = line ? `${line} ${word}` : word;
  }
  return line ? [...lines, line] : lines;
}
