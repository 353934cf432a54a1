import { defineSkillRule } from '../rule.js';
import { parsed } from '../../model/queries.js';
import { perKindSchema, settingFor, type PerKind } from '../util.js';
import { bodyLines, countWords, wordText } from './shared.js';

export interface Budget {
  lines?: number;
  /** Words as orchflows counts them: link targets left out. */
  words?: number;
  /** Count words exactly as orchflows' validate.py does: every whitespace-separated token (pipes, list markers, dashes), each `](…)` deleted to its `]`; default: tokens with a letter or digit, link targets left out. */
  allTokens?: boolean;
  /** UTF-8 bytes. */
  bytes?: number;
  /** Count the body (default) or the whole SKILL.md, frontmatter included. */
  scope?: 'body' | 'file';
}

export type Options = PerKind<Budget>;

const budget = {
  type: 'object',
  properties: {
    lines: { type: 'integer', minimum: 1 },
    words: { type: 'integer', minimum: 1 },
    allTokens: { type: 'boolean' },
    bytes: { type: 'integer', minimum: 1 },
    scope: { enum: ['body', 'file'] },
  },
  additionalProperties: false,
};

const fmt = (n: number): string => n.toLocaleString('en-US');

/**
 * What Python's `str.split()` splits on (str.isspace), by char code: JavaScript's `\s` less U+FEFF,
 * plus the information separators U+001C-U+001F and U+0085.
 */
const PY_SPACE_CODE = new Uint8Array(0x3001);
for (const c of [0x09, 0x0a, 0x0b, 0x0c, 0x0d, 0x1c, 0x1d, 0x1e, 0x1f, 0x20, 0x85, 0xa0, 0x1680, 0x2028, 0x2029, 0x202f, 0x205f, 0x3000]) PY_SPACE_CODE[c] = 1;
for (let c = 0x2000; c <= 0x200a; c++) PY_SPACE_CODE[c] = 1;

/**
 * Words as orchflows' validate.py counts them: `re.sub(r"\]\([^)]*\)", "]", body).split()`. Each
 * `](…)` (to the first `)`, whether or not Markdown would call it a link) is deleted but for its `]`,
 * so what follows it joins the label's last word (`[x](y)'s` is one word); then every run of
 * non-whitespace is a word. The offsets of word `nth` are the file's.
 */
function validatePyWords(text: string, start: number, nth: number): { count: number; nthOffset?: number; nthEnd?: number } {
  let count = 0;
  let inWord = false;
  let nthOffset: number | undefined;
  let nthEnd: number | undefined;
  // Past the last `)`, no `](` can be deleted any more.
  const lastClose = text.lastIndexOf(')');
  for (let i = start; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code < 0x3001 && PY_SPACE_CODE[code]) {
      inWord = false;
      continue;
    }
    if (!inWord) {
      inWord = true;
      count++;
      if (count === nth) nthOffset = i;
    }
    if (count === nth) nthEnd = i + 1;
    if (code === 0x5d && text.charCodeAt(i + 1) === 0x28 && i + 1 < lastClose) {
      // The deleted target neither ends the word nor starts one.
      i = text.indexOf(')', i + 2);
    }
  }
  const out: { count: number; nthOffset?: number; nthEnd?: number } = { count };
  if (nthOffset !== undefined) out.nthOffset = nthOffset;
  if (nthEnd !== undefined) out.nthEnd = nthEnd;
  return out;
}

/** The offset where the UTF-8 size of text[start..] first exceeds `max` bytes. */
function byteOffset(text: string, start: number, max: number): number {
  let bytes = 0;
  for (let i = start; i < text.length; i++) {
    const c = text.codePointAt(i)!;
    bytes += c < 0x80 ? 1 : c < 0x800 ? 2 : c < 0x10000 ? 3 : 4;
    if (bytes > max) return i;
    if (c >= 0x10000) i++;
  }
  return text.length;
}

export default defineSkillRule<Options>(
  {
    id: 'body/budget',
    description: 'Reports a SKILL.md over the line, word or byte budget set for its kind (or for every skill), counted over the body or the whole file.',
    severity: 'error',
    recommended: false,
    fixable: false,
    schema: perKindSchema(budget),
    defaultOptions: {},
    messages: {
      tooManyLines: 'Unexpected {{count}} lines {{where}}, expected at most {{lines}}{{why}}',
      tooManyWords: 'Unexpected {{count}} words {{where}}, expected at most {{words}}{{why}}',
      tooManyBytes: 'Unexpected {{size}} bytes {{where}}, expected at most {{bytes}}{{why}}',
    },
  },
  ({ skill, options, report }) => {
    if (!parsed(skill)) return;
    const chosen = settingFor(options, skill);
    if (!chosen) return;
    const b = chosen.setting;
    const file = b.scope === 'file';
    const { text, lines } = skill.file;
    // The body starts after the closing fence's line break.
    const start = file ? 0 : skill.bodyOffset + (skill.bodyOffset > 0 ? (/^\r?\n/.exec(text.slice(skill.bodyOffset, skill.bodyOffset + 2))?.[0].length ?? 0) : 0);
    const where = file ? 'in SKILL.md' : 'in the body';
    const why = chosen.kind ? ` for kind \`${chosen.kind}\`` : '';
    if (b.lines !== undefined) {
      const { first, count } = file ? { first: 1, count: lines.lineCount - (lines.lineText(lines.lineCount) === '' ? 1 : 0) } : bodyLines(skill);
      if (count > b.lines) report({ messageId: 'tooManyLines', data: { count: fmt(count), where, lines: fmt(b.lines), why }, range: lines.lineRange(first + b.lines) });
    }
    if (b.words !== undefined) {
      const { count, nthOffset, nthEnd } = b.allTokens ? validatePyWords(text, start, b.words + 1) : countWords(wordText(skill, start), start, b.words + 1);
      if (count > b.words && nthOffset !== undefined && nthEnd !== undefined) {
        report({ messageId: 'tooManyWords', data: { count: fmt(count), where, words: fmt(b.words), why }, range: lines.range(nthOffset, nthEnd) });
      }
    }
    if (b.bytes !== undefined) {
      const size = Buffer.byteLength(text.slice(start), 'utf8');
      if (size > b.bytes) {
        const at = byteOffset(text, start, b.bytes);
        report({ messageId: 'tooManyBytes', data: { size: fmt(size), where, bytes: fmt(b.bytes), why }, range: lines.range(at, Math.min(at + 1, text.length)) });
      }
    }
  },
);
