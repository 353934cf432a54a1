#!/usr/bin/env node
// The CLI entry. dist/ is compiled by `npm run compile` (run by `prepare` after `npm ci`).
import { existsSync } from 'node:fs';
// The bundled CLI (scripts/compile.mjs) starts faster; dist/cli/ is the same code unbundled.
const { main } = existsSync(new URL('../dist/bundle/main.js', import.meta.url)) ? await import('../dist/bundle/main.js') : await import('../dist/cli/main.js');
// A reader that stops early (`skillc lint | head -1`) closes the pipe. The rest of the output is
// dropped, quietly, and the run ends with its own exit code (1 when it found errors, as ESLint's),
// never 0 and never a crash: `set -o pipefail` and CI see the result the run had.
for (const stream of [process.stdout, process.stderr]) {
  let closed = false;
  const write = stream.write.bind(stream);
  stream.write = (chunk, encoding, callback) => {
    if (!closed) return write(chunk, encoding, callback);
    const done = typeof encoding === 'function' ? encoding : callback;
    if (typeof done === 'function') process.nextTick(done);
    return true;
  };
  stream.on('error', (error) => {
    if (error && error.code === 'EPIPE') {
      closed = true;
      return;
    }
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
