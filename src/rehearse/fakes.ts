/**
 * Installs the capture fakes (the modules of fakes/, one a fake, listed in
 * fakes/index.ts) into a sandbox's bin/: their compiled modules, the settings
 * that fix where captures go, and one wrapper a faked program, first on PATH
 * (and, under bubblewrap, bound over the real program: sandbox.ts). Node
 * children get the node fakes through the `--import` preload.
 */
import fs from 'node:fs';
import path from 'node:path';
import { packageRoot } from '../core/package.js';
import { SETTINGS_FILE, type FakeSettings } from './fakes/fake.js';
import { FAKED_PROGRAMS } from './fakes/index.js';

/** Where the fake modules go in bin/, and the two entries node runs there. */
export const FAKES_DIR = 'fakes';
export const SHIM_ENTRY = `${FAKES_DIR}/shim.js`;
export const PRELOAD_ENTRY = `${FAKES_DIR}/preload.js`;
/** The empty file the real git is bound over inside the sandbox (the fake hides the real one). */
export const REAL_GIT = 'real-git';

/**
 * The compiled fake modules: dist/rehearse/fakes/ of this package. Always the
 * package's dist/, whether skillc runs bundled, from dist/ or (tests) from src/:
 * the sandbox runs JavaScript only.
 */
export function compiledFakesDir(): string {
  return path.join(packageRoot(), 'dist', 'rehearse', 'fakes');
}

/** Where the real git is, so the git fake can pass everything but `push` through. */
function findOnPath(name: string): string | undefined {
  for (const dir of (process.env.PATH ?? '/usr/bin:/bin').split(path.delimiter)) {
    if (!path.isAbsolute(dir)) continue;
    const p = path.join(dir, name);
    try {
      fs.accessSync(p, fs.constants.X_OK);
      if (fs.statSync(p).isFile()) return p;
    } catch {
      // keep looking
    }
  }
  return undefined;
}

let realGit: string | null | undefined;
export function realGitPath(): string | undefined {
  if (realGit === undefined) realGit = findOnPath('git') ?? null;
  return realGit ?? undefined;
}

const shQuote = (s: string): string => `'${s.replace(/'/g, `'\\''`)}'`;

/**
 * Writes the fakes into `bin`: the compiled modules under bin/fakes/, their
 * settings (the capture channel, the real git as the sandbox sees it), and a
 * `#!/bin/sh` wrapper for each faked program. Fails when the fakes were never
 * compiled (`npm run compile`).
 */
export function installFakes(bin: string, settings: FakeSettings): void {
  const from = compiledFakesDir();
  let modules: string[];
  try {
    modules = fs.readdirSync(from).filter((f) => f.endsWith('.js'));
  } catch {
    modules = [];
  }
  if (!modules.includes('shim.js') || !modules.includes('preload.js')) throw new Error(`the capture fakes are not compiled (${from} has no shim.js and preload.js; run \`npm run compile\`)`);
  const to = path.join(bin, FAKES_DIR);
  fs.mkdirSync(to);
  for (const m of modules) fs.copyFileSync(path.join(from, m), path.join(to, m));
  // The copies are ES modules: outside skillc's package, node needs this to load them as such.
  fs.writeFileSync(path.join(to, 'package.json'), '{ "type": "module" }\n');
  fs.writeFileSync(path.join(to, SETTINGS_FILE), `${JSON.stringify(settings)}\n`);
  const shim = path.join(bin, SHIM_ENTRY);
  for (const name of FAKED_PROGRAMS) {
    fs.writeFileSync(path.join(bin, name), `#!/bin/sh\nexec ${shQuote(process.execPath)} ${shQuote(shim)} ${name} "$@"\n`, { mode: 0o755 });
  }
  fs.writeFileSync(path.join(bin, REAL_GIT), '', { mode: 0o755 });
}
