import fs from 'node:fs';
import path from 'node:path';
import picomatch from 'picomatch';
import type { ResolvedConfig } from './config.js';
import { UsageError } from '../core/errors.js';
import { isInside } from '../core/paths.js';
import { GitignoreRules } from './gitignore.js';
import type { Seen } from './seen.js';

export type { Seen, SeenKind } from './seen.js';

export { UsageError };

const ALWAYS_SKIP = new Set(['node_modules', '.git']);
const MAX_DEPTH = 8;

/**
 * The record `skillc install` keeps in a host's skill folder (`.claude/skills/`, `.agents/skills/`).
 * A folder holding it is a copy of built skills, as generated/ is: searching the project passes
 * over it (its skills would be duplicates of the sources'), naming it lints it.
 */
export const INSTALL_MANIFEST = '.skillc-install.json';

/**
 * Whether `dir`, or a folder above it up to `top` (itself excluded), holds skillc install's record.
 * `seen` remembers each folder's answer, so a walk stats each folder once (linear in the tree).
 */
function installedBelow(dir: string, top: string, known = new Map<string, boolean>(), seen?: Seen): boolean {
  if (dir === top || !isInside(dir, top)) return false;
  let answer = known.get(dir);
  if (answer === undefined) {
    seen?.(dir, 'dir');
    const here = fs.existsSync(path.join(dir, INSTALL_MANIFEST));
    if (here) seen?.(path.join(dir, INSTALL_MANIFEST), 'file');
    answer = here || installedBelow(path.dirname(dir), top, known, seen);
    known.set(dir, answer);
  }
  return answer;
}



/**
 * The one skill-discovery walk: folders under `root` holding a SKILL.md, not looking inside a
 * skill, node_modules or .git, nor deeper than 8 folders; an unreadable folder is passed over.
 * `skip` leaves out more folders (the output folder, ignored paths); `visit` sees each folder
 * searched (one without a SKILL.md) with its entries. `maxDepth` searches less deep (0: only
 * `root`'s own subfolders) and `maxEntries` reads at most that many entries of a folder (the
 * language server lists an open skill's siblings this way, in whatever folder the editor opened).
 * Not sorted.
 */
export function walkSkillDirs(root: string, options: { skip?: (dir: string) => boolean; visit?: (dir: string, entries: fs.Dirent[]) => void; maxDepth?: number; maxEntries?: number; seen?: Seen } = {}): string[] {
  const found: string[] = [];
  const maxDepth = Math.min(options.maxDepth ?? MAX_DEPTH, MAX_DEPTH);
  const seen = options.seen;
  const walk = (dir: string, depth: number): void => {
    if (depth > maxDepth) return;
    seen?.(dir, 'dir');
    let entries: fs.Dirent[];
    try {
      entries = fs.readdirSync(dir, { withFileTypes: true });
    } catch {
      return;
    }
    if (options.maxEntries !== undefined) entries = entries.slice(0, options.maxEntries);
    options.visit?.(dir, entries);
    for (const entry of entries) {
      if (!entry.isDirectory() || ALWAYS_SKIP.has(entry.name)) continue;
      const sub = path.join(dir, entry.name);
      seen?.(sub, 'dir');
      if (options.skip?.(sub)) continue;
      if (fs.existsSync(path.join(sub, 'SKILL.md'))) {
        seen?.(path.join(sub, 'SKILL.md'), 'file');
        found.push(sub);
      } else walk(sub, depth + 1);
    }
  };
  walk(root, 0);
  return found;
}

/**
 * Resolves command-line paths to skill folders. A path is a skill folder, a folder searched for
 * folders holding a SKILL.md (not inside one), a file of a skill (its SKILL.md or any file under
 * it: the skill holding it), or a glob (`*`, `**`, when no such path exists). While searching,
 * node_modules, .git, the output folder and folders `skillc install` wrote (unless the folder named is
 * inside one), the config's
 * `ignore` and (with `gitignore`) what the project's .gitignore files ignore are skipped. A file
 * named on the command line that lies in one of them, or in no skill, is passed over and listed in
 * `skipped`, as ESLint warns of an ignored file it was given: so a hook can hand skillc every
 * staged file (a rebuilt copy under generated/ among them). A file under the sources in no skill
 * (a shared fragment) brings in every skill of the sources, any of which may include it.
 */
export function discoverSkills(paths: readonly string[], config: ResolvedConfig, cwd: string): string[] {
  return discover(paths, config, cwd).dirs;
}

/** What discovery found, and where it looked. */
export interface Discovery {
  /** Skill folders, sorted. */
  dirs: string[];
  /** Where it looked, as the user would write it: the paths as given, else the config's sources relative to cwd. */
  searched: string[];
  /** Files named like SKILL.md in another case (`skill.md`) in folders with no SKILL.md: hosts read SKILL.md only. */
  nearMisses: string[];
  /** Files named on the command line (or matched by a glob) that were not linted, and why. */
  skipped: SkippedFile[];
}

export interface SkippedFile {
  /** Absolute path. */
  file: string;
  /** In the output folder, a folder skillc install wrote, the config's `ignore`, a .gitignore, or in no skill folder. */
  why: 'output' | 'installed' | 'ignored' | 'gitignored' | 'no-skill';
}

/** Why a folder (or file) is left out when searching from `root`, or undefined when it is searched. */
type Exclusion = (abs: string, isDir: boolean) => SkippedFile['why'] | undefined;

export function exclusions(config: ResolvedConfig, root: string, seen?: Seen): Exclusion {
  const ignored = config.ignore.length ? picomatch(config.ignore, { dot: true }) : undefined;
  // A root the user named inside the output folder (`skillc lint generated/claude`) is searched.
  const outExcluded = !isInside(root, config.out);
  let gitignore = config.gitignore ? new GitignoreRules(config.root, seen) : undefined;
  // A root the user named (or the config's sources) that git ignores is searched all the same:
  // naming it is the opt-in (a project keeping its skills in a gitignored `.claude/`).
  if (gitignore?.ignores(root, true)) gitignore = undefined;
  // Likewise a root inside a folder skillc install wrote (`skillc lint .claude/skills`) is searched.
  const installTop = installedBelow(root, config.root, undefined, seen) ? undefined : config.root;
  const installed = new Map<string, boolean>();
  return (abs, isDir) => {
    if (outExcluded && isInside(abs, config.out)) return 'output';
    if (installTop && installedBelow(isDir ? abs : path.dirname(abs), installTop, installed, seen)) return 'installed';
    const rel = path.relative(config.root, abs).split(path.sep).join('/');
    if (ignored && rel !== '' && !rel.startsWith('..') && !path.isAbsolute(rel) && (ignored(rel) || (isDir && ignored(`${rel}/`)))) return 'ignored';
    if (gitignore?.ignores(abs, isDir)) return 'gitignored';
    return undefined;
  };
}

/**
 * The skill folder holding a file: the nearest folder upwards with a SKILL.md, looking no higher
 * than `top` when the file is inside it (the project root), else up to the file system's root.
 */
export function skillHolding(file: string, top: string): string | undefined {
  const stop = isInside(file, top) ? top : path.parse(file).root;
  for (let dir = path.dirname(file); ; dir = path.dirname(dir)) {
    if (fs.existsSync(path.join(dir, 'SKILL.md'))) return dir;
    if (dir === stop || path.dirname(dir) === dir) return undefined;
  }
}

export function discover(paths: readonly string[], config: ResolvedConfig, cwd: string, seen?: Seen): Discovery {
  const given: string[] = [];
  const roots: string[] = [];
  for (const p of paths.length ? paths : [path.relative(cwd, config.sources) || '.']) {
    const abs = path.resolve(cwd, p);
    if (!fs.existsSync(abs) && picomatch.scan(p).isGlob) {
      const matches = expandGlob(p, cwd);
      if (!matches.length) throw new UsageError(`No files match the pattern ${p}`);
      for (const m of matches) {
        given.push(path.relative(cwd, m) || '.');
        roots.push(m);
      }
    } else {
      given.push(p);
      roots.push(abs);
    }
  }
  const found = new Set<string>();
  const nearMisses: string[] = [];
  const skipped: SkippedFile[] = [];
  const search = (root: string): void => {
    const excluded = exclusions(config, root, seen);
    const dirs = walkSkillDirs(root, {
      seen,
      skip: (sub) => excluded(sub, true) !== undefined,
      visit: (dir, entries) => {
        // Called only for folders without a SKILL.md: a `skill.md` here is a skill no host will read.
        const nearMiss = entries.find((e) => e.isFile() && e.name !== 'SKILL.md' && e.name.toLowerCase() === 'skill.md');
        if (nearMiss) nearMisses.push(path.join(dir, nearMiss.name));
      },
    });
    for (const d of dirs) found.add(d);
  };
  let everySource = false;
  roots.forEach((root, r) => {
    let st: fs.Stats;
    try {
      st = fs.statSync(root);
    } catch {
      // As typed: an absolute path stays absolute, not `../../../nonexistent`.
      throw new UsageError(`No such file or folder: ${given[r]}`);
    }
    if (st.isFile()) {
      const dir = path.basename(root) === 'SKILL.md' ? path.dirname(root) : skillHolding(root, config.root);
      // A file handed over by a hook or a glob is judged as a search of the sources would judge it.
      const why = exclusions(config, config.sources)(dir ?? root, dir !== undefined);
      if (why) skipped.push({ file: root, why });
      else if (dir) found.add(dir);
      else if (path.basename(root).toLowerCase() === 'skill.md') throw new UsageError(`Not a SKILL.md or a folder: ${given[r]} (hosts read a file named SKILL.md, in capitals)`);
      else if (isInside(root, config.sources)) everySource = true;
      else skipped.push({ file: root, why: 'no-skill' });
      return;
    }
    seen?.(root, 'dir');
    if (fs.existsSync(path.join(root, 'SKILL.md'))) {
      seen?.(path.join(root, 'SKILL.md'), 'file');
      found.add(root);
    } else search(root);
  });
  if (everySource) search(config.sources);
  return { dirs: [...found].sort(), searched: paths.length ? [...paths] : given, nearMisses: nearMisses.sort(), skipped };
}

/** At most this many paths a glob may match (a `**` over a huge tree is a mistake, not a lint). */
const MAX_GLOB_MATCHES = 100_000;

/**
 * The files and folders a glob matches, relative to `cwd` as the shell would expand it (`*` not
 * crossing `/`, `**` any depth, dot files only when the pattern names them): walked from the
 * glob's fixed base, never into node_modules or .git, never through a symlinked folder, at most
 * 8 folders deep below the base. Sorted.
 */
export function expandGlob(pattern: string, cwd: string): string[] {
  const scan = picomatch.scan(pattern);
  const base = path.resolve(cwd, scan.base || '.');
  const isMatch = picomatch(pattern.replace(/\\/g, '/'), { dot: false });
  const out: string[] = [];
  const walk = (dir: string, depth: number): void => {
    if (depth > MAX_DEPTH || out.length >= MAX_GLOB_MATCHES) return;
    let entries: fs.Dirent[];
    try {
      entries = fs.readdirSync(dir, { withFileTypes: true });
    } catch {
      return;
    }
    for (const e of entries) {
      if (ALWAYS_SKIP.has(e.name)) continue;
      const abs = path.join(dir, e.name);
      const rel = path.relative(cwd, abs).split(path.sep).join('/');
      if (isMatch(rel) || isMatch(path.isAbsolute(pattern) ? abs.split(path.sep).join('/') : rel)) out.push(abs);
      if (e.isDirectory()) walk(abs, depth + 1);
    }
  };
  walk(base, 0);
  return out.sort();
}
