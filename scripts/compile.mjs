#!/usr/bin/env node
// Compiles src/ to dist/ so the `skillc` bin starts without a TypeScript loader.
// Runs as `prepare`: after `npm ci`/`npm install` in this repo, before `npm pack`/`npm publish`, and
// when npm installs skillc from a git URL (npm clones, installs dev dependencies, runs prepare, packs).
// npm never runs `prepare` when it installs the published tarball, so the package has no install
// script (npm 11 warns about each one). The repo's .npmrc sets foreground-scripts=false so that
// `npm pack` prints only the tarball's name on stdout: pre-commit's `language: node` reads it there.
// `npm test` compiles again first, so dist/ is never stale under the tests.
import { execFileSync } from 'node:child_process';
import { copyFileSync, rmSync, writeFileSync } from 'node:fs';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
const require = createRequire(import.meta.url);
// A packed copy ships dist/ and no sources: nothing to compile, even where a TypeScript happens to be
// resolvable from a parent folder.
if (!existsSync(new URL('../src', import.meta.url)) || !existsSync(new URL('../tsconfig.build.json', import.meta.url))) {
  if (existsSync(new URL('../dist/cli/main.js', import.meta.url))) process.exit(0);
  console.error('skillc: this package has neither sources nor dist/; reinstall it');
  process.exit(2);
}
let tsc;
try {
  // tsc is TypeScript 7, installed as `@typescript/native` beside TypeScript 6's JS API under the
  // name `typescript` (which typescript-eslint needs); its exports hide bin/, its package.json is exported.
  tsc = new URL('bin/tsc', `file://${require.resolve('@typescript/native/package.json')}`).pathname;
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

// Startup (the pre-commit case: one skill, a fresh process) is mostly module loading.
// 1. The config's JSON Schema validator, generated once here (ajv standalone) instead of compiled by ajv on every run.
try {
  const Ajv = require('ajv');
  const standalone = require('ajv/dist/standalone').default;
  const { readFileSync, writeFileSync } = await import('node:fs');
  const schema = JSON.parse(readFileSync(new URL('../schema/skillc.config.schema.json', import.meta.url), 'utf8'));
  const ajv = new Ajv({ allErrors: true, strict: false, code: { source: true } });
  writeFileSync(new URL('../dist/config/config-validator.cjs', import.meta.url), standalone(ajv, ajv.compile(schema)));
} catch (error) {
  console.error(`skillc: no precompiled config validator (${error instanceof Error ? error.message : error}); ajv compiles it at run time`);
}
// 2. The CLI as one ESM bundle with a chunk per command (esbuild, when installed: it comes with vite and tsx),
// so a run resolves and loads a few files instead of hundreds. ts-morph and ajv stay outside (loaded on demand).
// bin/skillc.js uses dist/bundle/ when it is there, else dist/cli/.
// The public entries (`skillc`, `skillc/plugin`, `skillc/testing`) are entries of the same build, so
// they share its chunks (one instance of each module, whichever entry loaded it first): importing
// `skillc` loaded ~600 modules, ~0.5 s of CPU before a build script (`npm run build:skills`) began.
const PUBLIC_ENTRIES = ['index', 'plugin', 'testing'];
try {
  const esbuild = require('esbuild');
  await esbuild.build({
    entryPoints: {
      main: new URL('../dist/cli/main.js', import.meta.url).pathname,
      'lint-worker': new URL('../dist/lint/lint-worker.js', import.meta.url).pathname,
      ...Object.fromEntries(PUBLIC_ENTRIES.map((e) => [e, new URL(`../dist/${e}.js`, import.meta.url).pathname])),
    },
    outdir: new URL('../dist/bundle', import.meta.url).pathname,
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    // tsx stays outside: its API registers loader files by paths relative to its own module.
    external: ['ts-morph', 'ajv', 'ajv/*', 'typescript', 'tsx', 'tsx/*'],
    banner: { js: "import { createRequire as __skillcRequire } from 'node:module'; const require = __skillcRequire(import.meta.url);" },
    logLevel: 'warning',
  });
  // The bundle's chunks resolve './config-validator.cjs' next to themselves (config.ts): without this
  // copy every bundled run fell back to compiling the schema with ajv (~0.1-0.2 s of each lint).
  const validator = new URL('../dist/config/config-validator.cjs', import.meta.url);
  if (existsSync(validator)) copyFileSync(validator, new URL('../dist/bundle/config-validator.cjs', import.meta.url));
  // The package's entries (package.json `exports`, typed by dist/<entry>.d.ts) become the bundle's. Each
  // entry's exports are named (none has a default), so `export *` re-exports all of them.
  for (const e of PUBLIC_ENTRIES) writeFileSync(new URL(`../dist/${e}.js`, import.meta.url), `// The bundled entry (scripts/compile.mjs); src/${e}.ts is its source.\nexport * from './bundle/${e}.js';\n`);
} catch (error) {
  console.error(`skillc: CLI not bundled (${error instanceof Error ? error.message : error}); bin/skillc.js runs dist/cli/`);
}
