// Lint stage, lint skills: the skills the cache did not answer, read, (fixed,) checked and summarized,
// on worker threads too when there are many.
import path from 'node:path';
import type { SkillcConfig } from '../../config/config.js';
import type { LintCache } from '../cache.js';
import type { Linter } from '../lint-skill.js';
import { lintWithinBudget, RunBudget } from '../run-budget.js';
import { boundHeapGrowth } from '../memory.js';
import { runParallel, threadCount, workerAvailable, type Concurrency, type WorkerSpec } from '../parallel.js';
import type { LintRun } from './collect.js';
import { LIMITS } from '../../parse/limits.js';

export interface LintSkillsOptions {
  configFile?: string;
  config?: SkillcConfig;
  hosts?: string[];
  fix?: boolean;
  fixDryRun?: boolean;
  keepSkills?: boolean;
  /** API-provided rules do not cross to worker threads: their presence keeps the run serial. */
  rules?: unknown[];
  concurrency?: Concurrency;
  plugins?: boolean;
  /** Bytes of skill text the run may read (`--max-bytes`; default LIMITS.maxRunBytes), shared out between its threads. */
  maxBytes?: number;
}

/** Lints skills `misses` (indexes into `run.dirs`) into `run`, then hands their new cache entries to the cache in discovery order. */
export async function lintSkills(run: LintRun, misses: readonly number[], linter: Linter, cache: LintCache | undefined, options: LintSkillsOptions, cwd: string): Promise<void> {
  const track = !!cache;
  const fixing = !!(options.fix || options.fixDryRun);
  const threads = fixing || options.keepSkills || options.rules?.length || !workerAvailable() ? 1 : threadCount(options.concurrency, misses.length);
  // Serial only: the flag is process-wide, and with several heaps each collecting that often the
  // GC's concurrent marking took the cores the threads needed (--concurrency 2: 17 CPU s instead of 12).
  if (!options.keepSkills && misses.length >= 400 && threads === 1) boundHeapGrowth();
  const maxBytes = options.maxBytes ?? LIMITS.maxRunBytes;
  const budget = new RunBudget(maxBytes / threads);
  if (threads > 1) {
    const spec: WorkerSpec = { cwd, track, maxBytes: maxBytes / threads };
    if (options.configFile) spec.configFile = options.configFile;
    if (options.config) spec.config = options.config;
    if (options.hosts?.length) spec.hosts = options.hosts;
    if (options.plugins === false) spec.plugins = false;
    const jobs = misses.map((i) => run.dirs[i]!);
    await runParallel(jobs, threads, spec, (dir) => lintWithinBudget(dir, linter, budget, { track }).outcome, (k, outcome) => run.linted(misses[k]!, outcome));
  } else {
    const fix = options.fix ? 'write' : options.fixDryRun ? 'dry-run' : undefined;
    for (const i of misses) {
      const { skill, outcome, outputs } = lintWithinBudget(run.dirs[i]!, linter, budget, fix ? { track, fix } : { track });
      for (const [file, text] of outputs) run.outputs.set(file, text);
      if (options.keepSkills) run.skills.push(skill);
      run.linted(i, outcome, skill);
    }
  }
  if (cache) run.newEntries.forEach((entry, i) => entry && cache.store(path.resolve(run.dirs[i]!), entry));
}
