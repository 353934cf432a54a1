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
    // A hang guard, not a speed limit: end-to-end tests spawn the CLI and take a few seconds
    // idle, several times that on a loaded 2-core machine. Speed is measured in bench/.
    testTimeout: 60_000,
    // The same guard for hooks: a `beforeAll` that packs the package (test/ecosystem/helpers.ts
    // `packTarball`) takes ~7 s idle and went past vitest's default 10 s under load.
    hookTimeout: 60_000,
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
