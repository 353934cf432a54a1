// The state of one lint run: what each stage adds, per skill in discovery order.
import fs from 'node:fs';
import type { BundledFile, InlineCode, Skill } from '../../model/skill.js';
import type { Range } from '../../model/diagnostic.js';
import type { SkillSummary, StoredSummary } from '../../model/summary.js';
import type { Diagnostic } from '../../model/diagnostic.js';
import { textFile } from '../../model/text.js';
import { bundleReader, decodeText, listBundle } from '../../parse/bundle.js';
import { outlineOfFile, readSkill } from '../../parse/skill.js';
import type { CacheEntry } from '../cache.js';
import type { SkillOutcome } from '../lint-skill.js';

export class LintRun {
  diagnostics: Diagnostic[];
  internalErrors: number;
  /** Per skill, in discovery order (catalog rules and the cache see them in that order). */
  readonly summaries: SkillSummary[];
  readonly summaryHashes: string[];
  /** What suppressions need of each SKILL.md: its path, line index, directives and frontmatter YAML. */
  readonly suppressible: Skill[];
  /** Fixed text by file (`--fix`, `--fix-dry-run`). */
  readonly outputs = new Map<string, string>();
  /** The parsed skills, when kept (`keepSkills`). */
  readonly skills: Skill[] = [];
  /** New cache entries, stored in discovery order once all are in, so the cache file does not depend on which thread finished first. */
  readonly newEntries: (CacheEntry | undefined)[] = [];
  cacheHits = 0;
  private done = 0;

  /**
   * `served`: the skills come from a source other than the disk (the index, editor buffers,
   * memory): catalog rules then read each through its own model, not the working tree.
   */
  constructor(
    readonly dirs: readonly string[],
    first: readonly Diagnostic[],
    private readonly onProgress?: (done: number, total: number) => void,
    private readonly served = false,
  ) {
    this.diagnostics = [...first];
    this.internalErrors = first.length;
    this.summaries = new Array<SkillSummary>(dirs.length);
    this.summaryHashes = new Array<string>(dirs.length);
    this.suppressible = new Array<Skill>(dirs.length);
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
    this.suppressible[i] = suppressionView(entry.summary, bytes ? decodeText(bytes).text : '');
  }

  /** Skill `i` of a served source, not reported: only its summary, for the catalog rules. */
  summarized(i: number, stored: StoredSummary, skill: Skill): void {
    this.summaries[i] = liveSummary(stored, skill);
  }

  /** Skill `i` linted (`skill` given on the main thread, absent from a worker). */
  linted(i: number, outcome: SkillOutcome, skill?: Skill): void {
    this.progress();
    this.add(outcome.diagnostics, outcome.internalErrors);
    this.summaries[i] = this.served && skill ? liveSummary(outcome.stored, skill) : packedSummary(liveSummary(outcome.stored));
    this.summaryHashes[i] = outcome.summaryHash;
    // The skill itself is released here unless kept: only its summary (and, for suppressions, its text) stays.
    if (!outcome.suppressions) this.suppressible[i] = suppressionView(outcome.stored, '');
    else this.suppressible[i] = skill ?? suppressionView(outcome.stored, readText(outcome.stored.file.path));
    if (outcome.cacheEntry) this.newEntries[i] = outcome.cacheEntry;
  }

  private progress(): void {
    this.onProgress?.(this.done++, this.dirs.length);
  }
}

/**
 * A summary with a live bundle reader and a lazily listed bundle: what catalog rules see of
 * each skill in `lint()`. From a `lintSkill` outcome: `checkCatalog({ skills: outcomes.map((o) => liveSummary(o.stored)) }, ...)`.
 * `model`: the parsed skill the summary was made from, when its files may not be the working
 * tree's (`lintModels`: the git index for `--staged`, an editor's buffers): its reader, its file
 * list and the skill itself serve then, so catalog rules read what the skill rules read.
 */
export function liveSummary(stored: StoredSummary, model?: Skill): SkillSummary {
  const { fmRaw: _fmRaw, ...summary } = stored;
  if (model) return { ...summary, bundle: model.bundle, bundled: model.bundled, skill: () => model };
  const dir = summary.dir;
  let bundled: BundledFile[] | undefined;
  let full: Skill | undefined;
  const result = { ...summary, bundle: bundleReader(dir, outlineOfFile), skill: () => (full ??= readSkill(dir)) } as SkillSummary;
  Object.defineProperty(result, 'bundled', { enumerable: true, get: () => (bundled ??= listBundle(dir)) });
  return result;
}

/** `summary` with its code spans packed (below); not for a cache entry's summary, which the cache keeps anyway. */
function packedSummary(summary: SkillSummary): SkillSummary {
  const spans = packSpans(summary.inlineCode);
  if (spans) Object.defineProperty(summary, 'inlineCode', { enumerable: true, get: () => unpackSpans(spans) });
  return summary;
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
function packSpans(spans: readonly InlineCode[]): PackedSpans | undefined {
  if (spans.length < 4) return undefined;
  const values: string[] = [];
  const points = new Int32Array(spans.length * 6);
  let k = 0;
  for (const span of spans) {
    if (!isSpan(span)) return undefined;
    const { start, end } = span.range as { start: IntPoint; end: IntPoint };
    values.push(span.value);
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
