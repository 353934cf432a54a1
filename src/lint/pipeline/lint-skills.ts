// Lint stage, lint skills: the skills the cache did not answer, read, (fixed,) checked and summarized,
// on worker threads too when there are many.
import path from 'node:path';
import type { LintCache } from '../cache.js';
import { lintSkillFolder, type Linter } from '../lint-skill.js';
import { boundHeapGrowth } from '../memory.js';
import { runParallel, threadCount, workerAvailable, type Concurrency, type WorkerSpec } from '../parallel.js';
import type { LintRun } from './collect.js';

export interface LintMissesOptions {
  hosts?: string[];
  fix?: boolean;
  fixDryRun?: boolean;
  keepSkills?: boolean;
  /** API-provided rules do not cross to worker threads: their presence keeps the run serial. */
  rules?: readonly unknown[];
  concurrency?: Concurrency;
}

/** Lints skills `misses` (indexes into `run.dirs`) into `run`, then hands their new cache entries to the cache in discovery order. */
export async function lintMisses(run: LintRun, misses: readonly number[], linter: Linter, cache: LintCache | undefined, options: LintMissesOptions, cwd: string): Promise<void> {
  const track = !!cache;
  const fixing = !!(options.fix || options.fixDryRun);
  const threads = fixing || options.keepSkills || options.rules?.length || !workerAvailable() ? 1 : threadCount(options.concurrency, misses.length);
  // Serial only: the flag is process-wide, and with several heaps each collecting that often the
  // GC's concurrent marking took the cores the threads needed (--concurrency 2: 17 CPU s instead of 12).
  if (!options.keepSkills && misses.length >= 400 && threads === 1) boundHeapGrowth();
  if (threads > 1) {
    const spec: WorkerSpec = { cwd, config: linter.config, track };
    if (options.hosts?.length) spec.hosts = options.hosts;
    const jobs = misses.map((i) => run.dirs[i]!);
    await runParallel(jobs, threads, spec, (dir) => lintSkillFolder(dir, linter, { track }).outcome, (k, outcome) => run.linted(misses[k]!, outcome));
    if (cache) run.newEntries.forEach((entry, i) => entry && cache.store(path.resolve(run.dirs[i]!), entry));
  } else lintSerially(run, misses, linter, cache, options);
}

/** `lintMisses` on the calling thread: each skill read, fixed (with `fix`), checked and summarized in turn. */
export function lintSerially(run: LintRun, misses: readonly number[], linter: Linter, cache: LintCache | undefined, options: LintMissesOptions): void {
  const track = !!cache;
  const fix = options.fix ? 'write' : options.fixDryRun ? 'dry-run' : undefined;
  for (const i of misses) {
    const { skill, outcome, outputs } = lintSkillFolder(run.dirs[i]!, linter, fix ? { track, fix } : { track });
    for (const [file, text] of outputs) run.outputs.set(file, text);
    if (options.keepSkills) run.skills.push(skill);
    run.linted(i, outcome, skill);
  }
  if (cache) run.newEntries.forEach((entry, i) => entry && cache.store(path.resolve(run.dirs[i]!), entry));
}
