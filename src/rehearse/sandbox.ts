/**
 * The sandbox a case runs in: a fresh temporary folder holding a copy of the
 * skill (without its fixtures), the run folder, a private HOME and TMPDIR, the
 * capture fakes and the capture FIFO. Commands run in it under bubblewrap
 * (bwrap.ts); without bwrap, commands are refused unless the user asked for
 * `--unsandboxed`. How much the writable folders may hold is bounded
 * (`writableUsage`, checked while a command runs: exec.ts).
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { asRoot, firstExecutable, NOBODY, sandboxBase, sandboxProbe } from './bwrap.js';

export { sandboxProbe };
import { CaptureStream, type SandboxPaths } from './captures.js';
import { installFakes, REAL_GIT, realGitPath } from './fakes.js';
import { kindOf } from './paths.js';

/**
 * How commands run: `bwrap` (the sandbox), `unsandboxed` (no sandbox found and
 * the user passed --unsandboxed: plain child processes), `refused` (no sandbox
 * found: commands are not run at all).
 */
export type SandboxMode = 'bwrap' | 'unsandboxed' | 'refused';

export interface Sandbox extends SandboxPaths {
  home: string;
  tmp: string;
  /** The capture fakes: program wrappers (first on PATH) and fakes/ (their modules, the node preload). */
  bin: string;
  /** The FIFO the fakes write captures to (JSON lines); skillc reads it as they come. */
  captureLog: string;
  captures: CaptureStream;
  mode: SandboxMode;
}

/** What the sandbox root holds; anything else there was written outside the run folder. */
const ROOT_ENTRIES = new Set(['skill', 'run', 'home', 'tmp', 'bin', 'captures.fifo']);

const MKFIFO_CANDIDATES = ['/usr/bin/mkfifo', '/bin/mkfifo'];

/** What the writable folders (run folder, HOME, TMPDIR) may hold together while a case runs. */
export const WRITABLE_LIMITS = { bytes: 1 << 30, entries: 100_000 } as const;

/**
 * Copies, leaving out FIFOs, sockets and devices (copying one blocks or
 * fails), then makes everything writable by the owner (corpus fixtures are
 * read-only). Symlinks are copied as links, never followed.
 */
function copyWritable(from: string, to: string, filter?: (src: string) => boolean): void {
  const keep = (src: string): boolean => kindOf(src) !== 'special' && (!filter || filter(src));
  fs.cpSync(from, to, { recursive: true, dereference: false, verbatimSymlinks: true, filter: keep });
  const walk = (p: string): void => {
    const st = fs.lstatSync(p);
    if (st.isSymbolicLink()) return;
    fs.chmodSync(p, st.mode | 0o200 | (st.isDirectory() ? 0o700 : 0));
    if (st.isDirectory()) for (const e of fs.readdirSync(p)) walk(path.join(p, e));
  };
  walk(to);
}

function chownTree(p: string, uid: number): void {
  const st = fs.lstatSync(p);
  fs.lchownSync(p, uid, uid);
  if (st.isDirectory()) for (const e of fs.readdirSync(p)) chownTree(path.join(p, e), uid);
}

function makeFifo(p: string): void {
  const mkfifo = firstExecutable(MKFIFO_CANDIDATES);
  const r = mkfifo ? spawnSync(mkfifo, ['-m', '0600', p], { stdio: 'ignore', env: {} }) : undefined;
  if (r?.status !== 0) throw new Error('cannot create the capture FIFO (mkfifo not found in /usr/bin or /bin)');
}

/** Makes a sandbox; `runFrom` (a folder, not a link) is copied into the run folder when given. */
export function createSandbox(skillDir: string, runFrom: string | undefined, skip: (src: string) => boolean = () => false, mode: SandboxMode = sandboxMode(false)): Sandbox {
  const base = mode === 'bwrap' ? sandboxBase() : { dir: os.tmpdir() };
  if ('problem' in base) throw new Error(base.problem);
  const root = fs.realpathSync(fs.mkdtempSync(path.join(base.dir, 'skillc-rehearse-')));
  const paths = {
    root,
    skillDir: path.join(root, 'skill'),
    runDir: path.join(root, 'run'),
    home: path.join(root, 'home'),
    tmp: path.join(root, 'tmp'),
    bin: path.join(root, 'bin'),
    captureLog: path.join(root, 'captures.fifo'),
  };
  try {
    const fixtures = path.join(path.resolve(skillDir), 'fixtures');
    copyWritable(skillDir, paths.skillDir, (src) => src !== fixtures);
    if (runFrom) copyWritable(runFrom, paths.runDir, (src) => !skip(src));
    else fs.mkdirSync(paths.runDir);
    for (const d of [paths.home, paths.tmp, paths.bin]) fs.mkdirSync(d);
    // Under bwrap the real git is bound at bin/real-git (the fake covers /usr/bin/git); else it is where it is.
    const git = mode === 'bwrap' ? path.join(paths.bin, REAL_GIT) : realGitPath();
    installFakes(paths.bin, { captureLog: paths.captureLog, ...(realGitPath() && git ? { realGit: git } : {}) });
    makeFifo(paths.captureLog);
    const captures = new CaptureStream(paths.captureLog);
    if (mode === 'bwrap' && asRoot()) {
      chownTree(root, NOBODY);
      fs.chmodSync(root, 0o755);
    }
    // skillc holds it open for reading; the case may only write. Under bwrap the FIFO is bound
    // read-only, so the case cannot chmod it back, and it has no capability to bypass the mode.
    fs.chmodSync(paths.captureLog, 0o222);
    const sb: Sandbox = { ...paths, captures, mode };
    if (live.size === 0) process.on('exit', removeLiveSandboxes);
    live.add(sb);
    return sb;
  } catch (error) {
    fs.rmSync(root, { recursive: true, force: true });
    throw error;
  }
}

/**
 * How much the writable folders hold: bytes and entries, counted up to just
 * past the limits (so the walk stays bounded however much a case wrote).
 * Links are counted, never followed.
 */
export function writableUsage(sb: Sandbox): { bytes: number; entries: number } {
  let bytes = 0;
  let entries = 0;
  walkEntries([sb.runDir, sb.home, sb.tmp], { maxDepth: 64 }, (_p, st) => {
    entries++;
    bytes += st.isFile() ? st.size : 0;
    return entries <= WRITABLE_LIMITS.entries && bytes <= WRITABLE_LIMITS.bytes;
  });
  return { bytes, entries };
}

/** Sandboxes made and not removed yet: removed when skillc exits or is stopped (the CLI's signal handler). */
const live = new Set<Sandbox>();

/** Removes every sandbox still there: for skillc's exit and its signal handlers (after the commands are killed). */
export function removeLiveSandboxes(): void {
  for (const sb of [...live]) removeSandbox(sb);
}

export function removeSandbox(sb: Sandbox): void {
  if (live.delete(sb) && live.size === 0) process.off('exit', removeLiveSandboxes);
  sb.captures.close();
  try {
    fs.rmSync(sb.root, { recursive: true, force: true, maxRetries: 2 });
  } catch {
    // a leftover temporary folder is not worth failing a case for
  }
}

/** Path -> size and mtime of every entry under the folders, for a before/after comparison. */
export type Snapshot = Map<string, string>;

const SKIP = new Set(['node_modules', '.git']);

export function snapshot(dirs: string[], maxEntries = 20000): Snapshot {
  const snap: Snapshot = new Map();
  walkEntries(dirs.map((d) => path.resolve(d)), { maxDepth: 12, skip: SKIP, sorted: true }, (p, st) => {
    snap.set(p, st.isDirectory() ? 'dir' : `${st.size}:${st.mtimeMs}:${st.mode}`);
    return snap.size < maxEntries;
  });
  return snap;
}

/**
 * Visits every entry under the roots (the roots too) with its lstat, never
 * following a link, until `visit` returns false; entries deeper than
 * `maxDepth` are not listed. What cannot be read is passed over.
 */
function walkEntries(roots: string[], options: { maxDepth: number; skip?: ReadonlySet<string>; sorted?: boolean }, visit: (p: string, st: fs.Stats) => boolean): void {
  let going = true;
  const walk = (p: string, depth: number): void => {
    let st: fs.Stats;
    try {
      st = fs.lstatSync(p);
    } catch {
      return;
    }
    going = visit(p, st);
    if (!going || !st.isDirectory() || depth > options.maxDepth) return;
    let names: string[];
    try {
      names = fs.readdirSync(p);
    } catch {
      return;
    }
    if (options.sorted) names.sort();
    for (const n of names) {
      if (!going) return;
      if (!options.skip?.has(n)) walk(path.join(p, n), depth + 1);
    }
  };
  for (const r of roots) if (going) walk(r, 0);
}

/** The paths created, changed or removed between two snapshots. */
export function changedPaths(before: Snapshot, after: Snapshot): string[] {
  const changed: string[] = [];
  for (const [p, v] of after) if (before.get(p) !== v && v !== 'dir') changed.push(p);
  for (const [p, v] of after) if (v === 'dir' && !before.has(p)) changed.push(p);
  for (const p of before.keys()) if (!after.has(p)) changed.push(p);
  return [...new Set(changed)].sort();
}

/** Writes the run made outside its run folder inside the sandbox (its root, or the skill copy). */
export function strayWrites(sb: Sandbox, skillBefore: Snapshot): string[] {
  const stray: string[] = [];
  for (const e of fs.readdirSync(sb.root)) if (!ROOT_ENTRIES.has(e)) stray.push(path.join(sb.root, e));
  stray.push(...changedPaths(skillBefore, snapshot([sb.skillDir])));
  return stray;
}

/** How this run executes commands: in bwrap when it works, else plain only when the user allowed it. */
export function sandboxMode(unsandboxed: boolean): SandboxMode {
  return sandboxProbe().ok ? 'bwrap' : unsandboxed ? 'unsandboxed' : 'refused';
}
