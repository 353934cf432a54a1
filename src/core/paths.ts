import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { UnsafePathError } from './errors.js';

/** True when a relative path leaves its folder: it is `..` or starts with `../` (a name such as `..notes.md` does not). */
const climbs = (rel: string): boolean => rel === '..' || rel.startsWith(`..${path.sep}`) || rel.startsWith('../');

/**
 * True when `child` is `parent` or lies inside it, lexically (no file is read). Arguments
 * run child first, as in "is child inside parent"; the one path-inside-folder helper.
 */
export function isInside(child: string, parent: string): boolean {
  const rel = path.relative(parent, child);
  return rel === '' || (!climbs(rel) && !path.isAbsolute(rel));
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

/**
 * Why `name` cannot be one name of a path skillc writes (a skill's output folder, a segment of
 * an output path, an imported skill's folder), or undefined when it can. What the build and the
 * other writers hold every name to, whatever lint rules are on or suppressed: not empty, not `.`
 * or `..`, no `/` or `\` (one segment on every OS), no NUL, no drive letter (`C:`), not `.git`
 * (in any case, nor its Windows spellings `.git.`, `.git ` and `git~1`, which Windows folds into
 * `.git`), at most 255 bytes (the longest name file systems take).
 */
export function unsafeSegment(name: string): string | undefined {
  if (name === '') return 'an empty name';
  if (name === '.' || name === '..') return `\`${name}\``;
  if (/[/\\]/.test(name)) return 'a `/` or `\\` (more than one path segment)';
  if (name.includes('\0')) return 'a NUL character';
  if (/^[A-Za-z]:/.test(name)) return 'a drive letter';
  if (/^(?:\.git[. ]*|git~1)$/i.test(name)) return 'the name `.git`';
  if (Buffer.byteLength(name) > 255) return 'more than 255 bytes';
  return undefined;
}

/**
 * Why `rel` (`/`-separated) is not a plain relative path of safe segments (`unsafeSegment`), or
 * undefined. Output paths, journal entries, manifest keys and install records are held to it
 * before anything is written, renamed or deleted at them.
 */
export function unsafeRelativePath(rel: string): string | undefined {
  if (plainPaths.has(rel)) return undefined;
  if (rel.length === 0 || rel.length > 4096) return 'an empty or overlong path';
  if (rel.startsWith('/') || rel.startsWith('\\') || /^[A-Za-z]:/.test(rel)) return 'an absolute path';
  for (const part of rel.split('/')) {
    if (part === '' || part === '.' || part === '..') return 'an empty, `.` or `..` segment';
    const why = unsafeSegment(part);
    if (why) return `a segment with ${why}`;
  }
  if (plainPaths.size >= 1 << 20) plainPaths.clear();
  plainPaths.add(rel);
  return undefined;
}

/**
 * Paths `unsafeRelativePath` found plain in this process (the answer is of the string alone): a
 * rebuild holds each of a large catalog's 18,000 output paths to it three times (the manifest read,
 * the outputs reused, the outputs assembled), and a watch session on every run. Bounded.
 */
const plainPaths = new Set<string>();

/**
 * The first thing on the way from `root` (not checked: it and what is above it are the
 * caller's) down to `abs` that a write, rename or delete must not go through: a symbolic link
 * (a committed `generated/claude -> /elsewhere` would redirect it) or a file where a folder is
 * needed. With `self`, `abs` itself is checked too: a link there is refused, a folder or file is
 * fine. Components that do not exist yet are fine (the writer creates them as folders).
 * `checked` keeps the folders found real during one run (one lstat per folder, not per file).
 * Undefined when the way is clear, else why not, naming the path.
 */
export function linkOnTheWay(root: string, abs: string, options: { self?: boolean; checked?: Set<string> } = {}): string | undefined {
  const rel = path.relative(root, abs);
  if (rel === '') return undefined;
  if (climbs(rel) || path.isAbsolute(rel)) return `${abs} is outside ${root}`;
  const parts = rel.split(path.sep);
  let cur = root;
  for (let i = 0; i < parts.length; i++) {
    // `rel` is normalized (no empty, `.` or `..` part): below the first part, joining is appending.
    cur = i === 0 ? path.join(root, parts[0]!) : `${cur}${path.sep}${parts[i]!}`;
    const last = i === parts.length - 1;
    if (last && !options.self) return undefined;
    if (options.checked?.has(cur)) continue;
    let st: fs.Stats;
    try {
      st = fs.lstatSync(cur);
    } catch {
      return undefined;
    }
    if (st.isSymbolicLink()) return `${cur} is a symbolic link`;
    if (last) return undefined;
    if (!st.isDirectory()) return `${cur} is not a folder`;
    options.checked?.add(cur);
  }
  return undefined;
}

/**
 * The one path guard of the commands that write: the absolute path of `rel` (`/`-separated)
 * under `root`, once `rel` is a plain relative path (`unsafeRelativePath`) and nothing on the way
 * below `root` is a symbolic link (`linkOnTheWay`; with `self`, nor the path itself). Throws an
 * UnsafePathError naming `what` otherwise: nothing is written, renamed, deleted or compared there.
 */
export function guardedPath(root: string, rel: string, options: { what?: string; self?: boolean; checked?: Set<string> } = {}): string {
  const what = options.what ?? 'path';
  const unsafe = unsafeRelativePath(rel);
  if (unsafe) throw new UnsafePathError(`refusing ${what} ${JSON.stringify(rel)} under ${root}: ${unsafe}`);
  const abs = path.join(root, ...rel.split('/'));
  const blocked = linkOnTheWay(root, abs, options);
  if (blocked) throw new UnsafePathError(`refusing ${what} ${JSON.stringify(rel)} under ${root}: ${blocked}; skillc does not write, rename or delete through links`);
  return abs;
}

/**
 * The user's own cache folder, outside every repository (XDG_CACHE_HOME, else the platform's:
 * ~/.cache, ~/Library/Caches, %LOCALAPPDATA%), with `skillc` appended. What skillc must trust
 * and a checkout must not be able to forge (which build made a stage folder) is kept there.
 */
export function userCacheDir(): string {
  const xdg = process.env.XDG_CACHE_HOME;
  if (xdg && path.isAbsolute(xdg)) return path.join(xdg, 'skillc');
  if (process.platform === 'win32' && process.env.LOCALAPPDATA) return path.join(process.env.LOCALAPPDATA, 'skillc', 'Cache');
  if (process.platform === 'darwin') return path.join(os.homedir(), 'Library', 'Caches', 'skillc');
  return path.join(os.homedir(), '.cache', 'skillc');
}
