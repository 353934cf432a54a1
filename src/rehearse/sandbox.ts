/**
 * The sandbox a case runs in: a fresh temporary folder holding a copy of the
 * skill (without its fixtures), the run folder, a private HOME and TMPDIR, and
 * the shims. Plus the checks that nothing outside it was written.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { installFakes } from './fakes.js';

export interface Sandbox {
  root: string;
  /** Copy of the skill folder, fixtures/ left out. */
  skillDir: string;
  /** The run folder: where the case's files land and commands run. */
  runDir: string;
  home: string;
  tmp: string;
  /** Shims, first on PATH, and the node preload. */
  bin: string;
  /** Where shims and the preload append their captures (JSON lines). */
  captureLog: string;
}

/** What the sandbox root holds; anything else there was written outside the run folder. */
const ROOT_ENTRIES = new Set(['skill', 'run', 'home', 'tmp', 'bin', 'captures.jsonl']);

/** Copies, then makes everything writable by the owner (corpus fixtures are read-only). */
function copyWritable(from: string, to: string, filter?: (src: string) => boolean): void {
  fs.cpSync(from, to, { recursive: true, dereference: false, verbatimSymlinks: true, ...(filter ? { filter } : {}) });
  const walk = (p: string): void => {
    const st = fs.lstatSync(p);
    if (st.isSymbolicLink()) return;
    fs.chmodSync(p, st.mode | 0o200 | (st.isDirectory() ? 0o700 : 0));
    if (st.isDirectory()) for (const e of fs.readdirSync(p)) walk(path.join(p, e));
  };
  walk(to);
}

/** Makes a sandbox; `runFrom` (a folder) is copied into the run folder when given. */
export function createSandbox(skillDir: string, runFrom: string | undefined, skip: (src: string) => boolean = () => false): Sandbox {
  const root = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'skillc-rehearse-')));
  const sb: Sandbox = {
    root,
    skillDir: path.join(root, 'skill'),
    runDir: path.join(root, 'run'),
    home: path.join(root, 'home'),
    tmp: path.join(root, 'tmp'),
    bin: path.join(root, 'bin'),
    captureLog: path.join(root, 'captures.jsonl'),
  };
  const fixtures = path.join(path.resolve(skillDir), 'fixtures');
  copyWritable(skillDir, sb.skillDir, (src) => src !== fixtures);
  if (runFrom) copyWritable(runFrom, sb.runDir, (src) => !skip(src));
  else fs.mkdirSync(sb.runDir);
  for (const d of [sb.home, sb.tmp, sb.bin]) fs.mkdirSync(d);
  fs.writeFileSync(sb.captureLog, '');
  installFakes(sb.bin);
  return sb;
}

export function removeSandbox(sb: Sandbox): void {
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
  const walk = (p: string, depth: number): void => {
    if (snap.size >= maxEntries) return;
    let st: fs.Stats;
    try {
      st = fs.lstatSync(p);
    } catch {
      return;
    }
    snap.set(p, st.isDirectory() ? 'dir' : `${st.size}:${st.mtimeMs}:${st.mode}`);
    if (!st.isDirectory() || depth > 12) return;
    let entries: string[];
    try {
      entries = fs.readdirSync(p);
    } catch {
      return;
    }
    for (const e of entries.sort()) if (!SKIP.has(e)) walk(path.join(p, e), depth + 1);
  };
  for (const d of dirs) walk(path.resolve(d), 0);
  return snap;
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

let unshareWorks: boolean | undefined;

/**
 * True when children can run in a fresh user and network namespace
 * (`unshare -rn`): only a loopback that is down, so no network at all.
 * SKILLC_REHEARSE_NO_NETNS=1 turns it off (to test the fallback).
 */
export function netnsAvailable(): boolean {
  if (process.env.SKILLC_REHEARSE_NO_NETNS === '1') return false;
  if (unshareWorks === undefined) {
    if (process.platform !== 'linux') unshareWorks = false;
    else {
      const r = spawnSync('unshare', ['-rn', 'true'], { stdio: 'ignore', timeout: 5000 });
      unshareWorks = r.status === 0;
    }
  }
  return unshareWorks;
}

let mountnsWorks: boolean | undefined;

/**
 * True when children can also get a private mount namespace (`unshare -rnm`) in
 * which the whole file system is remounted read-only except the run folder,
 * HOME, TMPDIR and the capture log: writes elsewhere fail instead of being
 * detected afterwards. SKILLC_REHEARSE_NO_MOUNTNS=1 turns it off.
 */
export function mountnsAvailable(): boolean {
  if (process.env.SKILLC_REHEARSE_NO_MOUNTNS === '1' || !netnsAvailable()) return false;
  if (mountnsWorks === undefined) {
    const probe = fs.mkdtempSync(path.join(os.tmpdir(), 'skillc-mountns-'));
    try {
      const r = spawnSync('unshare', ['-rnm', '--', '/bin/sh', '-c', READ_ONLY_SCRIPT, 'skillc-sandbox', probe, probe, probe, probe, '', '/bin/sh', '-c', 'touch "$0/ok" && ! touch "$0/../skillc-mountns-escape" 2>/dev/null', probe], { stdio: 'ignore', timeout: 5000 });
      mountnsWorks = r.status === 0 && fs.existsSync(path.join(probe, 'ok'));
    } finally {
      fs.rmSync(probe, { recursive: true, force: true });
      fs.rmSync(path.join(path.dirname(probe), 'skillc-mountns-escape'), { force: true });
    }
  }
  return mountnsWorks;
}

/**
 * Run as `sh -c SCRIPT skillc-sandbox <run> <home> <tmp> <capture-log> <hide> argv...`
 * inside `unshare -rnm`: keeps the four writable (bind mounts of themselves),
 * hides the folder `<hide>` (the user's real home) under an empty tmpfs,
 * remounts every other mount read-only (/proc, /dev and /sys stay as they are,
 * so /dev/null works), then execs the command.
 */
export const READ_ONLY_SCRIPT = [
  'set -e',
  'run=$1 home=$2 tmp=$3 log=$4 hide=$5; shift 5',
  'for p in "$run" "$home" "$tmp" "$log"; do mount --bind "$p" "$p"; done',
  // The user's real home, unless it holds the sandbox: an empty folder in its place.
  'if [ -n "$hide" ] && [ -d "$hide" ]; then mount -t tmpfs -o size=4k,mode=0555 none "$hide" 2>/dev/null || :; fi',
  'while read -r _ mp _; do',
  '  case "$mp" in /proc|/proc/*|/dev|/dev/*|/sys|/sys/*) continue ;; esac',
  '  if [ "$mp" = "$run" ] || [ "$mp" = "$home" ] || [ "$mp" = "$tmp" ] || [ "$mp" = "$log" ]; then continue; fi',
  '  mount -o remount,bind,ro "$mp" 2>/dev/null || :',
  'done < /proc/self/mounts',
  // The working folder was entered before the mounts: enter it again, through them.
  'cd "$(pwd)"',
  'exec "$@"',
].join('\n');

/** The user's home to hide from a case: none when the sandbox lies inside it (hiding it would hide the sandbox). */
export function homeToHide(sb: Sandbox): string {
  const candidates = [os.homedir(), process.env.HOME].filter((h): h is string => !!h && path.isAbsolute(h) && h !== '/');
  for (const h of candidates) {
    let real: string;
    try {
      real = fs.realpathSync(h);
    } catch {
      continue;
    }
    const rel = path.relative(real, sb.root);
    if (rel === '' || (!rel.startsWith('..') && !path.isAbsolute(rel))) return '';
    return real;
  }
  return '';
}
