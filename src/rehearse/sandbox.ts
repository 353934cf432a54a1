/**
 * The sandbox a case runs in: a fresh temporary folder holding a copy of the
 * skill (without its fixtures), the run folder, a private HOME and TMPDIR, the
 * shims and the capture FIFO. Commands run in it under bubblewrap (`bwrap`):
 * fresh user, PID, network, IPC, UTS and mount namespaces; only /usr, /etc,
 * the node and git executables and the sandbox are mounted, read-only but for the run
 * folder, HOME and TMPDIR; private /tmp and /run (empty, read-only), /dev and
 * /dev/shm; all
 * capabilities dropped, no new privileges, no nested user namespace; killed
 * with its whole process tree when the command ends or skillc dies. Without
 * bwrap, commands are refused unless the user asked for `--unsandboxed`.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { CaptureStream } from './captures.js';
import { installFakes, realGitPath } from './fakes.js';
import { kindOf } from './paths.js';
import { isInside } from '../core/paths.js';

/**
 * How commands run: `bwrap` (the sandbox), `unsandboxed` (no sandbox found and
 * the user passed --unsandboxed: plain child processes), `refused` (no sandbox
 * found: commands are not run at all).
 */
export type SandboxMode = 'bwrap' | 'unsandboxed' | 'refused';

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
  /** The FIFO shims and the preload write captures to (JSON lines); skillc reads it as they come. */
  captureLog: string;
  captures: CaptureStream;
  mode: SandboxMode;
}

/** What the sandbox root holds; anything else there was written outside the run folder. */
const ROOT_ENTRIES = new Set(['skill', 'run', 'home', 'tmp', 'bin', 'captures.fifo']);

/** The unprivileged user a case runs as when skillc itself runs as root (uid 0 owns too much of the host's files). */
const NOBODY = 65534;
const asRoot = (): boolean => typeof process.getuid === 'function' && process.getuid() === 0;

/** Absolute paths only: the launcher is never looked up on a PATH a case could influence. */
const BWRAP_CANDIDATES = ['/usr/bin/bwrap', '/usr/local/bin/bwrap', '/bin/bwrap'];
const MKFIFO_CANDIDATES = ['/usr/bin/mkfifo', '/bin/mkfifo'];

function firstExecutable(candidates: string[]): string | undefined {
  for (const c of candidates) {
    try {
      fs.accessSync(c, fs.constants.X_OK);
      if (fs.statSync(c).isFile()) return c;
    } catch {
      // next
    }
  }
  return undefined;
}

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
  const root = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'skillc-rehearse-')));
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
    installFakes(paths.bin);
    makeFifo(paths.captureLog);
    const captures = new CaptureStream(paths.captureLog);
    if (mode === 'bwrap' && asRoot()) {
      chownTree(root, NOBODY);
      fs.chmodSync(root, 0o755);
    }
    // skillc holds it open for reading; the case may only write. Under bwrap the FIFO is bound
    // read-only, so the case cannot chmod it back, and it has no capability to bypass the mode.
    fs.chmodSync(paths.captureLog, 0o222);
    return { ...paths, captures, mode };
  } catch (error) {
    fs.rmSync(root, { recursive: true, force: true });
    throw error;
  }
}

export function removeSandbox(sb: Sandbox): void {
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

/** Where bwrap is, by absolute path; SKILLC_REHEARSE_NO_SANDBOX=1 pretends it is missing (to test the refusal). */
export function bwrapPath(): string | undefined {
  if (process.platform !== 'linux' || process.env.SKILLC_REHEARSE_NO_SANDBOX === '1') return undefined;
  return firstExecutable(BWRAP_CANDIDATES);
}

/** The launcher's own environment: fixed, never the case's (so LD_PRELOAD and PATH of a case cannot reach it). */
export const LAUNCHER_ENV: Record<string, string> = { PATH: '/usr/bin:/bin', LANG: 'C.UTF-8' };

/** Mounts of the system a command needs: /usr and /etc read-only, the merged-/usr links as links. */
function systemMounts(): string[] {
  const args = ['--ro-bind', '/usr', '/usr', '--ro-bind-try', '/etc', '/etc'];
  for (const d of ['/bin', '/sbin', '/lib', '/lib32', '/lib64', '/libx32']) {
    const kind = kindOf(d);
    if (kind === 'symlink') args.push('--symlink', fs.readlinkSync(d), d);
    else if (kind === 'dir') args.push('--ro-bind', d, d);
  }
  return args;
}

/**
 * node (it runs the shims and the preload) and git (the git shim passes
 * commands through), when they lie outside /usr: the executable file itself,
 * read-only, not its folder (which may be in your home, next to other files).
 * Bound after the fresh /tmp and /run, so one under /tmp stays visible.
 */
function toolMounts(): string[] {
  const args: string[] = [];
  const covered = (p: string): boolean => ['/usr', '/bin', '/sbin', '/lib', '/lib64'].some((d) => isInside(p, d));
  for (const exe of [process.execPath, realGitPath()]) {
    if (!exe) continue;
    let real: string;
    try {
      real = fs.realpathSync(exe);
    } catch {
      continue;
    }
    if (!covered(real)) args.push('--ro-bind', real, real);
    if (exe !== real && !covered(exe)) args.push('--symlink', real, exe);
  }
  return args;
}

/** The bwrap command line for `argv` run in `cwd` with `env`, the sandbox's folders bound in. */
export function bwrapArgs(dirs: { readOnly: string[]; writable: string[] }, cwd: string, env: Record<string, string>, argv: string[]): string[] {
  const args = [
    '--unshare-all', // user, PID, network, IPC, UTS, cgroup namespaces
    '--unshare-user',
    '--disable-userns', // no nested namespace in which the case is root again
    '--die-with-parent',
    '--new-session', // no TIOCSTI into the caller's terminal
    '--cap-drop', 'ALL',
    '--hostname', 'rehearsal',
    ...systemMounts(),
    '--proc', '/proc',
    '--dev', '/dev',
    '--tmpfs', '/dev/shm',
    '--tmpfs', '/tmp',
    '--tmpfs', '/run',
    '--dir', '/var/tmp',
    ...toolMounts(),
  ];
  for (const d of dirs.readOnly) args.push('--ro-bind', d, d);
  for (const d of dirs.writable) args.push('--bind', d, d);
  // Private and empty, and read-only once the sandbox's folders are bound under them: a write
  // outside the run folder, HOME and TMPDIR fails ("Read-only file system") instead of vanishing.
  args.push('--remount-ro', '/tmp', '--remount-ro', '/run');
  args.push('--chdir', cwd, '--clearenv');
  for (const [k, v] of Object.entries(env)) args.push('--setenv', k, v);
  args.push('--', ...argv);
  return args;
}

/** Spawn options for the launcher: its fixed environment and, when skillc runs as root, the unprivileged user. */
export function launcherIds(): { uid?: number; gid?: number } {
  return asRoot() ? { uid: NOBODY, gid: NOBODY } : {};
}

let bwrapWorks: { ok: boolean; why: string } | undefined;

/** Whether bwrap runs node in the sandbox's layout here; why not, when it does not. */
export function sandboxProbe(): { ok: boolean; why: string } {
  const bwrap = bwrapPath();
  if (!bwrap) {
    return { ok: false, why: process.platform !== 'linux' ? `no sandbox on ${process.platform} (skillc uses bubblewrap, Linux only)` : process.env.SKILLC_REHEARSE_NO_SANDBOX === '1' ? 'SKILLC_REHEARSE_NO_SANDBOX=1' : 'bubblewrap (bwrap) not found in /usr/bin, /usr/local/bin or /bin' };
  }
  if (!bwrapWorks) {
    const probe = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'skillc-bwrap-probe-')));
    try {
      if (asRoot()) chownTree(probe, NOBODY);
      const r = spawnSync(bwrap, bwrapArgs({ readOnly: [], writable: [probe] }, probe, { PATH: '/usr/bin:/bin' }, [process.execPath, '-e', '']), { env: LAUNCHER_ENV, encoding: 'utf8', timeout: 10_000, ...launcherIds() });
      bwrapWorks = r.status === 0 ? { ok: true, why: '' } : { ok: false, why: `${bwrap} does not work here: ${(r.stderr || r.error?.message || `exit ${r.status}`).trim().split('\n')[0]} (unprivileged user namespaces may be disabled)` };
    } finally {
      fs.rmSync(probe, { recursive: true, force: true });
    }
  }
  return bwrapWorks;
}

/** How this run executes commands: in bwrap when it works, else plain only when the user allowed it. */
export function sandboxMode(unsandboxed: boolean): SandboxMode {
  return sandboxProbe().ok ? 'bwrap' : unsandboxed ? 'unsandboxed' : 'refused';
}
