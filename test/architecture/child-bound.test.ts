import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { CHILD_BOUND_MS, withBound } from '../child-bound.js';

// The suite has no time limits; each child process a test spawns has its own (test/child-bound.ts).
describe('the child-process bound of the test suite', () => {
  const seen = (...args: unknown[]): unknown[] => {
    let got: unknown[] = [];
    withBound((...a: unknown[]) => (got = a))(...args);
    return got;
  };
  const cb = (): void => undefined;
  const bound = { timeout: CHILD_BOUND_MS, killSignal: 'SIGKILL' };

  it('adds the bound to every call shape without a timeout, and keeps a timeout given', () => {
    expect(seen('git')).toEqual(['git', bound]);
    expect(seen('git', ['status'])).toEqual(['git', ['status'], bound]);
    expect(seen('git', ['status'], { cwd: '/x' })).toEqual(['git', ['status'], { cwd: '/x', ...bound }]);
    expect(seen('node', ['-v'], cb)).toEqual(['node', ['-v'], bound, cb]);
    expect(seen('ls -l', cb)).toEqual(['ls -l', bound, cb]);
    expect(seen('ls -l', { encoding: 'utf8' }, cb)).toEqual(['ls -l', { encoding: 'utf8', ...bound }, cb]);
    expect(seen('git', [], { timeout: 5 })).toEqual(['git', [], { timeout: 5 }]);
    expect(seen('git', [], { timeout: 0, killSignal: 'SIGTERM' })).toEqual(['git', [], { timeout: CHILD_BOUND_MS, killSignal: 'SIGTERM' }]);
  });

  it('is in force for the named import tests use, and a timeout a test gives still kills', () => {
    // The named import is the wrapper (an anonymous function), not node's own `spawnSync`.
    expect(spawnSync.name).toBe('');
    const r = spawnSync(process.execPath, ['-e', 'setTimeout(() => {}, 60_000)'], { timeout: 200 });
    expect(r.signal).toBe('SIGTERM');
  });
});
