import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/** Copies of real MIT-licensed skill trees (supermodo, tflow): see test/fixtures/corpus/README.md. */
export const corpus = path.join(import.meta.dirname, 'fixtures', 'corpus');

const made: string[] = [];

/**
 * A fresh temporary folder, removed when the test file ends (test/setup.ts calls
 * removeTempDirs after each file; the one temp-folder helper: a run of the suite leaves
 * nothing in the temp folder).
 */
export function tempDir(prefix = 'skillc-test-'): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  made.push(dir);
  return dir;
}

/** Removes every folder tempDir made so far: test/setup.ts runs it when each test file ends. */
export function removeTempDirs(): void {
  for (const dir of made.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
}

/** Writes files (relative path -> content) under a fresh temporary folder and returns it. */
export function tempTree(files: Record<string, string | Buffer>): string {
  const root = tempDir('skillc-test-');
  for (const [rel, content] of Object.entries(files)) {
    const p = path.join(root, rel);
    fs.mkdirSync(path.dirname(p), { recursive: true });
    fs.writeFileSync(p, content);
  }
  return root;
}

/**
 * The environment of a CLI child process: a PATH, no colour, and the run's cache folder
 * (XDG_CACHE_HOME, set by test/global-setup.ts), so the key skillc makes for its lint and build
 * caches (src/core/machine-key.ts) lands in the run's temporary folder, never the user's home.
 */
export function cliEnv(extra: Record<string, string> = {}): Record<string, string> {
  return { PATH: process.env.PATH ?? '', NO_COLOR: '1', ...(process.env.XDG_CACHE_HOME ? { XDG_CACHE_HOME: process.env.XDG_CACHE_HOME } : {}), ...extra };
}

export const SKILL = (name: string, body = '# Title\n\nText.\n', extra = ''): string =>
  `---\nname: ${name}\ndescription: Use when testing ${name}.\n${extra}---\n\n${body}`;

/** Every Markdown file under a folder (node_modules skipped; links are not followed: a Dirent of a link is neither a file nor a folder). */
export function markdownFiles(dir: string, out: string[] = []): string[] {
  for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, e.name);
    if (e.isDirectory() && e.name !== 'node_modules') markdownFiles(p, out);
    else if (e.isFile() && e.name.endsWith('.md')) out.push(p);
  }
  return out;
}
