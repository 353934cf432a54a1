#!/usr/bin/env node
// `prepack`: the packed package.json goes out without the `prepare` script; `postpack` puts it back.
// `prepare` compiles dist/ in a clone (scripts/compile.mjs); a packed copy ships dist/ and has nothing
// to compile, and npm 11 warns about (and blocks) `prepare` in a package installed from a tarball.
// The original bytes are kept beside the manifest while npm packs, so a failed pack that skips
// `postpack` is undone by the next `strip` or `restore`.
import fs from 'node:fs';

const manifest = new URL('../package.json', import.meta.url);
const saved = new URL('../package.json.prepack', import.meta.url);
const mode = process.argv[2];

if (mode === 'strip') {
  if (fs.existsSync(saved)) fs.copyFileSync(saved, manifest);
  const text = fs.readFileSync(manifest, 'utf8');
  const pkg = JSON.parse(text);
  if (pkg.scripts?.prepare === undefined) process.exit(0);
  fs.writeFileSync(saved, text);
  delete pkg.scripts.prepare;
  fs.writeFileSync(manifest, `${JSON.stringify(pkg, null, 2)}\n`);
} else if (mode === 'restore') {
  if (fs.existsSync(saved)) {
    fs.copyFileSync(saved, manifest);
    fs.rmSync(saved);
  }
} else {
  console.error('usage: pack-manifest.mjs strip|restore');
  process.exit(2);
}
