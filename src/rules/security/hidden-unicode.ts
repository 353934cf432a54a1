import type { TextFile } from '../../model/text.js';
import { defineSkillRule, type ReportInput } from '../rule.js';
import { show } from '../util.js';
import { scanTargets } from './shared.js';

const NAMES: Readonly<Record<number, string>> = {
  0x200b: 'ZERO WIDTH SPACE',
  0x200c: 'ZERO WIDTH NON-JOINER',
  0x200d: 'ZERO WIDTH JOINER',
  0x200e: 'LEFT-TO-RIGHT MARK',
  0x200f: 'RIGHT-TO-LEFT MARK',
  0x202a: 'LEFT-TO-RIGHT EMBEDDING',
  0x202b: 'RIGHT-TO-LEFT EMBEDDING',
  0x202c: 'POP DIRECTIONAL FORMATTING',
  0x202d: 'LEFT-TO-RIGHT OVERRIDE',
  0x202e: 'RIGHT-TO-LEFT OVERRIDE',
  0x2060: 'WORD JOINER',
  0x2066: 'LEFT-TO-RIGHT ISOLATE',
  0x2067: 'RIGHT-TO-LEFT ISOLATE',
  0x2068: 'FIRST STRONG ISOLATE',
  0x2069: 'POP DIRECTIONAL ISOLATE',
  0xfeff: 'ZERO WIDTH NO-BREAK SPACE',
};

/** The hidden characters above, plus the tag block U+E0000-U+E007F as UTF-16 surrogate pairs. */
const HIDDEN = /[\u200B-\u200F\u202A-\u202E\u2060\u2066-\u2069\uFEFF]|\uDB40[\uDC00-\uDC7F]/g;
const PICTOGRAPHIC = /^\p{Extended_Pictographic}$/u;
const SCRIPT_LETTER = /^[\p{L}\p{M}]$/u;
const WAVING_BLACK_FLAG = 0x1f3f4;
const CANCEL_TAG = 0xe007f;

export function hex(cp: number): string {
  return `U+${cp.toString(16).toUpperCase().padStart(4, '0')}`;
}

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

function tagMessage(codes: number[]): string {
  if (codes.length === 1) return `Unexpected hidden character ${hex(codes[0]!)} (${tagName(codes[0]!)}), expected visible text`;
  const ascii = codes
    .map((cp) => cp - 0xe0000)
    .filter((c) => c >= 0x20 && c < 0x7f)
    .map((c) => String.fromCharCode(c))
    .join('');
  const spelled = ascii.length ? ` that spell "${show(ascii, 60)}"` : '';
  return `Unexpected ${codes.length} hidden Unicode tag characters${spelled}, expected visible text`;
}

/** Finds hidden characters in one text; a byte order mark at offset 0 is fine. */
export function findHidden(file: TextFile): ReportInput[] {
  const { text, lines } = file;
  const out: ReportInput[] = [];
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
      if (!flagTags(text, start, codes)) out.push({ message: tagMessage(codes), range: lines.range(start, end) });
      continue;
    }
    const ch = m[0];
    while (text[end] === ch) end++;
    HIDDEN.lastIndex = end;
    const cp = ch.charCodeAt(0);
    let from = start;
    if (cp === 0xfeff && start === 0) from = 1;
    if (from === end || legitimateJoiner(text, from, end, cp)) continue;
    const count = end - from;
    const what = count === 1 ? 'hidden character' : `${count} hidden characters`;
    out.push({ message: `Unexpected ${what} ${hex(cp)} (${NAMES[cp]}), expected visible text`, range: lines.range(from, end) });
  }
  return out;
}

export default defineSkillRule(
  {
    id: 'security/hidden-unicode',
    description: 'Reports invisible zero-width, bidirectional-control and Unicode tag characters in the SKILL.md and bundled text files.',
    severity: 'error',
    fixable: false,
    defaultOptions: {},
  },
  ({ skill, report }) => {
    for (const target of scanTargets(skill)) {
      for (const found of findHidden(target.file)) report(target.reportPath ? { ...found, file: target.reportPath } : found);
    }
  },
);
