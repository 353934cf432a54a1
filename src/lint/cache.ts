import fs from 'node:fs';
import path from 'node:path';
import type { Diagnostic, Range } from '../model/diagnostic.js';
import type { BundledFile, BundleReader, InlineCode } from '../model/skill.js';
import type { StoredSummary, SummaryField } from '../model/summary.js';
import { listBundle, readRegularFile } from '../parse/bundle.js';
import { sha256 } from '../core/hash.js';
import { MAX_CACHE_BYTES, writeJsonCache } from '../core/json-store.js';
import { mac, machineKey } from '../core/machine-key.js';
import { packageVersion } from '../core/package.js';
import { isInside } from '../core/paths.js';

/**
 * The lint cache (`skillc lint --cache`): per skill folder, the skill rules'
 * diagnostics (before suppressions) and the skill's compact summary, valid while
 *
 * - the tool version, the resolved config, the hosts and the active rules (the run key) are the same;
 * - the SKILL.md's content hash is the same (`--cache-strategy content`, as ESLint calls it: mtimes are not trusted);
 * - the skill folder's file list and stats (kind, size, run bit, symlink target) are the same;
 * - every file a rule read through the bundle reader has the same content hash, and every
 *   existence check a rule made has the same answer.
 *
 * Contents are what decide, but re-reading and re-hashing an unchanged tree is most of a
 * cached run. So once an entry has been verified by content, it keeps `stamps`: the lstat
 * (size, mtime, ctime, inode, mode) of the folder, its subfolders, every listed file, the SKILL.md
 * and every file rules read. While each still has the same stamp, the contents and listing
 * are the ones verified and are not read again (as git's index and ESLint's
 * `--cache-strategy metadata` do; ctime also catches `touch -d` and chmod). A stamp taken
 * within a clock tick of the verification is not kept (git's "racily clean" entries): an
 * edit in the same tick could keep the stamp. Symlinks are never stamped (their targets can
 * change without touching the folder); such entries are always verified by content.
 *
 * The catalog rules' diagnostics are kept too, keyed on the run key and every
 * summary: with nothing changed they are reused, otherwise the catalog rules re-run
 * from the summaries (never from re-parsed trees).
 *
 * A cache file that cannot be read or parsed, or is from another version, is ignored.
 */
export interface CacheEntry extends SummaryEntry {
  /** Signature of the skill folder's listing. */
  bundle: string;
  /** Files rules read: relative path to content hash ('' when unreadable). */
  reads: [string, string][];
  /** Existence checks rules made: relative path to the answer. */
  exists: [string, boolean][];
  diagnostics: Diagnostic[];
  /** The file's suppression directives need its text (the YAML comments, or line offsets). */
  suppressions: boolean;
}

/**
 * What any entry holds: a skill's summary, which depends on its SKILL.md bytes alone (and this
 * version of skillc), so it is valid under any run key. An entry with only these is a summary
 * entry: written where a run needed the summary and not the diagnostics (the skills `--changed`,
 * `--staged` and the language server do not report), or kept from an entry of another run key.
 */
export interface SummaryEntry {
  /** sha256 of the SKILL.md bytes. */
  text: string;
  summary: StoredSummary;
  /** sha256 of the summary's JSON: the catalog rules' results are keyed on all of them. */
  summaryHash: string;
  /** Set once the entry was verified by content: path (relative to the folder, '.' for itself) to its stat then. */
  stamps?: [string, ...Stamp][];
}

/** True for an entry that can replay a skill's diagnostics (not a summary entry). */
const isFull = (entry: SummaryEntry): entry is CacheEntry => Array.isArray((entry as CacheEntry).diagnostics);

/** size, mtime (ms), ctime (ms), inode and mode of a path as last verified. */
type Stamp = [number, number, number, number, number];

const stampOf = (st: fs.Stats): Stamp => [st.size, st.mtimeMs, st.ctimeMs, st.ino, st.mode];

/** The stamp of a path that is not there (a file rules looked for): it holds while the path stays missing. */
const MISSING: Stamp = [-1, -1, -1, -1, -1];

/** The lstat of a path; null when it is not there; undefined when it cannot be stat'ed (no stamp then). */
function lstatOrMissing(p: string): fs.Stats | null | undefined {
  try {
    return fs.lstatSync(p);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    return code === 'ENOENT' || code === 'ENOTDIR' ? null : undefined;
  }
}

/** True when every stamp still matches the path's lstat now. */
function stampsHold(dir: string, stamps: readonly (readonly [string, ...Stamp])[]): boolean {
  for (const [rel, ...stamp] of stamps) {
    const st = lstatOrMissing(path.resolve(dir, rel));
    if (st === undefined) return false;
    const now = st === null ? MISSING : stampOf(st);
    for (let i = 0; i < MISSING.length; i++) if (now[i] !== stamp[i]) return false;
  }
  return true;
}

/**
 * The stamps of an entry just verified by content (`since`: when the verification
 * started), or undefined when the folder holds a symlink or anything was modified
 * within a clock tick of `since`. Each listed file must still have the size, kind and
 * run bit of the listing that matched the entry's signature.
 */
function takeStamps(dir: string, bundled: readonly BundledFile[], reads: readonly (readonly [string, string])[], since: number): [string, ...Stamp][] | undefined {
  const stamps: [string, ...Stamp][] = [];
  const seen = new Set<string>();
  const take = (rel: string, listed?: BundledFile): boolean => {
    if (seen.has(rel)) return true;
    seen.add(rel);
    const st = lstatOrMissing(path.resolve(dir, rel));
    if (st === undefined) return false;
    if (st === null) {
      // A listed file that is gone, or the SKILL.md: not a state to stamp. A file rules looked for in vain: stamped missing.
      if (listed || rel === '.' || rel === 'SKILL.md') return false;
      stamps.push([rel, ...MISSING]);
      return true;
    }
    if (st.isSymbolicLink()) return false;
    // Any write after the stamp moves the mtime unless it lands in the tick of the last one
    // (whole-second times mean a coarse file system: a wider window). ctime and mode are
    // compared too: they catch an mtime set back by hand and a chmod.
    const tick = st.mtimeMs % 1000 === 0 ? 2000 : 100;
    if (st.mtimeMs >= since - tick) return false;
    if (listed && (listed.size !== st.size || listed.kind !== (st.isDirectory() ? 'directory' : st.isFile() ? 'file' : 'other') || listed.executable !== ((st.mode & 0o111) !== 0))) return false;
    stamps.push([rel, ...stampOf(st)]);
    return true;
  };
  if (!take('.') || !take('SKILL.md')) return undefined;
  for (const b of bundled) if (b.kind === 'symlink' || !take(b.relPath, b)) return undefined;
  for (const [rel] of reads) if (!take(rel)) return undefined;
  return stamps;
}

/** The stamp of a folder's SKILL.md read or verified at `since`, unless it is a symlink or modified within a clock tick of then. */
function skillMdStamp(dir: string, since: number): [string, ...Stamp] | undefined {
  const st = lstatOrMissing(path.join(dir, 'SKILL.md'));
  if (!st || st.isSymbolicLink() || !st.isFile()) return undefined;
  const tick = st.mtimeMs % 1000 === 0 ? 2000 : 100;
  return st.mtimeMs < since - tick ? ['SKILL.md', ...stampOf(st)] : undefined;
}

/** An entry as the file may hold it (anything else is ignored). */
function isEntry(entry: unknown): entry is SummaryEntry {
  if (!entry || typeof entry !== 'object') return false;
  const e = entry as SummaryEntry;
  return typeof e.text === 'string' && typeof e.summaryHash === 'string' && !!e.summary && typeof e.summary === 'object';
}

/** The summary part of an entry: what holds under another run key (the SKILL.md stamp included). */
function summaryPart(entry: SummaryEntry): SummaryEntry {
  const out: SummaryEntry = { text: entry.text, summary: entry.summary, summaryHash: entry.summaryHash };
  const stamp = Array.isArray(entry.stamps) ? entry.stamps.find((st) => Array.isArray(st) && st[0] === 'SKILL.md') : undefined;
  if (stamp) out.stamps = [stamp];
  return out;
}

/** What a cache file's summaries were made by: this package's version and the summary format. */
function cacheVersion(): string {
  return `${packageVersion()}+${SUMMARY_FORMAT}`;
}

interface CacheFile {
  format: 3;
  /** The version of skillc that wrote the summaries (they are valid under any run key, not any version). */
  version: string;
  /** The run key the full entries' diagnostics and the catalog results were found under (each MAC binds it). */
  key: string;
  entries: Record<string, SummaryEntry>;
  catalog?: { key: string; diagnostics: Diagnostic[]; internalErrors: number };
  /** HMAC of each entry's JSON (and of the catalog's) under this machine's key (core/machine-key.ts). */
  macs?: Record<string, string>;
  catalogMac?: string;
}

const FORMAT = 3;
/** Bumped when what a summary holds changes without a new package version. */
const SUMMARY_FORMAT = 1;

/*
 * The cache file's compact form of summaries: a range `{ start: { line, column,
 * offset }, end: { ... } }` is stored as its six numbers, and a code span
 * `{ value, range }` as `[value, ...six numbers]`. Only values of exactly that
 * shape (keys in that order) are packed, so unpacking gives the same objects back.
 */
type PackedRange = [number, number, number, number, number, number];

function isPoint(p: unknown): p is { line: number; column: number; offset: number } {
  if (!p || typeof p !== 'object') return false;
  const k = Object.keys(p);
  const o = p as Record<string, unknown>;
  return k.length === 3 && k[0] === 'line' && k[1] === 'column' && k[2] === 'offset' && typeof o.line === 'number' && typeof o.column === 'number' && typeof o.offset === 'number';
}

function packRange(r: unknown): unknown {
  if (!r || typeof r !== 'object' || Array.isArray(r)) return r;
  const k = Object.keys(r);
  const { start, end } = r as { start: unknown; end: unknown };
  if (k.length !== 2 || k[0] !== 'start' || k[1] !== 'end' || !isPoint(start) || !isPoint(end)) return r;
  return [start.line, start.column, start.offset, end.line, end.column, end.offset] satisfies PackedRange;
}

function unpackRange(r: unknown): unknown {
  if (!Array.isArray(r) || r.length !== 6) return r;
  const [a, b, c, d, e, f] = r as PackedRange;
  return { start: { line: a, column: b, offset: c }, end: { line: d, column: e, offset: f } };
}

/** A copy of the summary in the cache file's form (the summary itself is left as is: watch mode keeps it). */
function packSummary(s: StoredSummary): StoredSummary {
  const packField = (f: SummaryField): SummaryField => {
    const out = { ...f, keyRange: packRange(f.keyRange), valueRange: packRange(f.valueRange) } as SummaryField;
    if (f.children) out.children = f.children.map(packField);
    return out;
  };
  const out: StoredSummary = {
    ...s,
    links: s.links.map((l) => (Object.keys(l).join() === 'kind,url,range' ? { ...l, range: packRange(l.range) as Range } : l)),
    inlineCode: s.inlineCode.map((c) => {
      if (Array.isArray(c) || Object.keys(c).join() !== 'value,range' || typeof c.value !== 'string') return c;
      const r = packRange(c.range);
      return (Array.isArray(r) ? [c.value, ...(r as unknown[])] : c) as unknown as InlineCode;
    }),
  };
  if (s.frontmatter) out.frontmatter = { ...s.frontmatter, range: packRange(s.frontmatter.range) as Range, fields: s.frontmatter.fields.map(packField) };
  return out;
}

/**
 * Undoes `packSummary` (a summary read from the cache file) into a copy: the packed one, left as
 * read, is what `save` writes again for an entry that did not change, instead of packing it anew.
 */
function unpackSummary(s: StoredSummary): StoredSummary {
  const unpackField = (f: SummaryField): SummaryField => {
    if (!f || typeof f !== 'object') return f;
    const out = { ...f, keyRange: unpackRange(f.keyRange) as Range, valueRange: unpackRange(f.valueRange) as Range };
    if (Array.isArray(f.children)) out.children = f.children.map(unpackField);
    return out;
  };
  const out: StoredSummary = { ...s };
  if (Array.isArray(s.links)) out.links = (s.links as readonly { range: unknown }[]).map((l) => ({ ...l, range: unpackRange(l.range) })) as unknown as StoredSummary['links'];
  if (Array.isArray(s.inlineCode)) {
    out.inlineCode = s.inlineCode.map((c) => {
      if (!Array.isArray(c) || c.length !== 7) return c as InlineCode;
      const [value, ...r] = c as unknown as [string, ...PackedRange];
      return { value, range: unpackRange(r) } as InlineCode;
    });
  }
  if (s.frontmatter && typeof s.frontmatter === 'object') {
    const fm = { ...s.frontmatter, range: unpackRange(s.frontmatter.range) as Range };
    if (Array.isArray(s.frontmatter.fields)) fm.fields = s.frontmatter.fields.map(unpackField);
    out.frontmatter = fm;
  }
  return out;
}

/** Where the cache lives: `--cache-location` (a file, or a folder when it ends with a separator or is one), else node_modules/.cache/skillc. */
export function cacheFilePath(root: string, location?: string, cwd = root): string {
  if (!location) return path.join(root, 'node_modules', '.cache', 'skillc', 'lint-cache.json');
  const abs = path.resolve(cwd, location);
  let isDir = /[\\/]$/.test(location);
  try {
    isDir ||= fs.statSync(abs).isDirectory();
  } catch {
    // not there yet: a file path unless it ends with a separator
  }
  return isDir ? path.join(abs, 'lint-cache.json') : abs;
}

export function bundleSignature(bundled: readonly BundledFile[]): string {
  let s = '';
  for (const b of bundled) s += `${b.relPath}\0${b.kind}\0${b.size}\0${b.executable ? 1 : 0}\0${b.symlinkTarget ?? ''}\0${b.escapes ? 1 : 0}\n`;
  return sha256(s);
}

/** sha256 of a file's bytes, or '' when it cannot be read: through the one reader, so a FIFO planted where a read file was is never waited on. */
export function readHash(p: string): string {
  const read = readRegularFile(p, Number.MAX_SAFE_INTEGER);
  return 'bytes' in read ? sha256(read.bytes) : '';
}

function existsNow(p: string): boolean {
  try {
    fs.statSync(p);
    return true;
  } catch {
    return false;
  }
}

/**
 * A bundle reader that records what rules read, for the cache entry's dependencies. `hashOf`
 * gives the hash of the bytes `inner` was served for a path (asked after `inner` read it), so the
 * entry names the content the rules saw, not what the file holds by the time it is hashed.
 */
export function trackingReader(dir: string, inner: BundleReader, hashOf: (abs: string) => string = readHash): { reader: BundleReader; reads: Map<string, string>; exists: Map<string, boolean> } {
  const reads = new Map<string, string>();
  const exists = new Map<string, boolean>();
  const note = (rel: string): void => {
    if (!reads.has(rel)) reads.set(rel, hashOf(path.resolve(dir, rel)));
  };
  const reader: BundleReader = {
    text(rel) {
      const answer = inner.text(rel);
      note(rel);
      return answer;
    },
    headings(rel) {
      const answer = inner.headings(rel);
      note(rel);
      return answer;
    },
    links(rel) {
      const answer = inner.links(rel);
      note(rel);
      return answer;
    },
    codeFences(rel) {
      const answer = inner.codeFences(rel);
      note(rel);
      return answer;
    },
    directives(rel) {
      const answer = inner.directives(rel);
      note(rel);
      return answer;
    },
    exists(rel) {
      const answer = inner.exists(rel);
      exists.set(rel, answer);
      return answer;
    },
  };
  return { reader, reads, exists };
}

/** What watch mode keeps between runs: the cache in memory, and what changed since the last run. */
export interface LintSession {
  cache?: LintCache;
  /** Absolute paths changed since the last run; undefined: check every skill. */
  changed?: Set<string>;
}

/** True when a changed path lies in the folder (or is the folder). */
export function changedUnder(changed: ReadonlySet<string>, dir: string): boolean {
  for (const p of changed) if (p === dir || p.startsWith(dir + path.sep) || dir.startsWith(p + path.sep)) return true;
  return false;
}

/**
 * What one run's cache lookups checked: skill folders' listing signatures
 * (`bundleSignature(listBundle(dir))`) and files' content hashes, by absolute path. A build
 * lints first and then checks the same folders for its own cache: it takes these (the lint
 * result's `verified`) instead of listing and reading again. A value of the run, never a registry.
 */
export interface Verified {
  bundles: Map<string, string>;
  files: Map<string, string>;
}

export class LintCache {
  /** What this run's lookups checked (`startRun` begins a new run of a watch session's cache). */
  verified: Verified = { bundles: new Map(), files: new Map() };
  private data: CacheFile;
  private readonly used = new Set<string>();
  /** Entries whose summaries are unpacked already; for those read from the file, the packed summary as read. */
  private readonly unpacked = new WeakMap<SummaryEntry, StoredSummary | undefined>();
  /** The SKILL.md stamps of full entries verified by content in this process (`rememberSkillMd`). */
  private readonly skillMdVerified = new WeakMap<SummaryEntry, [string, ...Stamp]>();
  private dirty = false;
  /** Entries' JSON as last saved: an entry is replaced, never changed (unpacking its summary does not change its JSON). */
  private readonly serialized = new WeakMap<SummaryEntry, string>();
  /**
   * The file was written under this run's key: its full entries replay diagnostics and its
   * catalog results apply. Otherwise only summaries are read from it.
   */
  private keyMatches = true;
  /**
   * Watch mode (set by the watch loop after the first run): `save` writes the file just
   * after the current run instead of during it (pending writes keep the process alive).
   */
  deferWrites = false;
  private writeScheduled = false;
  /** The project: a cache file inside it is written with no link on the way (`writeJsonCache`'s `within`). */
  private readonly root: string | undefined;

  /** A new run over this cache (a watch session's next run): what earlier runs' lookups checked is not taken for now. */
  startRun(): void {
    this.verified = { bundles: new Map(), files: new Map() };
  }

  /**
   * This machine's key (core/machine-key.ts): an entry is used (replayed, or its summary read)
   * only when its MAC is valid, so a cache file from anywhere else (committed to the repository,
   * edited to drop diagnostics) replays nothing (issue #24). Without a key nothing is read from
   * or written to the file.
   */
  private readonly secret: Buffer | undefined;

  /**
   * `guest`: the run reads the other skills' summaries and fills in missing ones, and leaves a
   * file written under another run key as it is (`--changed`, `--staged`, the language server:
   * a hook with `--host` must not undo what `lint --cache` and `build` keep). Otherwise the run
   * owns the file: one of another run key keeps only its summaries and takes this run's key.
   * `secret`: the machine key (default `machineKey()` for a file; tests hand their own).
   */
  constructor(
    /** Undefined: in memory only (watch mode without `--cache`). */
    readonly file: string | undefined,
    readonly key: string,
    /** `root`: the project, so a cache file inside it is written with no link on the way (`writeJsonCache`'s `within`). */
    options: { guest?: boolean; root?: string; secret?: Buffer } = {},
  ) {
    this.root = options.root;
    const version = cacheVersion();
    this.data = { format: FORMAT, version, key, entries: {} };
    const secret = file === undefined ? undefined : (options.secret ?? machineKey());
    this.secret = secret;
    if (file === undefined || !secret) return;
    try {
      // Through the one reader: a link or a FIFO committed at the cache's name is not read (nor waited on).
      const read = readRegularFile(file, MAX_CACHE_BYTES, { noFollow: true });
      if (!('bytes' in read)) throw new Error(read.problem);
      const raw = JSON.parse(read.bytes.toString('utf8')) as CacheFile;
      if (!raw || raw.format !== FORMAT || raw.version !== version || typeof raw.key !== 'string' || !raw.entries || typeof raw.entries !== 'object' || Array.isArray(raw.entries)) this.dirty = true;
      else if (raw.key === key || options.guest) {
        // Checked under the run key the file was written under (its own `key`, which each MAC binds).
        this.data = this.authentic(raw, secret);
        this.keyMatches = raw.key === key;
      } else {
        // Another run key: its diagnostics do not hold for this one, its (authentic) summaries do.
        const entries: Record<string, SummaryEntry> = {};
        for (const [dir, entry] of Object.entries(this.authentic(raw, secret).entries)) if (isEntry(entry)) entries[dir] = summaryPart(entry);
        this.data = { format: FORMAT, version, key, entries };
        this.dirty = true;
      }
    } catch {
      // missing or corrupt: start empty
      this.dirty = true;
    }
  }

  /** The entries (and catalog results) of `raw` whose MAC this machine's key confirms; the others are dropped. */
  private authentic(raw: CacheFile, secret: Buffer): CacheFile {
    const macs = raw.macs && typeof raw.macs === 'object' ? raw.macs : {};
    const entries: Record<string, SummaryEntry> = {};
    for (const [dir, entry] of Object.entries(raw.entries)) {
      const json = JSON.stringify(entry);
      if (entry && typeof entry === 'object' && typeof macs[dir] === 'string' && macs[dir] === mac(secret, raw.key, dir, json)) {
        entries[dir] = entry;
        this.serialized.set(entry, json);
      } else this.dirty = true;
    }
    const out: CacheFile = { format: FORMAT, version: raw.version, key: raw.key, entries };
    if (raw.catalog && raw.catalogMac === mac(secret, raw.key, '', JSON.stringify(raw.catalog))) out.catalog = raw.catalog;
    else if (raw.catalog) this.dirty = true;
    return out;
  }

  /** The entry for a skill folder when every dependency still matches; reads SKILL.md and lists the folder. */
  lookup(dir: string, bytes: () => Buffer | undefined, bundled: () => BundledFile[], trusted = false): CacheEntry | undefined {
    const entry = this.data.entries[dir];
    if (!this.keyMatches || !entry || typeof entry !== 'object' || !isFull(entry)) return undefined;
    try {
      // Trusted (watch mode, nothing changed in the folder): only what lies outside the folder is checked again.
      const outside = (rel: string): boolean => !trusted || rel.startsWith('..') || path.isAbsolute(rel);
      // Stamped and no stamp changed: the contents and listing are the ones verified before.
      const stamped = !trusted && Array.isArray(entry.stamps) && stampsHold(dir, entry.stamps);
      const since = Date.now();
      if (!trusted) {
        if (!stamped) {
          const b = bytes();
          if (!b || entry.text !== sha256(b)) return undefined;
          if (entry.bundle !== bundleSignature(bundled())) return undefined;
        }
        this.verified.bundles.set(dir, entry.bundle);
        this.verified.files.set(path.join(dir, 'SKILL.md'), entry.text);
      }
      for (const [rel, hash] of entry.reads) {
        if (!outside(rel)) continue;
        const abs = path.resolve(dir, rel);
        if (!stamped && readHash(abs) !== hash) return undefined;
        if (hash) this.verified.files.set(abs, hash);
      }
      for (const [rel, answer] of entry.exists) if (outside(rel) && existsNow(path.resolve(dir, rel)) !== answer) return undefined;
      if (!entry.summary || typeof entry.summaryHash !== 'string' || !Array.isArray(entry.diagnostics)) return undefined;
      this.unpack(entry);
      if (!trusted && !stamped) {
        // Verified by content: stamp it, so the next run need not read it all again.
        const stamps = takeStamps(dir, bundled(), entry.reads, since);
        if (stamps) {
          entry.stamps = stamps;
          this.serialized.delete(entry);
          this.dirty = true;
        } else if (entry.stamps) {
          delete entry.stamps;
          this.serialized.delete(entry);
          this.dirty = true;
        }
      }
    } catch {
      return undefined;
    }
    this.used.add(dir);
    return entry;
  }

  /**
   * The summary of a skill folder when its SKILL.md is the one summarized: its stamp holds, or
   * `bytes` (the SKILL.md as the run's source serves it) hash the same. `onDisk`: the bytes are
   * the working tree's, so a match is stamped for the next run. Any entry serves, full or not,
   * under any run key: a summary depends on the SKILL.md alone.
   */
  summaryOf(dir: string, bytes: () => Buffer | undefined, onDisk: boolean): SummaryEntry | undefined {
    const entry = this.data.entries[dir];
    if (!isEntry(entry)) return undefined;
    try {
      const stamp = onDisk ? (entry.stamps?.find((s) => s[0] === 'SKILL.md') ?? this.skillMdVerified.get(entry)) : undefined;
      const since = Date.now();
      if (!stamp || !stampsHold(dir, [stamp])) {
        const b = bytes();
        if (!b || entry.text !== sha256(b)) return undefined;
        // A summary entry verified on disk is stamped; a full one keeps the stamps it was verified with
        // and, for the rest of this process, its SKILL.md's stamp beside them.
        if (onDisk && !isFull(entry)) this.restamp(dir, entry, since);
        else if (onDisk) this.rememberSkillMd(dir, entry, since);
      }
      this.unpack(entry);
    } catch {
      return undefined;
    }
    this.used.add(dir);
    return entry;
  }

  /**
   * Records a skill's summary (a skill summarized and not linted, or linted from bytes that are
   * not the working tree's): kept beside a full entry of the same SKILL.md, else replacing what
   * the folder had. `onDisk`: the SKILL.md summarized is the working tree's (`since`: when it
   * was read), so its stamp is kept for the next run.
   */
  storeSummary(dir: string, entry: SummaryEntry, onDisk: boolean, since = 0): void {
    const had = this.data.entries[dir];
    if (isEntry(had) && had.text === entry.text && typeof had.summaryHash === 'string') return;
    const stored: SummaryEntry = { text: entry.text, summary: entry.summary, summaryHash: entry.summaryHash };
    this.data.entries[dir] = stored;
    this.unpacked.set(stored, undefined);
    if (onDisk) this.restamp(dir, stored, since);
    this.used.add(dir);
    this.dirty = true;
  }

  store(dir: string, entry: CacheEntry): void {
    // Under another run key the diagnostics are not this file's: only the summary is kept.
    if (!this.keyMatches) return this.storeSummary(dir, entry, true, 0);
    this.data.entries[dir] = entry;
    this.unpacked.set(entry, undefined);
    this.used.add(dir);
    this.dirty = true;
  }

  catalog(key: string): { diagnostics: Diagnostic[]; internalErrors: number } | undefined {
    const c = this.data.catalog;
    return this.keyMatches && c && c.key === key && Array.isArray(c.diagnostics) ? c : undefined;
  }

  storeCatalog(key: string, diagnostics: Diagnostic[], internalErrors: number): void {
    if (!this.keyMatches) return;
    this.data.catalog = { key, diagnostics, internalErrors };
    this.dirty = true;
  }

  private unpack(entry: SummaryEntry): void {
    if (this.unpacked.has(entry)) return;
    const packed = entry.summary;
    entry.summary = unpackSummary(packed);
    this.unpacked.set(entry, packed);
  }

  /** Stamps a summary entry's SKILL.md (verified or read at `since`), or drops its stamp when it cannot be stamped. */
  /**
   * Keeps, in memory only, the stamp of a full entry's SKILL.md just verified by content for its
   * summary: the language server and watch ask for every other skill's summary on each edit, and
   * a full entry written by a cold `lint --cache` has no stamps, so each edit re-read and re-hashed
   * the whole catalog's SKILL.md files (1,000 skills: ~30 ms of ~100 ms CPU an edit). Not written
   * to the file: a full entry's stamps cover its whole folder, and this one covers the SKILL.md only.
   */
  private rememberSkillMd(dir: string, entry: SummaryEntry, since: number): void {
    const stamp = skillMdStamp(dir, since);
    if (stamp) this.skillMdVerified.set(entry, stamp);
  }

  private restamp(dir: string, entry: SummaryEntry, since: number): void {
    const stamp = skillMdStamp(dir, since);
    if (stamp) entry.stamps = [stamp];
    else delete entry.stamps;
    this.serialized.delete(entry);
    this.dirty = true;
  }

  /** Writes the cache atomically; entries of folders that were linted and are gone are dropped. A write that fails is not an error. */
  save(linted: readonly string[]): void {
    const seen = new Set(linted);
    for (const dir of Object.keys(this.data.entries)) {
      // Folders outside this run (another path on the command line) stay; ones this run looked for and lost go.
      if (!seen.has(dir) && !existsNow(path.join(dir, 'SKILL.md'))) {
        delete this.data.entries[dir];
        this.dirty = true;
      }
    }
    if (!this.dirty || this.file === undefined) return;
    if (this.deferWrites) {
      if (!this.writeScheduled) {
        this.writeScheduled = true;
        setImmediate(() => {
          this.writeScheduled = false;
          this.write();
        });
      }
      return;
    }
    this.write();
  }

  private write(): void {
    if (!this.dirty || this.file === undefined || !this.secret) return;
    const json = (entry: SummaryEntry): string => {
      let text = this.serialized.get(entry);
      if (text === undefined) {
        // Read from the file (unpacked since or not): its summary as read is the packed form already.
        const packed = this.unpacked.has(entry) ? this.unpacked.get(entry) : entry.summary;
        text = JSON.stringify(entry.summary ? { ...entry, summary: packed ?? packSummary(entry.summary) } : entry);
        this.serialized.set(entry, text);
      }
      return text;
    };
    // Each entry's MAC is over the JSON written for it, bound to the run key and its folder.
    const macs: Record<string, string> = {};
    for (const [dir, entry] of Object.entries(this.data.entries)) if (entry && typeof entry === 'object') macs[dir] = mac(this.secret, this.data.key, dir, json(entry));
    const data: CacheFile = { ...this.data, macs };
    if (this.data.catalog) data.catalogMac = mac(this.secret, this.data.key, '', JSON.stringify(this.data.catalog));
    const written = writeJsonCache(
      this.file,
      data,
      'entries',
      (e) => (e && typeof e === 'object' ? json(e as SummaryEntry) : undefined),
      this.root !== undefined && isInside(this.file, this.root) ? this.root : undefined,
    );
    // A read-only tree (or a link on the way to the cache) lints without a cache.
    if (written) this.dirty = false;
  }
}

/** Lists a folder for `lookup`, at most once. */
export function lazyBundle(dir: string): () => BundledFile[] {
  let list: BundledFile[] | undefined;
  return () => (list ??= listBundle(dir));
}
