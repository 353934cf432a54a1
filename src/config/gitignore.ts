import fs from 'node:fs';
import path from 'node:path';
import ignore, { type Ignore } from 'ignore';
import type { Seen } from './seen.js';

/** A .gitignore larger than this is not read (a real one is a few KB; the cap bounds a hostile one). */
const MAX_GITIGNORE_BYTES = 1 << 20;

/**
 * What the project's .gitignore files leave out, as git reads them (the `ignore` package's
 * gitignore semantics): every .gitignore from the repository's top (the nearest folder upwards
 * holding `.git`, else `start`) down to the path asked about, a deeper file's rule winning over a
 * shallower one's, a negation (`!keep/`) un-ignoring. Each folder's file is read once, never
 * through a symlink. `.git/info/exclude` and git's global excludes file are not read: what is
 * ignored is what the repository says, the same on every machine.
 */
export class GitignoreRules {
  readonly top: string;
  private readonly byFolder = new Map<string, Ignore | undefined>();

  /** `seen`: told each folder and file whose state the answers depend on (discover.ts's `Seen`). */
  constructor(
    start: string,
    private readonly seen?: Seen,
  ) {
    this.top = repositoryTop(path.resolve(start), seen);
  }

  /** True when git would ignore this path (a folder when `isDir`), judged from `this.top`; paths outside it never are. */
  ignores(abs: string, isDir: boolean): boolean {
    const rel = path.relative(this.top, abs);
    if (!rel || rel.startsWith('..') || path.isAbsolute(rel)) return false;
    const parts = rel.split(path.sep);
    let ignored = false;
    // Each .gitignore from the top down to the path's own folder tests the path relative to itself.
    for (let depth = 0; depth < parts.length; depth++) {
      const folder = path.join(this.top, ...parts.slice(0, depth));
      const rules = this.rulesOf(folder);
      if (!rules) continue;
      const below = parts.slice(depth).join('/') + (isDir ? '/' : '');
      const verdict = rules.test(below);
      if (verdict.ignored) ignored = true;
      else if (verdict.unignored) ignored = false;
    }
    return ignored;
  }

  private rulesOf(folder: string): Ignore | undefined {
    if (this.byFolder.has(folder)) return this.byFolder.get(folder);
    let rules: Ignore | undefined;
    const file = path.join(folder, '.gitignore');
    this.seen?.(file, 'entry');
    try {
      const st = fs.lstatSync(file);
      if (st.isFile() && st.size <= MAX_GITIGNORE_BYTES) rules = ignore().add(fs.readFileSync(file, 'utf8'));
    } catch {
      // no .gitignore here (or unreadable): nothing ignored by this folder
    }
    this.byFolder.set(folder, rules);
    return rules;
  }
}

/** The nearest folder upwards holding `.git` (a folder, or the file a worktree or submodule has), else `start`. */
function repositoryTop(start: string, seen?: Seen): string {
  for (let dir = start; ; dir = path.dirname(dir)) {
    seen?.(path.join(dir, '.git'), 'exists');
    if (fs.existsSync(path.join(dir, '.git'))) return dir;
    if (path.dirname(dir) === dir) return start;
  }
}
