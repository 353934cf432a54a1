import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { createFileExclusive } from '../core/atomic-write.js';
import { UnsafePathError } from '../core/errors.js';
import { sha256 } from '../core/hash.js';
import { userCacheDir } from '../core/paths.js';
import type { BuildProblem } from './emit-skill.js';

/**
 * The build's transient folders beside the output folder: `<out>.skillc-tmp-<tag>` (a new tree
 * being written), `<out>.skillc-old-<tag>` (the old tree moved aside) and
 * `<out>.skillc-stage-<tag>` (an in-place update and its journal, see stage.ts). A build killed
 * mid-write leaves them, and the next build puts things right from them: it renames, rolls
 * back and deletes on their word. A checkout can hold folders of those names too (committed,
 * with a journal pointing anywhere), so recovery trusts only the ones a build on this machine
 * provably made: before it creates one, the build writes a record named after the folder's
 * absolute path in the user's cache folder (`userCacheDir()/leftovers/`), outside every
 * repository; the tag is 128 random bits, so no checkout can name a folder a record was made
 * for. A folder with no record is left alone (reported), and one git tracks is refused.
 */
export const LEFTOVER_INFIX = '.skillc-';

/** A fresh tag for a transient folder: the pid (a running build's folders are left alone) and 128 random bits. */
export function leftoverTag(): string {
  return `${process.pid}-${randomBytes(16).toString('hex')}`;
}

function recordOf(abs: string): string {
  return path.join(userCacheDir(), 'leftovers', sha256(path.resolve(abs)).slice(0, 40));
}

/**
 * Records that this build is about to create the transient folder `abs`. False when the record
 * cannot be written (no writable cache folder): the folder is then not recoverable, and an
 * in-place update (which needs its journal recovered) is not started.
 */
export function claimLeftover(abs: string): boolean {
  try {
    const file = recordOf(abs);
    fs.mkdirSync(path.dirname(file), { recursive: true });
    pruneRecords(path.dirname(file));
    createFileExclusive(file, path.resolve(abs));
    return true;
  } catch {
    return false;
  }
}

/**
 * Removes records over a day old whose folder is gone (a build killed before it
 * made the folder it had recorded), so the cache folder does not grow. Bounded to 1,000 records.
 */
function pruneRecords(dir: string): void {
  const dayAgo = Date.now() - 24 * 3600_000;
  for (const name of fs.readdirSync(dir).slice(0, 1000)) {
    try {
      const file = path.join(dir, name);
      const st = fs.lstatSync(file);
      if (!st.isFile() || st.mtimeMs > dayAgo || st.size > 8192) continue;
      const folder = fs.readFileSync(file, 'utf8');
      if (!fs.existsSync(folder)) fs.rmSync(file, { force: true });
    } catch {
      // raced with another build: left for the next prune
    }
  }
}

/** True when a build on this machine recorded `abs` (`claimLeftover`) and has not released it. */
export function ownsLeftover(abs: string): boolean {
  try {
    const file = recordOf(abs);
    const st = fs.lstatSync(file);
    return st.isFile() && st.size < 8192 && fs.readFileSync(file, 'utf8') === path.resolve(abs);
  } catch {
    return false;
  }
}

/** Forgets `abs` once the folder is gone (renamed into place, or removed). */
export function releaseLeftover(abs: string): void {
  try {
    fs.rmSync(recordOf(abs), { force: true });
  } catch {
    // a record left behind names a folder that no longer exists: harmless
  }
}

/**
 * The names among `names` (entries of `parent`) that git tracks in the repository holding
 * `parent`: a build's transient folders are never committed, so a tracked one came with the
 * checkout. None when git or a repository is missing.
 */
export function trackedByGit(parent: string, names: readonly string[]): string[] {
  if (!names.length) return [];
  const r = spawnSync('git', ['ls-files', '-z', '--', ...names.map((n) => `:(literal)${n}`)], { cwd: parent, encoding: 'utf8', timeout: 30_000, stdio: ['ignore', 'pipe', 'ignore'], windowsHide: true });
  if (r.status !== 0 || !r.stdout) return [];
  const files = r.stdout.split('\0').filter(Boolean);
  return names.filter((n) => files.some((f) => f === n || f.startsWith(`${n}/`)));
}

/** What the build found beside its output folder and did not touch. */
export interface Leftovers {
  /** Transient-looking folders no build on this machine made: left as they are. */
  foreign: string[];
}

/**
 * Sorts the transient folders beside `outDir` into the ones to recover (made by a build on this
 * machine) and the foreign ones (left alone). Throws an UnsafePathError when git tracks one:
 * the build refuses to run beside it until it is removed from the repository.
 */
export function sortLeftovers(outDir: string, siblings: readonly string[]): { own: string[]; foreign: string[] } {
  const parent = path.dirname(outDir);
  const prefix = `${path.basename(outDir)}${LEFTOVER_INFIX}`;
  const named = siblings.filter((s) => s.startsWith(prefix));
  const tracked = trackedByGit(parent, named);
  if (tracked.length) {
    const shown = tracked.map((t) => path.join(parent, t)).join(', ');
    throw new UnsafePathError(`refusing to build: ${shown} ${tracked.length === 1 ? 'is' : 'are'} tracked by git, but only a killed build leaves such a folder and none is ever committed; skillc does not recover from (or delete) it. Remove it from the repository (\`git rm -r --cached\`, then delete it) and build again`);
  }
  const own: string[] = [];
  const foreign: string[] = [];
  for (const s of named) (ownsLeftover(path.join(parent, s)) ? own : foreign).push(s);
  return { own, foreign };
}

/** The warning for a transient-looking folder beside the output that no build on this machine made. */
export function foreignLeftover(abs: string): BuildProblem {
  return {
    severity: 'warning',
    ruleId: 'build/leftover',
    file: abs,
    message: 'Unexpected folder named like a build\'s leftovers beside the output folder, but no build on this machine made it: skillc neither recovers from nor deletes it. Remove it if it is not yours',
  };
}
