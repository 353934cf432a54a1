import fs from 'node:fs';
import os from 'node:os';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import path from 'node:path';
import type { ResolvedConfig } from '../config/config.js';
import type { SkillOutcome } from './lint-skill.js';
import { measureFreeCores } from './free-cores.js';

/**
 * Parallel lint (`--concurrency`): the skills still to parse are shared between the
 * main thread and worker threads, which pull them from one queue in small batches.
 * Each worker loads the config, plugins and rules itself (rules are code and do not
 * cross threads) and sends back each skill's `SkillOutcome`: diagnostics, compact
 * summary, cache entry. Catalog rules, suppressions and the cache file stay on the
 * main thread, so results are identical to a serial run.
 *
 * Why the main thread works too: every thread is a V8 heap of its own (about 100 MiB
 * at its peak while parsing), and the main one is already there.
 *
 * Why `--concurrency 2` used to be slower than a serial run on 2 cores (issue #17): the
 * serial run's memory bound (memory.ts: V8's heap growing factor at 1.2) is a process-wide
 * flag, and the workers set it too. With two heaps each collecting that often, the GC's
 * concurrent marking took the cores the threads needed: 1,000 skills cost 15.5-17.5 CPU s
 * with two threads against 9.5-11.7 serial (two processes on half the skills each:
 * 13-14). Threads now leave the flag alone: 9.4-11.2 CPU s, 5.1-6.0 s wall against 6.2-6.9
 * serial (same run, load ~7), at ~310 MiB peak instead of ~165. So threads trade memory for
 * time, and `auto` (`chooseThreads`) takes them only when the work and the free cores it
 * measures say the time will come: on a loaded 2-core machine it stays serial.
 */
export type Concurrency = number | 'auto' | 'off';

export interface WorkerSpec {
  cwd: string;
  /** The main thread's resolved config, as a value: a worker never looks it up again. */
  config: ResolvedConfig;
  hosts?: string[];
  /** Record what rules read (the cache is on). */
  track: boolean;
  /** This thread's share of the run's budget of skill text (run-budget.ts). */
  maxBytes?: number;
  /** `false`: load no plugin (`--no-plugins`), as the main thread. */
  plugins?: boolean;
}

/** Skills per message: large enough that messaging is noise, small enough to balance the threads. */
const BATCH = 16;
const WORKER = new URL('./lint-worker.js', import.meta.url);

/**
 * `auto` gives each thread at least this much SKILL.md text to parse. A worker's start-up (code,
 * rules, plugins) costs ~0.2 CPU s, and 1 MiB of skills ~0.8-1 s serially (corpus-1000: 7 MiB
 * in 6-7 s), so a second thread saves at best half of that: below it, threads cost more than
 * they save, in time and in memory (every thread is a V8 heap of its own).
 */
export const MIN_BYTES_PER_THREAD = 1 << 20;
/** At most this many threads for `auto`: the main thread also runs the catalog rules and takes every worker's results. */
const MAX_AUTO_THREADS = 4;
/** A core counts as free when this much of it is idle: sampling is coarse (10 ms jiffies) and the run's own start-up is noise. */
const FREE_CORE = 0.8;
/** Free memory `auto` wants for each thread beyond the first: a worker's heap peaks at ~100-150 MiB while parsing. */
export const MEMORY_PER_THREAD = 256 * 2 ** 20;

/** The worker script exists (compiled dist/ or the bundle); under a TypeScript test runner it does not, and lint runs serially. */
export function workerAvailable(): boolean {
  try {
    return fs.existsSync(fileURLToPath(WORKER));
  } catch {
    return false;
  }
}

/** What the thread count is decided from (measured by `decideThreads`; handed in by tests). */
export interface ThreadInputs {
  concurrency: Concurrency | undefined;
  /** Skills to parse and check (the cache did not answer them). */
  jobs: number;
  /** Their SKILL.md files' bytes. */
  bytes: number;
  /** Cores this process may run on (os.availableParallelism()). */
  cores: number;
  /** Cores other work leaves free (free-cores.ts), or undefined where that is not measurable. */
  free: number | undefined;
  /** Bytes of memory free (os.freemem()). */
  memory: number;
  /** TIMING is set: per-rule timing measures one thread's work. */
  timing?: boolean;
}

/** How many threads (the main one included) lint, and why, as `--debug` prints it. */
export interface ThreadChoice {
  threads: number;
  reason: string;
}

const mib = (bytes: number): string => `${(bytes / 2 ** 20).toFixed(1)} MiB`;

/**
 * The thread count. A number is taken as asked (no more threads than skills); `off` is one.
 * `auto` (the default) is one thread unless both the work and the machine have room for more:
 * the skills' text gives each thread at least 1 MiB (`MIN_BYTES_PER_THREAD`), and each thread
 * has a core that other work leaves free (measured: free-cores.ts) and 256 MiB of free memory,
 * up to 4. Where the load
 * cannot be measured (Windows), half the cores, as ESLint's `--concurrency auto`. So on a
 * 2-core machine with another job running, `auto` stays serial and memory is not doubled for
 * no gain.
 */
export function chooseThreads(inputs: ThreadInputs): ThreadChoice {
  const { concurrency, jobs, bytes, cores, free } = inputs;
  if (concurrency === 'off') return { threads: 1, reason: '--concurrency off' };
  if (typeof concurrency === 'number') {
    const threads = Math.max(1, Math.min(Math.floor(concurrency), jobs));
    return { threads, reason: `--concurrency ${concurrency}${threads < concurrency ? `, ${jobs} skill${jobs === 1 ? '' : 's'} to lint` : ''}` };
  }
  const work = `${jobs} skill${jobs === 1 ? '' : 's'} to lint, ${mib(bytes)}`;
  if (inputs.timing) return { threads: 1, reason: 'auto: TIMING is set (per-rule timing measures one thread)' };
  const byWork = Math.min(Math.floor(bytes / MIN_BYTES_PER_THREAD), Math.floor(jobs / BATCH));
  if (byWork < 2) return { threads: 1, reason: `auto: ${work}, too little for a second thread (${mib(MIN_BYTES_PER_THREAD)} each)` };
  const byCores = free === undefined ? Math.floor(cores / 2) : Math.floor(free + (1 - FREE_CORE));
  const seen = free === undefined ? `${cores} cores, load not measurable` : `${free.toFixed(1)} of ${cores} cores free`;
  const byMemory = 1 + Math.floor(inputs.memory / MEMORY_PER_THREAD);
  const threads = Math.max(1, Math.min(byWork, byCores, byMemory, MAX_AUTO_THREADS));
  return { threads, reason: `auto: ${work}, ${seen}${byMemory < Math.min(byWork, byCores, MAX_AUTO_THREADS) ? `, ${(inputs.memory / 2 ** 20).toFixed(0)} MiB of memory free` : ''}` };
}

/**
 * `chooseThreads` for the skill folders `dirs`: their SKILL.md sizes (lstat: a link is not
 * read, so it weighs nothing) and, only when the work could use a second thread, the free
 * cores measured now.
 */
export async function decideThreads(concurrency: Concurrency | undefined, dirs: readonly string[]): Promise<ThreadChoice> {
  const cores = os.availableParallelism();
  const inputs: ThreadInputs = { concurrency, jobs: dirs.length, bytes: 0, cores, free: undefined, memory: os.freemem(), timing: !!process.env.TIMING };
  if (concurrency === undefined || concurrency === 'auto') {
    if (dirs.length >= 2 * BATCH) for (const dir of dirs) inputs.bytes += skillMdBytes(dir);
    // Measured only when the work alone would take a second thread: a small run waits for nothing.
    if (!inputs.timing && chooseThreads({ ...inputs, free: cores }).threads > 1) inputs.free = await measureFreeCores(cores);
  }
  return chooseThreads(inputs);
}

function skillMdBytes(dir: string): number {
  try {
    const st = fs.lstatSync(path.join(dir, 'SKILL.md'));
    return st.isFile() ? st.size : 0;
  } catch {
    return 0;
  }
}

/** Parses a `--concurrency` value: a positive count, `auto` or `off`; undefined when invalid. */
export function parseConcurrency(value: string): Concurrency | undefined {
  if (value === 'auto' || value === 'off') return value;
  if (/^[1-9][0-9]*$/.test(value)) return Number(value);
  return undefined;
}

interface Batch {
  start: number;
  end: number;
}

/**
 * Runs every job: `local` on the main thread between worker messages, the rest in
 * `threads - 1` workers. `accept(i, outcome)` receives each job's result (in no
 * particular order). A worker that fails (it could not load a plugin, it ran out of
 * memory) hands its unfinished batch back to the main thread: the run completes.
 */
export async function runParallel(dirs: readonly string[], threads: number, spec: WorkerSpec, local: (dir: string) => SkillOutcome, accept: (index: number, outcome: SkillOutcome) => void): Promise<void> {
  let next = 0;
  const returned: number[] = [];
  const inFlight = new Map<Worker, Batch>();
  const workers: Worker[] = [];
  let wake: (() => void) | undefined;
  const notify = (): void => {
    const w = wake;
    wake = undefined;
    w?.();
  };

  const feed = (worker: Worker): void => {
    if (next >= dirs.length) {
      inFlight.delete(worker);
      notify();
      return;
    }
    const batch = { start: next, end: Math.min(dirs.length, next + BATCH) };
    next = batch.end;
    inFlight.set(worker, batch);
    worker.postMessage({ start: batch.start, dirs: dirs.slice(batch.start, batch.end) });
  };
  const fail = (worker: Worker): void => {
    const batch = inFlight.get(worker);
    inFlight.delete(worker);
    if (batch) for (let i = batch.start; i < batch.end; i++) returned.push(i);
    notify();
  };

  for (let t = 1; t < threads; t++) {
    let worker: Worker;
    try {
      // A worker's young generation defaults smaller than the main thread's: parsing then
      // promotes far more garbage (1,000 skills: 9.6 s in one worker with the default, 8.7 s with 64 MiB).
      worker = new Worker(WORKER, { workerData: spec, resourceLimits: { maxYoungGenerationSizeMb: 64 } });
    } catch {
      break; // e.g. the spec cannot be cloned: the main thread does it all
    }
    workers.push(worker);
    let done = false;
    worker.on('message', (message: { ready?: true; start?: number; outcomes?: SkillOutcome[] }) => {
      if (message.outcomes && message.start !== undefined) {
        message.outcomes.forEach((o, k) => accept(message.start! + k, o));
      }
      feed(worker);
    });
    worker.on('error', () => {
      if (!done) fail(worker);
      done = true;
    });
    worker.on('exit', () => {
      if (!done) fail(worker);
      done = true;
    });
    // Counted as in flight until ready, so the main thread waits for its first batch.
    inFlight.set(worker, { start: 0, end: 0 });
  }

  try {
    for (;;) {
      if (returned.length) {
        const i = returned.pop()!;
        accept(i, local(dirs[i]!));
      } else if (next < dirs.length) {
        const i = next++;
        accept(i, local(dirs[i]!));
      } else if (inFlight.size) {
        await new Promise<void>((resolve) => (wake = resolve));
        continue;
      } else {
        break;
      }
      // Let workers' messages in: each asks for its next batch.
      await new Promise<void>((resolve) => setImmediate(resolve));
    }
  } finally {
    await Promise.all(workers.map((w) => w.terminate()));
  }
}
