import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    globalSetup: ['test/global-setup.ts'],
    // A hang guard, not a speed limit: end-to-end tests spawn the CLI and take a few seconds
    // idle, several times that on a loaded 2-core machine. Speed is measured in bench/.
    testTimeout: 60_000,
    pool: 'forks',
  },
});
