import fs from 'node:fs';
import path from 'node:path';
import picomatch from 'picomatch';
import type { ResolvedConfig } from './config.js';
import { UsageError } from '../core/errors.js';

export { UsageError };

const ALWAYS_SKIP = new Set(['node_modules', '.git']);
const MAX_DEPTH = 8;

/**
 * The one skill-discovery walk: folders under `root` holding a SKILL.md, not looking inside a
 * skill, node_modules or .git, nor deeper than 8 folders; an unreadable folder is passed over.
 * `skip` leaves out more folders (the output folder, ignored paths); `visit` sees each folder
 * searched (one without a SKILL.md) with its entries. `maxDepth` searches less deep (0: only
 * `root`'s own subfolders) and `maxEntries` reads at most that many entries of a folder (the
 * language server lists an open skill's siblings this way, in whatever folder the editor opened).
 * Not sorted.
 */
export function walkSkillDirs(root: string, options: { skip?: (dir: string) => boolean; visit?: (dir: string, entries: fs.Dirent[]) => void; maxDepth?: number; maxEntries?: number } = {}): string[] {
  const found: string[] = [];
  const maxDepth = Math.min(options.maxDepth ?? MAX_DEPTH, MAX_DEPTH);
  const walk = (dir: string, depth: number): void => {
    if (depth > maxDepth) return;
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
      if (options.skip?.(sub)) continue;
      if (fs.existsSync(path.join(sub, 'SKILL.md'))) found.push(sub);
      else walk(sub, depth + 1);
    }
  };
  walk(root, 0);
  return found;
}

/**
 * Resolves command-line paths to skill folders. A path is a SKILL.md, a skill
 * folder, or a root searched for folders holding a SKILL.md (not inside one).
 * node_modules, .git and the output folder are skipped unless named directly.
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
}

export function discover(paths: readonly string[], config: ResolvedConfig, cwd: string): Discovery {
  const given = paths.length ? [...paths] : [path.relative(cwd, config.sources) || '.'];
  const roots = paths.length ? paths.map((p) => path.resolve(cwd, p)) : [config.sources];
  const ignored = config.ignore.length ? picomatch(config.ignore, { dot: true }) : undefined;
  const isIgnored = (dir: string): boolean => {
    if (!ignored) return false;
    const rel = path.relative(config.root, dir).split(path.sep).join('/');
    return rel !== '' && !rel.startsWith('..') && (ignored(rel) || ignored(`${rel}/`));
  };
  const found = new Set<string>();
  const nearMisses: string[] = [];
  roots.forEach((root, r) => {
    let st: fs.Stats;
    try {
      st = fs.statSync(root);
    } catch {
      // As typed: an absolute path stays absolute, not `../../../nonexistent`.
      throw new UsageError(`No such file or folder: ${given[r]}`);
    }
    if (st.isFile()) {
      if (path.basename(root) !== 'SKILL.md') {
        const hint = path.basename(root).toLowerCase() === 'skill.md' ? ' (hosts read a file named SKILL.md, in capitals)' : '';
        throw new UsageError(`Not a SKILL.md or a folder: ${given[r]}${hint}`);
      }
      found.add(path.dirname(root));
      return;
    }
    if (fs.existsSync(path.join(root, 'SKILL.md'))) {
      found.add(root);
      return;
    }
    const dirs = walkSkillDirs(root, {
      skip: (sub) => sub === config.out || isIgnored(sub),
      visit: (dir, entries) => {
        // Called only for folders without a SKILL.md: a `skill.md` here is a skill no host will read.
        const nearMiss = entries.find((e) => e.isFile() && e.name !== 'SKILL.md' && e.name.toLowerCase() === 'skill.md');
        if (nearMiss) nearMisses.push(path.join(dir, nearMiss.name));
      },
    });
    for (const d of dirs) found.add(d);
  });
  return { dirs: [...found].sort(), searched: given, nearMisses: nearMisses.sort() };
}
