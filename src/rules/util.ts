import type { Range } from '../model/diagnostic.js';
import type { Skill } from '../model/skill.js';
import { skillcBlock } from '../model/skillc-block.js';

/** Where to point when the frontmatter lacks something: its opening fence, else the file start. */
export function frontmatterStart(skill: Skill): Range {
  const fm = skill.frontmatter;
  if (fm) return { start: fm.range.start, end: skill.file.lines.pointAt((fm.range.start.offset ?? 0) + 3) };
  return skill.file.lines.range(0, 0);
}

/** The body's text (everything after the frontmatter). */
export function bodyText(skill: Skill): string {
  return skill.file.text.slice(skill.bodyOffset);
}

/** The 1-based line where the body starts. */
export function bodyStartLine(skill: Skill): number {
  return skill.file.lines.pointAt(skill.bodyOffset).line;
}

/** Shows a value in a message, shortened. */
export function show(value: unknown, max = 40): string {
  const s = typeof value === 'string' ? value : JSON.stringify(value) ?? String(value);
  return s.length > max ? `${s.slice(0, max - 1)}…` : s;
}

/** The kind a skill declares in `skillc: { kind }`, if any. */
export function kindName(skill: Skill): string | undefined {
  return skillcBlock(skill).kind;
}

/** A house-style setting per kind: the kind's own entry when it has one, else `default`. */
export interface PerKind<T> {
  default?: T;
  kinds?: Record<string, T>;
}

/** The setting that applies to a skill, and the kind it came from (undefined for `default`). */
export function settingFor<T>(options: PerKind<T>, skill: Skill): { setting: T; kind?: string } | undefined {
  const kind = kindName(skill);
  const kinds = options.kinds;
  if (kind && kinds && Object.prototype.hasOwnProperty.call(kinds, kind)) return { setting: kinds[kind]!, kind };
  return options.default === undefined ? undefined : { setting: options.default };
}

/** JSON Schema of a `PerKind` option object whose entries follow `entry`. */
export function perKindSchema(entry: Record<string, unknown>, extra: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    type: 'object',
    properties: { default: entry, kinds: { type: 'object', additionalProperties: entry }, ...extra },
    additionalProperties: false,
  };
}

/** Escapes a string for use in a RegExp. */
export function escapeRegExp(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

const codeRangesOf = new WeakMap<Skill, readonly [number, number][]>();

/** Offsets [start, end) of the fenced code blocks and code spans, sorted by start: once per skill, for every rule that asks. */
export function codeRanges(skill: Skill): readonly [number, number][] {
  let out = codeRangesOf.get(skill);
  if (!out) {
    const ranges: [number, number][] = [];
    for (const c of [...skill.codeFences, ...skill.inlineCode]) ranges.push([c.range.start.offset ?? 0, c.range.end.offset ?? 0]);
    codeRangesOf.set(skill, (out = ranges.sort((a, b) => a[0] - b[0])));
  }
  return out;
}

/** The furthest end among ranges[0..i], per i: with it a lookup is a binary search, not a walk (issue #24). */
const reach = new WeakMap<readonly [number, number][], { length: number; ends: Float64Array }>();

/** True when the offset lies in one of the ranges (sorted by start; they may overlap). */
export function inRanges(ranges: readonly [number, number][], offset: number): boolean {
  let r = reach.get(ranges);
  if (!r || r.length !== ranges.length) {
    const ends = new Float64Array(ranges.length);
    let far = -Infinity;
    ranges.forEach(([, e], i) => (ends[i] = far = Math.max(far, e)));
    reach.set(ranges, (r = { length: ranges.length, ends }));
  }
  // The last range starting at or before the offset; some range up to it reaches past the offset.
  let lo = 0;
  let hi = ranges.length - 1;
  let last = -1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    if (ranges[mid]![0] <= offset) {
      last = mid;
      lo = mid + 1;
    } else hi = mid - 1;
  }
  return last >= 0 && offset < r.ends[last]!;
}
