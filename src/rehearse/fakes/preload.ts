/**
 * Entry: the `--import` preload of every node process in the sandbox. Installs
 * each node fake of the registry, recording to the capture channel named in
 * settings.json (fixed at install), then makes `import { request } from
 * 'node:http'` see the fakes too.
 */
import { syncBuiltinESMExports } from 'node:module';
import { readSettings, recorder } from './fake.js';
import { NODE_FAKES } from './index.js';

const record = recorder(readSettings(new URL('.', import.meta.url)).captureLog);
for (const fake of NODE_FAKES) fake.install(record);
syncBuiltinESMExports();
