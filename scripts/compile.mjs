#!/usr/bin/env node
// Compiles src/ to dist/ so the `skillc` bin starts without a TypeScript loader.
// Runs as `prepare` (after `npm ci`) and before the tests, so dist/ is never stale there.
import { execFileSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import { createRequire } from 'node:module';
const require = createRequire(import.meta.url);
let tsc;
try {
  // typescript@7's exports hide bin/; its package.json is exported.
  tsc = new URL('bin/tsc', `file://${require.resolve('typescript/package.json')}`).pathname;
} catch {
  console.error('skillc: typescript is not installed; run `npm ci` first');
  process.exit(2);
}
rmSync(new URL('../dist', import.meta.url), { recursive: true, force: true });
try {
  execFileSync(process.execPath, [tsc, '-p', 'tsconfig.build.json'], { stdio: 'inherit', cwd: new URL('..', import.meta.url) });
} catch {
  process.exit(1);
}
