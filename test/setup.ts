import { afterAll } from 'vitest';
import { forgetCustomHosts } from '../src/hosts/index.js';
import { removeTempDirs } from './helpers.js';

// Runs before each test file, in its worker (vitest.config.ts `setupFiles`). Most files share
// their worker's modules with the files before them (`isolate: false`), so what one file changed
// in the process is put back here rather than trusted to have been undone:
// - the temporary folder is the run's own (test/global-setup.ts), whatever a file before set;
// - the known hosts are the built-in ones, as in a fresh process (a config a file before resolved
//   may have defined others: `customHosts`);
// - the folders `tempDir` made are removed when the file ends.
if (process.env.SKILLC_TEST_RUN_TMPDIR) process.env.TMPDIR = process.env.SKILLC_TEST_RUN_TMPDIR;
forgetCustomHosts();
afterAll(removeTempDirs);
