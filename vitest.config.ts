import { availableParallelism } from 'node:os';
import { configDefaults, defineConfig } from 'vitest/config';

/**
 * The files that must run alone in their worker: the rehearsal tests switch the process to the
 * system's temporary folder (test/rehearse/helpers.ts says why) and probe the sandbox from there.
 */
const ISOLATED = ['test/rehearse/**/*.test.ts', 'test/security/rehearse-sandbox.test.ts'];

export default defineConfig({
  test: {
    globalSetup: ['test/global-setup.ts'],
    setupFiles: ['test/setup.ts'],
    // A hang guard, not a speed limit: end-to-end tests spawn the CLI and take a few seconds
    // idle, several times that on a loaded 2-core machine. Speed is measured in bench/.
    testTimeout: 60_000,
    pool: 'forks',
    // Vitest's default is one worker fewer than the cores: a single worker on a 2-core machine, with
    // the other core idle whenever a test waits on a child process. Files are independent (each
    // writes only its own temporary folders; the checkout is read-only to tests), so use them all.
    maxWorkers: Math.max(2, availableParallelism()),
    projects: [
      {
        // Importing src/ (the engine, ts-morph for the build) once per worker instead of once per file
        // saves about a fifth of the suite. What a file leaves in the process is reset by test/setup.ts
        // (temporary folder) or by the code itself (resolving a config forgets earlier custom hosts).
        extends: true,
        test: { name: 'shared', include: ['test/**/*.test.ts'], exclude: [...configDefaults.exclude, ...ISOLATED], isolate: false },
      },
      { extends: true, test: { name: 'isolated', include: ISOLATED } },
    ],
  },
});
