import fs from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { lint } from '../../src/lint/engine.js';
import { mergeConfigs } from '../../src/config/presets.js';
import { SKILL, tempTree } from '../helpers.js';

const roots: string[] = [];
afterAll(() => roots.forEach((r) => fs.rmSync(r, { recursive: true, force: true })));

const BROKEN = '#!/bin/sh\nif then\n';
function tree(config: object): string {
  const root = tempTree({
    'skillc.config.json': JSON.stringify({ sources: 'skills', ...config }),
    'skills/a/SKILL.md': SKILL('a', '# A\n\nRun `scripts/bad.sh`, `scripts/fixtures/bad.sh` and `scripts/fixtures/deep/bad.sh`.\n'),
    'skills/a/scripts/bad.sh': BROKEN,
    'skills/a/scripts/fixtures/bad.sh': BROKEN,
    'skills/a/scripts/fixtures/deep/bad.sh': BROKEN,
    'skills/b/SKILL.md': SKILL('b', '# B\n\nRun `scripts/bad.sh`.\n'),
    'skills/b/scripts/bad.sh': BROKEN,
  });
  roots.push(root);
  return root;
}

async function syntaxFindings(config: object): Promise<string[]> {
  const cwd = tree(config);
  const result = await lint({ cwd });
  return result.files
    .flatMap((f) => f.messages.filter((m) => m.ruleId === 'scripts/syntax').map((m) => `${f.path.slice(cwd.length + 1)} ${m.severity}`))
    .sort();
}

describe('overrides: rule scope per file', () => {
  it('turns a rule off for the files a block matches, relative to each skill folder', async () => {
    expect(await syntaxFindings({ rules: { 'scripts/syntax': 'error' }, overrides: [{ files: ['scripts/fixtures/**'], rules: { 'scripts/syntax': 'off' } }] })).toEqual([
      'skills/a/scripts/bad.sh error',
      'skills/b/scripts/bad.sh error',
    ]);
  });

  it('`ignores` keeps a block away from files; a rule off in `rules` runs where a block turns it on', async () => {
    expect(await syntaxFindings({ rules: { 'scripts/syntax': 'off' }, overrides: [{ ignores: ['scripts/fixtures/**'], rules: { 'scripts/syntax': 'warn' } }] })).toEqual([
      'skills/a/scripts/bad.sh warning',
      'skills/b/scripts/bad.sh warning',
    ]);
  });

  it('matches paths relative to the config folder too, and later blocks win', async () => {
    expect(
      await syntaxFindings({
        overrides: [
          { files: ['skills/a/**'], rules: { 'scripts/syntax': 'off' } },
          { files: ['**/fixtures/deep/*.sh'], rules: { 'scripts/syntax': ['warn'] } },
        ],
      }),
    ).toEqual(['skills/a/scripts/fixtures/deep/bad.sh warning', 'skills/b/scripts/bad.sh error']);
  });

  it('rejects an unknown rule and options inside a block', async () => {
    await expect(lint({ cwd: tree({ overrides: [{ files: ['x'], rules: { 'scripts/nope': 'off' } }] }) })).rejects.toThrow(/unknown rule 'scripts\/nope' in overrides\[0\]\.rules/);
    await expect(lint({ cwd: tree({ overrides: [{ files: ['x'], rules: { 'scripts/syntax': ['error', {}] } }] }) })).rejects.toThrow(/invalid config at overrides\.0\.rules/);
  });

  it("extends appends a base config's blocks before its own", () => {
    const merged = mergeConfigs({ overrides: [{ files: ['a'], rules: { x: 'off' } }] }, { overrides: [{ files: ['b'], rules: { x: 'error' } }] });
    expect(merged.overrides!.map((b) => b.files![0])).toEqual(['a', 'b']);
  });
});
