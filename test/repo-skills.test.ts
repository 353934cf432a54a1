import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { cliEnv } from './helpers.js';

const repo = path.resolve(import.meta.dirname, '..');
const skillc = (args: string[]) => spawnSync(process.execPath, [path.join(repo, 'bin', 'skillc.js'), ...args], { cwd: repo, encoding: 'utf8', env: cliEnv() });

/** This repository's own skills: lint clean, and generated/ is what the build makes (CI refuses drift). */
describe("the repo's own skills-src/", () => {
  it('lint with no error and no warning', () => {
    const r = skillc(['lint', '--max-warnings', '0']);
    expect(r.stdout + r.stderr).toBe('');
    expect(r.status).toBe(0);
  });

  it('generated/ has no drift (skillc build --check)', () => {
    const r = skillc(['build', '--check']);
    expect(r.stderr, 'run `npm run build:skills` and commit generated/').toBe('');
    expect(r.status).toBe(0);
    expect(r.stdout).toMatch(/generated\/ is up to date \(4 skills, 9 hosts, \d+ files\)/);
  });
});
