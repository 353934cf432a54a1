/**
 * Runs one command inside a sandbox: a minimal environment with HOME and
 * TMPDIR in the sandbox, the fakes first on PATH, the node preload, all of it
 * applied inside bubblewrap (bwrap.ts) whose launcher is started by absolute
 * path with skillc's own fixed environment. A timeout, a watch on what the
 * writable folders hold, and the whole tree killed afterwards (the PID
 * namespace ends with bwrap). Unsandboxed (only on request), the process
 * group is killed instead, which a `setsid` escapes.
 *
 * Every exit path clears the command's timers and kills its process group:
 * the normal end, a timeout, a spawn that fails (synchronously or not), and
 * skillc's own exit (`killRunningCommands`, on the process's `exit` and, from
 * the CLI, on SIGINT/SIGTERM), so no internal error can leave a child running
 * or an interval holding the process open.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { bwrapArgs, bwrapPath, LAUNCHER_ENV, launcherIds, SECCOMP_FD, seccompDescriptor } from './bwrap.js';
import { PRELOAD_ENTRY } from './fakes.js';
import { type Sandbox, WRITABLE_LIMITS, writableUsage } from './sandbox.js';

export interface ExecResult {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
  timedOut: boolean;
  /** The command could not be started (ENOENT and the like). */
  spawnError?: string;
  /** Not run: no sandbox, and the user did not pass --unsandboxed. */
  refused?: string;
  /** The command broke a limit of the sandbox (what the writable folders may hold) and was killed; a `sandbox` failure. */
  violation?: string;
  ms: number;
}

export interface ExecOptions {
  argv: string[];
  cwd: string;
  env?: Record<string, string>;
  timeoutMs: number;
}

const MAX_OUTPUT = 1 << 20;
/** How often the capture channel is drained, and the writable folders measured, while a command runs. */
const DRAIN_MS = 20;
const USAGE_MS = 500;

/** The environment every child gets; the case's `env` goes on top, the capture variables win. */
export function sandboxEnv(sb: Sandbox, extra: Record<string, string> = {}): Record<string, string> {
  const system = ['/usr/local/sbin', '/usr/local/bin', '/usr/sbin', '/usr/bin', '/sbin', '/bin'];
  const nodeDir = path.dirname(process.execPath);
  return {
    PATH: [sb.bin, nodeDir, ...system.filter((d) => d !== nodeDir)].join(':'),
    HOME: sb.home,
    TMPDIR: sb.tmp,
    TMP: sb.tmp,
    TEMP: sb.tmp,
    LANG: 'C.UTF-8',
    LC_ALL: 'C.UTF-8',
    TZ: 'UTC',
    USER: 'rehearsal',
    LOGNAME: 'rehearsal',
    GIT_CONFIG_NOSYSTEM: '1',
    GIT_CEILING_DIRECTORIES: sb.root,
    GIT_TERMINAL_PROMPT: '0',
    SKILL_DIR: sb.skillDir,
    RUN_DIR: sb.runDir,
    ...extra,
    SKILLC_REHEARSAL: '1',
    // Where captures go, for scripts that want to know; the fakes do not read it (their settings fix it).
    SKILLC_CAPTURE_LOG: sb.captureLog,
    NODE_OPTIONS: `--import=${new URL(`file://${path.join(sb.bin, PRELOAD_ENTRY)}`).href}`,
  };
}

/** `{run}` and `{skill}` in an argument become the sandbox's folders. */
export function expand(arg: string, sb: Sandbox): string {
  return arg.replace(/\{run\}/g, sb.runDir).replace(/\{skill\}/g, sb.skillDir);
}

/** Kills a detached child's whole process group; quiet when it is gone already. */
function killGroup(pid: number | undefined): void {
  if (!pid) return;
  try {
    process.kill(-pid, 'SIGKILL');
  } catch {
    // the group is gone
  }
}

/** Process groups of the commands running now: killed when skillc exits, whatever the reason. */
const running = new Set<number>();
const onExit = (): void => killRunningCommands();

/** Kills every command still running (their process groups). For skillc's exit and its signal handlers. */
export function killRunningCommands(): void {
  for (const pid of running) killGroup(pid);
  running.clear();
}

function track(child: ChildProcess): void {
  if (!child.pid) return;
  if (running.size === 0) process.on('exit', onExit);
  running.add(child.pid);
}

function untrack(child: ChildProcess): void {
  if (!child.pid || !running.delete(child.pid)) return;
  if (running.size === 0) process.off('exit', onExit);
}

/** The number of commands running now (tests: none may be left after a case). */
export const runningCommands = (): number => running.size;

export const REFUSED = 'not run: no sandbox is available (install bubblewrap, see docs/rehearse.md), and commands of a skill are run only inside one unless you pass --unsandboxed';

/** What the writable folders hold past their limits, as a message; undefined within them. */
function overLimit(sb: Sandbox): string | undefined {
  const use = writableUsage(sb);
  if (use.bytes > WRITABLE_LIMITS.bytes) return `the run folder, HOME and TMPDIR hold more than ${WRITABLE_LIMITS.bytes >> 20} MiB`;
  if (use.entries > WRITABLE_LIMITS.entries) return `the run folder, HOME and TMPDIR hold more than ${WRITABLE_LIMITS.entries} files and folders`;
  return undefined;
}

export function runInSandbox(sb: Sandbox, options: ExecOptions): Promise<ExecResult> {
  const started = Date.now();
  if (sb.mode === 'refused') return Promise.resolve({ code: null, signal: null, stdout: '', stderr: '', timedOut: false, refused: REFUSED, ms: 0 });
  return new Promise((resolve) => {
    let stdout = '';
    let stderr = '';
    let timedOut = false;
    let violation: string | undefined;
    let settled = false;
    let child: ChildProcess | undefined;
    let seccompFd: number | undefined;
    const timers: NodeJS.Timeout[] = [];
    const clearTimers = (): void => {
      for (const t of timers.splice(0)) clearTimeout(t);
    };
    const closeFd = (): void => {
      if (seccompFd !== undefined) fs.closeSync(seccompFd);
      seccompFd = undefined;
    };
    /** Ends the command, whatever state it is in: timers cleared, its group killed, the channel drained once more. */
    const settle = (result: Omit<ExecResult, 'stdout' | 'stderr' | 'timedOut' | 'ms'>): void => {
      if (settled) return;
      settled = true;
      clearTimers();
      closeFd();
      killGroup(child?.pid);
      if (child) untrack(child);
      sb.captures.drain();
      violation ??= overLimit(sb);
      resolve({ ...result, stdout, stderr, timedOut, ...(violation ? { violation } : {}), ms: Date.now() - started });
    };
    try {
      const env = sandboxEnv(sb, options.env);
      let file: string;
      let args: string[];
      const stdio: ('ignore' | 'pipe' | number)[] = ['ignore', 'pipe', 'pipe'];
      if (sb.mode === 'bwrap') {
        seccompFd = seccompDescriptor(sb.root);
        if (seccompFd !== undefined) stdio[SECCOMP_FD] = seccompFd;
        file = bwrapPath()!;
        args = bwrapArgs({ readOnly: [sb.skillDir, sb.bin, sb.captureLog], writable: [sb.runDir, sb.home, sb.tmp], bin: sb.bin }, options.cwd, env, options.argv, seccompFd !== undefined);
      } else {
        [file = '', ...args] = options.argv;
      }
      child = spawn(file, args, {
        cwd: sb.mode === 'bwrap' ? sb.root : options.cwd,
        env: sb.mode === 'bwrap' ? LAUNCHER_ENV : env,
        stdio,
        detached: true,
        ...(sb.mode === 'bwrap' ? launcherIds() : {}),
      });
    } catch (error) {
      // spawn throws for arguments it cannot pass (a NUL byte): nothing runs, nothing is left behind.
      settle({ code: null, signal: null, spawnError: error instanceof Error ? error.message : String(error) });
      return;
    }
    const proc = child;
    track(proc);
    // bwrap has its own copy of the descriptor now.
    closeFd();
    const cap = (acc: string, chunk: Buffer): string => (acc.length < MAX_OUTPUT ? acc + chunk.toString('utf8') : acc);
    proc.stdout?.on('data', (c: Buffer) => void (stdout = cap(stdout, c)));
    proc.stderr?.on('data', (c: Buffer) => void (stderr = cap(stderr, c)));
    const every = (ms: number, f: () => void): void => {
      const t = setInterval(f, ms);
      timers.push(t);
    };
    every(DRAIN_MS, () => sb.captures.drain());
    // The writable folders, measured at most a tenth of the time (a case of many files makes each walk longer).
    const watch = (): void => {
      const t = Date.now();
      violation ??= overLimit(sb);
      if (violation) return killGroup(proc.pid);
      timers.push(setTimeout(watch, Math.max(USAGE_MS, 10 * (Date.now() - t))));
    };
    timers.push(setTimeout(watch, USAGE_MS));
    timers.push(
      setTimeout(() => {
        timedOut = true;
        killGroup(proc.pid);
      }, options.timeoutMs),
    );
    proc.on('error', (error) => settle({ code: null, signal: null, spawnError: error.message }));
    proc.on('exit', (code, signal) => {
      // Kill what the command left (unsandboxed: its group), then wait for the pipes: output still
      // buffered in them arrives before 'close', and a grandchild that held them is dead now.
      killGroup(proc.pid);
      const guard = setTimeout(() => settle({ code, signal }), 500);
      timers.push(guard);
      proc.once('close', () => settle({ code, signal }));
    });
  });
}
