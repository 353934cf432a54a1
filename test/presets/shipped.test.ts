import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { presetNames, shippedPresetFile } from '../../src/config/presets.js';
import { tempTree } from '../helpers.js';
import { runCli } from './cli-probes.js';

// The presets that replace another tool's checker ship in the package (presets/): a migrating
// project writes `"extends": ["skillc:<name>"]` and copies nothing. Each loads from the built CLI
// with its plugins, in a project that holds only its own config and a skill.
const SHIPPED = ['tflow', 'orchflows', 'orchflows@2026-08', 'supermodo', 'supermodo@24de10fe', 'taskflow', 'taskflow@0.2.4', 'taskflow@0.2.9'];

describe('shipped presets', () => {
  it('are listed by name, built-in ones first', () => {
    expect(presetNames()).toEqual(['recommended', 'strict', 'orchflows', 'orchflows@2026-08', 'supermodo', 'supermodo@24de10fe', 'taskflow', 'taskflow@0.2.4', 'taskflow@0.2.9', 'tflow']);
    for (const name of SHIPPED) expect(fs.existsSync(shippedPresetFile(name)!), name).toBe(true);
    expect(shippedPresetFile('nope')).toBeUndefined();
    expect(shippedPresetFile('tflow@9')).toBeUndefined();
    expect(shippedPresetFile('../tflow')).toBeUndefined();
  });

  it.each(SHIPPED)('skillc:%s loads in a project that copied nothing', (name) => {
    const root = tempTree({
      'skillc.config.json': JSON.stringify({ sources: 'skills', extends: [`skillc:${name}`] }),
      'skills/my-skill/SKILL.md': '---\nname: my-skill\ndescription: Use when a preset is loaded from the package.\n---\n\n# My skill\n\nText.\n',
    });
    const r = runCli(['lint', '--format', 'json'], root);
    expect(r.status === 0 || r.status === 1, `${name}: exit ${r.status} ${r.stderr}`).toBe(true);
    const ids = (JSON.parse(r.stdout) as { files: { messages: { ruleId: string }[] }[] }).files.flatMap((f) => f.messages.map((m) => m.ruleId));
    expect(ids).not.toContain('plugin/load');
  });

  it("a shipped preset's sources and out are the project's, not the package's", () => {
    const root = tempTree({ 'skillc.config.json': JSON.stringify({ sources: 'skills', extends: ['skillc:taskflow'] }), 'skills/my-skill/SKILL.md': '---\nname: my-skill\ndescription: Use when testing.\n---\n\nText.\n' });
    const r = runCli(['build', '--check'], root);
    // Nothing built yet: every output is missing under the project's packages/, as the preset's `out` says.
    expect(r.stderr).toContain('MISSING: packages/pi-taskflow/skills/my-skill/SKILL.md');
    expect(path.resolve(root, 'packages')).not.toContain('node_modules');
  });

  it('an unknown preset is a config error naming the ones there are', () => {
    const root = tempTree({ 'skillc.config.json': JSON.stringify({ extends: ['skillc:tflw'] }), 'skills/a/SKILL.md': '---\nname: a\ndescription: Use when testing.\n---\n' });
    const r = runCli(['lint'], root);
    expect(r.status).toBe(2);
    expect(r.stderr).toContain("unknown preset 'skillc:tflw', expected one of skillc:recommended, skillc:strict, skillc:orchflows,");
    expect(r.stderr).toContain('skillc:tflow');
  });
});
