import fs from 'node:fs';
import path from 'node:path';
import type { ResolvedConfig } from '../config/config.js';
import { UsageError } from '../core/errors.js';
import { isInside } from '../core/paths.js';
import type { LintSession } from '../lint/cache.js';

export interface Io {
  cwd: string;
  stdout(text: string): void;
  stderr(text: string): void;
  /**
   * Set when a command runs as a rehearsal's built-in (`gate`, `catalog`, in
   * skillc's own process on a case's sandbox): the config to use instead of
   * looking for one (never a config of the case), the folder every path the
   * command walks must lie in, links resolved, and where to say it refused.
   */
  confine?: Confinement;
  /** Inside `--watch`: the loop's lint session (the cache kept in memory, what changed), handed to each re-run. */
  session?: LintSession;
  /** Standard input as text, at most `maxBytes` (`lint --stdin`); default the process's. */
  stdin?: (maxBytes: number) => Promise<string>;
}

export interface Confinement {
  config: ResolvedConfig;
  within: string;
  refuse(message: string): void;
}

/**
 * Under a confinement, the first of `paths` (relative to `cwd`) that resolves,
 * links followed, outside its folder, said through `refuse`; true when one
 * did. A missing path is judged as written.
 */
export function refusedOutside(io: Io, paths: readonly string[], what: string): boolean {
  const c = io.confine;
  if (!c) return false;
  for (const p of paths) {
    const abs = path.resolve(io.cwd, p);
    let real = abs;
    try {
      real = fs.realpathSync(abs);
    } catch {
      // missing: judged as written
    }
    if (!isInside(real, c.within)) {
      c.refuse(`${what} \`${p}\` is outside the sandbox${real !== abs ? ` (it links to ${real})` : ''}`);
      return true;
    }
  }
  return false;
}

/** Under a confinement, refuses `--config` (a config is never loaded there); true when it did. */
export function refusedConfigOption(io: Io, configFile: string | undefined): boolean {
  if (!io.confine || configFile === undefined) return false;
  io.confine.refuse('option `--config` is not allowed in a case (it would load a config of the case)');
  return true;
}

export const processIo: Io = {
  cwd: process.cwd(),
  stdout: (text) => void process.stdout.write(text),
  stderr: (text) => void process.stderr.write(text),
};

/** Reads the process's standard input to its end as UTF-8; more than `maxBytes` is a usage error (nothing is linted). */
export async function readProcessStdin(maxBytes: number): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of process.stdin) {
    const b = Buffer.isBuffer(chunk) ? chunk : Buffer.from(String(chunk));
    size += b.length;
    if (size > maxBytes) throw new UsageError(`--stdin: standard input is more than ${maxBytes - 1} bytes, the most a SKILL.md may be`);
    chunks.push(b);
  }
  return Buffer.concat(chunks).toString('utf8');
}

/** The package's own version and root folder: the one reader of its package.json is in core/. */
export { packageRoot, packageVersion } from '../core/package.js';

/**
 * A one-line progress counter on stderr, for long runs on a terminal only: never
 * in pipes, CI logs or tests (stderr not a TTY), and only past a few hundred skills.
 */
export function progressOnStderr(io: Io, threshold = 300): { update: (done: number, total: number) => void; clear: () => void } | undefined {
  if (io !== processIo || !process.stderr.isTTY) return undefined;
  let shown = false;
  let last = 0;
  return {
    update(done, total) {
      if (total < threshold) return;
      const now = Date.now();
      if (now - last < 100 && done < total - 1) return;
      last = now;
      shown = true;
      process.stderr.write(`\rskillc: linting ${done + 1}/${total} skills`);
    },
    clear() {
      if (shown) process.stderr.write('\r\u001b[K');
    },
  };
}

/**
 * Checks an `-o` target before any work is done, so a bad one fails fast: not a folder, and its
 * folder exists or can be made by creating that one folder (never a chain of missing folders: a
 * typo in `-o /nonexistent/dir/x` must not create `/nonexistent/dir`). Returns the absolute path.
 */
export function outputTarget(cwd: string, file: string, flag: string): string {
  const target = path.resolve(cwd, file);
  // ENOENT and ENOTDIR (a file where a folder should be) both mean "not there".
  const statOf = (p: string): fs.Stats | undefined => {
    try {
      return fs.statSync(p);
    } catch {
      return undefined;
    }
  };
  const stat = statOf(target);
  if (stat?.isDirectory()) throw new UsageError(`${flag} ${file}: is a folder; name a file to write to`);
  const dir = path.dirname(target);
  const dirStat = statOf(dir);
  if (dirStat && !dirStat.isDirectory()) throw new UsageError(`${flag} ${file}: ${path.dirname(file)} is not a folder`);
  if (!dirStat && !statOf(path.dirname(dir))?.isDirectory()) {
    throw new UsageError(`${flag} ${file}: the folder ${path.dirname(dir)} does not exist (only the file's own folder is created)`);
  }
  return target;
}

/** The `-o, --output-file <file>` option every command that prints a report takes. */
export const OUTPUT_FILE_OPTION = { 'output-file': { type: 'string', short: 'o' } } as const;

/**
 * `-o, --output-file`: what the command prints on stdout goes to the file instead, written once
 * at the end (`finish`). The target is checked now, before any work, so a bad one fails fast.
 * Without a file, `io` is the command's own.
 */
export function reportOutput(io: Io, file: string | undefined, flag = '--output-file'): { io: Io; toFile: boolean; finish: () => void } {
  if (file === undefined) return { io, toFile: false, finish: () => undefined };
  const target = outputTarget(io.cwd, file, flag);
  const parts: string[] = [];
  return { io: { ...io, stdout: (text) => void parts.push(text) }, toFile: true, finish: () => writeOutput(target, parts.join(''), flag, file) };
}

/** Writes a report to a target checked by outputTarget; a write that fails is a clear one-line error (exit 2). */
export function writeOutput(target: string, text: string, flag: string, file: string): void {
  try {
    if (!fs.existsSync(path.dirname(target))) fs.mkdirSync(path.dirname(target));
    fs.writeFileSync(target, text);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? 'EIO';
    const why: Record<string, string> = { EACCES: 'permission denied', EPERM: 'not permitted', EROFS: 'read-only file system', EISDIR: 'is a folder', ENOTDIR: 'a part of the path is not a folder', ENOSPC: 'no space left' };
    throw new UsageError(`${flag} ${file}: cannot write the file (${why[code] ?? code})`);
  }
}
