/**
 * Runs one command inside a sandbox: a minimal environment with HOME and
 * TMPDIR in the sandbox, the shims first on PATH, the node preload, all of it
 * applied inside bubblewrap (sandbox.ts) whose launcher is started by absolute
 * path with skillc's own fixed environment. A timeout, and the whole tree
 * killed afterwards (the PID namespace ends with bwrap). Unsandboxed (only on
 * request), the process group is killed instead, which a `setsid` escapes.
 */
import { spawn } from 'node:child_process';
import path from 'node:path';
import { PRELOAD, realGitPath } from './fakes.js';
import { bwrapArgs, bwrapPath, LAUNCHER_ENV, launcherIds, type Sandbox } from './sandbox.js';

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
  ms: number;
}

export interface ExecOptions {
  argv: string[];
  cwd: string;
  env?: Record<string, string>;
  timeoutMs: number;
}

const MAX_OUTPUT = 1 << 20;

/** The environment every child gets; the case's `env` goes on top, the capture variables win. */
export function sandboxEnv(sb: Sandbox, extra: Record<string, string> = {}): Record<string, string> {
  const system = ['/usr/local/sbin', '/usr/local/bin', '/usr/sbin', '/usr/bin', '/sbin', '/bin'];
  const nodeDir = path.dirname(process.execPath);
  const env: Record<string, string> = {
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
    SKILLC_CAPTURE_LOG: sb.captureLog,
    NODE_OPTIONS: `--import=${new URL(`file://${path.join(sb.bin, PRELOAD)}`).href}`,
  };
  const git = realGitPath();
  if (git) env.SKILLC_REAL_GIT = git;
  return env;
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

export const REFUSED = 'not run: no sandbox is available (install bubblewrap, see docs/rehearse.md), and commands of a skill are run only inside one unless you pass --unsandboxed';

export function runInSandbox(sb: Sandbox, options: ExecOptions): Promise<ExecResult> {
  const started = Date.now();
  if (sb.mode === 'refused') return Promise.resolve({ code: null, signal: null, stdout: '', stderr: '', timedOut: false, refused: REFUSED, ms: 0 });
  const env = sandboxEnv(sb, options.env);
  let file: string;
  let args: string[];
  let spawnEnv: Record<string, string>;
  if (sb.mode === 'bwrap') {
    file = bwrapPath()!;
    args = bwrapArgs({ readOnly: [sb.skillDir, sb.bin, sb.captureLog], writable: [sb.runDir, sb.home, sb.tmp] }, options.cwd, env, options.argv);
    spawnEnv = LAUNCHER_ENV;
  } else {
    [file, ...args] = options.argv as [string, ...string[]];
    spawnEnv = env;
  }
  const poll = setInterval(() => sb.captures.drain(), 20);
  return new Promise((resolve) => {
    let stdout = '';
    let stderr = '';
    let timedOut = false;
    let settled = false;
    const child = spawn(file, args, {
      cwd: sb.mode === 'bwrap' ? sb.root : options.cwd,
      env: spawnEnv,
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true,
      ...(sb.mode === 'bwrap' ? launcherIds() : {}),
    });
    const cap = (acc: string, chunk: Buffer): string => (acc.length < MAX_OUTPUT ? acc + chunk.toString('utf8') : acc);
    child.stdout.on('data', (c: Buffer) => void (stdout = cap(stdout, c)));
    child.stderr.on('data', (c: Buffer) => void (stderr = cap(stderr, c)));
    const finish = (result: Omit<ExecResult, 'stdout' | 'stderr' | 'timedOut' | 'ms'>): void => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      killGroup(child.pid);
      // Output still buffered in the pipes arrives before 'close'; a grandchild that held them is dead now.
      const done = (): void => {
        clearInterval(poll);
        sb.captures.drain();
        resolve({ ...result, stdout, stderr, timedOut, ms: Date.now() - started });
      };
      const guard = setTimeout(done, 500);
      child.once('close', () => {
        clearTimeout(guard);
        done();
      });
    };
    const timer = setTimeout(() => {
      timedOut = true;
      killGroup(child.pid);
    }, options.timeoutMs);
    child.on('error', (error) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      clearInterval(poll);
      resolve({ code: null, signal: null, stdout, stderr, timedOut, spawnError: error.message, ms: Date.now() - started });
    });
    child.on('exit', (code, signal) => finish({ code, signal }));
  });
}
