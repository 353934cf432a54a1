import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/**
 * Where the run's temporary folder goes: /dev/shm (memory) when it has room, else the
 * system's. Most end-to-end tests build, copy and delete whole output trees; on a disk
 * mounted with `discard` (this project's CI VM) each delete is a TRIM, and creating and
 * removing 300 small folders took 20x longer in /tmp than in /dev/shm.
 */
function base(): string {
  try {
    const st = fs.statfsSync('/dev/shm');
    if (st.bavail * st.bsize >= 1024 ** 3) return '/dev/shm';
  } catch {
    // not Linux, or no /dev/shm
  }
  return os.tmpdir();
}

/**
 * Each run of the suite gets its own temporary folder (TMPDIR, inherited by the test
 * workers and the CLI processes they spawn with the environment) and removes it at the
 * end: a test that forgets to clean up, or one killed by a timeout, leaves nothing behind.
 * Test files still remove their own folders (test/helpers.ts `tempDir`), so the disk
 * does not fill during a run. The system's TMPDIR is passed on as SKILLC_TEST_SYSTEM_TMPDIR
 * (empty when unset) for the tests that need the real one (test/rehearse/helpers.ts).
 */
export default function setup(): () => void {
  // vitest.config.ts has two projects and runs this once for each: the first run's folder serves both.
  if (process.env.SKILLC_TEST_RUN_TMPDIR) return () => undefined;
  const dir = fs.mkdtempSync(path.join(base(), 'skillc-vitest-'));
  const previous = process.env.TMPDIR;
  process.env.SKILLC_TEST_SYSTEM_TMPDIR = previous ?? '';
  process.env.TMPDIR = dir;
  process.env.SKILLC_TEST_RUN_TMPDIR = dir;
  // The cache key skillc makes in the user's cache folder (core/machine-key.ts) goes into the run's folder too.
  const previousCache = process.env.XDG_CACHE_HOME;
  process.env.XDG_CACHE_HOME = path.join(dir, 'xdg-cache');
  return () => {
    if (previousCache === undefined) delete process.env.XDG_CACHE_HOME;
    else process.env.XDG_CACHE_HOME = previousCache;
    if (previous === undefined) delete process.env.TMPDIR;
    else process.env.TMPDIR = previous;
    delete process.env.SKILLC_TEST_SYSTEM_TMPDIR;
    delete process.env.SKILLC_TEST_RUN_TMPDIR;
    fs.rmSync(dir, { recursive: true, force: true });
  };
}
