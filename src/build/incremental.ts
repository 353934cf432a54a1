import fs from 'node:fs';
import path from 'node:path';
import type { ResolvedConfig } from '../config/config.js';
import { sha256 } from '../core/hash.js';
import { bundleSignature, changedUnder, type Verified } from '../lint/cache.js';
import { getHost } from '../hosts/index.js';
import { listBundle } from '../parse/bundle.js';
import type { CatalogEntry } from './catalog.js';
import { type BuildProblem, type OutputFile, skillOutputDir } from './emit-skill.js';
import { type CanonicalManifest, isManifest, MANIFEST } from './output.js';
import { MAX_CACHE_BYTES, writeJsonCache } from '../core/json-store.js';
import { mac, machineKey } from '../core/machine-key.js';
import { guardedPath, isInside } from '../core/paths.js';
import { readRegularFile } from '../parse/bundle.js';

/**
 * Incremental builds: per skill folder, what the last build emitted for it, and
 * what that depended on (every source file's content, the folder's listing).
 * A skill whose record still holds reuses its outputs, read back from the output
 * folder and checked against its manifest, so an incremental build is byte for
 * byte a clean one.
 *
 * In watch mode the cache stays in memory between runs (one per lint session),
 * and what the last finished run verified or wrote is trusted for the skill
 * folders the watcher saw no change in: their sources are not hashed again nor
 * their outputs stat'ed (see `unbuilt`). What changed is written in place
 * (patch.ts); the cache file is written just after each run.
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

/** The bytes of an output of the last build, read without following a link (on the way or at it) and never from a FIFO. */
function readOutput(outDir: string, rel: string, checked?: Set<string>): Buffer {
  const read = readRegularFile(guardedPath(outDir, rel, { what: 'output', self: true, ...(checked ? { checked } : {}) }), Number.MAX_SAFE_INTEGER, { noFollow: true });
  if (!('bytes' in read)) throw new Error(`cannot read the last build's ${path.join(outDir, rel)} (${read.problem}${read.code ? `, ${read.code}` : ''})`);
  return read.bytes;
}

/** An output read back from the output folder only when its bytes are asked for. */
function lazyOutput(outDir: string, rel: string, mode: number, hash: string): OutputFile {
  let data: Buffer | undefined;
  return {
    path: rel,
    mode,
    hash,
    get data(): Buffer {
      return (data ??= readOutput(outDir, rel));
    },
  };
}

interface BuildCacheFile {
  format: 1;
  key: string;
  skills: Record<string, SkillRecord>;
  /**
   * The output manifest's stat when a build last found it equal to the text it makes
   * (`manifestFile`): while the file keeps that stat, its bytes are that text of its
   * entries, and a build with the same outputs reuses them (`canonicalManifest`).
   */
  manifest?: OutputStat;
  /** HMAC of each record's JSON (and of `manifest`) under this machine's key (core/machine-key.ts). */
  macs?: Record<string, string>;
  manifestMac?: string;
}

/** The hash of a source file, '' when it is not a regular file (never blocking on a FIFO the cache file names). */
function hashOf(p: string): string {
  const read = readRegularFile(p, Number.MAX_SAFE_INTEGER);
  return 'bytes' in read ? sha256(read.bytes) : '';
}

/** Watch mode: the build cache of each lint session, kept in memory between runs. */
const sessions = new WeakMap<object, BuildCache>();

/**
 * Watch mode: per session, the paths changed since its build cache's records were
 * last brought up to date by a build that finished (a run that stopped at a lint or
 * build error leaves its changes here for the next one), or 'all' (trust nothing).
 * A skill folder none of them lies in keeps its record without its sources being
 * listed and hashed again, and its outputs without their stats (as the lint cache does).
 */
const unbuilt = new WeakMap<object, Set<string> | 'all'>();

/** Watch mode: called at the start of each build with the session's changed paths (undefined: anything may have changed). */
export function noteChanges(session: { changed?: Set<string> }): void {
  const known = unbuilt.get(session);
  if (!session.changed || known === 'all') unbuilt.set(session, 'all');
  else if (!known) unbuilt.set(session, new Set(session.changed));
  else for (const p of session.changed) known.add(p);
}

export class BuildCache {
  private data: BuildCacheFile;
  /** The output folder's manifest (path to sha256), its bytes, and the stat they were read at (or written with). */
  private manifest: Map<string, string> | undefined;
  private manifestBytes: Buffer | undefined;
  private manifestStat: OutputStat | undefined;
  /** The manifest's bytes are `manifestFile`'s text of its entries (written by a build, or stamped as such). */
  private manifestCanonical = false;
  /** Watch mode: the lint session this cache belongs to (see `noteChanges`). */
  private session: object | undefined;
  /** The records changed since the file was read or written. */
  private dirty = false;
  /** Watch mode: the file is written after the run. */
  private deferWrites = false;
  private writeScheduled = false;
  /** Each record's JSON, once written (a record is replaced, never changed, except by a re-stat in `reuse`). */
  private readonly serialized = new WeakMap<SkillRecord, string>();
  /** Watch mode: the outputs of a trusted record, as given last run (their bytes read once, if ever). */
  private readonly trustedFiles = new WeakMap<SkillRecord, OutputFile[]>();
  /** The output folders of each record (`outputFolders`). */
  private readonly folders = new WeakMap<SkillRecord, string[]>();
  /** The manifest's lines by path, with the hash they were made for (`manifestFile`). */
  readonly manifestLines = new Map<string, [string, string]>();
  /**
   * The output folders found real (no link) during this build (`linkOnTheWay`'s `checked`): the
   * skills of one host share their folders above their own, each lstat'ed once a build, not once a skill.
   * A new set each build (`open`): a folder made a link between two watch runs is seen.
   */
  private checked = new Set<string>();

  /**
   * This machine's key: a record (its outputs and build problems) is reused only when its MAC is
   * valid, so a build cache committed to the repository or edited cannot hide a build problem or
   * claim outputs (issue #24, as the lint cache). Without a key nothing is read or written.
   */
  private readonly secret: Buffer | undefined;

  constructor(
    readonly file: string,
    readonly key: string,
    readonly outDir: string,
    /** The project: a cache file inside it is written with no link on the way (`writeJsonCache`'s `within`). */
    readonly root?: string,
    secret: Buffer | undefined = machineKey(),
  ) {
    this.data = { format: 1, key, skills: {} };
    this.secret = secret;
    try {
      if (!secret) throw new Error('no key');
      // Through the one reader: a link or a FIFO committed at the cache's name is not read (nor waited on).
      const read = readRegularFile(file, MAX_CACHE_BYTES, { noFollow: true });
      if (!('bytes' in read)) throw new Error(read.problem);
      const raw = JSON.parse(read.bytes.toString('utf8')) as BuildCacheFile;
      if (raw && raw.format === 1 && raw.key === key && raw.skills && typeof raw.skills === 'object' && !Array.isArray(raw.skills)) this.data = this.authentic(raw, secret);
      else this.dirty = true;
    } catch {
      // missing or corrupt: a clean build
      this.dirty = true;
    }
    this.readManifest();
  }

  /** The records (and manifest stat) of `raw` whose MAC this machine's key confirms; the others are dropped. */
  private authentic(raw: BuildCacheFile, secret: Buffer): BuildCacheFile {
    const macs = raw.macs && typeof raw.macs === 'object' ? raw.macs : {};
    const skills: Record<string, SkillRecord> = {};
    for (const [dir, record] of Object.entries(raw.skills)) {
      const json = JSON.stringify(record);
      if (typeof macs[dir] === 'string' && macs[dir] === mac(secret, raw.key, dir, json)) {
        skills[dir] = record;
        this.serialized.set(record, json);
      } else this.dirty = true;
    }
    const out: BuildCacheFile = { format: 1, key: raw.key, skills };
    if (raw.manifest && raw.manifestMac === mac(secret, raw.key, '', JSON.stringify(raw.manifest))) out.manifest = raw.manifest;
    else if (raw.manifest) this.dirty = true;
    return out;
  }

  /**
   * The cache for a build: in watch mode the session's (the same file, key and output
   * folder), which trusts what `noteChanges` says did not change; else read from its file.
   */
  static open(file: string, key: string, outDir: string, session?: { changed?: Set<string> }, root?: string): BuildCache {
    if (!session) return new BuildCache(file, key, outDir, root);
    let cache = sessions.get(session);
    if (!cache || cache.file !== file || cache.key !== key || cache.outDir !== outDir) {
      cache = new BuildCache(file, key, outDir, root);
      cache.deferWrites = true;
      sessions.set(session, cache);
      cache.session = session;
      // A new cache (the first run, another config) trusts nothing yet.
      unbuilt.set(session, 'all');
    } else {
      cache.checked = new Set();
      cache.refreshManifest();
    }
    return cache;
  }

  /** Watch mode: what changed since the records were last up to date ('all': trust nothing). */
  private get pending(): Set<string> | 'all' {
    return (this.session && unbuilt.get(this.session)) || 'all';
  }

  private readManifest(): void {
    const file = path.join(this.outDir, MANIFEST);
    this.manifest = this.manifestBytes = this.manifestStat = undefined;
    this.manifestCanonical = false;
    try {
      // Committed with the output: hostile. Read without following a link, and trusted only when every key is a plain path inside the folder.
      const read = readRegularFile(file, 256 * 1024 * 1024, { noFollow: true });
      if (!('bytes' in read)) return;
      const st = fs.lstatSync(file);
      const bytes = read.bytes;
      const m: unknown = JSON.parse(bytes.toString('utf8'));
      if (!isManifest(m)) return;
      this.manifest = new Map(Object.entries(m.files));
      this.manifestBytes = bytes;
      this.manifestStat = [st.size, st.mtimeMs, st.ino];
      // The stat may be the stamp only if the bytes were not read mid-write (the size agrees).
      this.manifestCanonical = st.size === bytes.length && sameStat(st, this.data.manifest);
    } catch {
      // no output yet, or not skillc's
    }
  }

  /**
   * Reads the manifest again unless its stat is the one it was read (or written) at;
   * when it changed (another build wrote the folder), nothing is trusted this run.
   */
  private refreshManifest(): void {
    try {
      const st = fs.statSync(path.join(this.outDir, MANIFEST));
      if (this.manifest && sameStat(st, this.manifestStat)) return;
    } catch {
      // gone
    }
    this.readManifest();
    if (this.session) unbuilt.set(this.session, 'all');
  }

  /** The output folder's manifest as read, and its bytes. */
  get previous(): { manifest: ReadonlyMap<string, string> | undefined; bytes: Buffer | undefined } {
    return { manifest: this.manifest, bytes: this.manifestBytes };
  }

  /** The manifest on disk when its bytes are known to be `manifestFile`'s text of its entries. */
  canonicalManifest(): CanonicalManifest | undefined {
    return this.manifestCanonical && this.manifest && this.manifestBytes ? { entries: this.manifest, bytes: this.manifestBytes } : undefined;
  }

  /**
   * The build found the manifest on disk equal to the one it made: its stat is kept (when
   * old enough to trust, see `trustedStat`) so the next build can reuse its bytes.
   */
  manifestChecked(): void {
    if (!this.manifestBytes) return;
    this.manifestCanonical = true;
    const seenAt = Date.now();
    let stamp: OutputStat | undefined;
    try {
      const st = fs.statSync(path.join(this.outDir, MANIFEST));
      if (sameStat(st, this.manifestStat)) stamp = trustedStat(st, seenAt);
    } catch {
      // gone meanwhile: no stamp
    }
    const known = this.data.manifest;
    if (stamp === known || (stamp && known && stamp.every((v, i) => v === known[i]))) return;
    if (stamp) this.data.manifest = stamp;
    else delete this.data.manifest;
    this.dirty = true;
    this.flush();
  }

  /** The records as they are now (before this build's replace theirs), for `outputFolders`. */
  records(): SkillRecord[] {
    return Object.values(this.data.skills);
  }

  /** The skill output folders of these records, per host (`skillOutputDir`). */
  outputFolders(records: readonly SkillRecord[], config: Pick<ResolvedConfig, 'outputs' | 'hostTable'>): Set<string> {
    const out = new Set<string>();
    for (const r of records) {
      let dirs = this.folders.get(r);
      if (!dirs) {
        dirs = [];
        for (const h of r.hosts ?? []) {
          const host = getHost(h, config.hostTable);
          if (host) dirs.push(skillOutputDir(host, r.name, config.outputs));
        }
        this.folders.set(r, dirs);
      }
      for (const d of dirs) out.add(d);
    }
    return out;
  }

  /**
   * The records are up to date with the sources and the output folder holds their
   * outputs (written or verified by this build): the next watch run may trust the
   * skill folders nothing changed in.
   */
  recordsCurrent(): void {
    if (this.session) unbuilt.set(this.session, new Set());
  }

  /** After a write of these outputs (the manifest last among them): the manifest now on disk, kept for the next watch run. */
  wrote(files: readonly OutputFile[]): void {
    const manifest = files[files.length - 1];
    try {
      if (manifest?.path !== MANIFEST) throw new Error('no manifest');
      const st = fs.statSync(path.join(this.outDir, MANIFEST));
      const entries = new Map<string, string>();
      for (const f of files) if (f !== manifest) entries.set(f.path, f.hash ?? sha256(f.data));
      this.manifest = entries;
      this.manifestBytes = manifest.data;
      this.manifestStat = [st.size, st.mtimeMs, st.ino];
      // Written from `manifestFile`'s text just now (the stamp on file is left for the next build to set).
      this.manifestCanonical = true;
    } catch {
      this.readManifest();
    }
  }

  /** The outputs of a skill from the last build, when its sources are unchanged and its outputs on disk are intact. */
  reuse(dir: string, verified?: Verified): { record: SkillRecord; files: OutputFile[] } | undefined {
    const record = this.data.skills[dir];
    const manifest = this.manifest;
    if (!record || !manifest) return undefined;
    try {
      // Watch mode, nothing changed in the folder since the last run that wrote or verified
      // its outputs: only sources outside it are hashed again, and its outputs are trusted.
      const trusted = this.pending !== 'all' && !changedUnder(this.pending, dir);
      const inside = (p: string): boolean => p.startsWith(dir + path.sep);
      // The lint just before checked most of it for its own cache: what it listed and hashed is taken as is.
      if (!trusted && record.bundle !== (verified?.bundles.get(dir) ?? bundleSignature(listBundle(dir)))) return undefined;
      for (const [p, h] of record.sources) if (!(trusted && inside(p)) && (verified?.files.get(p) ?? hashOf(p)) !== h) return undefined;
      const files: OutputFile[] = [];
      if (trusted) {
        const known = this.trustedFiles.get(record);
        if (known) return { record, files: known };
        for (const [rel, hash, mode] of record.outputs) {
          if (manifest.get(rel) !== hash) return undefined;
          files.push(lazyOutput(this.outDir, rel, mode, hash));
        }
        this.trustedFiles.set(record, files);
        return { record, files };
      }
      const stats: (OutputStat | undefined)[] = [];
      let restat = false;
      const checked = this.checked;
      for (const [rel, hash, mode, known] of record.outputs) {
        if (manifest.get(rel) !== hash) return undefined;
        // No link on the way (throws, and the skill is built again); at the output itself, the
        // lstat below: a link there is no regular file. One lstat of the file, not two.
        const abs = guardedPath(this.outDir, rel, { what: 'output', checked });
        const seenAt = Date.now();
        const st = fs.lstatSync(abs);
        if (!st.isFile() || (process.platform !== 'win32' && (st.mode & 0o111 ? 0o755 : 0o644) !== mode)) return undefined;
        if (sameStat(st, known)) {
          // Unchanged since it was last hashed: trusted, read only if its bytes are needed.
          files.push(lazyOutput(this.outDir, rel, mode, hash));
          stats.push(known);
          continue;
        }
        const data = readOutput(this.outDir, rel, checked);
        if (sha256(data) !== hash) return undefined;
        files.push({ path: rel, data, mode, hash });
        stats.push(trustedStat(st, seenAt));
        restat = true;
      }
      if (restat) {
        record.outputs = record.outputs.map(([rel, hash, mode], i) => (stats[i] ? [rel, hash, mode, stats[i]] : [rel, hash, mode]));
        this.serialized.delete(record);
        this.dirty = true;
      }
      return { record, files };
    } catch {
      return undefined;
    }
  }

  record(dir: string, sources: ReadonlyMap<string, string>, files: readonly OutputFile[], rest: Omit<SkillRecord, 'sources' | 'bundle' | 'outputs'>): void {
    this.dirty = true;
    this.data.skills[dir] = {
      // The hashes of the bytes the build read (`prepareSkill`), not the files read again.
      sources: [...sources.keys()].sort().map((p) => [p, sources.get(p)!]),
      bundle: bundleSignature(listBundle(dir)),
      outputs: files.map((f) => [f.path, f.hash ?? sha256(f.data), f.mode]),
      ...rest,
    };
  }

  /**
   * Drops the records of skills not in this build, and writes the cache (a failed write
   * is not an error). The JSON of each record is kept (watch mode writes the file on
   * every run, and most records are the same objects as last time): the file is the same
   * bytes as `JSON.stringify(data)`. In watch mode the file is written just after the run
   * (a pending write keeps the process alive); the file is only ever a hint, checked on use.
   */
  save(dirs: readonly string[]): void {
    const keep = new Set(dirs);
    for (const d of Object.keys(this.data.skills)) {
      if (keep.has(d)) continue;
      delete this.data.skills[d];
      this.dirty = true;
    }
    this.flush();
  }

  /** Writes the cache file if a record changed: now, or in watch mode just after the run. */
  private flush(): void {
    if (!this.dirty) return;
    if (!this.deferWrites) return this.write();
    if (this.writeScheduled) return;
    this.writeScheduled = true;
    setImmediate(() => {
      this.writeScheduled = false;
      this.write();
    });
  }

  private write(): void {
    if (!this.dirty || !this.secret) return;
    const json = (record: SkillRecord): string => {
      let text = this.serialized.get(record);
      if (text === undefined) this.serialized.set(record, (text = JSON.stringify(record)));
      return text;
    };
    const macs: Record<string, string> = {};
    for (const [dir, record] of Object.entries(this.data.skills)) macs[dir] = mac(this.secret, this.data.key, dir, json(record));
    const data: BuildCacheFile = { ...this.data, macs };
    if (this.data.manifest) data.manifestMac = mac(this.secret, this.data.key, '', JSON.stringify(this.data.manifest));
    const written = writeJsonCache(
      this.file,
      data,
      'skills',
      (r) => json(r as SkillRecord),
      this.root !== undefined && isInside(this.file, this.root) ? this.root : undefined,
    );
    // A read-only tree builds without a cache.
    if (written) this.dirty = false;
  }
}

/** The build's cache folder: `--cache-location`, else node_modules/.cache/skillc in the project. */
export function cacheFolder(config: ResolvedConfig, location?: string): string {
  return location ? path.resolve(config.root, location) : path.join(config.root, 'node_modules', '.cache', 'skillc');
}

export function buildCacheFile(config: ResolvedConfig, outDir: string, location?: string): string {
  return path.join(cacheFolder(config, location), `build-${sha256(outDir).slice(0, 16)}.json`);
}
