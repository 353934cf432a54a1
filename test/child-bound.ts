import childProcess from 'node:child_process';
import { syncBuiltinESMExports } from 'node:module';

/**
 * The suite has no time limits (vitest.config.ts: testTimeout and hookTimeout 0): how long a test
 * takes depends on the machine, and none may fail for being slow. What stops a hang instead is each
 * child process's own bound: every child a test spawns through node:child_process (the CLI, npm,
 * git, pre-commit, chromium) is killed with SIGKILL after CHILD_BOUND_MS unless the test gave a
 * timeout of its own. 30 minutes is far beyond any working command here (the slowest, the published
 * pre-commit hook's npm install, takes under a minute on an idle machine) and short of CI's 90.
 */
export const CHILD_BOUND_MS = 30 * 60_000;

type Fn = (...args: unknown[]) => unknown;
const PATCHED = Symbol.for('skillc.test.childBound');

/** Options with the bound added when the caller set no timeout (`timeout: 0` too means none). */
function bounded(options: unknown): Record<string, unknown> {
  const o = (options && typeof options === 'object' ? options : {}) as Record<string, unknown>;
  return typeof o.timeout === 'number' && o.timeout > 0 ? o : { ...o, timeout: CHILD_BOUND_MS, killSignal: o.killSignal ?? 'SIGKILL' };
}

/**
 * Wraps spawn, spawnSync, execFile, execFileSync, exec and execSync so that a call without a
 * timeout gets CHILD_BOUND_MS, then updates the named ESM exports (`import { spawnSync } from
 * 'node:child_process'`) to the wrappers. Idempotent: test files share workers.
 */
export function boundChildProcesses(): void {
  const cp = childProcess as unknown as Record<string | symbol, unknown>;
  if (cp[PATCHED]) return;
  cp[PATCHED] = true;
  for (const name of ['spawn', 'spawnSync', 'execFile', 'execFileSync', 'exec', 'execSync']) cp[name] = withBound(cp[name] as Fn);
  syncBuiltinESMExports();
}

/** A child_process function whose calls without a timeout get CHILD_BOUND_MS (exported for its test). */
// (command, args?, options?, callback?) and (command, options?, callback?): the options are the first plain object after the command.
export const withBound = (original: Fn): Fn =>
  function (this: unknown, ...args: unknown[]) {
    const at = args.findIndex((a, i) => i > 0 && a !== null && typeof a === 'object' && !Array.isArray(a));
    if (at >= 0) args[at] = bounded(args[at]);
    else {
      // No options: they go after the argument list when there is one, before a callback.
      const insertAt = Array.isArray(args[1]) ? 2 : 1;
      args.splice(Math.min(insertAt, args.length), 0, bounded(undefined));
    }
    return original.apply(this, args);
  };
