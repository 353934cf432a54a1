#!/usr/bin/env node
// The CLI entry. dist/ is compiled by `npm run compile` (run by `prepare` after `npm ci`).
import { existsSync } from 'node:fs';
// The bundled CLI (scripts/compile.mjs) starts faster; dist/cli/ is the same code unbundled.
const { main } = existsSync(new URL('../dist/bundle/main.js', import.meta.url)) ? await import('../dist/bundle/main.js') : await import('../dist/cli/main.js');
// A reader that stops early (`skillc rules | head -1`) closes the pipe: end quietly with 0, as git and eslint do.
for (const stream of [process.stdout, process.stderr]) {
  stream.on('error', (error) => {
    if (error && error.code === 'EPIPE') process.exit(0);
    throw error;
  });
}
main(process.argv.slice(2)).then(
  (code) => { process.exitCode = code; },
  (error) => {
    process.stderr.write(`skillc: internal error: ${error instanceof Error ? error.stack ?? error.message : String(error)}\n`);
    process.exitCode = 2;
  },
);
