import type { Range } from './diagnostic.js';
import type { BundledFile, BundleReader, Directive, InlineCode, Link, ReadProblem, Skill } from './skill.js';

/**
 * A frontmatter field as catalog rules see it: where the key and value sit, and
 * the nested fields of a mapping. A full `FrontmatterField` is one.
 */
export interface SummaryField {
  key: string;
  keyRange: Range;
  valueRange: Range;
  children?: SummaryField[];
}

/** A `skillc.requires` entry with where it sits (the entry, else the `requires` or `skillc` key). */
export interface RequiresEntry {
  name: string;
  range: Range;
}

/**
 * What catalog rules (`skills/*`, the skill graph, listing budgets) read of a
 * skill: its identity, its frontmatter values and key positions, and the parts
 * of the body that make graph edges. A few kilobytes where the parsed `Skill`
 * holds the text, line index, YAML document and every node kind; it is what the
 * lint cache stores per skill, so catalog rules re-run without re-parsing.
 *
 * A parsed `Skill` is structurally a `SkillSummary` (every field here is one of
 * its own), so helpers typed on summaries take either.
 */
export interface SkillSummary {
  /** Absolute path of the skill folder. */
  dir: string;
  dirName: string;
  /** The SKILL.md (only its path). */
  file: { path: string };
  readProblem?: ReadProblem;
  name?: string;
  description?: string;
  skillc?: Record<string, unknown>;
  frontmatter?: {
    range: Range;
    /** The frontmatter as JavaScript (undefined when the YAML has errors). */
    data: unknown;
    fields: readonly SummaryField[];
    /** Only the count matters to catalog rules. */
    errors: readonly unknown[];
  };
  /** Links, images and definitions (graph `link` edges). */
  links: readonly Pick<Link, 'kind' | 'url' | 'range'>[];
  /** Code spans (graph `mention` and `link` edges). */
  inlineCode: readonly InlineCode[];
  /** Directives (graph `include` edges, suppressions). */
  directives: readonly Directive[];
  /** `skillc.requires`, resolved once at parse time (a parsed Skill computes it on demand). */
  requires?: readonly RequiresEntry[];
  /** Live existence checks (a sibling skill's folder when linting one skill alone). */
  /** The skill folder's files, listed on first use (a catalog rule comparing bundles needs them). */
  readonly bundled: readonly BundledFile[];
  /** Reads bundled files on demand, as for skill rules. */
  bundle: BundleReader;
  /**
   * The full parsed model (text, sections, ...), read and parsed again on first
   * call. Costly: for catalog rules that compare whole texts, e.g. near-duplicate passages.
   * Absent when the summary is the full model already (`fullSkill()` handles both).
   */
  skill?(): Skill;
}

/** The serializable part of a summary (the cache's form): no `bundle`. */
export type StoredSummary = Omit<SkillSummary, 'bundle' | 'bundled' | 'skill'> & {
  /** Offsets of the frontmatter YAML in the SKILL.md, for `# skillc-disable` comments. */
  fmRaw?: [number, number];
};

/** Graph-relevant code spans: skill mentions (`name`, `/name`, `/plugin:name`) and `../` paths. Others are dropped. */
const MENTION_LIKE = /^\/?(?:[a-z0-9][a-z0-9-]*:)?[a-z0-9][a-z0-9-]*$|^\.\.\/[^\s`]+$/;

function compactField(f: SummaryField): SummaryField {
  const out: SummaryField = { key: f.key, keyRange: f.keyRange, valueRange: f.valueRange };
  if (f.children) out.children = f.children.map(compactField);
  return out;
}

/** The summary of a parsed skill, dropping what catalog rules never read. `requires` comes from the caller (analysis/requires' `requiresOf`). */
export function summarize(skill: Skill, requires: readonly RequiresEntry[]): StoredSummary {
  const s: StoredSummary = {
    dir: skill.dir,
    dirName: skill.dirName,
    file: { path: skill.file.path },
    links: skill.links.map((l) => ({ kind: l.kind, url: l.url, range: l.range })),
    inlineCode: skill.inlineCode.filter((c) => MENTION_LIKE.test(c.value.trim())).map((c) => ({ value: c.value, range: c.range })),
    directives: skill.directives,
    requires: [...requires],
  };
  if (skill.readProblem) s.readProblem = skill.readProblem;
  if (skill.name !== undefined) s.name = skill.name;
  if (skill.description !== undefined) s.description = skill.description;
  if (skill.skillc !== undefined) s.skillc = skill.skillc;
  const fm = skill.frontmatter;
  if (fm) {
    s.frontmatter = { range: fm.range, data: fm.data, fields: fm.fields.map(compactField), errors: fm.errors.map((e) => e.code) };
    s.fmRaw = [fm.rawOffset, fm.rawOffset + fm.raw.length];
  }
  return detach(s);
}

/**
 * `value` with every string of it copied: the YAML and Markdown parsers slice values (a
 * description, a link's URL) out of the SKILL.md, and V8 keeps a slice's whole source string
 * alive. A lint run keeps every summary until its catalog rules run: 1,000 SKILL.md texts were
 * a quarter of its live heap (issue #17). Arrays and plain objects are copied (keys in order,
 * shared ones once); anything else is kept. Worker threads' summaries arrive copied already.
 */
function detach<T>(value: T, seen = new Map<object, unknown>()): T {
  // Short strings are never slices in V8 (under 13 characters it copies); a concatenation is flattened into a new string when sliced.
  if (typeof value === 'string') return (value.length < 13 ? value : (' ' + value).slice(1)) as T;
  if (!value || typeof value !== 'object') return value;
  const done = seen.get(value);
  if (done) return done as T;
  if (Array.isArray(value)) {
    const out: unknown[] = [];
    seen.set(value, out);
    for (const item of value) out.push(detach(item, seen));
    return out as T;
  }
  const proto = Object.getPrototypeOf(value) as unknown;
  if (proto !== Object.prototype && proto !== null) return value;
  const out = Object.create(proto) as Record<string, unknown>;
  seen.set(value, out);
  for (const key in value) {
    if (!Object.hasOwn(value, key)) continue;
    const v = detach((value as Record<string, unknown>)[key], seen);
    if (key === '__proto__') Object.defineProperty(out, key, { value: v, enumerable: true, writable: true, configurable: true });
    else out[key] = v;
  }
  return out as T;
}

/** The full model behind a catalog entry: parsed again on demand from a summary, or the entry itself. */
export function fullSkill(s: SkillSummary | Skill): Skill {
  return 'skill' in s && typeof s.skill === 'function' ? s.skill() : (s as Skill);
}

/**
 * Every skill linted together, for cross-skill rules: each as its compact
 * summary (identity, frontmatter values and key positions, links, code spans,
 * directives, `requires`), so catalog rules re-run from the lint cache without
 * re-parsing. A parsed `Skill` is a `SkillSummary` too.
 */
export interface Catalog {
  skills: SkillSummary[];
  /**
   * The skill folders whose findings the run shows (`--changed`, `--staged`, the language
   * server); absent: every skill's. Findings for other skills are dropped, so a rule may skip
   * the work that can only produce them (description-overlap scores only the pairs that
   * involve one of these).
   */
  reported?: ReadonlySet<string>;
}
