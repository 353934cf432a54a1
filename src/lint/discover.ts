import fs from 'node:fs';
import path from 'node:path';
import picomatch from 'picomatch';
import type { ResolvedConfig } from './config.js';
import { UsageError } from './errors.js';

export { UsageError };

const ALWAYS_SKIP = new Set(['node_modules', '.git']);
const MAX_DEPTH = 8;

/**
 * Resolves command-line paths to skill folders. A path is a SKILL.md, a skill
 * folder, or a root searched for folders holding a SKILL.md (not inside one).
 * node_modules, .git and the output folder are skipped unless named directly.
 */
export function discoverSkills(paths: readonly string[], config: ResolvedConfig, cwd: string): string[] {
  const roots = paths.length ? paths.map((p) => path.resolve(cwd, p)) : [config.sources];
  const ignored = config.ignore.length ? picomatch(config.ignore, { dot: true }) : undefined;
  const isIgnored = (dir: string): boolean => {
    if (!ignored) return false;
    const rel = path.relative(config.root, dir).split(path.sep).join('/');
    return rel !== '' && !rel.startsWith('..') && (ignored(rel) || ignored(`${rel}/`));
  };
  const found = new Set<string>();
  for (const root of roots) {
    let st: fs.Stats;
    try {
      st = fs.statSync(root);
    } catch {
      throw new UsageError(`No such file or folder: ${path.relative(cwd, root) || root}`);
    }
    if (st.isFile()) {
      if (path.basename(root) !== 'SKILL.md') throw new UsageError(`Not a SKILL.md or a folder: ${path.relative(cwd, root)}`);
      found.add(path.dirname(root));
      continue;
    }
    if (fs.existsSync(path.join(root, 'SKILL.md'))) {
      found.add(root);
      continue;
    }
    const walk = (dir: string, depth: number): void => {
      if (depth > MAX_DEPTH) return;
      let entries: fs.Dirent[];
      try {
        entries = fs.readdirSync(dir, { withFileTypes: true });
      } catch {
        return;
      }
      for (const entry of entries) {
        if (!entry.isDirectory() || ALWAYS_SKIP.has(entry.name)) continue;
        const sub = path.join(dir, entry.name);
        if (sub === config.out || isIgnored(sub)) continue;
        if (fs.existsSync(path.join(sub, 'SKILL.md'))) found.add(sub);
        else walk(sub, depth + 1);
      }
    };
    walk(root, 0);
  }
  return [...found].sort();
}
