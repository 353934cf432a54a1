import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { lint } from '../../src/lint/engine.js';
import { loadPlugin, readonlyView } from '../../src/lint/plugins.js';
import { SKILL, tempTree } from '../helpers.js';

const fixtures = path.resolve(import.meta.dirname, '../fixtures/plugins');

async function run(config: Record<string, unknown>, body = '# Title\n\nSome foo here.\n', extra: Record<string, string> = {}) {
  const cwd = tempTree({ 'skills-src/a/SKILL.md': SKILL('a', body), 'skillc.config.json': JSON.stringify(config), ...extra });
  const result = await lint({ cwd });
  const messages = result.files.flatMap((f) => f.messages.map((m) => ({ file: path.relative(cwd, f.path), ruleId: m.ruleId, severity: m.severity, message: m.message, line: m.line })));
  return { cwd, result, messages };
}

describe('plugins', () => {
  it('loads a local module: rules get its prefix, options and severities from the config', async () => {
    const { result, messages } = await run({ plugins: [path.join(fixtures, 'good.mjs')], rules: { 'acme/no-foo': ['error', { word: 'foo' }] } });
    expect(result.internalErrors).toBe(0);
    expect(messages.filter((m) => m.ruleId.startsWith('acme/'))).toEqual([
      { file: 'skills-src/a/SKILL.md', ruleId: 'acme/count', severity: 'info', message: 'one of 1', line: 1 },
      { file: 'skills-src/a/SKILL.md', ruleId: 'acme/no-foo', severity: 'error', message: 'Unexpected `foo`', line: 8 },
    ]);
    expect(result.rules?.some((r) => r.meta.id === 'acme/no-foo')).toBe(true);
    const diag = result.files[0]!.messages.find((m) => m.ruleId === 'acme/no-foo')!;
    expect(diag.url).toBe(new URL(`file://${path.join(fixtures, 'good.mjs')}`).href);
  });

  it('resolves plugin paths relative to the config file, and validates plugin options', async () => {
    const cwd = tempTree({ 'skills-src/a/SKILL.md': SKILL('a', 'foo\n'), 'rules/good.mjs': fs.readFileSync(path.join(fixtures, 'good.mjs'), 'utf8') });
    fs.writeFileSync(path.join(cwd, 'skillc.config.json'), JSON.stringify({ plugins: ['./rules/good.mjs'], rules: { 'acme/no-foo': ['error', { wrod: 1 }] } }));
    await expect(lint({ cwd })).rejects.toThrow(/invalid options for acme\/no-foo/);
  });

  it('loads a skillc-plugin-<name> package by its short name (ESM-only exports)', async () => {
    const pkg = {
      'node_modules/skillc-plugin-demo/package.json': JSON.stringify({ name: 'skillc-plugin-demo', type: 'module', exports: { '.': { import: './index.js' } } }),
      'node_modules/skillc-plugin-demo/index.js': fs.readFileSync(path.join(fixtures, 'good.mjs'), 'utf8'),
    };
    const { result, messages } = await run({ plugins: ['demo'] }, '# T\n\nfoo\n', pkg);
    expect(result.internalErrors).toBe(0);
    expect(messages.map((m) => m.ruleId).filter((id) => id.startsWith('acme/')).sort()).toEqual(['acme/count', 'acme/no-foo']);
  });

  it('loads a TypeScript plugin through tsx', async () => {
    const { result, messages } = await run({ plugins: [path.join(fixtures, 'typed.ts')] }, '# Only one\n');
    expect(result.internalErrors).toBe(0);
    expect(messages.filter((m) => m.ruleId.startsWith('typed/'))).toEqual([{ file: 'skills-src/a/SKILL.md', ruleId: 'typed/min-headings', severity: 'error', message: 'Unexpected 1 heading(s), expected at least 2', line: 1 }]);
  });

  it('a rule that throws becomes a diagnostic naming the rule and the plugin; the other rules still run', async () => {
    const { result, messages } = await run({ plugins: [path.join(fixtures, 'throws.mjs'), path.join(fixtures, 'good.mjs')] });
    expect(result.internalErrors).toBe(1);
    expect(messages.find((m) => m.ruleId === 'boom/always')?.message).toMatch(/^Rule boom\/always crashed: kaboom \(plugin .*throws\.mjs\)$/);
    expect(messages.some((m) => m.ruleId === 'acme/no-foo')).toBe(true);
  });

  for (const [fixture, why] of [
    ['syntax-error.mjs', /^Cannot load plugin '.*syntax-error\.mjs': import failed: /],
    ['no-rules.mjs', /^Cannot load plugin '.*no-rules\.mjs': exports no rules/],
    ['bad-prefix.mjs', /prefix 'body' belongs to skillc's built-in rules/],
    ['missing.mjs', /^Cannot load plugin '.*missing\.mjs': no such file$/],
  ] as const) {
    it(`a plugin that fails to load (${fixture}) is a plugin/load error on the config, never a crash or a silent skip`, async () => {
      const { cwd, result, messages } = await run({ plugins: [path.join(fixtures, fixture), path.join(fixtures, 'good.mjs')], rules: { [`x-${fixture.replace(/\W/g, '')}/rule`]: 'error' } });
      expect(result.internalErrors).toBe(1);
      const load = messages.filter((m) => m.ruleId === 'plugin/load');
      expect(load).toHaveLength(1);
      expect(load[0]!.file).toBe('skillc.config.json');
      expect(load[0]!.severity).toBe('error');
      expect(load[0]!.message).toMatch(why);
      // the other plugin and the built-in rules still ran
      expect(messages.some((m) => m.ruleId === 'acme/no-foo')).toBe(true);
      expect(cwd).toBeTruthy();
    });
  }

  it('a package that is not installed is a plugin/load error', async () => {
    const { messages } = await run({ plugins: ['nothere'] });
    expect(messages.find((m) => m.ruleId === 'plugin/load')?.message).toBe("Cannot load plugin 'nothere': cannot find package 'skillc-plugin-nothere' or 'nothere' (install it next to the config)");
  });

  it('an unknown rule under a built-in group is still a config error', async () => {
    await expect(run({ plugins: [path.join(fixtures, 'no-rules.mjs')], rules: { 'body/nope': 'error' } })).rejects.toThrow(/unknown rule 'body\/nope'/);
  });

  it('plugin rules get a read-only model: a write throws, and other rules see the original', async () => {
    const { result, messages } = await run({ plugins: [path.join(fixtures, 'mutates.mjs')] });
    expect(result.internalErrors).toBe(2);
    expect(messages.filter((m) => m.ruleId.startsWith('evil/')).map((m) => m.message).sort()).toEqual([
      expect.stringMatching(/^Rule evil\/push crashed: Cannot change '\d+': plugin rules get a read-only model \(plugin .*mutates\.mjs\)$/),
      expect.stringMatching(/^Rule evil\/rename crashed: Cannot change 'name': plugin rules get a read-only model/),
    ]);
    // name-directory would fire had the name changed
    expect(messages.some((m) => m.ruleId === 'frontmatter/name-directory')).toBe(false);
  });

  it('readonlyView keeps reads, class methods and identity working', () => {
    const data = { list: [1, 2, 3], map: new Map([['a', 1]]), nested: { x: 1 } };
    const view = readonlyView(data);
    expect(view.list.map((n) => n * 2)).toEqual([2, 4, 6]);
    expect(view.map.get('a')).toBe(1);
    expect(view.nested).toBe(view.nested);
    expect(() => view.map.set('b', 2)).toThrow(TypeError);
    expect(() => ((view.nested).x = 2)).toThrow(TypeError);
    expect(() => view.list.sort()).toThrow(TypeError);
    expect(data.nested.x).toBe(1);
  });

  it('loadPlugin is usable by plugin authors to test their module as skillc loads it', async () => {
    const plugin = await loadPlugin(path.join(fixtures, 'good.mjs'), fixtures);
    expect(plugin.prefix).toBe('acme');
    expect(plugin.rules.map((r) => r.meta.id)).toEqual(['acme/no-foo', 'acme/count']);
  });
});
