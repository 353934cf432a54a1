import fs from 'node:fs';
import path from 'node:path';

/**
 * True when `child` is `parent` or lies inside it, lexically (no file is read). Arguments
 * run child first, as in "is child inside parent"; the one path-inside-folder helper.
 */
export function isInside(child: string, parent: string): boolean {
  const rel = path.relative(parent, child);
  return rel === '' || (!rel.startsWith('..') && !path.isAbsolute(rel));
}

/**
 * False when `p` exists and, symlinks resolved, lies outside `root`; true when it is inside
 * or does not exist (a missing path is left to whoever reads it, to report as missing).
 */
export function staysInside(p: string, root: string): boolean {
  try {
    return isInside(fs.realpathSync(p), fs.realpathSync(root));
  } catch {
    return true;
  }
}

/** True when something (a dangling symlink included) is at `p`; the link itself, never followed. */
export function lexists(p: string): boolean {
  try {
    fs.lstatSync(p);
    return true;
  } catch {
    return false;
  }
}
