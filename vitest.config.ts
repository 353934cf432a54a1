import fs from 'node:fs';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { configDefaults, defineConfig } from 'vitest/config';

/**
 * The files that must run alone in their worker: those importing test/rehearse/helpers.ts, which
 * switches the process to the system's temporary folder when it loads (it says why) and probes the
 * sandbox from there. Found by their imports, so a new rehearsal test file cannot be forgotten here.
 */
const root = path.dirname(fileURLToPath(import.meta.url));
const REHEARSAL_HELPERS = 'test/rehearse/helpers.js';
const ISOLATED = (fs.readdirSync(path.join(root, 'test'), { recursive: true, encoding: 'utf8' }))
  .map((f) => path.posix.join('test', f.split(path.sep).join('/')))
  .filter((f) => f.endsWith('.test.ts') && importsOf(f).includes(REHEARSAL_HELPERS));

/** The relative modules a test file imports, as paths from the repository root. */
function importsOf(file: string): string[] {
  const specifiers = fs.readFileSync(path.join(root, file), 'utf8').matchAll(/\bfrom '(\.\.?\/[^']+)'/g);
  return [...specifiers].map((m) => path.posix.join(path.posix.dirname(file), m[1]!));
}

export default defineConfig({
  test: {
    globalSetup: ['test/global-setup.ts'],
    setupFiles: ['test/setup.ts'],
    // No time limits: how long a test takes depends on the machine, and no test may fail for
    // being slow (a loaded 2-core machine runs the CLI several times slower than an idle one).
    // A hang is stopped by the child process's own bound instead: every child a test spawns is
    // killed after 30 minutes unless the test gave a timeout of its own (test/child-bound.ts, set
    // up for every file by test/setup.ts), so a hung CLI, npm or pre-commit fails its test. (The
    // `beforeAll` that packs the tarball took ~7 s idle and passed the old 10 s hook limit under
    // load: it now has no limit to pass.) Speed is measured in bench/.
    testTimeout: 0,
    hookTimeout: 0,
    pool: 'forks',
    // Vitest's default is one worker fewer than the cores: a single worker on a 2-core machine, with
    // the other core idle whenever a test waits on a child process. Files are independent (each
    // writes only its own temporary folders; the checkout is read-only to tests), so use them all.
    maxWorkers: Math.max(2, availableParallelism()),
    projects: [
      {
        // Importing src/ (the engine, ts-morph for the build) once per worker instead of once per file
        // saves about a fifth of the suite. What a file leaves in the process is reset by test/setup.ts
        // (temporary folder); src/ keeps no module state to reset (test/architecture/module-state.test.ts).
        extends: true,
        test: { name: 'shared', include: ['test/**/*.test.ts'], exclude: [...configDefaults.exclude, ...ISOLATED], isolate: false },
      },
      { extends: true, test: { name: 'isolated', include: ISOLATED } },
    ],
  },
});
