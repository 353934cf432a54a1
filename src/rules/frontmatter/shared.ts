import { isMap, isScalar } from 'yaml';
import { parseYamlDocument } from '../../parse/frontmatter.js';
import type { HostProfile } from '../../hosts/profile.js';
import type { Frontmatter, FrontmatterField, Skill } from '../../model/skill.js';
import { field, hostField, parsed } from '../../model/queries.js';

/**
 * The frontmatter when its fields can be trusted: the skill was read, the block
 * exists and its YAML has no errors. Broken YAML belongs to `frontmatter/yaml`
 * alone, so the other rules stay quiet rather than report the parser's guesses.
 */
export function cleanFrontmatter(skill: Skill): Frontmatter | undefined {
  if (!parsed(skill)) return undefined;
  const fm = skill.frontmatter;
  if (!fm || fm.errors.length > 0) return undefined;
  return fm;
}

/** True when the frontmatter is a mapping, or empty (no fields at all). */
export function mappingOrEmpty(fm: Frontmatter): boolean {
  const contents = fm.document.contents;
  return contents === null || contents === undefined || isMap(contents);
}

export function isStringMap(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** How a value reads in a message: "number `1`", "list", "empty value". */
export function describeValue(value: unknown): string {
  if (value === null || value === undefined) return 'empty value';
  if (Array.isArray(value)) return 'list';
  if (value instanceof Uint8Array) return 'binary value';
  if (typeof value === 'object') return 'mapping';
  if (typeof value === 'string') return `string \`${short(value)}\``;
  // eslint-disable-next-line @typescript-eslint/no-base-to-string -- a YAML scalar here: null, lists and mappings are handled above
  return `${typeof value} \`${String(value)}\``;
}

function short(s: string, max = 40): string {
  const one = s.replace(/\s+/g, ' ');
  return one.length > max ? `${one.slice(0, max - 1)}…` : one;
}

/** Host ids for a message: "agentskills, codex". */
export function hostIds(hosts: readonly HostProfile[]): string {
  return hosts.map((h) => h.id).join(', ');
}

/** Length as the spec counts it: characters (code points), not UTF-16 units. */
export function charLength(s: string): number {
  let n = 0;
  for (const _ of s) n++;
  return n;
}

/** The source text of a field's value in the SKILL.md. */
export function valueSource(skill: Skill, f: FrontmatterField): string {
  return skill.file.text.slice(f.valueOffsets[0], f.valueOffsets[1]);
}

/** A plain or quoted scalar written on one line: the only values the fixes rewrite. */
export function singleLineScalar(skill: Skill, f: FrontmatterField): boolean {
  if (f.style !== 'plain' && f.style !== 'single' && f.style !== 'double') return false;
  return f.valueRange.start.line === f.valueRange.end.line && !/[\r\n]/.test(valueSource(skill, f));
}

/** A YAML double-quoted scalar for `s`, escaping `\`, `"` and control characters. */
export function doubleQuoted(s: string): string {
  let out = '"';
  for (const ch of s) {
    const c = ch.codePointAt(0)!;
    if (ch === '\\' || ch === '"') out += `\\${ch}`;
    else if (ch === '\n') out += '\\n';
    else if (c < 0x20 && ch !== '\t') out += `\\x${c.toString(16).padStart(2, '0')}`;
    else if (c === 0x7f) out += '\\x7f';
    else out += ch;
  }
  return `${out}"`;
}

/** True when `key: <source>` parses, cleanly, to exactly `expected`: the check every fix passes. */
export function parsesTo(source: string, expected: unknown): boolean {
  const doc = parseYamlDocument(`k: ${source}\n`, { strict: true });
  if (doc.errors.length || doc.warnings.length) return false;
  const contents = doc.contents;
  if (!isMap(contents) || contents.items.length !== 1) return false;
  const value = contents.items[0]!.value;
  return isScalar(value) && value.value === expected;
}

/**
 * Writes a new string value in the style the author used (plain stays plain
 * when it can), and returns undefined unless the result parses back exactly.
 */
export function rewriteScalar(style: FrontmatterField['style'], value: string): string | undefined {
  const candidates: string[] = [];
  if (style === 'plain') candidates.push(value);
  if (style === 'single') candidates.push(`'${value.replace(/'/g, "''")}'`);
  candidates.push(doubleQuoted(value));
  return candidates.find((c) => !/[\r\n]/.test(c) && parsesTo(c, value));
}

/** The smallest of a limit over the linted hosts, with the hosts that set it. */
export function strictestLimit(hosts: readonly HostProfile[], pick: (h: HostProfile) => number): { max: number; hosts: HostProfile[] } {
  const max = hosts.length ? Math.min(...hosts.map(pick)) : Infinity;
  return { max, hosts: hosts.filter((h) => pick(h) === max) };
}

/** What skillc reports when a host's documented fact is broken: the host refuses the skill (error) or only advises (warning). */
export type Enforced = { severity: 'error' | 'warning'; hosts: HostProfile[] };

/**
 * How the hosts that a broken fact applies to enforce it, read from each profile's
 * `facts[key]` (`fallback` when the profile states no such fact; a profile without
 * either rejects, the spec's default). Hosts that reject it make an error; failing
 * those, hosts that only recommend it (or ignore the value) a warning; hosts that
 * allow it nothing. Undefined when no host cares.
 */
export function enforcedBy(hosts: readonly HostProfile[], key: string, fallback?: string): Enforced | undefined {
  const of = (h: HostProfile) => (h.facts[key] ?? (fallback ? h.facts[fallback] : undefined))?.enforcement ?? 'rejects';
  const rejecting = hosts.filter((h) => of(h) === 'rejects');
  if (rejecting.length) return { severity: 'error', hosts: rejecting };
  const advising = hosts.filter((h) => of(h) === 'recommends' || of(h) === 'ignores');
  return advising.length ? { severity: 'warning', hosts: advising } : undefined;
}

/** " (codex requires it)" / " (pi advises it)" when only some linted hosts enforce a fact; '' when all do. */
export function enforcedNote(e: Enforced, all: readonly HostProfile[]): string {
  if (e.hosts.length === all.length && e.severity === 'error') return '';
  const one = e.hosts.length === 1;
  return ` (${hostIds(e.hosts)} ${e.severity === 'error' ? (one ? 'requires' : 'require') : one ? 'advises' : 'advise'} it)`;
}

/** The line break the file uses, for inserted lines. */
export function lineBreak(skill: Skill): string {
  return skill.file.text.includes('\r\n') ? '\r\n' : '\n';
}

/**
 * How a field's value reads in a message, from its source so `1.0` stays `1.0`:
 * "number `1.0`", "string `"true"`", "list", "empty value".
 */
export function describeField(skill: Skill, f: FrontmatterField): string {
  const v = f.value;
  if (v === null || v === undefined || Array.isArray(v) || typeof v === 'object') return describeValue(v);
  const source = valueSource(skill, f).replace(/\s+/g, ' ').trim();
  const shown = source.length > 40 ? `${source.slice(0, 39)}…` : source;
  // eslint-disable-next-line @typescript-eslint/no-base-to-string -- a YAML scalar here: null, lists and mappings are handled above
  return `${typeof v} \`${shown || String(v)}\``;
}

/** One description as some of the linted hosts will see it. */
export interface SeenDescription {
  /** The field: the top-level `description`, or a source's `skillc.<host>.description`. */
  field: FrontmatterField;
  /** The linted hosts that get this text (none when no host is linted). */
  hosts: HostProfile[];
  /** For a per-host value, ` in \`skillc.<id>\``, for messages; '' for the top-level one. */
  where: string;
}

/**
 * The descriptions the linted hosts will actually see, each with its hosts: a source's
 * `skillc.<host>.description` (a non-empty string: source/skillc-block reports any other) for that
 * host, the top-level `description` for every other one. The top-level one is left out when each
 * linted host has its own; with no linted host it is the only one. The description rules check each
 * against its own hosts, and report at its position.
 */
export function seenDescriptions(skill: Skill, hosts: readonly HostProfile[]): SeenDescription[] {
  const top = field(skill, 'description');
  const own: SeenDescription[] = [];
  const rest: HostProfile[] = [];
  for (const h of hosts) {
    const f = hostField(skill, h.id, 'description');
    if (f && typeof f.value === 'string' && f.value.trim() !== '') own.push({ field: f, hosts: [h], where: ` in \`skillc.${h.id}\`` });
    else rest.push(h);
  }
  return [...(top && (rest.length || !hosts.length) ? [{ field: top, hosts: rest, where: '' }] : []), ...own];
}
