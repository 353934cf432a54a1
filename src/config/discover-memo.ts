import fs from 'node:fs';
import type { ResolvedConfig } from './config.js';
import { discover, type SeenKind } from './discover.js';

/** A path's state as discovery relied on it: kind, size, mtime, ctime, inode (or `missing`). */
type Stamp = string;

/**
 * The skill folders of a config's sources, found again only when something discovery relied on
 * changed: the language server asks on every edit, and walking a 1,000-skill catalog (two file
 * checks a skill, the .gitignore rules, the install records) was a quarter of an edit's CPU.
 *
 * The walk tells what it looked at (discover.ts's `Seen`): every folder it listed or looked in
 * for a SKILL.md, an install record or a .gitignore, and every such file it found or read. Each
 * is stamped (a folder by `stat`, so a linked sources folder is followed as the walk follows it;
 * a file by `lstat`; `.git` by its existence only), and the last answer holds while every stamp
 * does: a file added, removed or renamed in a folder changes that folder's mtime, and a
 * .gitignore edited in place its own. Folders above the project are not stamped (a home folder
 * or /tmp changes all the time): only whether each holds a `.git`.
 * Not kept when something was modified within a clock tick of the walk (an edit in the same tick
 * could keep the stamp: git's "racily clean" entries), nor when a file found is a symlink (its
 * target can go without any stamp changing). The one change it cannot see: a dangling link
 * named SKILL.md (or .skillc-install.json) whose target appears, until its folder changes.
 */
export class DiscoveryMemo {
  private last: { key: string; dirs: string[]; stamps: Map<string, { kind: SeenKind; stamp: Stamp }> } | undefined;

  /** `discover([], config, config.root).dirs`, from the last walk when it still holds. */
  dirs(config: ResolvedConfig): string[] {
    const key = JSON.stringify([config.root, config.sources, config.out, config.ignore, config.gitignore]);
    if (this.last?.key === key && holds(this.last.stamps)) return this.last.dirs;
    this.last = undefined;
    const since = Date.now();
    const seen = new Map<string, SeenKind>([[config.sources, 'dir']]);
    const dirs = discover([], config, config.root, (abs, kind) => seen.set(abs, kind)).dirs;
    const stamps = new Map<string, { kind: SeenKind; stamp: Stamp }>();
    for (const [abs, kind] of seen) {
      if (kind === 'file') {
        // Found: only its existence counts, which its folder's stamp covers, once it is known to be no link.
        if (!isPlainFile(abs)) return dirs;
        continue;
      }
      const stamp = stampOf(abs, kind, since);
      if (!stamp) return dirs;
      stamps.set(abs, { kind, stamp });
    }
    this.last = { key, dirs, stamps };
    return dirs;
  }
}

/** Not a symlink, whose target could go with no stamp changing. */
function isPlainFile(abs: string): boolean {
  try {
    return !fs.lstatSync(abs).isSymbolicLink();
  } catch {
    return false;
  }
}

/** The path's stamp, or undefined when it cannot be trusted: unreadable, or modified within a clock tick of `since`. */
function stampOf(abs: string, kind: SeenKind, since: number): Stamp | undefined {
  if (kind === 'exists') return fs.existsSync(abs) ? 'present' : 'missing';
  let st: fs.Stats;
  try {
    st = kind === 'dir' ? fs.statSync(abs) : fs.lstatSync(abs);
  } catch (error) {
    // Not there: it must stay away.
    const code = (error as NodeJS.ErrnoException).code;
    return code === 'ENOENT' || code === 'ENOTDIR' ? 'missing' : undefined;
  }
  const tick = st.mtimeMs % 1000 === 0 ? 2000 : 100;
  if (st.mtimeMs >= since - tick || st.ctimeMs >= since - tick) return undefined;
  return `${st.isDirectory() ? 'dir' : st.isFile() ? 'file' : 'other'} ${st.size} ${st.mtimeMs} ${st.ctimeMs} ${st.ino}`;
}

function holds(stamps: ReadonlyMap<string, { kind: SeenKind; stamp: Stamp }>): boolean {
  // No tick check now (`since` Infinity): only whether each stamp is the same.
  for (const [abs, { kind, stamp }] of stamps) if (stampOf(abs, kind, Infinity) !== stamp) return false;
  return true;
}
