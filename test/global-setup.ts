import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/**
 * Each run of the suite gets its own temporary folder (TMPDIR, inherited by the test
 * workers and the CLI processes they spawn with the environment) and removes it at the
 * end: a test that forgets to clean up, or one killed by a timeout, leaves nothing in /tmp.
 * Test files still remove their own folders (test/helpers.ts `tempDir`), so the disk
 * does not fill during a run.
 */
export default function setup(): () => void {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'skillc-vitest-'));
  const previous = process.env.TMPDIR;
  process.env.TMPDIR = dir;
  return () => {
    if (previous === undefined) delete process.env.TMPDIR;
    else process.env.TMPDIR = previous;
    fs.rmSync(dir, { recursive: true, force: true });
  };
}
