import { sha256 } from '../core/hash.js';
import fs from 'node:fs';
import path from 'node:path';
import { createFileExclusive } from '../core/atomic-write.js';
import { UnsafePathError } from '../core/errors.js';
import { guardedPath, unsafeRelativePath } from '../core/paths.js';
import { readRegularFile } from '../parse/bundle.js';
import type { OutputFile } from './emit-skill.js';
import { claimLeftover, leftoverTag, type Leftovers, releaseLeftover, sortLeftovers } from './leftovers.js';
import { recoverStages } from './stage.js';

export const MANIFEST = '.skillc-manifest.json';

export interface Manifest {
  version: 1;
  /** Every file skillc wrote, with its sha256. */
  files: Record<string, string>;
}

/** A key an object would order before the others (an array index). */
const INDEX_LIKE = /^(0|[1-9]\d{0,9})$/;

/**
 * Creates one output file in a folder the build made (a new tree, a stage): exclusively, so
 * nothing already there (a link planted at the name) is written through. A script keeps its
 * run bit whatever the umask; other files get the umask's mode, as any tool's output does
 * (the drift check compares only the run bit). One chmod per script rather than per file: on
 * slow file systems a syscall per output adds up (18,000 outputs: ~0.5 s of chmods on the
 * bench machine).
 */
export function writeNewOutput(p: string, f: { data: Buffer; mode: number }): void {
  createFileExclusive(p, f.data, { mode: f.mode, exactMode: (f.mode & 0o111) !== 0 });
}

/**
 * Sorts outputs by path, in place and stably, as `files.sort()` by path would; true
 * when two share a path. They come skill by skill, each skill's for every host: put
 * in one bucket per top-level folder first, each bucket is nearly sorted already.
 */
export function sortByPath(files: OutputFile[]): boolean {
  // A bucket's key is its folder with `/` (or a top-level file's name): keys order as their paths do.
  const buckets = new Map<string, OutputFile[]>();
  for (const f of files) {
    const slash = f.path.indexOf('/');
    const key = slash < 0 ? f.path : f.path.slice(0, slash + 1);
    let b = buckets.get(key);
    if (!b) buckets.set(key, (b = []));
    b.push(f);
  }
  const byPath = (a: OutputFile, b: OutputFile): number => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0);
  let i = 0;
  for (const key of [...buckets.keys()].sort()) for (const f of buckets.get(key)!.sort(byPath)) files[i++] = f;
  for (let j = 1; j < files.length; j++) if (files[j - 1]!.path === files[j]!.path) return true;
  return false;
}

/**
 * A manifest on disk known to be this function's text of its entries (the build cache's
 * stamp says it is the file a build wrote or found equal to that text): when the outputs
 * are the same paths and hashes in the same order, its bytes are the manifest, and the
 * 18,000-line text of a large catalog is not made again on every rebuild.
 */
export interface CanonicalManifest {
  entries: ReadonlyMap<string, string>;
  bytes: Buffer;
}

/** Whether the outputs are these entries, in order (setting each output's `hash` on the way). */
function sameEntries(files: readonly OutputFile[], entries: ReadonlyMap<string, string>): boolean {
  if (files.length !== entries.size) return false;
  let i = 0;
  for (const [p, h] of entries) {
    const f = files[i++]!;
    if (f.path !== p || (f.hash ??= sha256(f.data)) !== h) return false;
  }
  return true;
}

/**
 * The manifest of these outputs, `JSON.stringify({ version: 1, files }, null, 2)` with
 * the files sorted by path; each output's `hash` is set on the way (the sha256 of its bytes).
 */
export function manifestFile(files: readonly OutputFile[], lines?: Map<string, [hash: string, line: string]>, canonical?: CanonicalManifest): OutputFile {
  // Usually sorted already, without two outputs at one path (a clash is an error, reported elsewhere).
  let plain = true;
  for (let i = 0; i < files.length; i++) {
    const p = files[i]!.path;
    if ((i > 0 && files[i - 1]!.path >= p) || INDEX_LIKE.test(p)) {
      plain = false;
      break;
    }
  }
  if (plain && canonical && sameEntries(files, canonical.entries)) return { path: MANIFEST, data: canonical.bytes, mode: 0o644 };
  if (!plain) {
    const byPath = new Map<string, string>();
    for (const f of [...files].sort((a, b) => (a.path < b.path ? -1 : 1))) byPath.set(f.path, (f.hash ??= sha256(f.data)));
    // An object orders an index-like key ("12") first: that rare case goes through JSON.stringify as it is.
    if ([...byPath.keys()].some((k) => INDEX_LIKE.test(k))) {
      const manifest: Manifest = { version: 1, files: Object.fromEntries(byPath) };
      return { path: MANIFEST, data: Buffer.from(`${JSON.stringify(manifest, null, 2)}\n`), mode: 0o644 };
    }
    return manifestFile([...byPath].map(([p, hash]) => ({ path: p, hash, data: Buffer.alloc(0), mode: 0o644 })), lines);
  }
  // Written out by hand: tens of thousands of entries, on every watch run.
  // `lines`: the lines of the last manifest (watch mode), reused where the hash is the same.
  if (lines && lines.size > 2 * files.length + 1000) lines.clear();
  const out: string[] = [];
  for (const f of files) {
    const p = f.path;
    const h = (f.hash ??= sha256(f.data));
    const known = lines?.get(p);
    if (known && known[0] === h) {
      out.push(known[1]);
      continue;
    }
    const line = `    ${JSON.stringify(p)}: ${JSON.stringify(h)}`;
    lines?.set(p, [h, line]);
    out.push(line);
  }
  const body = out.length ? `{\n${out.join(',\n')}\n  }` : '{}';
  return { path: MANIFEST, data: Buffer.from(`{\n  "version": 1,\n  "files": ${body}\n}\n`), mode: 0o644 };
}

/**
 * The output folder's manifest, or undefined when there is none or it is not skillc's. The
 * manifest is committed with the output, so it is hostile input: a key that is not a plain
 * path inside the output folder (`../../victim`) makes the whole manifest untrusted, and
 * nothing is removed or kept on its word.
 */
export function readManifest(outDir: string): Manifest | undefined {
  const read = readRegularFile(path.join(outDir, MANIFEST), 256 * 1024 * 1024, { noFollow: true });
  if (!('bytes' in read)) return undefined;
  try {
    const m = JSON.parse(read.bytes.toString('utf8')) as Manifest;
    return isManifest(m) ? m : undefined;
  } catch {
    return undefined;
  }
}

/** A manifest skillc could have written: version 1, every key a plain relative path, every value a string. */
export function isManifest(m: unknown): m is Manifest {
  if (!m || typeof m !== 'object' || (m as Manifest).version !== 1) return false;
  const files = (m as Manifest).files;
  if (!files || typeof files !== 'object' || Array.isArray(files)) return false;
  for (const [rel, hash] of Object.entries(files)) if (typeof hash !== 'string' || unsafeRelativePath(rel)) return false;
  return true;
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
  /** Built files whose bytes (or run bit) differ from what the build writes. */
  changed: string[];
  /** Files the build writes that are not there. */
  missing: string[];
  /** Files skillc wrote before (its manifest on disk lists them) that this build no longer makes: a build removes them. */
  extra: string[];
  /** Files skillc did not write in a folder it owns: a build keeps them, so only deleting or moving them ends the drift. */
  foreign: string[];
}

/**
 * Compares the outputs with the folder byte for byte (and run bits); writes nothing. Each
 * output is read only when its path lies inside the folder with no link on the way nor at
 * it (a link, a FIFO or a folder where an output should be is drift, never read). An extra file
 * is one the build would take away: a file skillc's manifest on disk says it wrote and this build
 * does not write, or any file it did not write inside a folder skillc owns (`owned`: folder prefixes
 * with `/`, `''` for the whole output folder). Elsewhere a file skillc did not write is the
 * project's own (a package's package.json, a hand-kept manifest): the build keeps it, and so does
 * the comparison.
 */
export function compareOutput(outDir: string, files: readonly OutputFile[], owned: readonly string[] = ['']): Drift {
  const drift: Drift = { changed: [], missing: [], extra: [], foreign: [] };
  const expected = new Set(files.map((f) => f.path));
  const checked = new Set<string>();
  for (const f of files) {
    let p: string;
    try {
      p = guardedPath(outDir, f.path, { what: 'output', self: true, checked });
    } catch (error) {
      if (!(error instanceof UnsafePathError) || unsafeRelativePath(f.path)) throw error;
      drift.changed.push(f.path);
      continue;
    }
    const read = readRegularFile(p, Math.max(f.data.length, 1), { noFollow: true });
    if (!('bytes' in read)) {
      if (read.problem === 'missing') drift.missing.push(f.path);
      else drift.changed.push(f.path);
      continue;
    }
    const mode = fs.lstatSync(p).mode & 0o111 ? 0o755 : 0o644;
    if (!read.bytes.equals(f.data) || (process.platform !== 'win32' && mode !== f.mode)) drift.changed.push(f.path);
  }
  const written = readManifest(outDir)?.files ?? {};
  const isOwned = (rel: string): boolean => owned.some((o) => rel.startsWith(o));
  for (const rel of listFiles(outDir)) {
    if (expected.has(rel)) continue;
    if (Object.prototype.hasOwnProperty.call(written, rel)) drift.extra.push(rel);
    else if (isOwned(rel)) drift.foreign.push(rel);
  }
  return drift;
}

/**
 * Leftovers of a build that was killed mid-swap: put the old output back. For a
 * whole-tree swap, the old tree returns if the new one had not taken its place
 * yet; for an in-place update (patch.ts), its journal is rolled back or forward.
 * Only the folders a build on this machine made are touched (leftovers.ts): the
 * others are returned, left as they are, and one git tracks is refused (throws).
 */
export function recoverInterruptedSwap(outDir: string): Leftovers {
  const parent = path.dirname(outDir);
  const base = path.basename(outDir);
  let siblings: string[];
  try {
    siblings = fs.readdirSync(parent);
  } catch {
    return { foreign: [] };
  }
  if (!siblings.some((s) => s.startsWith(`${base}.skillc-`))) return { foreign: [] };
  const { own, foreign } = sortLeftovers(outDir, siblings);
  const old = own.filter((s) => s.startsWith(`${base}.skillc-old-`));
  if (!fs.existsSync(outDir) && old.length) {
    fs.renameSync(path.join(parent, old[0]!), outDir);
    releaseLeftover(path.join(parent, old[0]!));
  }
  recoverStages(outDir, own);
  for (const s of own) {
    if (s.startsWith(`${base}.skillc-tmp-`) || (s.startsWith(`${base}.skillc-old-`) && fs.existsSync(outDir))) {
      fs.rmSync(path.join(parent, s), { recursive: true, force: true });
      releaseLeftover(path.join(parent, s));
    }
  }
  return { foreign: foreign.map((s) => path.join(parent, s)) };
}

/**
 * Writes the outputs into a fresh sibling folder and swaps it in with two
 * renames, so the output folder is wholly old or wholly new. Files in the old
 * folder that skillc did not write (per its manifest) are carried over; files
 * it wrote for skills that are gone are not. Returns the carried-over paths.
 * The files in `reused` (an incremental build's unchanged outputs) are
 * hard-linked from the old folder instead of written, when the link works.
 */
export function writeOutputAtomically(outDir: string, files: readonly OutputFile[], hooks: { beforeSwap?: () => void } = {}, reused: ReadonlySet<string> = new Set()): string[] {
  recoverInterruptedSwap(outDir);
  const parent = path.dirname(outDir);
  fs.mkdirSync(parent, { recursive: true });
  const tag = leftoverTag();
  const tmp = path.join(parent, `${path.basename(outDir)}.skillc-tmp-${tag}`);
  const old = path.join(parent, `${path.basename(outDir)}.skillc-old-${tag}`);
  const carried: string[] = [];
  // One mkdir per folder, not per file: a skill's outputs share a few folders.
  const made = new Set<string>();
  const mkdir = (d: string): void => {
    if (made.has(d)) return;
    fs.mkdirSync(d, { recursive: true });
    made.add(d);
  };
  const outChecked = new Set<string>();
  // Recorded before they exist, so that a kill at any point leaves folders the next build may recover.
  claimLeftover(tmp);
  claimLeftover(old);
  try {
    fs.mkdirSync(tmp);
    made.add(tmp);
    const written = new Set<string>();
    for (const f of files) {
      // The tree is new and the build's own; every path still goes through the one guard.
      const p = guardedPath(tmp, f.path, { what: 'output', checked: made });
      mkdir(path.dirname(p));
      if (!(reused.has(f.path) && linked(outDir, f.path, p, outChecked))) writeNewOutput(p, f);
      written.add(f.path);
    }
    carried.push(...carryForeignFiles(outDir, tmp, written));
    hooks.beforeSwap?.();
    if (fs.existsSync(outDir)) fs.renameSync(outDir, old);
    fs.renameSync(tmp, outDir);
  } catch (error) {
    fs.rmSync(tmp, { recursive: true, force: true });
    if (!fs.existsSync(outDir) && fs.existsSync(old)) fs.renameSync(old, outDir);
    if (!fs.existsSync(old)) releaseLeftover(old);
    if (!fs.existsSync(tmp)) releaseLeftover(tmp);
    throw error;
  }
  releaseLeftover(tmp);
  fs.rmSync(old, { recursive: true, force: true });
  releaseLeftover(old);
  return carried;
}

/**
 * Hard-links an unchanged output of the old tree into the new one; false when it is not a
 * regular file reached without a link, or the file system refuses (then it is written).
 */
function linked(outDir: string, rel: string, to: string, checked: Set<string>): boolean {
  try {
    const from = guardedPath(outDir, rel, { what: 'output', self: true, checked });
    if (!fs.lstatSync(from).isFile()) return false;
    fs.linkSync(from, to);
    return true;
  } catch {
    return false;
  }
}

/**
 * Copies into the new tree the files of the old output that skillc did not write
 * (not in its manifest) and that the new build does not write either. Returns their paths.
 */
export function carryForeignFiles(outDir: string, tmp: string, written: ReadonlySet<string>): string[] {
  const carried: string[] = [];
  if (!fs.existsSync(outDir)) return carried;
  const previous = readManifest(outDir);
  // The folders the new tree holds outputs in: a foreign file or link at one of these paths (a
  // committed `claude/skills/x -> /elsewhere`) stands where the build writes a folder, and is not
  // carried (the new tree has the folder, as a clean build would; a link's target is never touched).
  const folders = new Set<string>();
  for (const rel of written) for (let i = rel.indexOf('/'); i > 0; i = rel.indexOf('/', i + 1)) folders.add(rel.slice(0, i));
  for (const rel of listFiles(outDir)) {
    if (rel === MANIFEST || written.has(rel) || folders.has(rel) || (previous && rel in previous.files)) continue;
    const from = path.join(outDir, rel);
    const st = fs.lstatSync(from);
    // A FIFO, socket or device is not carried: copying one would block on it, or read a device.
    if (!st.isFile() && !st.isSymbolicLink()) continue;
    const p = path.join(tmp, rel);
    fs.mkdirSync(path.dirname(p), { recursive: true });
    // A symlink is carried as a symlink: following it could copy a file from anywhere into the output.
    if (st.isSymbolicLink()) fs.symlinkSync(fs.readlinkSync(from), p);
    else fs.copyFileSync(from, p, fs.constants.COPYFILE_EXCL);
    carried.push(rel);
  }
  return carried;
}
