import fs from 'node:fs';
import path from 'node:path';
import type { BundledFile, BundleReader, CodeFence, Directive, Heading, Link } from '../model/skill.js';
import { textFile, type TextFile } from '../model/text.js';
import { LIMITS } from './limits.js';
import { isInside } from '../core/paths.js';

const SKIP = new Set(['.git', 'node_modules', '.DS_Store']);

/** Lists a skill folder without following symlinks (so loops cannot trap it). */
export function listBundle(dir: string): BundledFile[] {
  const out: BundledFile[] = [];
  // Resolved only for a symlink (realpath costs a lstat per path component, for every skill).
  let realDir: string | undefined;
  const walk = (abs: string, rel: string, depth: number): void => {
    if (depth > LIMITS.maxBundledDepth) return;
    let entries: fs.Dirent[];
    try {
      entries = fs.readdirSync(abs, { withFileTypes: true });
    } catch {
      return;
    }
    entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
    for (const entry of entries) {
      if (out.length >= LIMITS.maxBundledEntries) return;
      if (SKIP.has(entry.name)) continue;
      const relPath = rel ? `${rel}/${entry.name}` : entry.name;
      if (relPath === 'SKILL.md') continue;
      const p = path.join(abs, entry.name);
      let st: fs.Stats;
      try {
        st = fs.lstatSync(p);
      } catch {
        continue;
      }
      const file: BundledFile = {
        relPath,
        path: p,
        kind: st.isSymbolicLink() ? 'symlink' : st.isDirectory() ? 'directory' : st.isFile() ? 'file' : 'other',
        size: st.size,
        executable: (st.mode & 0o111) !== 0,
      };
      if (file.kind === 'symlink') {
        try {
          const target = fs.realpathSync(p);
          file.symlinkTarget = target;
          realDir ??= fs.realpathSync(dir);
          file.escapes = !isInside(target, realDir);
          // A link to its own folder or an ancestor: whoever follows links walks forever.
          if (isInside(fs.realpathSync(abs), target)) file.loop = true;
        } catch (error) {
          file.escapes = false;
          if ((error as NodeJS.ErrnoException).code === 'ELOOP') file.loop = true;
        }
      }
      out.push(file);
      if (file.kind === 'directory') walk(p, relPath, depth + 1);
    }
  };
  walk(dir, '', 0);
  return out;
}


/** Decodes bytes as UTF-8 text, or says why they are not text. */
export function decodeText(buf: Buffer): { text: string; problem?: 'binary' | 'encoding' } {
  const probe = buf.subarray(0, 8192);
  if (probe.includes(0)) return { text: buf.toString('utf8'), problem: 'binary' };
  try {
    return { text: new TextDecoder('utf-8', { fatal: true, ignoreBOM: true }).decode(buf) };
  } catch {
    return { text: buf.toString('utf8'), problem: 'encoding' };
  }
}

/** Where a bundle reader gets bytes: the disk, or (for `lint --staged`) the git index. */
export interface ByteSource {
  /**
   * The bytes of a regular file, or undefined when it is missing, not a file, or over `maxBytes`.
   * With `within` (a real path), undefined too when the file, links resolved, lies outside it.
   */
  read(absPath: string, maxBytes: number, within?: string, realDirs?: Map<string, string>): Buffer | undefined;
  exists(absPath: string): boolean;
}

export type ReadFileResult = { bytes: Buffer } | { problem: 'missing' | 'symlink' | 'not-a-file' | 'too-large' | 'unreadable'; size?: number; code?: string };

/**
 * The one reader of files skillc reads from a tree it does not trust (a skill, a case, an
 * output folder): a hostile tree cannot hang, redirect or swap the read. Opened non-blocking
 * (a FIFO with no writer does not block the open), checked with fstat on the open descriptor,
 * refused unless it is a regular file within `maxBytes`.
 * - `noFollow`: a symlink as the last component is refused (`symlink`), not followed.
 * - `within` (a real path, `fs.realpathSync`'s): links are followed only while they stay inside
 *   it; a file whose real path lies outside is refused (`symlink`) before it is opened. It is then
 *   opened at its real path with O_NOFOLLOW, and the descriptor's device and inode must be the
 *   ones lstat found there, so a link swapped in between is refused too. `within` set to the
 *   file's own path means "no link anywhere on the way". `realDirs` caches the real path of each
 *   folder for a caller that reads many files (a skill's bundle, a build of a skill).
 */
export function readRegularFile(absPath: string, maxBytes: number, options: { noFollow?: boolean; within?: string; realDirs?: Map<string, string> } = {}): ReadFileResult {
  let target = absPath;
  let expected: fs.Stats | undefined;
  if (options.within !== undefined) {
    try {
      expected = fs.lstatSync(absPath);
      if (expected.isSymbolicLink()) {
        target = fs.realpathSync.native(absPath);
        expected = fs.lstatSync(target);
      } else {
        // Not a link itself: its real path is its folder's (resolved once per folder with `realDirs`).
        const dir = path.dirname(absPath);
        let real = options.realDirs?.get(dir);
        if (real === undefined) {
          real = fs.realpathSync.native(dir);
          options.realDirs?.set(dir, real);
        }
        target = path.join(real, path.basename(absPath));
      }
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code ?? 'EIO';
      if (code === 'ENOENT' || code === 'ENOTDIR') return { problem: 'missing', code };
      return { problem: code === 'ELOOP' ? 'symlink' : 'unreadable', code };
    }
    if (!isInside(target, options.within)) return { problem: 'symlink', code: 'EXDEV' };
  }
  const noFollow = options.noFollow || options.within !== undefined;
  const flags = fs.constants.O_RDONLY | fs.constants.O_NONBLOCK | (noFollow ? (fs.constants.O_NOFOLLOW ?? 0) : 0);
  let fd: number;
  try {
    fd = fs.openSync(target, flags);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? 'EIO';
    if (code === 'ENOENT' || code === 'ENOTDIR') return { problem: 'missing', code };
    if (code === 'ELOOP' && noFollow) return { problem: 'symlink', code };
    return { problem: 'unreadable', code };
  }
  try {
    const st = fs.fstatSync(fd);
    if (expected && (st.dev !== expected.dev || st.ino !== expected.ino)) return { problem: 'symlink', code: 'ESTALE' };
    if (!st.isFile()) return { problem: 'not-a-file' };
    if (st.size > maxBytes) return { problem: 'too-large', size: st.size };
    return { bytes: fs.readFileSync(fd) };
  } catch (error) {
    return { problem: 'unreadable', code: (error as NodeJS.ErrnoException).code ?? 'EIO' };
  } finally {
    fs.closeSync(fd);
  }
}

/** One file of a tree that is not the disk (the git index, memory), as `bundledFromEntries` takes it. */
export interface VirtualEntry {
  /** Path relative to the skill folder, with `/`. */
  relPath: string;
  kind: 'file' | 'symlink' | 'other';
  size: number;
  executable: boolean;
  symlinkTarget?: string;
  escapes?: boolean;
}

/**
 * A skill folder's files from a tree that is not the disk (SKILL.md excluded), as `listBundle`
 * gives them from disk: each folder listed once, sorted by path, at most `maxBundledEntries`.
 */
export function bundledFromEntries(dir: string, entries: Iterable<VirtualEntry>): BundledFile[] {
  const out = new Map<string, BundledFile>();
  for (const e of entries) {
    if (e.relPath === 'SKILL.md') continue;
    const parts = e.relPath.split('/');
    for (let i = 1; i < parts.length; i++) {
      const folder = parts.slice(0, i).join('/');
      if (!out.has(folder)) out.set(folder, { relPath: folder, path: path.join(dir, folder), kind: 'directory', size: 0, executable: true });
    }
    const file: BundledFile = { relPath: e.relPath, path: path.join(dir, e.relPath), kind: e.kind, size: e.size, executable: e.executable };
    if (e.symlinkTarget !== undefined) file.symlinkTarget = e.symlinkTarget;
    if (e.escapes !== undefined) file.escapes = e.escapes;
    out.set(e.relPath, file);
  }
  return [...out.values()].sort((a, b) => (a.relPath < b.relPath ? -1 : a.relPath > b.relPath ? 1 : 0)).slice(0, LIMITS.maxBundledEntries);
}

export const diskSource: ByteSource = {
  read(absPath, maxBytes, within, realDirs) {
    const r = readRegularFile(absPath, maxBytes, within === undefined ? {} : { within, ...(realDirs ? { realDirs } : {}) });
    return 'bytes' in r ? r.bytes : undefined;
  },
  exists(absPath) {
    try {
      fs.statSync(absPath);
      return true;
    } catch {
      return false;
    }
  },
};

const FENCE = /```|~~~/;
const COMMENT = /<!--/;
const LINK = /[[<]/;

/** What rules need of a bundled Markdown file, all from one parse. */
export interface Outline {
  headings: Heading[];
  links: Link[];
  codeFences: CodeFence[];
  directives: Directive[];
}

/**
 * Reads bundled files on demand for rules, caching each read and each parse: a file is
 * read only when a rule asks for it, parsed only when a rule asks for its tree, and
 * read and parsed at most once per reader (one reader per skill per run).
 */
export function bundleReader(dir: string, outlineOf: (file: TextFile) => Outline, source: ByteSource = diskSource): BundleReader {
  const texts = new Map<string, TextFile | undefined>();
  const outlines = new Map<string, Outline | undefined>();
  /** Real paths of folders, resolved once per reader (`readRegularFile`'s `realDirs`). */
  const reals = new Map<string, string>();
  const real = (folder: string): string => {
    let r = reals.get(folder);
    if (r === undefined) {
      try {
        r = fs.realpathSync.native(folder);
      } catch {
        r = folder;
      }
      reals.set(folder, r);
    }
    return r;
  };
  // The skill's budget of bundled text (LIMITS.maxSkillTextBytes): a read past it is refused, as one of a file over the per-file limit.
  let spent = 0;
  const text = (relPath: string): TextFile | undefined => {
    if (texts.has(relPath)) return texts.get(relPath);
    const p = path.resolve(dir, relPath);
    // No read follows a link out of where its path points: a file of the skill only through links
    // that stay inside the skill; one above it (an include's `../_shared/x.md`, a plugin's
    // `../../README.md`) only through links that stay inside the folder the path climbs to.
    let above = path.resolve(dir);
    while (!isInside(p, above)) above = path.dirname(above);
    const buf = spent < LIMITS.maxSkillTextBytes ? source.read(p, Math.min(LIMITS.maxBundledTextBytes, LIMITS.maxSkillTextBytes - spent), real(above), reals) : undefined;
    if (buf) spent += buf.length;
    let result: TextFile | undefined;
    if (buf) {
      const decoded = decodeText(buf);
      if (decoded.problem !== 'binary') result = textFile(p, decoded.text);
    }
    texts.set(relPath, result);
    return result;
  };
  // A file without a fence marker has no fenced code, one without `[` or `<` no link, image or definition
  // (CommonMark's only link syntax; a character reference never opens one), and one without `<!--` no
  // directive: answer without a parse.
  const lacks = (relPath: string, marker: RegExp): boolean => {
    if (outlines.has(relPath)) return false;
    const f = text(relPath);
    return f !== undefined && !marker.test(f.text);
  };
  const outline = (relPath: string): Outline | undefined => {
    if (outlines.has(relPath)) return outlines.get(relPath);
    const f = text(relPath);
    const o = f ? outlineOf(f) : undefined;
    outlines.set(relPath, o);
    return o;
  };
  return {
    text,
    headings: (relPath) => outline(relPath)?.headings,
    links: (relPath) => (lacks(relPath, LINK) ? [] : outline(relPath)?.links),
    codeFences: (relPath) => (lacks(relPath, FENCE) ? [] : outline(relPath)?.codeFences),
    directives: (relPath) => (lacks(relPath, COMMENT) ? [] : outline(relPath)?.directives),
    exists: (relPath) => source.exists(path.resolve(dir, relPath)),
  };
}
