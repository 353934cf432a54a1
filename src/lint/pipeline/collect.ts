// The state of one lint run: what each stage adds, per skill in discovery order.
import fs from 'node:fs';
import type { BundledFile, BundleReader, InlineCode, Skill } from '../../model/skill.js';
import type { Range } from '../../model/diagnostic.js';
import type { SkillSummary, StoredSummary, SummaryField } from '../../model/summary.js';
import type { Diagnostic } from '../../model/diagnostic.js';
import { textFile } from '../../model/text.js';
import { bundleReader, decodeText, listBundle } from '../../parse/bundle.js';
import { outlineOfFile, readSkill } from '../../parse/skill.js';
import type { CacheEntry, SummaryEntry } from '../cache.js';
import type { SkillOutcome } from '../lint-skill.js';
import type { LiveParts } from '../sources.js';

export class LintRun {
  diagnostics: Diagnostic[];
  internalErrors: number;
  /** Per skill, in discovery order (catalog rules and the cache see them in that order). */
  readonly summaries: SkillSummary[];
  readonly summaryHashes: string[];
  /** What suppressions need of each SKILL.md that has suppression directives: its path, line index, directives and frontmatter YAML. */
  readonly suppressible: (Skill | undefined)[];
  /** One copy of the strings the summaries repeat. */
  readonly strings: Interned = new Map();
  /** Fixed text by file (`--fix`, `--fix-dry-run`). */
  readonly outputs = new Map<string, string>();
  /** The parsed skills, when kept (`keepSkills`). */
  readonly skills: Skill[] = [];
  /** New cache entries, stored in discovery order once all are in, so the cache file does not depend on which thread finished first. */
  readonly newEntries: (CacheEntry | undefined)[] = [];
  cacheHits = 0;
  private done = 0;

  constructor(
    readonly dirs: readonly string[],
    first: readonly Diagnostic[],
    private readonly onProgress?: (done: number, total: number) => void,
  ) {
    this.diagnostics = [...first];
    this.internalErrors = first.length;
    this.summaries = new Array<SkillSummary>(dirs.length);
    this.summaryHashes = new Array<string>(dirs.length);
    this.suppressible = new Array<Skill | undefined>(dirs.length);
  }

  add(diagnostics: readonly Diagnostic[], internalErrors: number): void {
    for (const d of diagnostics) this.diagnostics.push(d); // no spread: a file can carry 100,000s of diagnostics
    this.internalErrors += internalErrors;
  }

  /** Skill `i` replayed from the cache; `text` reads its SKILL.md (for suppressions). */
  replayed(i: number, entry: CacheEntry, text: () => Buffer | undefined): void {
    this.progress();
    this.cacheHits++;
    this.add(entry.diagnostics, 0);
    this.summaries[i] = liveSummary(entry.summary);
    this.summaryHashes[i] = entry.summaryHash;
    const bytes = entry.suppressions ? text() : undefined;
    if (bytes) this.suppressible[i] = suppressionView(entry.summary, decodeText(bytes).text);
  }

  /** Skill `i`, not reported, answered by its summary in the cache (`live` when it is served, not the working tree's). */
  summaryFromCache(i: number, entry: SummaryEntry, live?: LiveParts): void {
    this.progress();
    this.cacheHits++;
    this.summaries[i] = liveSummary(entry.summary, live);
    this.summaryHashes[i] = entry.summaryHash;
  }

  /**
   * Skill `i`, not reported: only its summary, for the catalog rules (`hash`: of its JSON, with
   * a cache). `live`: the skill is served, not read from the working tree.
   */
  summarized(i: number, stored: StoredSummary, hash: string, live?: LiveParts): void {
    this.progress();
    this.summaries[i] = liveSummary(stored, live, this.strings);
    this.summaryHashes[i] = hash;
  }

  /** Skill `i` linted (`skill` given on the main thread, absent from a worker; `live` when it is served, not the working tree's). */
  linted(i: number, outcome: SkillOutcome, skill?: Skill, live?: LiveParts): void {
    this.progress();
    this.add(outcome.diagnostics, outcome.internalErrors);
    // A summary the cache keeps (its new entry) is not compacted: that would keep it twice.
    this.summaries[i] = liveSummary(outcome.stored, live, outcome.cacheEntry ? undefined : this.strings);
    this.summaryHashes[i] = outcome.summaryHash;
    // The skill itself is released here unless kept: only its summary (and, for suppressions, its text) stays.
    if (outcome.suppressions) this.suppressible[i] = skill ?? suppressionView(outcome.stored, readText(outcome.stored.file.path));
    if (outcome.cacheEntry) this.newEntries[i] = outcome.cacheEntry;
  }

  private progress(): void {
    this.onProgress?.(this.done++, this.dirs.length);
  }
}

/**
 * What catalog rules see of each skill: its summary's values, and a bundle reader, the folder's
 * listing and the full model made on first use. From a `lintSkill` outcome:
 * `checkCatalog({ skills: outcomes.map((o) => liveSummary(o.stored)) }, ...)`. `live`: the skill's
 * own tree, when its files may not be the working tree's (the git index for `--staged`, an
 * editor's buffers): its reader, its file list and its full model serve then, so catalog rules
 * read what the skill rules read.
 */
export function liveSummary(stored: StoredSummary, live?: LiveParts, strings?: Interned): SkillSummary {
  return new CatalogSkill(stored, live, strings);
}

/** One copy of each string a run's summaries repeat (skill names in code spans, link targets, keys). */
export type Interned = Map<string, string>;

const intern = (strings: Interned | undefined, value: string): string => {
  if (!strings) return value;
  const had = strings.get(value);
  if (had !== undefined) return had;
  strings.set(value, value);
  return value;
};

function internField(f: SummaryField, strings: Interned): SummaryField {
  const out: SummaryField = { key: intern(strings, f.key), keyRange: f.keyRange, valueRange: f.valueRange };
  if (f.children) out.children = f.children.map((c) => internField(c, strings));
  return out;
}

/**
 * A summary as a run keeps it until its catalog rules run (issue #30: at 16,000 skills the live
 * heap grew ~15 KB a skill, and every full collection marked it again). One object of one shape
 * per skill: the values, the code spans packed (below), strings a run repeats kept once
 * (`strings`), and nothing made per skill until a rule asks (no bundle reader, listing, closures
 * or getters defined on the object).
 */
class CatalogSkill implements SkillSummary {
  dir: string;
  dirName: string;
  readProblem?: SkillSummary['readProblem'];
  name?: string;
  description?: string;
  skillc?: Record<string, unknown>;
  frontmatter?: SkillSummary['frontmatter'];
  links: SkillSummary['links'];
  directives: SkillSummary['directives'];
  requires?: SkillSummary['requires'];
  readonly #file: string;
  readonly #spans: PackedSpans | readonly InlineCode[];
  readonly #live: LiveParts | undefined;
  #reader: BundleReader | undefined;
  #listed: readonly BundledFile[] | undefined;
  #full: Skill | undefined;

  constructor(stored: StoredSummary, live: LiveParts | undefined, strings: Interned | undefined) {
    this.dir = stored.dir;
    this.dirName = stored.dirName;
    this.#file = stored.file.path;
    if (stored.readProblem) this.readProblem = stored.readProblem;
    if (stored.name !== undefined) this.name = stored.name;
    if (stored.description !== undefined) this.description = stored.description;
    if (stored.skillc !== undefined) this.skillc = stored.skillc;
    const fm = stored.frontmatter;
    if (fm) this.frontmatter = strings ? { ...fm, fields: fm.fields.map((f) => internField(f, strings)) } : fm;
    this.links = strings ? stored.links.map((l) => ({ kind: l.kind, url: intern(strings, l.url), range: l.range })) : stored.links;
    // Packed only when compacting: a summary the cache holds is kept there anyway, packing it would keep it twice.
    this.#spans = (strings && packSpans(stored.inlineCode, strings)) || stored.inlineCode;
    this.directives = stored.directives;
    if (stored.requires) this.requires = stored.requires;
    this.#live = live;
  }

  get file(): { path: string } {
    return { path: this.#file };
  }

  get inlineCode(): readonly InlineCode[] {
    const spans = this.#spans;
    return 'points' in spans ? unpackSpans(spans) : spans;
  }

  get bundle(): BundleReader {
    return (this.#reader ??= this.#live ? this.#live.bundle : bundleReader(this.dir, outlineOfFile));
  }

  get bundled(): readonly BundledFile[] {
    return (this.#listed ??= this.#live ? this.#live.bundled() : listBundle(this.dir));
  }

  skill(): Skill {
    return (this.#full ??= this.#live ? this.#live.skill() : readSkill(this.dir));
  }

  /** The summary's values as a plain object (its file and code spans included), as JSON shows them. */
  toJSON(): Omit<SkillSummary, 'bundle' | 'bundled' | 'skill'> {
    return { ...this, file: this.file, inlineCode: this.inlineCode };
  }
}

interface PackedSpans {
  values: string[];
  /** Six numbers a span: start line, column, offset, end line, column, offset. */
  points: Int32Array;
}

/**
 * Code spans are most of what a lint run keeps per skill until the catalog rules run (issue
 * #17: ~48 a skill, ~200 bytes each as objects: a third of the live heap of a 1,000-skill
 * lint, which sets how far the old generation grows). Kept as one typed array a skill and
 * rebuilt on each read: catalog rules read them once or twice. Only spans of exactly the
 * `{ value, range: { start: { line, column, offset }, end } }` shape are packed (undefined
 * otherwise), so the rebuilt objects are the same.
 */
function packSpans(spans: readonly InlineCode[], strings?: Interned): PackedSpans | undefined {
  if (spans.length < 4) return undefined;
  const values: string[] = [];
  const points = new Int32Array(spans.length * 6);
  let k = 0;
  for (const span of spans) {
    if (!isSpan(span)) return undefined;
    const { start, end } = span.range as { start: IntPoint; end: IntPoint };
    values.push(intern(strings, span.value));
    points[k++] = start.line;
    points[k++] = start.column;
    points[k++] = start.offset;
    points[k++] = end.line;
    points[k++] = end.column;
    points[k++] = end.offset;
  }
  return { values, points };
}

function unpackSpans({ values, points: p }: PackedSpans): InlineCode[] {
  return values.map((value, i) => {
    const k = i * 6;
    return { value, range: { start: { line: p[k]!, column: p[k + 1]!, offset: p[k + 2]! }, end: { line: p[k + 3]!, column: p[k + 4]!, offset: p[k + 5]! } } };
  });
}

interface IntPoint {
  line: number;
  column: number;
  offset: number;
}

const keysAre = (o: object, keys: string): boolean => Object.keys(o).join() === keys;
const isInt32 = (n: unknown): boolean => typeof n === 'number' && (n | 0) === n && !Object.is(n, -0);
const isPoint = (p: unknown): boolean => !!p && typeof p === 'object' && keysAre(p, 'line,column,offset') && Object.values(p).every(isInt32);
function isSpan(span: InlineCode): boolean {
  const r = span.range as unknown;
  return typeof span.value === 'string' && keysAre(span, 'value,range') && !!r && typeof r === 'object' && keysAre(r, 'start,end') && isPoint((r as Range).start) && isPoint((r as Range).end);
}

/** The part of a Skill that `applySuppressions` reads, rebuilt from a summary and the SKILL.md text. */
function suppressionView(summary: StoredSummary, text: string): Skill {
  const view = { file: textFile(summary.file.path, text), directives: text ? summary.directives : [] } as Partial<Skill>;
  if (text && summary.fmRaw) view.frontmatter = { raw: text.slice(summary.fmRaw[0], summary.fmRaw[1]), rawOffset: summary.fmRaw[0] } as Skill['frontmatter'];
  return view as Skill;
}

/** A SKILL.md's text for its suppression directives ('' when it cannot be read: its read problem is reported). */
function readText(file: string): string {
  try {
    return decodeText(fs.readFileSync(file)).text;
  } catch {
    return '';
  }
}
