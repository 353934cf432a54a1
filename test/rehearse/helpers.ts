import { execFile, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { tempDir } from '../helpers.js';

// The sandbox remounts every mount read-only but /dev (and its own folders), so under
// /dev/shm, where test runs put TMPDIR (test/global-setup.ts), nothing would be made
// read-only and the tests of the read-only sandbox would skip. Rehearse tests use the disk.
if (process.env.SKILLC_TEST_DISK_TMPDIR) process.env.TMPDIR = process.env.SKILLC_TEST_DISK_TMPDIR;

export const repo = path.resolve(import.meta.dirname, '../..');
export const bin = path.join(repo, 'bin', 'skillc.js');

export interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Runs the real CLI in a child process without blocking the event loop (tests serve sockets meanwhile). */
export function skillc(args: string[], cwd: string, env: Record<string, string> = {}): Promise<Run> {
  return new Promise((resolve) => {
    execFile(process.execPath, [bin, ...args], { cwd, encoding: 'utf8', env: { PATH: process.env.PATH ?? '', NO_COLOR: '1', ...env }, timeout: 60_000 }, (error, stdout, stderr) => {
      resolve({ code: error ? (typeof error.code === 'number' ? error.code : null) : 0, stdout, stderr });
    });
  });
}

export const netnsWorks = process.platform === 'linux' && spawnSync('unshare', ['-rn', 'true'], { stdio: 'ignore' }).status === 0;

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
