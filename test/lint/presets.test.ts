import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config/config.js';
import { lint } from '../../src/lint/engine.js';
import { builtinPreset, mergeConfigs } from '../../src/config/presets.js';
import { BUILTIN_RULES } from '../../src/rules/index.js';
import { SKILL, tempTree } from '../helpers.js';

const fixtures = path.resolve(import.meta.dirname, '../fixtures/plugins');

describe('extends and presets', () => {
  it('skillc:recommended lists every rule at its default, opt-in rules off', () => {
    const rules = builtinPreset('recommended', BUILTIN_RULES)!.rules!;
    expect(Object.keys(rules).sort()).toEqual(BUILTIN_RULES.map((r) => r.meta.id).sort());
    expect(rules['body/placeholder']).toBe('off');
    expect(rules['body/max-lines']).toBe('warn');
  });

  it('takes the rules it lists as a parameter: config/ never imports rules/', () => {
    const rules = [{ meta: { id: 'x/on', severity: 'warning' } }, { meta: { id: 'x/opt-in', severity: 'error', recommended: false } }];
    expect(builtinPreset('recommended', rules)).toEqual({ rules: { 'x/on': 'warn', 'x/opt-in': 'off' } });
    expect(builtinPreset('strict', rules)!.rules).toMatchObject({ 'x/on': 'error', 'x/opt-in': 'off', 'body/placeholder': 'error' });
  });

  it('skillc:strict raises recommended rules to errors and turns on the option-free opt-in rules', () => {
    const rules = builtinPreset('strict', BUILTIN_RULES)!.rules!;
    expect(rules['body/max-lines']).toBe('error');
    expect(rules['body/placeholder']).toBe('error');
    expect(rules['links/no-symlinks']).toBe('error');
    expect(rules['frontmatter/description-prefix']).toBe('off');
  });

  it('merges in order: later presets and the config itself win; a severity alone keeps the options', () => {
    const merged = mergeConfigs(
      { rules: { 'body/max-words': ['error', { max: 10 }] }, kinds: { a: { maxWords: 5, sections: ['X'] } }, plugins: ['/p1'] },
      { rules: { 'body/max-words': 'warn' }, kinds: { a: { maxWords: 7 } }, plugins: ['/p2'] },
    );
    expect(merged.rules!['body/max-words']).toEqual(['warn', { max: 10 }]);
    expect(merged.kinds!.a).toEqual({ maxWords: 7, sections: ['X'] });
    expect(merged.plugins).toEqual(['/p1', '/p2']);
  });

  it('extends a config file by path; its plugins resolve relative to it', async () => {
    const cwd = tempTree({
      'skills-src/a/SKILL.md': SKILL('a', '# T\n\nTODO foo\n'),
      'house/skillc.config.json': JSON.stringify({ extends: 'skillc:strict', plugins: ['./rules/good.mjs'], rules: { 'body/max-lines': ['warn', { max: 100 }] } }),
      'house/rules/good.mjs': fs.readFileSync(path.join(fixtures, 'good.mjs'), 'utf8'),
      'skillc.config.json': JSON.stringify({ extends: ['./house/skillc.config.json'], rules: { 'body/placeholder': 'warn' } }),
    });
    const config = loadConfig({ cwd, presetRules: BUILTIN_RULES });
    expect(config.plugins).toEqual([path.join(cwd, 'house/rules/good.mjs')]);
    expect(config.rules['body/max-lines']).toEqual(['warn', { max: 100 }]);
    expect(config.rules['frontmatter/name-format']).toBe('error');
    const result = await lint({ cwd });
    const ids = result.files.flatMap((f) => f.messages.map((m) => `${m.ruleId}:${m.severity}`));
    expect(ids).toContain('body/placeholder:warning');
    expect(ids).toContain('acme/no-foo:warning');
  });

  it('reports an unknown preset, a missing file and a cycle as config errors', () => {
    expect(() => loadConfig({ cwd: tempTree({ 'skillc.config.json': '{ "extends": "skillc:lax" }' }) })).toThrow(/unknown preset 'skillc:lax', expected one of skillc:recommended, skillc:strict/);
    expect(() => loadConfig({ cwd: tempTree({ 'skillc.config.json': '{ "extends": "./nope.json" }' }) })).toThrow(/config file|cannot read config/);
    const cyc = tempTree({ 'skillc.config.json': '{ "extends": "./b.json" }', 'b.json': '{ "extends": "./skillc.config.json" }' });
    expect(() => loadConfig({ cwd: cyc })).toThrow(/extends cycle: skillc\.config\.json -> b\.json -> skillc\.config\.json/);
  });

  it('validates extended files against the schema', () => {
    const cwd = tempTree({ 'skillc.config.json': '{ "extends": "./b.json" }', 'b.json': '{ "rulez": {} }' });
    expect(() => loadConfig({ cwd })).toThrow(/b\.json: invalid config at \(root\): unknown key 'rulez'; did you mean 'rules'\?/);
  });

  it('every example preset loads', () => {
    for (const preset of ['tflow', 'orchflows', 'supermodo']) {
      const config = loadConfig({ configFile: path.resolve(import.meta.dirname, `../../presets/${preset}/skillc.config.json`) });
      expect(config.plugins?.length).toBe(preset === 'orchflows' ? 2 : 1);
    }
  });
});
