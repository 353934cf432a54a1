import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { build } from '../../src/build/index.js';
import { BUILT_IN_HOSTS, getHost } from '../../src/hosts/index.js';
import { ConfigError } from '../../src/config/config.js';
import { listAll, skillcHere, tempProject } from './helpers.js';

const SKILL = '---\nname: alpha\ndescription: Use when testing alpha.\n---\n\n# Alpha\n\n<!-- host: grok -->\nGrok only.\n<!-- /host -->\n\nAll hosts.\n';

const project = (config: object): string =>
  tempProject({
    'skillc.config.json': JSON.stringify({
      out: 'packages',
      hosts: ['pi', 'claude', 'grok'],
      customHosts: { grok: { extends: 'opencode', displayName: 'Grok Build' } },
      outputs: { pi: 'pi-taskflow/skills', claude: 'claude-taskflow/plugin', grok: 'grok-taskflow/plugin/skills' },
      ...config,
    }),
    'skills-src/alpha/SKILL.md': SKILL,
  });

describe('build: per-host output folders and hosts defined in config', () => {
  it('writes each host where outputs says, a custom host with its own blocks, and --check guards those paths', async () => {
    const dir = project({});
    const result = await build({ cwd: dir });
    expect(result.diagnostics).toEqual([]);
    expect(getHost('grok', result.lint.config.hostTable)).toMatchObject({ id: 'grok', displayName: 'Grok Build', fields: getHost('opencode', BUILT_IN_HOSTS)!.fields });
    const files = listAll(path.join(dir, 'packages')).filter((f) => !f.startsWith('.skillc') && !f.startsWith('catalog.'));
    expect(files).toEqual([
      'claude-taskflow/plugin/.claude-plugin/plugin.json',
      'claude-taskflow/plugin/skills/alpha/SKILL.md',
      'grok-taskflow/plugin/skills/alpha/SKILL.md',
      'pi-taskflow/skills/alpha/SKILL.md',
    ]);
    const read = (rel: string): string => fs.readFileSync(path.join(dir, 'packages', rel), 'utf8');
    expect(read('grok-taskflow/plugin/skills/alpha/SKILL.md')).toContain('Grok only.');
    expect(read('pi-taskflow/skills/alpha/SKILL.md')).not.toContain('Grok only.');

    const clean = await skillcHere(['build', '--check'], dir);
    expect(clean.code).toBe(0);
    fs.appendFileSync(path.join(dir, 'packages/grok-taskflow/plugin/skills/alpha/SKILL.md'), 'edited by hand\n');
    fs.rmSync(path.join(dir, 'packages/pi-taskflow/skills/alpha/SKILL.md'));
    const drift = await skillcHere(['build', '--check'], dir);
    expect(drift.code).toBe(1);
    expect(drift.stderr).toContain('DRIFT: packages/grok-taskflow/plugin/skills/alpha/SKILL.md');
    expect(drift.stderr).toContain('MISSING: packages/pi-taskflow/skills/alpha/SKILL.md');
  });

  it('takes a custom host in --host (checked once the config defines it)', async () => {
    const dir = project({});
    const only = await skillcHere(['build', '--host', 'grok'], dir);
    expect(only.code, only.stderr).toBe(0);
    expect(listAll(path.join(dir, 'packages')).filter((f) => f.endsWith('SKILL.md'))).toEqual(['grok-taskflow/plugin/skills/alpha/SKILL.md']);
    const typo = await skillcHere(['build', '--host', 'grokk'], dir);
    expect(typo.code).toBe(2);
    expect(typo.stderr).toContain("unknown host 'grokk' in --host; did you mean 'grok'?");
    const lint = await skillcHere(['lint', '--host', 'grok'], dir);
    expect(lint.code, lint.stderr).toBe(0);
  });

  it('knows the hosts of the config in use only: one process building two projects does not carry the first one\'s hosts into the second', async () => {
    const first = await build({ cwd: project({}) });
    expect(getHost('grok', first.lint.config.hostTable)).toBeDefined();
    const other = tempProject({ 'skillc.config.json': JSON.stringify({ hosts: ['grok'] }), 'skills-src/alpha/SKILL.md': SKILL });
    await expect(build({ cwd: other })).rejects.toThrow(/unknown host 'grok' in hosts/);
    // No registry: the built-in hosts never learn a config's host.
    expect(getHost('grok', BUILT_IN_HOSTS)).toBeUndefined();
  });

  it('refuses an output folder outside out, a custom host extending no built-in one, a redefined built-in, two hosts in one folder', async () => {
    await expect(build({ cwd: project({ outputs: { pi: '../elsewhere' } }) })).rejects.toThrow(/outputs\.pi: '\.\.\/elsewhere' must be a folder inside the output folder/);
    await expect(build({ cwd: project({ outputs: { pi: '/abs' } }) })).rejects.toThrow(ConfigError);
    await expect(build({ cwd: project({ outputs: { nowhere: 'x' } }) })).rejects.toThrow(/unknown host 'nowhere' in outputs/);
    await expect(build({ cwd: project({ customHosts: { grok: { extends: 'opencodex' } } }) })).rejects.toThrow(/customHosts\.grok: unknown host 'opencodex' to extend.*opencode/);
    await expect(build({ cwd: project({ customHosts: { codex: { extends: 'opencode' } } }) })).rejects.toThrow(/customHosts\.codex: host 'codex' is built in/);
    const clash = await build({ cwd: project({ outputs: { pi: 'same', grok: 'same' } }) });
    expect(clash.written).toBe(false);
    expect(clash.diagnostics.map((d) => d.ruleId)).toContain('build/output-clash');
  });
});
