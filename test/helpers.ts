import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/** Writes files (relative path -> content) under a fresh temporary folder and returns it. */
export function tempTree(files: Record<string, string | Buffer>): string {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'skillc-test-'));
  for (const [rel, content] of Object.entries(files)) {
    const p = path.join(root, rel);
    fs.mkdirSync(path.dirname(p), { recursive: true });
    fs.writeFileSync(p, content);
  }
  return root;
}

export const SKILL = (name: string, body = '# Title\n\nText.\n', extra = ''): string =>
  `---\nname: ${name}\ndescription: Use when testing ${name}.\n${extra}---\n\n${body}`;
