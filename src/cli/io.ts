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
