import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { corpus, cliEnv } from '../helpers.js';

const repo = path.resolve(import.meta.dirname, '../..');
const bin = path.join(repo, 'bin', 'skillc.js');
const fixtures = path.join(corpus, 'tflow/skills/tflow-gateway/scripts/fixtures');
const gatewaySource = path.join(repo, 'test/fixtures/tflow-gateway');

const run = (args: string[]) => spawnSync(process.execPath, [bin, ...args], { cwd: repo, encoding: 'utf8', env: cliEnv() });

/**
 * Every tflow-gateway fixture get the verdict their names state: the
 * artifact cases through `skillc gate` with the gateway's schemas declared in
 * a skillc source, the discovery cases through `skillc catalog`.
 */
describe('tflow-gateway fixtures', () => {
  const cases = fs.readdirSync(fixtures).sort();

  it('are all twelve present (seven artifact cases, five discovery cases)', () => {
    expect(cases.filter((c) => /^(pass|fail)-/.test(c))).toHaveLength(12);
  });

  for (const name of cases) {
    const expectPass = name.startsWith('pass-');
    it(`${name} ${expectPass ? 'passes' : 'fails'}`, () => {
      const dir = path.join(fixtures, name);
      const r = name.includes('-discover-')
        ? run(['catalog', dir, '--match', 'tflow-*', '--exclude', 'tflow-gateway'])
        : run(['gate', dir, ...fs.readFileSync(path.join(dir, '.args'), 'utf8').trim().split(/\s+/), '--skill', gatewaySource]);
      expect(r.status, `${r.stdout}${r.stderr}`).toBe(expectPass ? 0 : 1);
      if (!expectPass) expect(`${r.stdout}${r.stderr}`).toMatch(/FAIL|no skill found/);
    });
  }

  it('skips the malformed skill with a warning', () => {
    const r = run(['catalog', path.join(fixtures, 'pass-discover-skips-malformed'), '--match', 'tflow-*']);
    expect(r.stdout).toBe('tflow-alpha\tUse when alpha fixture routing applies\n');
    expect(r.stderr).toMatch(/warning: skipping .*tflow-broken: no frontmatter/);
  });

  it('names the missing section', () => {
    const r = run(['gate', path.join(fixtures, 'fail-artifacts-missing-section-routing'), 'routing-decision.md', '--skill', gatewaySource]);
    expect(r.stdout).toMatch(/^FAIL routing-decision.md: Missing required section `## \w+` in `routing-decision.md`$/m);
  });
});
