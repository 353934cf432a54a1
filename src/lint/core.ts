// The one lint core: every lint runs these steps over a skill source with a linter made once
// from a resolved config (`createLinter`). `lint()`, `lintText`, `--staged`, `--changed`, watch,
// the language server, the RuleTester and the doc examples all come here.
import fs from 'node:fs';
import path from 'node:path';
import type { Diagnostic } from '../model/diagnostic.js';
import { summarize } from '../model/summary.js';
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
}

/** Lints the skills of `source` (worker threads may read a disk source when there are many). */
export async function lintSkills(linter: PreparedLinter, source: SkillSource, options: CoreOptions): Promise<LintResult> {
  const { run, cache, misses } = begin(linter, source, options);
  if (source.disk) await lintMisses(run, misses, linter, cache, options, options.cwd);
  else lintServed(run, misses, linter, source, options);
  return finish(linter, source, run, cache, options);
}

/** `lintSkills` on the calling thread only, for callers that cannot wait (the RuleTester, `lintText`). */
export function lintSkillsSync(linter: PreparedLinter, source: SkillSource, options: CoreOptions): LintResult {
  const { run, cache, misses } = begin(linter, source, options);
  if (source.disk) lintSerially(run, misses, linter, cache, options);
  else lintServed(run, misses, linter, source, options);
  return finish(linter, source, run, cache, options);
}

function begin(linter: PreparedLinter, source: SkillSource, options: CoreOptions): { run: LintRun; cache: LintCache | undefined; misses: number[] } {
  const run = new LintRun(source.dirs, linter.plugins.diagnostics, options.onProgress, !source.disk);
  // Plugins not loaded (`--no-plugins`) are warnings, not internal errors.
  run.add(linter.plugins.skipped, 0);
  // Only the working tree is cached: another source's bytes are not what a later run finds on disk.
  const cache = source.disk ? openCache(options, linter, options.cwd, run.dirs) : undefined;
  return { run, cache, misses: replayCached(run, cache, options) };
}

/**
 * A served source's skills: the reported ones linted while the run's budget lasts (past it each is
 * a `file/budget` finding, as on disk), the others only summarized for the catalog rules.
 */
function lintServed(run: LintRun, misses: readonly number[], linter: PreparedLinter, source: SkillSource, options: CoreOptions): void {
  const budget = new RunBudget(options.maxBytes);
  for (const i of misses) {
    const dir = run.dirs[i]!;
    const { skill } = source.read(dir, false);
    if (source.reported && !source.reported.has(dir)) {
      run.summarized(i, summarize(skill, requiresOfSkill(skill)), skill);
      run.skills.push(skill);
      continue;
    }
    const linted = lintWithinBudget(dir, linter, budget, { track: false, read: () => ({ skill }) });
    run.linted(i, linted.outcome, linted.skill);
    run.skills.push(linted.skill);
  }
}

function finish(linter: PreparedLinter, source: SkillSource, run: LintRun, cache: LintCache | undefined, options: CoreOptions): LintResult {
  lintCatalog(run, linter, cache);
  cache?.save(run.dirs.map((d) => path.resolve(d)));
  const reported = source.reported;
  const isReported = (i: number): boolean => !reported || reported.has(run.dirs[i]!);
  const shown = run.dirs.flatMap((dir, i) => (isReported(i) ? [i] : []));
  const inReport = (file: string): boolean => shown.some((i) => file === run.summaries[i]!.file.path || file.startsWith(run.summaries[i]!.dir + path.sep));
  const files = groupByFile({
    listed: shown.map((i) => run.summaries[i]!.file.path),
    diagnostics: run.diagnostics,
    // `--no-inline-config`: no skillc-disable comment applies (the bulk-suppressions file still does).
    ...(linter.inlineConfig ? { suppress: { skills: shown.map((i) => run.suppressible[i]!), knownRules: linter.knownRules, unusedSeverity: linter.unusedSeverity } } : {}),
    outputs: run.outputs,
    ...(reported ? { keep: (d: Diagnostic) => inReport(d.file) || d.ruleId === 'plugin/load' } : {}),
  });
  const result: LintResult = { files, ...countFiles(files), internalErrors: run.internalErrors, config: linter.config, rules: [...linter.rules] };
  if (options.keepSkills || !source.disk) result.skills = run.skills;
  if (source.disk) result.summaries = run.summaries;
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
