/**
 * How long a rehearsal may take: each command has a timeout (at most
 * MAX_TIMEOUT_S), a case's commands share CASE_TIME_BUDGET_S, and a whole
 * `skillc rehearse` run shares its time budget (`--time-budget`, default
 * DEFAULT_RUN_TIME_BUDGET_S). A command gets the least of what is left of the
 * three; a case reached after the run's budget is used up is not rehearsed.
 * Measured on a monotonic clock (`performance.now()`), so a clock change
 * cannot stretch them.
 */
import { performance } from 'node:perf_hooks';

/** Seconds a command may run when neither case.yaml, the trace nor `--timeout` says. */
export const DEFAULT_TIMEOUT_S = 10;
/** The most seconds one command may run (case.yaml `timeout`, a trace command's `timeout`, `--timeout`). */
export const MAX_TIMEOUT_S = 600;
/** The most seconds a case's commands may run in all, whatever each one's timeout. */
export const CASE_TIME_BUDGET_S = 600;
/** The most seconds one `skillc rehearse` run spends, by default (`--time-budget`). */
export const DEFAULT_RUN_TIME_BUDGET_S = 3600;

/** A point in time a budget ends, and how to name that budget in a message. */
export interface Deadline {
  /** `performance.now()` milliseconds. */
  at: number;
  /** e.g. "the case's time budget (600 s for all its commands)". */
  what: string;
}

export const now = (): number => performance.now();

export function caseDeadline(): Deadline {
  return { at: now() + CASE_TIME_BUDGET_S * 1000, what: `the case's time budget (${CASE_TIME_BUDGET_S} s for all its commands)` };
}

export function runDeadline(seconds: number): Deadline {
  return { at: now() + seconds * 1000, what: `the rehearsal's time budget (${seconds} s for the whole run, --time-budget)` };
}

/**
 * How long the next command may run: its own timeout, or less when a budget
 * ends sooner (`by` names that budget). `ms` is 0 when one is used up.
 */
export function commandTime(ownMs: number, deadlines: readonly Deadline[]): { ms: number; by?: Deadline } {
  let ms = ownMs;
  let by: Deadline | undefined;
  const t = now();
  for (const d of deadlines) {
    const left = Math.max(0, Math.floor(d.at - t));
    if (left < ms) {
      ms = left;
      by = d;
    }
  }
  return by ? { ms, by } : { ms };
}
