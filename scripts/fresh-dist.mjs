#!/usr/bin/env node
// Compiles dist/ (scripts/compile.mjs) only when it is missing or older than what it is
// built from: `npm run build:skills` runs the compiled code, and a checkout that brought
// new sources (or a clone whose install compiled nothing) must not run a stale dist/.
// The check is by modification time over src/ (its folders too: a deleted file changes
// its folder's time) and the compile inputs, ~5 ms for this repo.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';

const root = new URL('..', import.meta.url);
const stamp = new URL('dist/cli/main.js', root);
const inputs = ['tsconfig.json', 'tsconfig.build.json', 'scripts/compile.mjs', 'schema/skillc.config.schema.json', 'package.json'];

function newest(dir) {
  let t = fs.statSync(dir).mtimeMs;
  for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
    const p = `${dir}/${e.name}`;
    t = Math.max(t, e.isDirectory() ? newest(p) : fs.statSync(p).mtimeMs);
  }
  return t;
}

function stale() {
  // A packed copy has no sources: its dist/ is what it ships.
  if (!fs.existsSync(new URL('src', root))) return false;
  let built;
  try {
    built = fs.statSync(stamp).mtimeMs;
  } catch {
    return true;
  }
  const sources = Math.max(newest(new URL('src', root).pathname), ...inputs.map((f) => (fs.existsSync(new URL(f, root)) ? fs.statSync(new URL(f, root)).mtimeMs : 0)));
  return sources > built;
}

if (stale()) {
  try {
    execFileSync(process.execPath, [new URL('compile.mjs', import.meta.url).pathname], { stdio: 'inherit' });
  } catch {
    process.exit(1);
  }
}
