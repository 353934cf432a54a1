import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    globalSetup: ['test/global-setup.ts'],
    // A hang guard, not a speed limit: end-to-end tests spawn the CLI and take a few seconds
    // idle, several times that on a loaded 2-core machine. Speed is measured in bench/.
    testTimeout: 60_000,
    pool: 'forks',
    // Vitest's default is one worker fewer than the cores: a single worker on a 2-core machine, with
    // the other core idle whenever a test waits on a child process. Files are independent (each
    // writes only its own temporary folders; the checkout is read-only to tests), so use them all.
    maxWorkers: Math.max(2, availableParallelism()),
  },
});
