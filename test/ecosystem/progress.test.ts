import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { tempDir } from '../helpers.js';

const repo = path.resolve(import.meta.dirname, '../..');
const bin = path.join(repo, 'bin', 'skillc.js');
const hasScript = spawnSync('script', ['--version'], { encoding: 'utf8' }).status === 0;

function catalog(n: number): string {
  const root = tempDir('skillc-progress-');
  for (let i = 0; i < n; i++) {
    const name = `skill-${String(i).padStart(4, '0')}`;
    fs.mkdirSync(path.join(root, name));
    fs.writeFileSync(path.join(root, name, 'SKILL.md'), `---\nname: ${name}\ndescription: Use when testing progress ${i}.\n---\n\n# T\n\nText.\n`);
  }
  return root;
}

/** Progress goes to stderr on a terminal only: never into pipes, files or CI logs. */
describe('lint progress on stderr', () => {
  const root = catalog(320);

  it('is silent when stderr is not a terminal', () => {
    const r = spawnSync(process.execPath, [bin, 'lint', '.', '--format', 'json', '-o', '/dev/null'], { cwd: root, encoding: 'utf8', env: { PATH: process.env.PATH ?? '' } });
    expect(r.stderr).toBe('');
  });

  it.skipIf(!hasScript)('counts skills on a terminal (util-linux script gives the pty)', () => {
    const r = spawnSync('script', ['-qc', `${process.execPath} ${bin} lint . --format json -o /dev/null`, '/dev/null'], { cwd: root, encoding: 'utf8', env: { PATH: process.env.PATH ?? '', TERM: 'dumb' } });
    expect(r.stdout).toMatch(/skillc: linting \d+\/320 skills/);
  });
});
