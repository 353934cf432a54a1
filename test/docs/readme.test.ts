import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { normalizeSeverity } from '../../src/config/config.js';

const repo = path.resolve(import.meta.dirname, '..', '..');
const readme = fs.readFileSync(path.join(repo, 'README.md'), 'utf8');

describe('README.md', () => {
  it('the lint example is a real run: the file shown, linted, prints the output shown', () => {
    const block = /<!-- test: test\/docs\/readme\.test\.ts[^>]*-->\n```text\n([\s\S]*?)```/.exec(readme)?.[1];
    expect(block).toBeDefined();
    const [, file, content, output] = /^\$ cat (\S+)\n([\s\S]*?)\$ npx skillc lint\n([\s\S]*)$/.exec(block!)!;
    const root = fs.mkdtempSync(path.join(os.tmpdir(), 'skillc-readme-'));
    try {
      fs.mkdirSync(path.join(root, path.dirname(file!)), { recursive: true });
      fs.writeFileSync(path.join(root, file!), content!);
      const r = spawnSync(process.execPath, [path.join(repo, 'bin', 'skillc.js'), 'lint'], { cwd: root, encoding: 'utf8', env: { ...process.env, NO_COLOR: '1' } });
      expect(r.status).toBe(1);
      expect(r.stdout).toBe(output);
    } finally {
      fs.rmSync(root, { recursive: true, force: true });
    }
  });

  it('names every severity the config accepts, with what each does', () => {
    const settings = ['error', 'warn', 'warning', 'info', 'off', 0, 1, 2] as const;
    for (const s of settings) {
      expect(normalizeSeverity(s)).toBeDefined();
      expect(readme).toContain(typeof s === 'number' ? `\`${s}\`` : `\`"${s}"\``);
    }
    const schema = JSON.parse(fs.readFileSync(path.join(repo, 'schema', 'skillc.config.schema.json'), 'utf8'));
    expect([...schema.definitions.severity.enum].sort()).toEqual([...settings].sort());
  });
});
