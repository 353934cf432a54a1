/**
 * The launcher: how a command runs under bubblewrap (`bwrap`). Fresh user,
 * PID, network, IPC, UTS and cgroup namespaces; only /usr, /etc, the node and
 * git executables and the sandbox's folders are mounted, everything read-only
 * but the run folder, HOME and TMPDIR (the root, /tmp, /run, /var/tmp and /dev
 * included); a private /dev/shm of at most 64 MiB; all capabilities dropped, no
 * new privileges, no nested user namespace, a seccomp filter (seccomp.ts);
 * limits on processes, file size and core dumps; the capture fakes bound over
 * the real programs, so `/usr/bin/curl` is the fake too; killed with its whole
 * process tree when the command ends or skillc dies.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { isInside } from '../core/paths.js';
import { REAL_GIT, realGitPath } from './fakes.js';
import { FAKED_PROGRAMS } from './fakes/index.js';
import { kindOf } from './paths.js';
import { seccompFilter } from './seccomp.js';

/** Absolute paths only: the launcher is never looked up on a PATH a case could influence. */
const BWRAP_CANDIDATES = ['/usr/bin/bwrap', '/usr/local/bin/bwrap', '/bin/bwrap'];
/** util-linux's prlimit sets the process limits inside the sandbox (see `limitArgs`). */
const PRLIMIT_CANDIDATES = ['/usr/bin/prlimit', '/bin/prlimit'];

/** The limits every process of a case runs under (bubblewrap only). */
export const SANDBOX_LIMITS = {
  /** Processes (threads count too) at once in the case's user namespace: a fork bomb stops here. */
  processes: 256,
  /** Largest file a process may write (RLIMIT_FSIZE): past it the write fails (SIGXFSZ, "File size limit exceeded"). */
  fileBytes: 256 << 20,
  /** Size of the private /dev/shm. */
  shmBytes: 64 << 20,
  /** Size of the empty, read-only /tmp and /run (they hold only the mount points of the sandbox's folders). */
  emptyTmpfsBytes: 1 << 20,
} as const;

/** The unprivileged user a case runs as when skillc itself runs as root (uid 0 owns too much of the host's files). */
export const NOBODY = 65534;
export const asRoot = (): boolean => typeof process.getuid === 'function' && process.getuid() === 0;

export function firstExecutable(candidates: readonly string[]): string | undefined {
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

/** Where bwrap is, by absolute path; SKILLC_REHEARSE_NO_SANDBOX=1 pretends it is missing (to test the refusal). */
export function bwrapPath(): string | undefined {
  if (process.platform !== 'linux' || process.env.SKILLC_REHEARSE_NO_SANDBOX === '1') return undefined;
  return firstExecutable(BWRAP_CANDIDATES);
}

/** The launcher's own environment: fixed, never the case's (so LD_PRELOAD and PATH of a case cannot reach it). */
export const LAUNCHER_ENV: Record<string, string> = { PATH: '/usr/bin:/bin', LANG: 'C.UTF-8' };

/** Spawn options for the launcher: when skillc runs as root, the unprivileged user. */
export function launcherIds(): { uid?: number; gid?: number } {
  return asRoot() ? { uid: NOBODY, gid: NOBODY } : {};
}

/**
 * The first folder of `dir`'s path (itself included) that `uid`/`gid` may not
 * enter (no search permission), or undefined when it can reach `dir`. A root
 * skillc runs cases as `nobody`, who must reach the sandbox (bwrap binds and
 * enters its folders as that user); a TMPDIR under /root does not let it.
 */
export function blockedFor(dir: string, uid: number, gid: number): string | undefined {
  let p = path.resolve(dir);
  const chain: string[] = [];
  for (;;) {
    chain.unshift(p);
    const parent = path.dirname(p);
    if (parent === p) break;
    p = parent;
  }
  for (const d of chain) {
    let st: fs.Stats;
    try {
      st = fs.statSync(d);
    } catch {
      return d;
    }
    const bits = st.uid === uid ? st.mode >> 6 : st.gid === gid ? st.mode >> 3 : st.mode;
    if (!(bits & 1)) return d;
  }
  return undefined;
}

/**
 * Where sandboxes are made: the system's temporary folder, except when skillc
 * runs as root and `nobody` cannot reach it; then the first of /tmp, /var/tmp
 * and /dev/shm it can. Undefined (with the reason) when none can be used.
 */
export function sandboxBase(): { dir: string } | { problem: string } {
  const tmp = os.tmpdir();
  if (!asRoot()) return { dir: tmp };
  const blocked = blockedFor(tmp, NOBODY, NOBODY);
  if (!blocked) return { dir: tmp };
  for (const d of ['/tmp', '/var/tmp', '/dev/shm']) if (!blockedFor(d, NOBODY, NOBODY)) return { dir: d };
  const mode = ((): string => {
    try {
      return (fs.statSync(blocked).mode & 0o777).toString(8).padStart(4, '0');
    } catch {
      return 'missing';
    }
  })();
  return { problem: `the temporary folder ${tmp} is not reachable by nobody (uid ${NOBODY}), whom a root skillc runs cases as: ${blocked} is mode ${mode}, and neither /tmp, /var/tmp nor /dev/shm is reachable either; set TMPDIR to a folder every user can enter` };
}

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

const SYSTEM_DIRS = ['/usr', '/bin', '/sbin', '/lib', '/lib64'];
const covered = (p: string): boolean => SYSTEM_DIRS.some((d) => isInside(p, d));

/**
 * node (it runs the fakes) and git (the git fake passes commands through), when
 * they lie outside /usr: the executable file itself, read-only, not its folder
 * (which may be in your home, next to other files). Bound after the fresh /tmp
 * and /run, so one under /tmp stays visible.
 */
function toolMounts(): string[] {
  const args: string[] = [];
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

/** Program folders searched for the real programs the fakes stand in for. */
const PROGRAM_DIRS = ['/usr/local/sbin', '/usr/local/bin', '/usr/sbin', '/usr/bin', '/sbin', '/bin'];

/**
 * Each real program a fake stands in for, as the file the sandbox sees (links
 * resolved): the fake's wrapper is bound over it, so `/usr/bin/curl` and
 * `/usr/sbin/sendmail` by absolute path are captured as `curl` on PATH is.
 * Only files that exist: nothing is created in /usr.
 */
export function fakedPrograms(): { name: string; file: string }[] {
  const out = new Map<string, string>();
  const add = (name: string, p: string): void => {
    let real: string;
    try {
      real = fs.realpathSync(p);
      if (!fs.statSync(real).isFile()) return;
    } catch {
      return;
    }
    if (!out.has(real)) out.set(real, name);
  };
  for (const name of FAKED_PROGRAMS) for (const dir of PROGRAM_DIRS) add(name, path.join(dir, name));
  const git = realGitPath();
  if (git) add('git', git);
  return [...out].map(([file, name]) => ({ name, file }));
}

/** The fakes over the real programs, and the real git where the git fake runs it (`bin/real-git`). */
function fakeMounts(bin: string): string[] {
  const args: string[] = [];
  const git = realGitPath();
  let gitReal: string | undefined;
  try {
    gitReal = git ? fs.realpathSync(git) : undefined;
  } catch {
    gitReal = undefined;
  }
  // Sources are read from the host's view, so binding the fake over the real git afterwards does not change this one.
  if (gitReal) args.push('--ro-bind', gitReal, path.join(bin, REAL_GIT));
  for (const { name, file } of fakedPrograms()) args.push('--ro-bind', path.join(bin, name), file);
  return args;
}

/** The process limits, set by prlimit as the first program inside the sandbox (after its user namespace exists, so only the case's processes count). */
function limitArgs(): string[] {
  const prlimit = firstExecutable(PRLIMIT_CANDIDATES);
  if (!prlimit || !covered(prlimit)) return [];
  return [prlimit, `--nproc=${SANDBOX_LIMITS.processes}`, `--fsize=${SANDBOX_LIMITS.fileBytes}`, '--core=0', '--'];
}

/** Whether the sandbox can set its process limits here (prlimit found in /usr/bin or /bin). */
export const processLimitsAvailable = (): boolean => limitArgs().length > 0;

/** Folders of the sandbox bound into it; the fakes' bin/ (for the binds over the real programs). */
export interface BwrapLayout {
  readOnly: string[];
  writable: string[];
  /** The sandbox's bin/ holding the fake wrappers; undefined: no fakes bound (the probe). */
  bin?: string;
}

/** The file descriptor number, in the launcher, of the seccomp program (spawn's stdio index). */
export const SECCOMP_FD = 3;

/** The bwrap command line for `argv` run in `cwd` with `env`, the sandbox's folders bound in. `seccomp`: the filter is passed on fd 3. */
export function bwrapArgs(layout: BwrapLayout, cwd: string, env: Record<string, string>, argv: string[], seccomp: boolean): string[] {
  const size = (bytes: number): string[] => ['--size', String(bytes)];
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
    ...size(SANDBOX_LIMITS.shmBytes), '--tmpfs', '/dev/shm',
    ...size(SANDBOX_LIMITS.emptyTmpfsBytes), '--tmpfs', '/tmp',
    ...size(SANDBOX_LIMITS.emptyTmpfsBytes), '--tmpfs', '/run',
    '--dir', '/var/tmp',
    ...toolMounts(),
  ];
  for (const d of layout.readOnly) args.push('--ro-bind', d, d);
  for (const d of layout.writable) args.push('--bind', d, d);
  if (layout.bin) args.push(...fakeMounts(layout.bin));
  // Read-only once everything is bound under them: a write outside the run folder, HOME and TMPDIR
  // fails ("Read-only file system") instead of landing in memory that nothing bounds. The root is
  // bwrap's own tmpfs (it holds /var/tmp); /dev holds only device nodes, whose writes still work.
  args.push('--remount-ro', '/tmp', '--remount-ro', '/run', '--remount-ro', '/dev', '--remount-ro', '/');
  if (seccomp) args.push('--seccomp', String(SECCOMP_FD));
  args.push('--chdir', cwd, '--clearenv');
  for (const [k, v] of Object.entries(env)) args.push('--setenv', k, v);
  args.push('--', ...limitArgs(), ...argv);
  return args;
}

/**
 * The seccomp program as a file descriptor to hand bwrap on fd 3: an unlinked
 * temporary file, so nothing of it stays behind. Undefined on an architecture
 * without a table (x86_64 and aarch64 have one).
 */
export function seccompDescriptor(dir: string): number | undefined {
  const program = seccompFilter();
  if (!program) return undefined;
  const file = path.join(dir, `.seccomp-${process.pid}-${Math.random().toString(36).slice(2)}`);
  const fd = fs.openSync(file, fs.constants.O_RDWR | fs.constants.O_CREAT | fs.constants.O_EXCL | fs.constants.O_NOFOLLOW, 0o600);
  try {
    fs.unlinkSync(file);
    fs.writeSync(fd, program, 0, program.length, 0);
  } catch (error) {
    fs.closeSync(fd);
    throw error;
  }
  return fd;
}

let bwrapWorks: { ok: boolean; why: string } | undefined;

/** Whether bwrap runs node in the sandbox's layout here, with every flag a case gets; why not, when it does not. */
export function sandboxProbe(): { ok: boolean; why: string } {
  const bwrap = bwrapPath();
  if (!bwrap) {
    return { ok: false, why: process.platform !== 'linux' ? `no sandbox on ${process.platform} (skillc uses bubblewrap, Linux only)` : process.env.SKILLC_REHEARSE_NO_SANDBOX === '1' ? 'SKILLC_REHEARSE_NO_SANDBOX=1' : 'bubblewrap (bwrap) not found in /usr/bin, /usr/local/bin or /bin' };
  }
  if (!bwrapWorks) {
    const base = sandboxBase();
    if ('problem' in base) return (bwrapWorks = { ok: false, why: base.problem });
    const probe = fs.realpathSync(fs.mkdtempSync(path.join(base.dir, 'skillc-bwrap-probe-')));
    let fd: number | undefined;
    try {
      if (asRoot()) {
        fs.chownSync(probe, NOBODY, NOBODY);
        fs.chmodSync(probe, 0o755);
      }
      fd = seccompDescriptor(probe);
      const stdio: ('ignore' | 'pipe' | number)[] = ['ignore', 'pipe', 'pipe'];
      if (fd !== undefined) stdio[SECCOMP_FD] = fd;
      const args = bwrapArgs({ readOnly: [], writable: [probe] }, probe, { PATH: '/usr/bin:/bin' }, [process.execPath, '-e', ''], fd !== undefined);
      const r = spawnSync(bwrap, args, { env: LAUNCHER_ENV, encoding: 'utf8', timeout: 10_000, stdio, ...launcherIds() });
      const first = (r.stderr || r.error?.message || `exit ${r.status}`).trim().split('\n')[0];
      bwrapWorks = r.status === 0 ? { ok: true, why: '' } : { ok: false, why: `${bwrap} does not work here: ${first} (${/Unknown option|unrecognized/i.test(first ?? '') ? 'bubblewrap 0.8 or later is needed' : 'unprivileged user namespaces may be disabled'})` };
    } finally {
      if (fd !== undefined) fs.closeSync(fd);
      fs.rmSync(probe, { recursive: true, force: true });
    }
  }
  return bwrapWorks;
}
