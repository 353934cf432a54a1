// TIMING=1 (as in ESLint): the slowest rules, with reading and parsing, on stderr after the report.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const repo = path.resolve(import.meta.dirname, '../..');
const bin = path.join(repo, 'bin', 'skillc.js');

function run(timing: string | undefined) {
  const env: NodeJS.ProcessEnv = { ...process.env, NO_COLOR: '1' };
  delete env.TIMING;
  if (timing !== undefined) env.TIMING = timing;
  return spawnSync(process.execPath, [bin, 'lint', 'skills-src', '--format', 'json'], { cwd: repo, env, encoding: 'utf8' });
}

describe('TIMING', () => {
  it('prints the ten slowest rules on stderr, leaving the report on stdout intact', () => {
    const r = run('1');
    expect(r.status).toBe(0);
    expect(() => JSON.parse(r.stdout)).not.toThrow();
    const lines = r.stderr.trim().split('\n');
    expect(lines[0]).toMatch(/^Rule +\| Time \(ms\) \| Relative$/);
    expect(lines).toHaveLength(2 + 10);
    expect(r.stderr).toContain('(read and parse)');
    const times = lines.slice(2).map((l) => Number(l.split('|')[1]));
    expect([...times].sort((a, b) => b - a)).toEqual(times);
  });

  it('prints every rule with TIMING=all, n of them with TIMING=n, nothing without it', () => {
    const all = run('all').stderr;
    expect(all.trim().split('\n').length).toBeGreaterThan(40);
    // The repository's skills ship shell scripts: the parser's load and each script's parse are
    // their own row, not the time of whichever script or security rule asked first.
    expect(all).toContain('(load and parse scripts)');
    expect(run('3').stderr.trim().split('\n')).toHaveLength(2 + 3);
    expect(run(undefined).stderr).toBe('');
  });
});
