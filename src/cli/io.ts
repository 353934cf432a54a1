import fs from 'node:fs';
import path from 'node:path';

export interface Io {
  cwd: string;
  stdout(text: string): void;
  stderr(text: string): void;
}

export const processIo: Io = {
  cwd: process.cwd(),
  stdout: (text) => void process.stdout.write(text),
  stderr: (text) => void process.stderr.write(text),
};

/** The package's own version, from its package.json. */
export function packageVersion(): string {
  try {
    const pkg = JSON.parse(fs.readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version?: string };
    return pkg.version ?? '0.0.0';
  } catch {
    return '0.0.0';
  }
}

/** The package's root folder (for docs/ and schema/). */
export function packageRoot(): string {
  return path.resolve(new URL('../..', import.meta.url).pathname);
}

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
