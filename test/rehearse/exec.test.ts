import fs from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { blockedFor } from '../../src/rehearse/bwrap.js';
import { killRunningCommands, runInSandbox, runningCommands } from '../../src/rehearse/exec.js';
import { createSandbox, removeSandbox, type Sandbox, sandboxMode } from '../../src/rehearse/sandbox.js';
import { tempDir } from '../helpers.js';
import { processesRunning, tree } from './helpers.js';

/** Every exit path of a command leaves nothing behind: no child, no timer holding the process open. */
const timers = (): number => process.getActiveResourcesInfo().filter((r) => r === 'Timeout').length;

describe('runInSandbox: every exit path', () => {
  let sb: Sandbox | undefined;
  const sandbox = (): Sandbox => {
    const skill = tree({ 'SKILL.md': '---\nname: p\ndescription: Use when probing.\n---\n# P\n' });
    sb = createSandbox(skill, undefined, () => false, sandboxMode(true));
    return sb;
  };
  afterEach(() => {
    if (sb) removeSandbox(sb);
    sb = undefined;
  });

  it('a spawn that throws (a NUL byte) reports it and leaves no timer and no command', async () => {
    const s = sandbox();
    const before = timers();
    const r = await runInSandbox(s, { argv: ['sh', '-c', 'sleep 71.81\0'], cwd: s.runDir, timeoutMs: 60_000 });
    expect(r.spawnError).toMatch(/null bytes/);
    expect(timers()).toBeLessThanOrEqual(before);
    expect(runningCommands()).toBe(0);
  });

  it('a command that cannot be found, one that times out and one that ends leave nothing running', async () => {
    const s = sandbox();
    const before = timers();
    const missing = await runInSandbox(s, { argv: ['/nonexistent/program'], cwd: s.runDir, timeoutMs: 60_000 });
    expect(missing.code !== 0 || missing.spawnError !== undefined).toBe(true);
    const hang = await runInSandbox(s, { argv: ['sh', '-c', 'sleep 71.82 & sleep 71.82'], cwd: s.runDir, timeoutMs: 300 });
    expect(hang.timedOut).toBe(true);
    const ok = await runInSandbox(s, { argv: ['true'], cwd: s.runDir, timeoutMs: 60_000 });
    expect(ok.code).toBe(0);
    expect(timers()).toBeLessThanOrEqual(before);
    expect(runningCommands()).toBe(0);
    expect(processesRunning('71.82')).toEqual([]);
  });

  it('killRunningCommands (what skillc runs on exit and on SIGINT/SIGTERM) kills a command still running', async () => {
    const s = sandbox();
    const pending = runInSandbox(s, { argv: ['sh', '-c', 'sleep 71.83'], cwd: s.runDir, timeoutMs: 60_000 });
    expect(runningCommands()).toBe(1);
    killRunningCommands();
    const r = await pending;
    expect(r.timedOut).toBe(false);
    expect(r.code === null || r.code !== 0).toBe(true);
    expect(runningCommands()).toBe(0);
    expect(processesRunning('71.83')).toEqual([]);
  });
});

describe('blockedFor: whether nobody can reach the sandbox', () => {
  it('names the first folder on the way that the user may not enter', () => {
    const open = tempDir('skillc-reach-');
    fs.chmodSync(open, 0o755);
    fs.mkdirSync(`${open}/closed/inner`, { recursive: true });
    fs.chmodSync(`${open}/closed`, 0o700);
    const other = (process.getuid?.() ?? 0) + 12345;
    // A folder above the temporary one may already be closed to that user (a private TMPDIR): then it is named.
    const above = blockedFor(open, other, other);
    expect(blockedFor(`${open}/closed/inner`, other, other)).toBe(above ?? `${open}/closed`);
    fs.chmodSync(`${open}/closed`, 0o711);
    expect(blockedFor(`${open}/closed/inner`, other, other)).toBe(above);
  });
});
