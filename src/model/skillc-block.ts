/**
 * The compile-time keys of a source skill's `skillc:` block (besides one mapping per host id):
 * the one list that the `source/skillc-block` rule checks, the editor schema
 * (schema/frontmatter.schema.json) offers, and docs/source-format.md documents.
 */
export const SKILLC_BLOCK_KEYS = {
  invocation: { value: '`auto` (default) or `manual`', description: "auto (default) or manual: only the user invokes the skill; each host's own switch is emitted." },
  targets: { value: 'a list of host ids', description: "Hosts to build the skill for (default: the config's hosts)." },
  kind: { value: 'the name of a kind', description: 'Names a section schema in the config (`kinds`).' },
  requires: { value: 'a list of skill names', description: 'Sibling skills this one calls, by name.' },
  artifacts: { value: 'file name -> `{ sections, ordered, contract }`', description: 'Files the workflow must leave, with their required ## sections, or a shared contract.' },
  effects: { value: 'a list of `area.verb`', description: 'Side effects the workflow may take (email.send, http.post, ...); rehearsal captures them.' },
  files: { value: 'file path -> `{ hosts, as }`', description: 'Bundled files shipped only to some hosts (`hosts`), or under another path in the output (`as`), e.g. `commands.pi.md: { hosts: [pi], as: commands.md }`.' },
} as const;

/** `skillc.files` entry: which hosts get the bundled file, and the path it ships as. */
export interface FileSpec {
  hosts?: string[];
  as?: string;
}

/** A bundled file's `skillc.files` entry (by its path in the skill folder), malformed parts left out (`source/skillc-block` reports them). */
export function fileSpec(skillc: Record<string, unknown> | undefined, relPath: string): FileSpec | undefined {
  const files = skillc?.files;
  if (!files || typeof files !== 'object' || Array.isArray(files) || !Object.prototype.hasOwnProperty.call(files, relPath)) return undefined;
  const raw = (files as Record<string, unknown>)[relPath];
  if (!raw || typeof raw !== 'object' || Array.isArray(raw)) return undefined;
  const r = raw as Record<string, unknown>;
  const out: FileSpec = {};
  if (Array.isArray(r.hosts)) out.hosts = r.hosts.filter((h): h is string => typeof h === 'string');
  if (typeof r.as === 'string' && isSafeRelPath(r.as)) out.as = r.as;
  return out;
}

/** A path inside the skill's output folder: relative, `/`-separated, no `..`, `.` or empty segment, no NUL or backslash. */
export function isSafeRelPath(p: string): boolean {
  return p.length > 0 && p.length <= 1024 && !/[\\\0]/.test(p) && p.split('/').every((seg) => seg !== '' && seg !== '.' && seg !== '..');
}

export type SkillcBlockKey = keyof typeof SKILLC_BLOCK_KEYS;

/**
 * The `skillc:` block as one typed value, read once per block (`skillcBlock`): what the build, the
 * rules, the catalog and rehearse take from it, with one reading of each key. A value of the wrong
 * type reads as absent here (the defaults apply); `source/skillc-block` reports it at its position.
 */
export interface SkillcBlock {
  /** `manual` only when written so; anything else is `auto`. */
  invocation: 'auto' | 'manual';
  /** The host ids `targets` names (its string items); undefined when it is not a list: every host. */
  targets?: readonly string[];
  /** The kind named (a non-empty string). */
  kind?: string;
  /** Sibling skills this one calls: a list's string items, or one name. */
  requires: readonly string[];
  /** Side effects declared: the list's string items. */
  effects: readonly string[];
  /** `artifacts`, when it is a mapping. */
  artifacts?: Readonly<Record<string, unknown>>;
  /** A host's own block (`skillc.<id>`), when it is a mapping. */
  host(id: string): Readonly<Record<string, unknown>> | undefined;
}

const isMapping = (v: unknown): v is Record<string, unknown> => !!v && typeof v === 'object' && !Array.isArray(v);
const stringItems = (v: unknown): string[] | undefined => (Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : undefined);

const NO_BLOCK: SkillcBlock = { invocation: 'auto', requires: [], effects: [], host: () => undefined };
const read = new WeakMap<object, SkillcBlock>();

/** The typed `skillc:` block of a skill or summary (parsed once per block object; the defaults when it has none). */
export function skillcBlock(owner: { skillc?: Record<string, unknown> | undefined }): SkillcBlock {
  const raw = owner.skillc;
  if (!raw) return NO_BLOCK;
  const known = read.get(raw);
  if (known) return known;
  const block: SkillcBlock = {
    invocation: raw.invocation === 'manual' ? 'manual' : 'auto',
    requires: typeof raw.requires === 'string' ? [raw.requires] : (stringItems(raw.requires) ?? []),
    effects: stringItems(raw.effects) ?? [],
    host: (id) => (Object.prototype.hasOwnProperty.call(raw, id) && isMapping(raw[id]) ? raw[id] : undefined),
  };
  const targets = stringItems(raw.targets);
  if (targets) block.targets = targets;
  if (typeof raw.kind === 'string' && raw.kind) block.kind = raw.kind;
  if (isMapping(raw.artifacts)) block.artifacts = raw.artifacts;
  read.set(raw, block);
  return block;
}

/**
 * The hosts of `hosts` this skill is built for: those its `skillc.targets` names (as the build
 * emits it), else all of them. A host the skill is not built for never reads its frontmatter.
 */
export function targetHosts<H extends { id: string }>(owner: { skillc?: Record<string, unknown> | undefined }, hosts: readonly H[]): H[] {
  const targets = skillcBlock(owner).targets;
  return targets ? hosts.filter((h) => targets.includes(h.id)) : [...hosts];
}
