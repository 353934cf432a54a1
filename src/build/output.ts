import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { OutputFile } from './emit-skill.js';

export const MANIFEST = '.skillc-manifest.json';

export interface Manifest {
  version: 1;
  /** Every file skillc wrote, with its sha256. */
  files: Record<string, string>;
}

export const sha256 = (data: Buffer): string => createHash('sha256').update(data).digest('hex');

export function manifestFile(files: readonly OutputFile[]): OutputFile {
  const entries = [...files].sort((a, b) => (a.path < b.path ? -1 : 1)).map((f) => [f.path, f.hash ?? sha256(f.data)]);
  const manifest: Manifest = { version: 1, files: Object.fromEntries(entries) };
  return { path: MANIFEST, data: Buffer.from(`${JSON.stringify(manifest, null, 2)}\n`), mode: 0o644 };
}

export function readManifest(outDir: string): Manifest | undefined {
  try {
    const m = JSON.parse(fs.readFileSync(path.join(outDir, MANIFEST), 'utf8')) as Manifest;
    return m && m.version === 1 && m.files && typeof m.files === 'object' ? m : undefined;
  } catch {
    return undefined;
  }
}

/** Every regular file under a folder, relative with `/`, without following symlinks. */
export function listFiles(dir: string): string[] {
  const out: string[] = [];
  const walk = (abs: string, rel: string): void => {
    let entries: fs.Dirent[];
    try {
      entries = fs.readdirSync(abs, { withFileTypes: true });
    } catch {
      return;
    }
    for (const e of entries) {
      const r = rel ? `${rel}/${e.name}` : e.name;
      if (e.isDirectory()) walk(path.join(abs, e.name), r);
      else out.push(r);
    }
  };
  walk(dir, '');
  return out.sort();
}

export interface Drift {
  changed: string[];
  missing: string[];
  extra: string[];
}

/** Compares the outputs with the folder byte for byte (and run bits); writes nothing. */
export function compareOutput(outDir: string, files: readonly OutputFile[]): Drift {
  const drift: Drift = { changed: [], missing: [], extra: [] };
  const expected = new Set(files.map((f) => f.path));
  for (const f of files) {
    const p = path.join(outDir, f.path);
    let data: Buffer;
    let mode: number;
    try {
      data = fs.readFileSync(p);
      mode = fs.statSync(p).mode & 0o111 ? 0o755 : 0o644;
    } catch {
      drift.missing.push(f.path);
      continue;
    }
    if (!data.equals(f.data) || (process.platform !== 'win32' && mode !== f.mode)) drift.changed.push(f.path);
  }
  for (const rel of listFiles(outDir)) if (!expected.has(rel)) drift.extra.push(rel);
  return drift;
}

/** Leftovers of a build that was killed mid-swap: put the old output back. */
export function recoverInterruptedSwap(outDir: string): void {
  const parent = path.dirname(outDir);
  const base = path.basename(outDir);
  let siblings: string[];
  try {
    siblings = fs.readdirSync(parent);
  } catch {
    return;
  }
  const old = siblings.filter((s) => s.startsWith(`${base}.skillc-old-`));
  if (!fs.existsSync(outDir) && old.length) fs.renameSync(path.join(parent, old[0]!), outDir);
  for (const s of siblings) {
    if (s.startsWith(`${base}.skillc-tmp-`) || (s.startsWith(`${base}.skillc-old-`) && fs.existsSync(outDir))) {
      fs.rmSync(path.join(parent, s), { recursive: true, force: true });
    }
  }
}

/**
 * Writes the outputs into a fresh sibling folder and swaps it in with two
 * renames, so the output folder is wholly old or wholly new. Files in the old
 * folder that skillc did not write (per its manifest) are carried over; files
 * it wrote for skills that are gone are not. Returns the carried-over paths.
 */
export function writeOutputAtomically(outDir: string, files: readonly OutputFile[], hooks: { beforeSwap?: () => void } = {}): string[] {
  recoverInterruptedSwap(outDir);
  const parent = path.dirname(outDir);
  fs.mkdirSync(parent, { recursive: true });
  const tag = `${process.pid}-${randomBytes(4).toString('hex')}`;
  const tmp = path.join(parent, `${path.basename(outDir)}.skillc-tmp-${tag}`);
  const old = path.join(parent, `${path.basename(outDir)}.skillc-old-${tag}`);
  const carried: string[] = [];
  try {
    fs.mkdirSync(tmp);
    const written = new Set<string>();
    for (const f of files) {
      const p = path.join(tmp, f.path);
      fs.mkdirSync(path.dirname(p), { recursive: true });
      fs.writeFileSync(p, f.data, { mode: f.mode });
      fs.chmodSync(p, f.mode);
      written.add(f.path);
    }
    carried.push(...carryForeignFiles(outDir, tmp, written));
    hooks.beforeSwap?.();
    if (fs.existsSync(outDir)) fs.renameSync(outDir, old);
    fs.renameSync(tmp, outDir);
  } catch (error) {
    fs.rmSync(tmp, { recursive: true, force: true });
    if (!fs.existsSync(outDir) && fs.existsSync(old)) fs.renameSync(old, outDir);
    throw error;
  }
  fs.rmSync(old, { recursive: true, force: true });
  return carried;
}

/**
 * Copies into the new tree the files of the old output that skillc did not write
 * (not in its manifest) and that the new build does not write either. Returns their paths.
 */
export function carryForeignFiles(outDir: string, tmp: string, written: ReadonlySet<string>): string[] {
  const carried: string[] = [];
  if (!fs.existsSync(outDir)) return carried;
  const previous = readManifest(outDir);
  for (const rel of listFiles(outDir)) {
    if (rel === MANIFEST || written.has(rel) || (previous && rel in previous.files)) continue;
    const p = path.join(tmp, rel);
    const from = path.join(outDir, rel);
    fs.mkdirSync(path.dirname(p), { recursive: true });
    // A symlink is carried as a symlink: following it could copy a file from anywhere into the output.
    if (fs.lstatSync(from).isSymbolicLink()) fs.symlinkSync(fs.readlinkSync(from), p);
    else fs.copyFileSync(from, p);
    carried.push(rel);
  }
  return carried;
}
