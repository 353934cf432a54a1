// Lint stage, lint skills: the skills the cache did not answer, read, (fixed,) checked and summarized,
// on worker threads too when there are many.
import path from 'node:path';
import type { LintCache } from '../cache.js';
import type { Linter } from '../lint-skill.js';
import { lintWithinBudget, RunBudget } from '../run-budget.js';
import { boundHeapGrowth } from '../memory.js';
import { decideThreads, runParallel, workerAvailable, type Concurrency, type ThreadChoice, type WorkerSpec } from '../parallel.js';
import type { LintRun } from './collect.js';
import type { PreparedLinter } from './configure.js';
import { LIMITS } from '../../parse/limits.js';

export interface LintMissesOptions {
  hosts?: string[];
  fix?: boolean;
  fixDryRun?: boolean;
  keepSkills?: boolean;
  /** API-provided rules do not cross to worker threads: their presence keeps the run serial. */
  rules?: readonly unknown[];
  concurrency?: Concurrency;
  /** Told how many threads lint the skills to parse, and why (`--debug`). */
  onThreads?: (choice: ThreadChoice) => void;
  /** Bytes of skill text the run may read (`--max-bytes`; default LIMITS.maxRunBytes), shared out between its threads. */
  maxBytes?: number;
}

/** Lints skills `misses` (indexes into `run.dirs`) into `run`, then hands their new cache entries to the cache in discovery order. */
export async function lintMisses(run: LintRun, misses: readonly number[], linter: PreparedLinter, cache: LintCache | undefined, options: LintMissesOptions, cwd: string): Promise<void> {
  const track = !!cache;
  const fixing = !!(options.fix || options.fixDryRun);
  const serialOnly = fixing ? 'fixes are applied' : options.keepSkills ? 'the parsed skills are kept' : options.rules?.length ? 'rules handed to the API stay on this thread' : !workerAvailable() ? 'no worker script (run from source)' : undefined;
  const choice = serialOnly ? { threads: 1, reason: serialOnly } : await decideThreads(options.concurrency, misses.map((i) => run.dirs[i]!));
  options.onThreads?.(choice);
  const threads = choice.threads;
  // Serial only: the flag is process-wide, and with several heaps each collecting that often the
  // GC's concurrent marking took the cores the threads needed (--concurrency 2: 17 CPU s instead of 12).
  if (!options.keepSkills && misses.length >= 400 && threads === 1) boundHeapGrowth();
  if (threads > 1) {
    // Each thread (the main one too) reads its share of the run's budget of skill text.
    const share = (options.maxBytes ?? LIMITS.maxRunBytes) / threads;
    const local = new RunBudget(share);
    const spec: WorkerSpec = { cwd, config: linter.config, track, maxBytes: share };
    if (!linter.loadsPlugins) spec.plugins = false;
    if (options.hosts?.length) spec.hosts = options.hosts;
    const jobs = misses.map((i) => run.dirs[i]!);
    await runParallel(jobs, threads, spec, (dir) => lintWithinBudget(dir, linter, local, { track }).outcome, (k, outcome) => run.linted(misses[k]!, outcome));
    if (cache) run.newEntries.forEach((entry, i) => entry && cache.store(path.resolve(run.dirs[i]!), entry));
  } else lintSerially(run, misses, linter, cache, options);
}

/**
 * `lintMisses` on the calling thread: each skill read, fixed (with `fix`), checked and summarized in turn,
 * while the run's budget lasts (run-budget.ts).
 */
export function lintSerially(run: LintRun, misses: readonly number[], linter: Linter, cache: LintCache | undefined, options: LintMissesOptions): void {
  const track = !!cache;
  const fix = options.fix ? 'write' : options.fixDryRun ? 'dry-run' : undefined;
  const budget = new RunBudget(options.maxBytes);
  for (const i of misses) {
    const { skill, outcome, outputs } = lintWithinBudget(run.dirs[i]!, linter, budget, fix ? { track, fix } : { track });
    for (const [file, text] of outputs) run.outputs.set(file, text);
    if (options.keepSkills) run.skills.push(skill);
    run.linted(i, outcome, skill);
  }
  if (cache) run.newEntries.forEach((entry, i) => entry && cache.store(path.resolve(run.dirs[i]!), entry));
}
