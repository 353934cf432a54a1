import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { sandboxProbe } from '../../src/rehearse/sandbox.js';
import { tempDir, cliEnv } from '../helpers.js';

// Rehearse tests use the system's temp folder, as a user's run does, not the test run's
// private one (test/global-setup.ts): the sandbox drops to `nobody` when run as root, who
// cannot enter a private folder, and it mounts its own /tmp, where a case's write to a
// nested private folder fails as missing rather than read-only. Their folders are still
// removed by `tempDir`.
if ('SKILLC_TEST_SYSTEM_TMPDIR' in process.env) {
  if (process.env.SKILLC_TEST_SYSTEM_TMPDIR) process.env.TMPDIR = process.env.SKILLC_TEST_SYSTEM_TMPDIR;
  else delete process.env.TMPDIR;
}

export const repo = path.resolve(import.meta.dirname, '../..');
export const bin = path.join(repo, 'bin', 'skillc.js');

export interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

const sandboxed = sandboxProbe().ok;

/**
 * Runs the real CLI in a child process without blocking the event loop (tests serve sockets meanwhile).
 * Where no sandbox works (no bwrap), `rehearse` gets --unsandboxed, so the checks that do not depend
 * on the walls still run; the tests of the walls skip themselves, and those of the refusal set
 * SKILLC_REHEARSE_NO_SANDBOX themselves.
 */
export function skillc(args: string[], cwd: string, env: Record<string, string> = {}): Promise<Run> {
  if (!sandboxed && args[0] === 'rehearse' && !('SKILLC_REHEARSE_NO_SANDBOX' in env) && !args.includes('--unsandboxed')) args = [...args, '--unsandboxed'];
  return new Promise((resolve) => {
    execFile(process.execPath, [bin, ...args], { cwd, encoding: 'utf8', env: cliEnv({ ...(process.env.SKILLC_REHEARSE_NO_SANDBOX ? { SKILLC_REHEARSE_NO_SANDBOX: process.env.SKILLC_REHEARSE_NO_SANDBOX } : {}), ...env }) }, (error, stdout, stderr) => {
      resolve({ code: error ? (typeof error.code === 'number' ? error.code : null) : 0, stdout, stderr });
    });
  });
}

export const netnsWorks = sandboxed;

/** Writes files (relative path -> content) under a fresh temporary folder (outside any skillc project). */
export function tree(files: Record<string, string>, modes: Record<string, number> = {}): string {
  const root = fs.realpathSync(tempDir('skillc-rh-test-'));
  for (const [rel, content] of Object.entries(files)) {
    const p = path.join(root, rel);
    fs.mkdirSync(path.dirname(p), { recursive: true });
    fs.writeFileSync(p, content, { mode: modes[rel] ?? 0o644 });
  }
  return root;
}

export interface JsonCase {
  case: string;
  kind: string;
  expected?: string;
  actual: string;
  ok: boolean;
  firstFailure?: { id: string; message: string; evidence?: string };
  checks: { id: string; ok: boolean; message: string; evidence?: string }[];
  captures: { effect: string; [k: string]: unknown }[];
}

export function byCase(stdout: string): Map<string, JsonCase> {
  const doc = JSON.parse(stdout) as { cases: JsonCase[] };
  return new Map(doc.cases.map((c) => [c.case, c]));
}

/** Pids of the processes on this machine whose command line contains `marker` (Linux /proc). */
export function processesRunning(marker: string): number[] {
  const found: number[] = [];
  for (const e of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(e) || Number(e) === process.pid) continue;
    try {
      const cmd = fs.readFileSync(`/proc/${e}/cmdline`, 'utf8');
      const state = /^State:\s+(\w)/m.exec(fs.readFileSync(`/proc/${e}/status`, 'utf8'))?.[1];
      if (cmd.includes(marker) && state !== 'Z' && state !== 'X') found.push(Number(e));
    } catch {
      // gone meanwhile
    }
  }
  return found;
}
