import { afterAll } from 'vitest';
import { boundChildProcesses } from './child-bound.js';
import { removeTempDirs } from './helpers.js';

// Runs before each test file, in its worker (vitest.config.ts `setupFiles`). Most files share
// their worker's modules with the files before them (`isolate: false`), so what one file changed
// in the process is put back here rather than trusted to have been undone:
// - the temporary folder is the run's own (test/global-setup.ts), whatever a file before set;
// - the folders `tempDir` made are removed when the file ends;
// - every child process a test spawns has its own bound (test/child-bound.ts): the suite has no time limits.
if (process.env.SKILLC_TEST_RUN_TMPDIR) process.env.TMPDIR = process.env.SKILLC_TEST_RUN_TMPDIR;
boundChildProcesses();
afterAll(removeTempDirs);
