import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { ResolvedConfig } from '../lint/config.js';
import { bundleSignature, sha } from '../lint/cache.js';
import { listBundle } from '../parse/bundle.js';
import type { CatalogEntry } from './catalog.js';
import type { BuildProblem, OutputFile } from './emit-skill.js';
import { carryForeignFiles, listFiles, MANIFEST, type Manifest, readManifest, recoverInterruptedSwap, sha256 } from './output.js';

/**
 * Incremental builds: per skill folder, what the last build emitted for it, and
 * what that depended on (every source file's content, the folder's listing).
 * A skill whose record still holds reuses its outputs, read back from the output
 * folder and checked against its manifest, so an incremental build is byte for
 * byte a clean one. catalog.ts is reused when its inputs are the same, which
 * skips loading ts-morph and the type check.
 */
export interface SkillRecord {
  /** Source files (absolute) with their content hashes. */
  sources: [string, string][];
  bundle: string;
  /**
   * Outputs, relative to the output folder, with their sha256, mode and, once
   * verified, the stat they had then (size, mtime in ms, inode): a file whose
   * stat is the same is not read and hashed again.
   */
  outputs: [string, string, number, OutputStat?][];
  problems: BuildProblem[];
  entry: CatalogEntry;
  hosts: string[];
  name: string;
}

/** size, mtimeMs, ino of an output file as last verified. */
export type OutputStat = [number, number, number];

/**
 * The stat to trust next time, or undefined when the file is too recent: an edit
 * within the same mtime tick, of the same size, would keep the stat (as git's
 * "racily clean" index entries). Whole-second mtimes mean a coarse file system.
 */
function trustedStat(st: fs.Stats, seenAt: number): OutputStat | undefined {
  const tick = st.mtimeMs % 1000 === 0 ? 2000 : 100;
  return st.mtimeMs < seenAt - tick ? [st.size, st.mtimeMs, st.ino] : undefined;
}

const sameStat = (st: fs.Stats, known: OutputStat | undefined): boolean => !!known && known[0] === st.size && known[1] === st.mtimeMs && known[2] === st.ino;

/** An output read back from the output folder only when its bytes are asked for. */
function lazyOutput(abs: string, rel: string, mode: number, hash: string): OutputFile {
  let data: Buffer | undefined;
  return {
    path: rel,
    mode,
    hash,
    get data(): Buffer {
      return (data ??= fs.readFileSync(abs));
    },
  };
}

interface BuildCacheFile {
  format: 1;
  key: string;
  skills: Record<string, SkillRecord>;
  /** Hash of catalog.ts's inputs, and the sha256 of the catalog.ts they gave. */
  catalogTs?: { key: string; hash: string };
}

function hashOf(p: string): string {
  try {
    return sha(fs.readFileSync(p));
  } catch {
    return '';
  }
}

export class BuildCache {
  private data: BuildCacheFile;
  private readonly manifest: Manifest | undefined;

  constructor(
    readonly file: string,
    readonly key: string,
    readonly outDir: string,
  ) {
    this.data = { format: 1, key, skills: {} };
    try {
      const raw = JSON.parse(fs.readFileSync(file, 'utf8')) as BuildCacheFile;
      if (raw && raw.format === 1 && raw.key === key && raw.skills && typeof raw.skills === 'object') this.data = raw;
    } catch {
      // missing or corrupt: a clean build
    }
    this.manifest = readManifest(outDir);
  }

  /** The outputs of a skill from the last build, when its sources are unchanged and its outputs on disk are intact. */
  reuse(dir: string): { record: SkillRecord; files: OutputFile[] } | undefined {
    const record = this.data.skills[dir];
    const manifest = this.manifest;
    if (!record || !manifest) return undefined;
    try {
      if (record.bundle !== bundleSignature(listBundle(dir))) return undefined;
      for (const [p, h] of record.sources) if (hashOf(p) !== h) return undefined;
      const files: OutputFile[] = [];
      const stats: (OutputStat | undefined)[] = [];
      for (const [rel, hash, mode, known] of record.outputs) {
        if (manifest.files[rel] !== hash) return undefined;
        const abs = path.join(this.outDir, rel);
        const seenAt = Date.now();
        const st = fs.lstatSync(abs);
        if (!st.isFile() || (process.platform !== 'win32' && (st.mode & 0o111 ? 0o755 : 0o644) !== mode)) return undefined;
        if (sameStat(st, known)) {
          // Unchanged since it was last hashed: trusted, read only if its bytes are needed.
          files.push(lazyOutput(abs, rel, mode, hash));
          stats.push(known);
          continue;
        }
        const data = fs.readFileSync(abs);
        if (sha256(data) !== hash) return undefined;
        files.push({ path: rel, data, mode, hash });
        stats.push(trustedStat(st, seenAt));
      }
      record.outputs = record.outputs.map(([rel, hash, mode], i) => (stats[i] ? [rel, hash, mode, stats[i]] : [rel, hash, mode]));
      return { record, files };
    } catch {
      return undefined;
    }
  }

  record(dir: string, sourceFiles: readonly string[], files: readonly OutputFile[], rest: Omit<SkillRecord, 'sources' | 'bundle' | 'outputs'>): void {
    this.data.skills[dir] = {
      sources: [...new Set(sourceFiles)].sort().map((p) => [p, hashOf(p)]),
      bundle: bundleSignature(listBundle(dir)),
      outputs: files.map((f) => [f.path, f.hash ?? sha256(f.data), f.mode]),
      ...rest,
    };
  }

  /** The last catalog.ts when its inputs are the same and the output folder still has it. */
  catalogTs(entries: readonly CatalogEntry[]): { key: string; file?: OutputFile } {
    const key = sha(JSON.stringify(entries.map((e) => [e.name, e.description, e.hosts, e.requires, e.invocation, e.effects, e.artifacts])));
    const c = this.data.catalogTs;
    if (!c || c.key !== key || this.manifest?.files['catalog.ts'] !== c.hash) return { key };
    try {
      const data = fs.readFileSync(path.join(this.outDir, 'catalog.ts'));
      if (sha256(data) === c.hash) return { key, file: { path: 'catalog.ts', data, mode: 0o644 } };
    } catch {
      // gone: emit it again
    }
    return { key };
  }

  recordCatalogTs(key: string, file: OutputFile): void {
    this.data.catalogTs = { key, hash: sha256(file.data) };
  }

  /** Drops the records of skills not in this build, and writes the cache (a failed write is not an error). */
  save(dirs: readonly string[]): void {
    const keep = new Set(dirs);
    for (const d of Object.keys(this.data.skills)) if (!keep.has(d)) delete this.data.skills[d];
    try {
      fs.mkdirSync(path.dirname(this.file), { recursive: true });
      const tmp = `${this.file}.${process.pid}.tmp`;
      fs.writeFileSync(tmp, JSON.stringify(this.data));
      fs.renameSync(tmp, this.file);
    } catch {
      // read-only tree
    }
  }
}

export function buildCacheFile(config: ResolvedConfig, outDir: string, location?: string): string {
  const base = location ? path.resolve(config.root, location) : path.join(config.root, 'node_modules', '.cache', 'skillc');
  return path.join(base, `build-${sha(outDir).slice(0, 16)}.json`);
}

/**
 * True when the output folder already holds exactly these files: the same manifest,
 * and every file not verified on reuse (catalog.json, host manifests, new outputs)
 * equal on disk, run bit included. Then nothing needs writing.
 */
export function upToDate(outDir: string, files: readonly OutputFile[], verified: ReadonlySet<string>): boolean {
  const manifest = files.find((f) => f.path === MANIFEST);
  if (!manifest) return false;
  try {
    if (!fs.readFileSync(path.join(outDir, MANIFEST)).equals(manifest.data)) return false;
    if (fs.readdirSync(path.dirname(outDir)).some((s) => s.startsWith(`${path.basename(outDir)}.skillc-`))) return false;
    for (const f of files) {
      if (f === manifest || verified.has(f.path)) continue;
      const p = path.join(outDir, f.path);
      const st = fs.lstatSync(p);
      if (!st.isFile() || (process.platform !== 'win32' && (st.mode & 0o111 ? 0o755 : 0o644) !== f.mode)) return false;
      if (!fs.readFileSync(p).equals(f.data)) return false;
    }
    return true;
  } catch {
    return false;
  }
}

/** Files of the output folder skillc did not write (per its manifest): what a swap would carry over. */
export function carriedFiles(outDir: string): string[] {
  const previous = readManifest(outDir);
  return listFiles(outDir).filter((rel) => rel !== MANIFEST && !(previous && rel in previous.files));
}

/**
 * `writeOutputAtomically`, with the files known to be unchanged hard-linked from
 * the old folder instead of written (a fresh sibling folder and two renames, as
 * before: the output is wholly old or wholly new). Falls back to writing when a
 * link fails.
 */
export function writeOutputLinking(outDir: string, files: readonly OutputFile[], reused: ReadonlySet<string>, hooks: { beforeSwap?: () => void } = {}): string[] {
  recoverInterruptedSwap(outDir);
  const parent = path.dirname(outDir);
  fs.mkdirSync(parent, { recursive: true });
  const tag = `${process.pid}-${randomBytes(4).toString('hex')}`;
  const tmp = path.join(parent, `${path.basename(outDir)}.skillc-tmp-${tag}`);
  const old = path.join(parent, `${path.basename(outDir)}.skillc-old-${tag}`);
  const carried: string[] = [];
  const made = new Set<string>();
  const mkdir = (d: string): void => {
    if (made.has(d)) return;
    fs.mkdirSync(d, { recursive: true });
    made.add(d);
  };
  try {
    fs.mkdirSync(tmp);
    made.add(tmp);
    const written = new Set<string>();
    for (const f of files) {
      const p = path.join(tmp, f.path);
      mkdir(path.dirname(p));
      let linked = false;
      if (reused.has(f.path)) {
        try {
          fs.linkSync(path.join(outDir, f.path), p);
          linked = true;
        } catch {
          linked = false;
        }
      }
      if (!linked) {
        fs.writeFileSync(p, f.data, { mode: f.mode });
        fs.chmodSync(p, f.mode);
      }
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
