import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { UnsafePathError } from './errors.js';
import { linkOnTheWay } from './paths.js';

/** O_NOFOLLOW where the platform has it (not on Windows, where O_EXCL already refuses an existing link). */
const NOFOLLOW = fs.constants.O_NOFOLLOW ?? 0;

export interface CreateOptions {
  /** The new file's mode (default 0o666), less the umask unless `exactMode`. */
  mode?: number;
  /** Set `mode` exactly, whatever the umask (a script's run bit, a kept mode). */
  exactMode?: boolean;
  /** fsync the file before it is closed. */
  durable?: boolean;
}

/**
 * Creates `file` exclusively and writes `data`: O_CREAT|O_EXCL|O_NOFOLLOW, so it is never an
 * existing file, nor a symbolic link planted at the name (the write fails rather than follow
 * it). The primitive under every write of skillc: the atomic writer's temporary files, and the
 * files of a fresh folder the build or import fills before renaming it into place.
 */
export function createFileExclusive(file: string, data: string | Uint8Array, options: CreateOptions = {}): void {
  const fd = fs.openSync(file, fs.constants.O_WRONLY | fs.constants.O_CREAT | fs.constants.O_EXCL | NOFOLLOW, options.mode ?? 0o666);
  try {
    fs.writeFileSync(fd, data);
    // One fchmod only where the mode matters: a syscall per output adds up on slow file systems.
    if (options.exactMode && options.mode !== undefined) fs.fchmodSync(fd, options.mode);
    if (options.durable) fs.fsyncSync(fd);
  } finally {
    fs.closeSync(fd);
  }
}

export interface AtomicWriteOptions {
  /** The file's mode; default: the replaced file's own mode (kept exactly), else 0o666 less the umask. */
  mode?: number;
  /**
   * The folder the write must stay in (a project, an install folder): nothing below it on the
   * way to the file may be a symbolic link or a file, and missing folders are created one by
   * one. Without it, the file's folder must exist (the caller's own path).
   */
  within?: string;
  /** fsync the file before the rename and its folder after: for files a user keeps (a fixed SKILL.md, an install). */
  durable?: boolean;
}

/**
 * The one atomic file writer: `data` goes to a temporary file beside `file` (a random name,
 * created exclusively, see `createFileExclusive`), which is renamed over `file`, so a reader
 * sees the old file or the new one, never half of either, and a crash leaves at worst a
 * `.<name>.skillc-<random>.tmp`. A `file` that is a symbolic link (or not a regular file) is
 * refused with an UnsafePathError: skillc never writes through a link nor replaces one with a
 * copy of what it pointed at. Throws what the file system throws otherwise, after removing
 * its temporary file.
 */
export function writeFileAtomic(file: string, data: string | Uint8Array, options: AtomicWriteOptions = {}): void {
  const dir = path.dirname(file);
  if (options.within !== undefined) {
    const blocked = linkOnTheWay(options.within, dir, { self: true });
    if (blocked) throw new UnsafePathError(`refusing to write ${file}: ${blocked}; skillc does not write through links`);
    makeFolders(options.within, dir);
  }
  let mode = options.mode;
  let st: fs.Stats | undefined;
  try {
    st = fs.lstatSync(file);
  } catch {
    st = undefined;
  }
  if (st?.isSymbolicLink()) throw new UnsafePathError(`refusing to write ${file}: it is a symbolic link; skillc does not write through links nor replace one with a copy`);
  if (st && !st.isFile()) throw new UnsafePathError(`refusing to write ${file}: it is not a regular file`);
  if (mode === undefined && st) mode = st.mode & 0o777;
  // A name the file system takes whatever the target's length (255 bytes a name).
  const tmp = path.join(dir, `.${path.basename(file).slice(0, 64)}.skillc-${randomBytes(8).toString('hex')}.tmp`);
  try {
    createFileExclusive(tmp, data, { ...(mode === undefined ? {} : { mode, exactMode: true }), ...(options.durable ? { durable: true } : {}) });
    fs.renameSync(tmp, file);
  } catch (error) {
    fs.rmSync(tmp, { force: true });
    throw error;
  }
  if (options.durable) syncFolder(dir);
}

/** Creates the missing folders from `root` down to `dir`, one at a time (each checked to be a folder, never a link). */
function makeFolders(root: string, dir: string): void {
  const parts = path.relative(root, dir).split(path.sep).filter(Boolean);
  let cur = root;
  for (const part of parts) {
    cur = path.join(cur, part);
    try {
      fs.mkdirSync(cur);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      if (!fs.lstatSync(cur).isDirectory()) throw new UnsafePathError(`refusing to write under ${cur}: it is ${fs.lstatSync(cur).isSymbolicLink() ? 'a symbolic link' : 'not a folder'}`);
    }
  }
}

/** fsync a folder, so a rename in it survives a power cut; some platforms (Windows) cannot open a folder: skipped there. */
function syncFolder(dir: string): void {
  let fd: number | undefined;
  try {
    fd = fs.openSync(dir, 'r');
    fs.fsyncSync(fd);
  } catch {
    // not supported here
  } finally {
    if (fd !== undefined) fs.closeSync(fd);
  }
}

/**
 * Creates the folder `dest` whole or not at all: `fill` writes its content into a fresh folder
 * beside it (`<dest>.skillc-tmp-<random>`, which the .gitignore skillc init writes leaves out),
 * renamed to `dest` once `fill` returns. `dest` is never replaced: one that appeared meanwhile
 * is an UnsafePathError. Whatever fails, the temporary folder is removed and the error thrown.
 * The folder-level counterpart of `writeFileAtomic`, for what import copies in.
 */
export function createFolderAtomic(dest: string, fill: (tmp: string) => void): void {
  const tmp = `${dest}.skillc-tmp-${randomBytes(8).toString('hex')}`;
  fs.mkdirSync(tmp);
  try {
    fill(tmp);
    let exists = true;
    try {
      fs.lstatSync(dest);
    } catch {
      exists = false;
    }
    if (exists) throw new UnsafePathError(`refusing to create ${dest}: it appeared while it was being written; not overwritten`);
    fs.renameSync(tmp, dest);
  } catch (error) {
    fs.rmSync(tmp, { recursive: true, force: true });
    throw error;
  }
}
