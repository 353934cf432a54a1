import fs from 'node:fs';
import path from 'node:path';
import type { BundledFile, BundleReader, Heading } from '../model/skill.js';
import { textFile, type TextFile } from '../model/text.js';
import { LIMITS } from './limits.js';

const SKIP = new Set(['.git', 'node_modules', '.DS_Store']);

/** Lists a skill folder without following symlinks (so loops cannot trap it). */
export function listBundle(dir: string): BundledFile[] {
  const out: BundledFile[] = [];
  let realDir: string;
  try {
    realDir = fs.realpathSync(dir);
  } catch {
    return out;
  }
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

export function isInside(child: string, parent: string): boolean {
  const rel = path.relative(parent, child);
  return rel === '' || (!rel.startsWith('..') && !path.isAbsolute(rel));
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

/** Reads bundled files on demand for rules, caching each read. */
export function bundleReader(dir: string, headingsOf: (file: TextFile) => Heading[]): BundleReader {
  const texts = new Map<string, TextFile | undefined>();
  const heads = new Map<string, Heading[] | undefined>();
  const text = (relPath: string): TextFile | undefined => {
    if (texts.has(relPath)) return texts.get(relPath);
    let result: TextFile | undefined;
    const p = path.resolve(dir, relPath);
    try {
      const st = fs.statSync(p);
      if (st.isFile() && st.size <= LIMITS.maxBundledTextBytes) {
        const decoded = decodeText(fs.readFileSync(p));
        if (decoded.problem !== 'binary') result = textFile(p, decoded.text);
      }
    } catch {
      result = undefined;
    }
    texts.set(relPath, result);
    return result;
  };
  return {
    text,
    headings(relPath) {
      if (heads.has(relPath)) return heads.get(relPath);
      const f = text(relPath);
      const h = f ? headingsOf(f) : undefined;
      heads.set(relPath, h);
      return h;
    },
    exists(relPath) {
      try {
        fs.statSync(path.resolve(dir, relPath));
        return true;
      } catch {
        return false;
      }
    },
  };
}
