import { defineSkillRule } from '../rule.js';
import { parsed } from '../../model/queries.js';
import { perKindSchema, settingFor, type PerKind } from '../util.js';
import { bodyLines, countWords, wordText } from './shared.js';

export interface Budget {
  lines?: number;
  /** Words as orchflows counts them: link targets left out. */
  words?: number;
  /** Count every whitespace-separated token as a word (pipes, list markers, dashes), as orchflows' validate.py does; default: tokens with a letter or digit. */
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
 * The text as orchflows' validate.py counts it: each `](…)` (to the first `)`,
 * whether or not Markdown would call it a link) becomes `]`. Blanked in place, so
 * offsets stay those of the file.
 */
function tokenText(text: string): string {
  // A scan, not `/\]\([^)]*\)/g`: with no `)` left, that regex read to the end from every `](`.
  let out = '';
  let at = 0;
  for (let open = text.indexOf('](', at); open >= 0; open = text.indexOf('](', at)) {
    const close = text.indexOf(')', open + 2);
    if (close < 0) break;
    out += `${text.slice(at, open)}]${text.slice(open + 1, close + 1).replace(/[^\r\n]/g, ' ')}`;
    at = close + 1;
  }
  return at === 0 ? text : out + text.slice(at);
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
      const { count, nthOffset, nthEnd } = countWords(b.allTokens ? tokenText(text) : wordText(skill, start), start, b.words + 1, b.allTokens === true);
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
