/**
 * Paths skillc reads or writes on a case's behalf (case.yaml, .args, the
 * trace, `from:` files, inputs/, the golden captures/, `file.write` targets in
 * the run folder). A case folder is hostile input: every path is resolved
 * under its root lexically, and each component is checked with lstat, so a
 * symlink anywhere on the way (`inputs -> /`, `captures -> ~/.ssh`,
 * `run/d -> /outside`) is refused instead of followed. Reads go through the
 * parser's `readRegularFile`, so FIFOs and devices are refused without blocking.
 */
import fs from 'node:fs';
import path from 'node:path';
import { readRegularFile } from '../parse/bundle.js';
import { isInside } from '../core/paths.js';

export type Resolved = { path: string } | { problem: string };


/**
 * `rel` under `root`, refusing absolute paths, `..` out of the root, NUL, and
 * a symlink as any existing component below the root. Components that do not
 * exist yet are fine (the caller decides whether the target must exist).
 */
export function resolveInside(root: string, rel: string, what: string): Resolved {
  if (path.isAbsolute(rel) || rel.includes('\0')) return { problem: `${what} \`${rel}\` must be a path inside ${path.basename(root)}/` };
  const target = path.resolve(root, rel);
  if (!isInside(target, root)) return { problem: `${what} \`${rel}\` must stay inside ${path.basename(root)}/` };
  let p = root;
  for (const part of path.relative(root, target).split(path.sep).filter(Boolean)) {
    p = path.join(p, part);
    let st: fs.Stats | undefined;
    try {
      st = fs.lstatSync(p);
    } catch {
      return { path: target };
    }
    if (st.isSymbolicLink() && p === target) return { problem: `${what} \`${rel}\` is a symlink; skillc does not follow links out of a case` };
    if (st.isSymbolicLink()) return { problem: `${what} \`${rel}\` goes through the symlink \`${path.relative(root, p).split(path.sep).join('/')}\`; skillc does not follow links out of a case` };
    if (p !== target && !st.isDirectory()) return { problem: `${what} \`${rel}\`: \`${path.relative(root, p).split(path.sep).join('/')}\` is not a folder` };
  }
  return { path: target };
}

/** What an existing entry is, without following a link: `file`, `dir`, `symlink`, `special` or undefined (missing). */
export function kindOf(p: string): 'file' | 'dir' | 'symlink' | 'special' | undefined {
  let st: fs.Stats;
  try {
    st = fs.lstatSync(p);
  } catch {
    return undefined;
  }
  return st.isSymbolicLink() ? 'symlink' : st.isDirectory() ? 'dir' : st.isFile() ? 'file' : 'special';
}

const PROBLEMS = {
  missing: 'not found',
  symlink: 'is a symlink; skillc does not follow links out of a case',
  'not-a-file': 'is not a regular file (a FIFO, socket, device or folder)',
  'too-large': 'is too large',
  unreadable: 'cannot be read',
} as const;

/** Reads a regular file at `rel` under `root` as UTF-8, never through a link, never blocking on a FIFO. */
export function readInside(root: string, rel: string, what: string, maxBytes: number): { text: string } | { problem: string; missing?: true } {
  const r = resolveInside(root, rel, what);
  if ('problem' in r) return r;
  const read = readRegularFile(r.path, maxBytes, { noFollow: true });
  if ('bytes' in read) return { text: read.bytes.toString('utf8') };
  const detail = read.problem === 'too-large' ? `is ${read.size} bytes, more than ${maxBytes}` : PROBLEMS[read.problem];
  return { problem: `${what} \`${rel}\` ${detail}`, ...(read.problem === 'missing' ? { missing: true as const } : {}) };
}

/**
 * Writes `content` to `rel` under `root`, creating missing folders one at a
 * time and opening the file with O_NOFOLLOW: a symlink on the way or as the
 * target is refused. Only called while no process of the case runs, so
 * nothing can swap a component between the check and the write.
 */
export function writeInside(root: string, rel: string, content: string, what: string): { problem: string } | undefined {
  const r = resolveInside(root, rel, what);
  if ('problem' in r) return r;
  if (r.path === root) return { problem: `${what} \`${rel}\` names the folder itself` };
  let p = root;
  const parts = path.relative(root, path.dirname(r.path)).split(path.sep).filter(Boolean);
  for (const part of parts) {
    p = path.join(p, part);
    try {
      fs.mkdirSync(p);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST' || kindOf(p) !== 'dir') return { problem: `${what} \`${rel}\`: cannot create the folder \`${path.relative(root, p)}\`` };
    }
  }
  if (kindOf(r.path) === 'special' || kindOf(r.path) === 'dir') return { problem: `${what} \`${rel}\` is not a regular file` };
  let fd: number;
  try {
    fd = fs.openSync(r.path, fs.constants.O_WRONLY | fs.constants.O_CREAT | fs.constants.O_TRUNC | fs.constants.O_NOFOLLOW | fs.constants.O_NONBLOCK, 0o644);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    return { problem: code === 'ELOOP' ? `${what} \`${rel}\` is a symlink; not written through it` : `${what} \`${rel}\` cannot be written (${code})` };
  }
  try {
    fs.writeFileSync(fd, content);
  } finally {
    fs.closeSync(fd);
  }
  return undefined;
}

/**
 * The first symlink under `dirs` that resolves outside `root` (or cannot be
 * resolved), as `link -> target`; undefined when there is none. For code that
 * runs in skillc's own process on the sandbox's folders (the built-in `gate`
 * and `catalog`), which may follow links: a link out must not take it out.
 * Bounded like the snapshots: 20,000 entries, 12 levels.
 */
export function escapingLink(dirs: string[], root: string, maxEntries = 20000): string | undefined {
  let seen = 0;
  const walk = (dir: string, depth: number): string | undefined => {
    let entries: fs.Dirent[];
    try {
      entries = fs.readdirSync(dir, { withFileTypes: true });
    } catch {
      return undefined;
    }
    for (const e of entries) {
      if (++seen > maxEntries) return `${dir} (more than ${maxEntries} entries to check)`;
      const p = path.join(dir, e.name);
      if (e.isSymbolicLink()) {
        let real: string | undefined;
        try {
          real = fs.realpathSync(p);
        } catch {
          real = undefined;
        }
        if (real === undefined || !isInside(real, root)) return `${p} -> ${fs.readlinkSync(p)}`;
      } else if (e.isDirectory() && depth < 12) {
        const found = walk(p, depth + 1);
        if (found) return found;
      }
    }
    return undefined;
  };
  for (const d of dirs) {
    const found = walk(d, 0);
    if (found) return found;
  }
  return undefined;
}
