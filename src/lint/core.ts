// The one lint core: every lint runs these steps over a skill source with a linter made once
// from a resolved config (`createLinter`). `lint()`, `lintText`, `--staged`, `--changed`, watch,
// the language server, the RuleTester and the doc examples all come here.
import fs from 'node:fs';
import path from 'node:path';
import type { Diagnostic } from '../model/diagnostic.js';
import { summarize } from '../model/summary.js';
import { readSkill } from '../parse/skill.js';
import { sha256 } from '../core/hash.js';
import { requiresOfSkill } from '../analysis/requires.js';
import { UsageError } from '../core/errors.js';
import { applyBaseline, BASELINE_FILE, readBaseline } from './baseline.js';
import type { LintCache } from './cache.js';
import { lintWithinBudget, RunBudget } from './run-budget.js';
import { openCache, replayCached, type CacheOptions } from './pipeline/cached.js';
import { lintCatalog } from './pipeline/catalog.js';
import { LintRun } from './pipeline/collect.js';
import type { PreparedLinter } from './pipeline/configure.js';
import { lintMisses, lintSerially, type LintMissesOptions } from './pipeline/lint-skills.js';
import { countFiles, groupByFile } from './pipeline/report.js';
import type { LintResult } from './result.js';
import type { SkillSource } from './sources.js';

/** How the report ends: the bulk-suppressions file, and `--quiet`. */
export interface ReportOptions {
  /**
   * The bulk-suppressions file (`--suppressions-location`, relative to `cwd`); default
   * skillc-suppressions.json beside the config, applied when it exists. `false`: none
   * (`--suppress-all` and `--prune-suppressions` count every problem).
   */
  suppressions?: string | false;
  /** Report errors only (`--quiet`): warnings and infos are dropped after suppressions. */
  quiet?: boolean;
}

/**
 * What every entry of the core hands on for checkouts it does not trust, and the run's budget:
 * `inlineConfig` and `plugins` make the linter (`createLinter`), `maxBytes` bounds the run.
 */
export interface RunSwitches {
  /** `false` ignores inline suppressions (`--no-inline-config`). */
  inlineConfig?: boolean;
  /** `false` loads no plugin module the config names (`--no-plugins`). */
  plugins?: boolean;
  /** Bytes of skill text the run may read (`--max-bytes`; default LIMITS.maxRunBytes). */
  maxBytes?: number;
}

/** Copies the switches `from` sets onto `to` (an entry handing its options on). */
export function copySwitches(from: RunSwitches, to: RunSwitches): void {
  if (from.inlineConfig === false) to.inlineConfig = false;
  if (from.plugins === false) to.plugins = false;
  if (from.maxBytes !== undefined) to.maxBytes = from.maxBytes;
}

export interface CoreOptions extends LintMissesOptions, CacheOptions, ReportOptions {
  cwd: string;
  onProgress?: (done: number, total: number) => void;
  /**
   * Called once the reported skills' own rules have run, before the other skills are summarized
   * and the catalog rules run, with the report so far (no catalog rule's findings yet, and no
   * unused-suppression reports, which need every rule): the language server shows it at once.
   */
  onSkillReport?: (partial: LintResult) => void | Promise<void>;
}

/** Lints the skills of `source` (worker threads may read a disk source when there are many). */
export async function lintSkills(linter: PreparedLinter, source: SkillSource, options: CoreOptions): Promise<LintResult> {
  const { run, cache } = begin(linter, source, options);
  const reported = replayCached(run, cache, options, source, 'reported');
  const onDisk = reported.lint.filter((i) => !source.served?.(run.dirs[i]!));
  if (source.disk) await lintMisses(run, onDisk, linter, cache, options, options.cwd);
  lintServed(run, reported.lint.filter((i) => source.served?.(run.dirs[i]!)), linter, source, cache, options);
  if (options.onSkillReport) await options.onSkillReport(partialReport(linter, source, run, options));
  summarizeRest(run, replayCached(run, cache, options, source, 'others').summarize, source, cache);
  return finish(linter, source, run, cache, options);
}

/** `lintSkills` on the calling thread only, for callers that cannot wait (the RuleTester, `lintText`). */
export function lintSkillsSync(linter: PreparedLinter, source: SkillSource, options: CoreOptions): LintResult {
  const { run, cache } = begin(linter, source, options);
  const reported = replayCached(run, cache, options, source, 'reported');
  const onDisk = reported.lint.filter((i) => !source.served?.(run.dirs[i]!));
  if (source.disk) lintSerially(run, onDisk, linter, cache, options);
  lintServed(run, reported.lint.filter((i) => source.served?.(run.dirs[i]!)), linter, source, cache, options);
  summarizeRest(run, replayCached(run, cache, options, source, 'others').summarize, source, cache);
  return finish(linter, source, run, cache, options);
}

function begin(linter: PreparedLinter, source: SkillSource, options: CoreOptions): { run: LintRun; cache: LintCache | undefined } {
  const run = new LintRun(source.dirs, linter.plugins.diagnostics, options.onProgress);
  // Plugins not loaded (`--no-plugins`) are warnings, not internal errors.
  run.add(linter.plugins.skipped, 0);
  // Only the working tree is cached; another source's bytes only name the summaries they give.
  const cache = openCache(options, linter, options.cwd, run.dirs, source.disk);
  return { run, cache };
}

/**
 * Served skills that are reported: linted as served while the run's budget lasts (past it each is
 * a `file/budget` finding, as on disk); with a cache, their summaries are kept (by content: not the
 * working tree's), except a skill the budget left unread, whose stub summary is not the text's.
 */
function lintServed(run: LintRun, misses: readonly number[], linter: PreparedLinter, source: SkillSource, cache: LintCache | undefined, options: CoreOptions): void {
  const budget = new RunBudget(options.maxBytes);
  for (const i of misses) {
    const dir = run.dirs[i]!;
    const served = source.served!(dir)!;
    const parsed = served.skill();
    const { skill, outcome } = lintWithinBudget(dir, linter, budget, { track: false, read: () => ({ skill: parsed }) });
    const read = skill === parsed;
    const bytes = cache && read ? served.bytes() : undefined;
    const summaryHash = bytes ? sha256(JSON.stringify(outcome.stored)) : '';
    run.linted(i, { ...outcome, summaryHash }, skill, read ? served.live() : undefined);
    run.skills.push(skill);
    if (bytes) cache!.storeSummary(path.resolve(dir), { text: sha256(bytes), summary: outcome.stored, summaryHash }, false);
  }
}

/**
 * The skills not reported that the cache did not answer: parsed and summarized for the catalog
 * rules (their own rules do not run), and their summaries kept in the cache for the next run.
 */
function summarizeRest(run: LintRun, misses: readonly number[], source: SkillSource, cache: LintCache | undefined): void {
  for (const i of misses) {
    const dir = run.dirs[i]!;
    const served = source.served?.(dir);
    const since = Date.now();
    let bytes: Buffer | undefined;
    const skill = served ? served.skill() : readSkill(dir, cache ? { onBytes: (b) => (bytes = b) } : {});
    if (served && cache) bytes = served.bytes();
    const stored = summarize(skill, requiresOfSkill(skill));
    const summaryHash = cache ? sha256(JSON.stringify(stored)) : '';
    run.summarized(i, stored, summaryHash, served?.live());
    if (served) run.skills.push(skill);
    if (cache && bytes) cache.storeSummary(path.resolve(dir), { text: sha256(bytes), summary: stored, summaryHash }, !served, since);
  }
}

/** What is known once the reported skills' own rules ran: their report, before any catalog rule. */
function partialReport(linter: PreparedLinter, source: SkillSource, run: LintRun, options: CoreOptions): LintResult {
  const shown = shownSkills(source, run);
  const files = groupByFile({
    listed: shown.map((i) => run.summaries[i]!.file.path),
    diagnostics: run.diagnostics,
    // `--no-inline-config`: no skillc-disable comment applies (the bulk-suppressions file still does).
    ...(linter.inlineConfig ? { suppress: { skills: shown.flatMap((i) => run.suppressible[i] ?? []), knownRules: linter.knownRules, unusedSeverity: 'off' as const } } : {}),
    outputs: run.outputs,
    keep: keeper(source, run, shown),
  });
  const result: LintResult = { files, ...countFiles(files), internalErrors: run.internalErrors, config: linter.config, rules: [...linter.rules] };
  return endReport(result, options);
}

/** The indexes of the skills the report shows. */
function shownSkills(source: SkillSource, run: LintRun): number[] {
  const reported = source.reported;
  return run.dirs.flatMap((dir, i) => (!reported || reported.has(dir) ? [i] : []));
}

/** Which diagnostics a report with `reported` skills keeps: those in their files (and plugin load failures). */
function keeper(source: SkillSource, run: LintRun, shown: readonly number[]): ((d: Diagnostic) => boolean) | undefined {
  if (!source.reported) return undefined;
  const inReport = (file: string): boolean => shown.some((i) => file === run.summaries[i]!.file.path || file.startsWith(run.summaries[i]!.dir + path.sep));
  return (d) => inReport(d.file) || d.ruleId === 'plugin/load';
}

function finish(linter: PreparedLinter, source: SkillSource, run: LintRun, cache: LintCache | undefined, options: CoreOptions): LintResult {
  lintCatalog(run, linter, cache, source.reported);
  cache?.save(run.dirs.map((d) => path.resolve(d)));
  const shown = shownSkills(source, run);
  const keep = keeper(source, run, shown);
  const files = groupByFile({
    listed: shown.map((i) => run.summaries[i]!.file.path),
    diagnostics: run.diagnostics,
    // `--no-inline-config`: no skillc-disable comment applies (the bulk-suppressions file still does).
    ...(linter.inlineConfig ? { suppress: { skills: shown.flatMap((i) => run.suppressible[i] ?? []), knownRules: linter.knownRules, unusedSeverity: linter.unusedSeverity } } : {}),
    outputs: run.outputs,
    ...(keep ? { keep } : {}),
  });
  const result: LintResult = { files, ...countFiles(files), internalErrors: run.internalErrors, config: linter.config, rules: [...linter.rules] };
  if (options.keepSkills || !source.disk) result.skills = run.skills;
  result.summaries = run.summaries;
  if (cache) {
    result.cacheHits = run.cacheHits;
    result.verified = cache.verified;
  }
  return endReport(result, options);
}

/**
 * The report's last steps, in place: the bulk-suppressions file, then `quiet`. The core runs them;
 * `--prune-suppressions` runs them again itself, after lowering the file's counts to a report
 * made without it.
 */
export function endReport(result: LintResult, options: ReportOptions & { cwd: string }): LintResult {
  applyBulkSuppressions(result, options);
  if (options.quiet) onlyErrors(result);
  return result;
}

/** The bulk-suppressions file of a run, when there is one to apply. */
function suppressionsFile(result: LintResult, options: ReportOptions & { cwd: string }): string | undefined {
  if (options.suppressions === false) return undefined;
  const file = options.suppressions ? path.resolve(options.cwd, options.suppressions) : path.join(result.config.root, BASELINE_FILE);
  if (fs.existsSync(file)) return file;
  if (options.suppressions) throw new UsageError(`suppressions file not found: ${options.suppressions}`);
  return undefined;
}

/** Drops the problems the bulk-suppressions file covers (ESLint's suppressions file), recording how many recorded ones no longer occur. */
function applyBulkSuppressions(result: LintResult, options: ReportOptions & { cwd: string }): void {
  const file = suppressionsFile(result, options);
  const baseline = file && readBaseline(file);
  if (!file || !baseline) return;
  const { unused } = applyBaseline(result, baseline, file);
  result.suppressions = { file, unused };
}

/** `--quiet`: errors only, counted again; the warnings dropped are kept as a count for `--max-warnings`, which counts them as ESLint does. */
function onlyErrors(result: LintResult): void {
  for (const f of result.files) f.messages = f.messages.filter((d) => d.severity === 'error');
  result.quietWarningCount = (result.quietWarningCount ?? 0) + result.warningCount;
  result.warningCount = 0;
  result.infoCount = 0;
  result.fixableCount = result.files.reduce((n, f) => n + f.messages.filter((d) => d.fix).length, 0);
}
