import { isScalar, visit } from 'yaml';
import { CONTROL_SOURCE, HIDDEN_NAMES, HIDDEN_SOURCE, codePointLabel, hiddenName } from '../../model/hidden.js';
import type { Skill } from '../../model/skill.js';
import type { TextFile } from '../../model/text.js';
import { defineSkillRule, type ReportInput } from '../rule.js';
import { show } from '../util.js';
import { scanTargets } from './shared.js';

/** The hidden characters, plus the tag block U+E0000-U+E007F as UTF-16 surrogate pairs. */
const HIDDEN = new RegExp(HIDDEN_SOURCE, 'g');
/** Characters that only hide, join or split: they cannot reorder a line or spell text on their own. */
const ZERO_WIDTH = new Set([0x200b, 0x200c, 0x200d, 0x2060, 0xfeff]);
/** A mixed run this long, or of two kinds or more, can encode data (zero-width steganography). */
const ENCODING_RUN = 8;
const PICTOGRAPHIC = /^\p{Extended_Pictographic}$/u;
const SCRIPT_LETTER = /^[\p{L}\p{M}]$/u;
const WAVING_BLACK_FLAG = 0x1f3f4;
const CANCEL_TAG = 0xe007f;

const hex = codePointLabel;

function tagName(cp: number): string {
  if (cp === 0xe0001) return 'LANGUAGE TAG';
  if (cp === CANCEL_TAG) return 'CANCEL TAG';
  const c = cp - 0xe0000;
  if (c === 0x20) return 'TAG SPACE';
  const ch = String.fromCharCode(c);
  if (/[0-9]/.test(ch)) return `TAG DIGIT ${['ZERO', 'ONE', 'TWO', 'THREE', 'FOUR', 'FIVE', 'SIX', 'SEVEN', 'EIGHT', 'NINE'][c - 0x30]}`;
  if (/[A-Z]/.test(ch)) return `TAG LATIN CAPITAL LETTER ${ch}`;
  if (/[a-z]/.test(ch)) return `TAG LATIN SMALL LETTER ${ch.toUpperCase()}`;
  return c > 0x20 && c < 0x7f ? `TAG CHARACTER for '${ch}'` : 'UNASSIGNED TAG CHARACTER';
}

function codePointBefore(text: string, i: number): number | undefined {
  if (i <= 0) return undefined;
  const low = text.charCodeAt(i - 1);
  if (low >= 0xdc00 && low <= 0xdfff && i >= 2) {
    const high = text.charCodeAt(i - 2);
    if (high >= 0xd800 && high <= 0xdbff) return text.codePointAt(i - 2);
  }
  return low;
}

function isPictographic(cp: number | undefined): boolean {
  return cp !== undefined && PICTOGRAPHIC.test(String.fromCodePoint(cp));
}

/** A letter or mark outside ASCII: scripts such as Arabic, Persian or Devanagari need joiners. */
function isScriptLetter(cp: number | undefined): boolean {
  return cp !== undefined && cp > 0x7f && SCRIPT_LETTER.test(String.fromCodePoint(cp));
}

/** ZWJ inside an emoji sequence, or ZWJ/ZWNJ between letters of a script that uses them. */
function legitimateJoiner(text: string, start: number, end: number, cp: number): boolean {
  if (end - start !== 1 || (cp !== 0x200c && cp !== 0x200d)) return false;
  const before = codePointBefore(text, start);
  const after = text.codePointAt(end);
  if (isScriptLetter(before) && isScriptLetter(after)) return true;
  if (cp !== 0x200d) return false;
  const emojiEnd = isPictographic(before) || before === 0xfe0f || (before !== undefined && before >= 0x1f3fb && before <= 0x1f3ff);
  return emojiEnd && isPictographic(after);
}

/** The tags of a subdivision flag (England, Scotland, Wales...): lowercase letters and digits, then CANCEL TAG. */
function flagTags(text: string, start: number, codes: number[]): boolean {
  if (codePointBefore(text, start) !== WAVING_BLACK_FLAG || codes.length < 2 || codes[codes.length - 1] !== CANCEL_TAG) return false;
  return codes.slice(0, -1).every((cp) => /[a-z0-9]/.test(String.fromCharCode(cp - 0xe0000)));
}

function tagMessage(codes: number[]): Pick<ReportInput, 'messageId' | 'data'> {
  if (codes.length === 1) return { messageId: 'tag', data: { cp: hex(codes[0]!), name: tagName(codes[0]!) } };
  const ascii = codes
    .map((cp) => cp - 0xe0000)
    .filter((c) => c >= 0x20 && c < 0x7f)
    .map((c) => String.fromCharCode(c))
    .join('');
  const spelled = ascii.length ? ` that spell "${show(ascii, 60)}"` : '';
  return { messageId: 'tags', data: { count: codes.length, spelled } };
}

/**
 * True when the characters at [from, end) sit in the backtick or tilde run that
 * opens a line (`​```` inside an outer fence): authors use a zero-width space to
 * keep a nested fence from closing the outer one.
 */
function escapesFence(text: string, from: number, end: number, lines: LineStarts): boolean {
  const run = lines.fenceRun(from);
  return run.marks >= 3 && from >= run.i && end <= run.j;
}

/**
 * The fence-like run that opens each line, for offsets in order: found once per line (each hidden
 * character looked back to its line's start and read the run again, quadratic on a long line, issue #24).
 */
class LineStarts {
  private lineStart = 0;
  private nextBreak: number;
  private run: { lineStart: number; i: number; j: number; marks: number } | undefined;

  constructor(private readonly text: string) {
    this.nextBreak = text.indexOf('\n');
  }

  fenceRun(from: number): { i: number; j: number; marks: number } {
    const text = this.text;
    while (this.nextBreak >= 0 && this.nextBreak < from) {
      this.lineStart = this.nextBreak + 1;
      this.nextBreak = text.indexOf('\n', this.lineStart);
    }
    if (this.run?.lineStart === this.lineStart && from >= this.run.i) return this.run;
    this.run = { lineStart: this.lineStart, ...openingRun(text, this.lineStart, from) };
    return this.run;
  }
}

/** From a line's start: past blanks and `>` (up to `from`), then the run of one fence mark with zero-width characters in it. */
function openingRun(text: string, lineStart: number, from: number): { i: number; j: number; marks: number } {
  let i = lineStart;
  while (i < from && (text[i] === ' ' || text[i] === '\t' || text[i] === '>')) i++;
  let j = i;
  let mark = '';
  let marks = 0;
  for (; j < text.length; j++) {
    const c = text[j]!;
    if (c === '`' || c === '~') {
      if (mark && c !== mark) break;
      mark = c;
      marks++;
    } else if (!ZERO_WIDTH.has(c.charCodeAt(0))) break;
  }
  return { i, j, marks };
}

const FENCE_ESCAPE = 'used to keep a nested code fence from closing the outer one, expected a longer outer fence (```` around ```) instead: not an attack, but the model reads the invisible character and a copied example breaks';

/** Finds hidden characters in one text; a byte order mark at offset 0 is fine. */
export function findHidden(file: TextFile): ReportInput[] {
  const { text, lines } = file;
  const out: ReportInput[] = [];
  let stray: { cp: number; start: number; end: number; count: number; lineEnd: number | undefined; at: number } | undefined;
  const starts = new LineStarts(text);
  HIDDEN.lastIndex = 0;
  let m: RegExpExecArray | null;
  while ((m = HIDDEN.exec(text))) {
    const start = m.index;
    let end = start + m[0].length;
    if (m[0].length === 2) {
      const codes: number[] = [];
      end = start;
      while (text.charCodeAt(end) === 0xdb40) {
        const low = text.charCodeAt(end + 1);
        if (!(low >= 0xdc00 && low <= 0xdc7f)) break;
        codes.push(0xe0000 + low - 0xdc00);
        end += 2;
      }
      HIDDEN.lastIndex = end;
      if (!flagTags(text, start, codes)) out.push({ ...tagMessage(codes), range: lines.range(start, end) });
      continue;
    }
    const ch = m[0];
    const cp = ch.charCodeAt(0);
    let from = start;
    if (cp === 0xfeff && start === 0) from = 1;
    if (ZERO_WIDTH.has(cp)) {
      // A run of zero-width characters, of one kind or mixed.
      while (end < text.length && ZERO_WIDTH.has(text.charCodeAt(end))) end++;
    } else {
      while (text[end] === ch) end++;
    }
    HIDDEN.lastIndex = end;
    if (from === end || legitimateJoiner(text, from, end, cp)) continue;
    const count = end - from;
    const kinds = new Set(text.slice(from, end));
    if (kinds.size > 1 || (ZERO_WIDTH.has(cp) && count >= ENCODING_RUN)) {
      out.push({ messageId: 'zeroWidthRun', data: { count, map: [...kinds].map((k) => hex(k.charCodeAt(0))).join(', ') }, range: lines.range(from, end) });
      continue;
    }
    const what = count === 1 ? 'hidden character' : `${count} hidden characters`;
    const named = `${what} ${hex(cp)} (${HIDDEN_NAMES[cp]})`;
    if (!ZERO_WIDTH.has(cp)) out.push({ messageId: 'hidden', data: { named }, range: lines.range(from, end) });
    else if (escapesFence(text, from, end, starts)) out.push({ messageId: 'fenceEscape', data: { named }, range: lines.range(from, end), severity: 'warning' });
    else {
      // Scattered copies of one zero-width character on a line (pasted tool output) are one report.
      const line = lines.lineRange(lines.range(from, end).start.line);
      if (stray && stray.cp === cp && stray.lineEnd === line.end.offset) {
        stray.count += count;
        stray.end = end;
      } else {
        stray = { cp, start: from, end, count, lineEnd: line.end.offset, at: out.length };
        out.push({ message: '', severity: 'warning' });
      }
      const where = stray.count === count && stray.start === from ? '' : ' on this line';
      const many = stray.count === 1 ? 'hidden character' : `${stray.count} hidden characters`;
      out[stray.at] = { messageId: 'strayZeroWidth', data: { many, cp: hex(cp), name: HIDDEN_NAMES[cp], where }, range: lines.range(stray.start, stray.end), severity: 'warning' };
    }
  }
  return out;
}

const ESCAPED = new RegExp(`${HIDDEN_SOURCE}|${CONTROL_SOURCE}`, 'g');

/**
 * Hidden and control characters that the frontmatter writes as YAML escapes
 * (`"\u202E"`, `"\0"`, `"\e"`): invisible in the source, decoded by every host's
 * YAML parser. Characters written raw are the text scan's.
 */
export function findEscapedInFrontmatter(skill: Skill): ReportInput[] {
  const fm = skill.frontmatter;
  if (!fm) return [];
  const out: ReportInput[] = [];
  const { lines } = skill.file;
  visit(fm.document, {
    Scalar(_key, node) {
      if (typeof node.value !== 'string' || !isScalar(node) || !node.range) return;
      const source = fm.raw.slice(node.range[0], node.range[1]);
      const seen = new Set<number>();
      ESCAPED.lastIndex = 0;
      let m: RegExpExecArray | null;
      while ((m = ESCAPED.exec(node.value))) {
        const cp = m[0].codePointAt(0)!;
        if (seen.has(cp) || source.includes(m[0])) continue;
        seen.add(cp);
        const range = lines.range(fm.rawOffset + node.range[0], fm.rawOffset + node.range[1]);
        const data = { cp: hex(cp), name: hiddenName(cp) };
        out.push(ZERO_WIDTH.has(cp) ? { messageId: 'yamlEscape', data, range, severity: 'warning' } : { messageId: 'yamlEscape', data, range });
      }
    },
  });
  return out;
}

export default defineSkillRule(
  {
    id: 'security/hidden-unicode',
    description: 'Reports invisible zero-width, bidirectional-control and Unicode tag characters in the SKILL.md, bundled text files and included fragments, and control characters written as YAML escapes in the frontmatter.',
    severity: 'error',
    fixable: false,
    defaultOptions: {},
    messages: {
      tag: 'Unexpected hidden character {{cp}} ({{name}}), expected visible text',
      tags: 'Unexpected {{count}} hidden Unicode tag characters{{spelled}}, expected visible text',
      yamlEscape: 'Unexpected hidden character {{cp}} ({{name}}) written as a YAML escape in a frontmatter value, expected visible text (the host decodes it)',
      zeroWidthRun: 'Unexpected run of {{count}} zero-width characters ({{map}}), expected visible text (a run like this can encode hidden data)',
      hidden: 'Unexpected {{named}}, expected visible text',
      fenceEscape: `Unexpected {{named}} ${FENCE_ESCAPE}`,
      strayZeroWidth: 'Unexpected {{many}} {{cp}} ({{name}}){{where}}, expected visible text (it splits or joins words invisibly; it cannot reorder a line or spell out text)',
    },
  },
  ({ skill, config, report }) => {
    for (const found of findEscapedInFrontmatter(skill)) report(found);
    for (const target of scanTargets(skill, config.sources)) {
      for (const found of findHidden(target.file)) report(target.reportPath ? { ...found, file: target.reportPath } : found);
    }
  },
);
