import type { Range } from '../../model/diagnostic.js';
import type { Heading, Section, Skill } from '../../model/skill.js';
import type { HostProfile } from '../../hosts/index.js';
import type { HostTable } from '../../hosts/index.js';
import type { ResolvedConfig } from '../../config/config.js';
import { field } from '../../model/queries.js';
import { frontmatterStart } from '../util.js';
import { skillcBlock } from '../../model/skillc-block.js';

/** A skill's kind schema from the config, with every key checked (the config may come from the API unvalidated). */
export interface SkillKind {
  name: string;
  /** Where the `skillc.kind` value sits, for reports about the schema as a whole. */
  range: Range;
  sections: string[];
  optional: string[];
  ordered: boolean;
  closed: boolean;
  maxWords?: number;
  maxLines?: number;
}

function strings(value: unknown): string[] {
  return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
}

function positive(value: unknown): number | undefined {
  return typeof value === 'number' && Number.isFinite(value) && value > 0 ? Math.floor(value) : undefined;
}

/** The kind a skill declares (`skillc: { kind }`) and its schema, when the config defines it. */
export function skillKind(skill: Skill, config: ResolvedConfig): SkillKind | undefined {
  const name = skillcBlock(skill).kind;
  if (!name) return undefined;
  const kinds = config.kinds as unknown;
  if (!kinds || typeof kinds !== 'object' || !Object.prototype.hasOwnProperty.call(kinds, name)) return undefined;
  const schema = (kinds as Record<string, unknown>)[name];
  if (!schema || typeof schema !== 'object' || Array.isArray(schema)) return undefined;
  const s = schema as Record<string, unknown>;
  const kindField = field(skill, 'skillc')?.children?.find((c) => c.key === 'kind');
  const kind: SkillKind = {
    name,
    range: kindField?.valueRange ?? frontmatterStart(skill),
    sections: strings(s.sections),
    optional: strings(s.optional),
    ordered: s.ordered === true,
    closed: s.closed === true,
  };
  const maxWords = positive(s.maxWords);
  if (maxWords !== undefined) kind.maxWords = maxWords;
  const maxLines = positive(s.maxLines);
  if (maxLines !== undefined) kind.maxLines = maxLines;
  return kind;
}

/** The strictest value of one host limit among the hosts linted for (every host of `known`, the config's table, when none is). */
export function hostLimit(hosts: readonly HostProfile[], key: 'bodyMaxLines' | 'bodyMaxTokens', known: HostTable): number {
  const profiles = hosts.length ? hosts : Object.values(known);
  return Math.min(...profiles.map((h) => h.limits[key]));
}

/** The body's lines: the first (1-based) and how many, not counting the empty line after a final line break. */
export function bodyLines(skill: Skill): { first: number; count: number } {
  const lines = skill.file.lines;
  const first = skill.bodyOffset === 0 ? 1 : lines.pointAt(skill.bodyOffset).line + 1;
  let last = lines.lineCount;
  if (last >= first && lines.lineText(last) === '') last--;
  return { first, count: Math.max(0, last - first + 1) };
}

/** `##` headings, in document order. */
export function level2(skill: Skill): Heading[] {
  return skill.headings.filter((h) => h.depth === 2);
}

/** Every section of the tree, depth first, in document order. */
export function* allSections(sections: readonly Section[]): Generator<Section> {
  const stack = [...sections].reverse();
  while (stack.length) {
    const s = stack.pop()!;
    yield s;
    for (let i = s.children.length - 1; i >= 0; i--) stack.push(s.children[i]!);
  }
}

/** Shows a section as its heading, e.g. `## Output`. */
export function h2(text: string): string {
  return `\`## ${text}\``;
}

/** The offset after a link's label `[...]` ending by `to`, or -1 when the source is not `[label]...` there. */
function labelEnd(source: string, from: number, to: number): number {
  let depth = 0;
  // Only up to the link's end: a label whose brackets do not balance there was scanned to the end of the file, once per link.
  for (let i = from; i < to; i++) {
    const c = source[i];
    if (c === '\\') i++;
    else if (c === '[') depth++;
    else if (c === ']' && --depth === 0) return i + 1;
  }
  return -1;
}

/**
 * The text whose words are counted: link targets are blanked, so `[text](url)`
 * counts its text only, an image its alt text, and a definition nothing. Offsets
 * are kept, so a word's position is its position in the file.
 */
export function wordText(skill: Skill, start: number): string {
  const text = skill.file.text;
  const chars = text.split('');
  for (const link of skill.links) {
    const from = link.range.start.offset ?? 0;
    const to = link.range.end.offset ?? from;
    if (to <= from || from < start) continue;
    let blankFrom = from;
    if (link.kind !== 'definition') {
      const open = text[from] === '!' ? from + 1 : from;
      if (text[open] !== '[') continue; // an autolink `<url>`: its text is its target
      const end = labelEnd(text, open, to);
      if (end < 0 || end > to) continue;
      blankFrom = end;
    }
    for (let i = blankFrom; i < to; i++) if (chars[i] !== '\n' && chars[i] !== '\r') chars[i] = ' ';
  }
  return chars.join('').slice(0, text.length);
}

/** Whitespace-separated words that hold a letter or digit, from `start`; with the offset of word number `nth` (1-based). */
export function countWords(text: string, start: number, nth: number): { count: number; nthOffset?: number; nthEnd?: number } {
  const re = /\S+/gu;
  re.lastIndex = start;
  let count = 0;
  let nthOffset: number | undefined;
  let nthEnd: number | undefined;
  let m: RegExpExecArray | null;
  while ((m = re.exec(text))) {
    if (!/[\p{L}\p{N}]/u.test(m[0])) continue;
    count++;
    if (count === nth) {
      nthOffset = m.index;
      nthEnd = m.index + m[0].length;
    }
  }
  const out: { count: number; nthOffset?: number; nthEnd?: number } = { count };
  if (nthOffset !== undefined) out.nthOffset = nthOffset;
  if (nthEnd !== undefined) out.nthEnd = nthEnd;
  return out;
}
