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
