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

export const SKILL = (name: string, body = '# Title\n\nText.\n', extra = ''): string =>
  `---\nname: ${name}\ndescription: Use when testing ${name}.\n${extra}---\n\n${body}`;
