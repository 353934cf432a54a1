// Lint stage, find: the skill folders under the paths given (or the config's sources).
import fs from 'node:fs';
import path from 'node:path';
import type { ResolvedConfig } from '../../config/config.js';
import { discover, type Discovery, UsageError } from '../../config/discover.js';

/**
 * Discovers the skills to lint. A folder named on the command line that holds no skill
 * is a mistake (a typo, or a skill without its SKILL.md), not a clean result: ESLint's
 * "no files matching". A file named that holds no skill is passed over (`skipped`), as ESLint
 * passes over an ignored file it is given. With no skill at all, the caller says where it looked (the CLI
 * adds near misses).
 */
export function findSkills(paths: readonly string[], config: ResolvedConfig, cwd: string): Discovery {
  const discovery = discover(paths, config, cwd);
  const dirs = discovery.dirs;
  for (const p of dirs.length ? paths : []) {
    const abs = path.resolve(cwd, p);
    // A file (a hook hands over every staged one) or a glob may match no skill: skipped, and said so.
    if (!isFolder(abs)) continue;
    if (!dirs.some((d) => d === abs || d.startsWith(abs + path.sep) || abs === path.join(d, 'SKILL.md'))) {
      throw new UsageError(`No skill in ${p}: no SKILL.md there or in its subfolders (or every one is ignored)`);
    }
  }
  return discovery;
}

function isFolder(abs: string): boolean {
  try {
    return fs.statSync(abs).isDirectory();
  } catch {
    return false;
  }
}
