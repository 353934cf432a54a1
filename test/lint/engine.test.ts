import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { lint } from '../../src/lint/engine.js';
import { defineCatalogRule, defineSkillRule, type AnyRule } from '../../src/rules/rule.js';
import { SKILL, tempTree } from '../helpers.js';

/** A test rule that reports every heading whose text is `Bad`. */
const badHeading = defineSkillRule(
  { id: 'test/bad-heading', description: 'Reports headings named Bad.', severity: 'error', fixable: true, defaultOptions: {} },
  ({ skill, report }) => {
    for (const h of skill.headings) {
      if (h.text === 'Bad') {
        const start = h.range.start.offset!;
        const textStart = skill.file.text.indexOf('Bad', start);
        report({ message: 'Unexpected `Bad`, expected `Good`', range: h.range, fix: [{ range: [textStart, textStart + 3], text: 'Good' }] });
      }
    }
  },
);

const thrower = defineSkillRule(
  { id: 'test/throws', description: 'Always throws.', severity: 'error', fixable: false, defaultOptions: {} },
  () => {
    throw new Error('boom');
  },
);

const counter = defineCatalogRule(
  { id: 'test/count', description: 'Reports the catalog size on each skill.', severity: 'warning', fixable: false, defaultOptions: {} },
  ({ catalog, report }) => {
    for (const s of catalog.skills) report(s, { message: `catalog of ${catalog.skills.length}` });
  },
);

async function run(files: Record<string, string>, rules: AnyRule[] = [badHeading]) {
  const cwd = tempTree(files);
  const result = await lint({ cwd, paths: ['.'], rules });
  const mine = result.files.map((f) => ({
    file: path.relative(cwd, f.path),
    messages: f.messages.filter((m) => m.ruleId.startsWith('test/') || m.ruleId === 'source/unused-suppression'),
  }));
  return { cwd, result, mine };
}

describe('lint engine', () => {
  it('lists every skill file, clean ones included, sorted', async () => {
    const { mine } = await run({ 'b/SKILL.md': SKILL('b'), 'a/SKILL.md': SKILL('a', '# Bad\n') });
    expect(mine.map((f) => f.file)).toEqual(['a/SKILL.md', 'b/SKILL.md']);
    expect(mine[0]!.messages).toHaveLength(1);
    expect(mine[1]!.messages).toHaveLength(0);
  });

  it('reports a crashing rule as its own diagnostic and runs the others', async () => {
    const { result, mine } = await run({ 'a/SKILL.md': SKILL('a', '# Bad\n') }, [thrower, badHeading]);
    expect(result.internalErrors).toBe(1);
    expect(mine[0]!.messages.map((m) => [m.ruleId, m.message])).toEqual([
      ['test/throws', 'Rule test/throws crashed: boom'],
      ['test/bad-heading', 'Unexpected `Bad`, expected `Good`'],
    ]);
  });

  it('runs catalog rules over every skill', async () => {
    const { mine } = await run({ 'a/SKILL.md': SKILL('a'), 'b/SKILL.md': SKILL('b') }, [counter]);
    expect(mine.map((f) => f.messages.map((m) => m.message))).toEqual([['catalog of 2'], ['catalog of 2']]);
  });

  it('applies disable-next-line, disable-line and block suppressions', async () => {
    const body = [
      '<!-- skillc-disable-next-line test/bad-heading -->',
      '# Bad',
      '',
      '# Bad <!-- skillc-disable-line test/bad-heading -->',
      '',
      '<!-- skillc-disable test/bad-heading -->',
      '# Bad',
      '<!-- skillc-enable test/bad-heading -->',
      '',
      '# Bad',
      '',
    ].join('\n');
    const { cwd, mine } = await run({ 'a/SKILL.md': SKILL('a', body) });
    const lines = fs.readFileSync(path.join(cwd, 'a/SKILL.md'), 'utf8').split('\n');
    const lastBad = lines.lastIndexOf('# Bad') + 1;
    expect(mine[0]!.messages.map((m) => [m.ruleId, m.line])).toEqual([['test/bad-heading', lastBad]]);
  });

  it('reports unused and unknown suppressions', async () => {
    const body = '<!-- skillc-disable-next-line test/bad-heading -->\n# Good\n\n<!-- skillc-disable-line test/nope -->\n';
    const { mine } = await run({ 'a/SKILL.md': SKILL('a', body) });
    expect(mine[0]!.messages.map((m) => m.message)).toEqual([
      'Unexpected unused skillc-disable-next-line for `test/bad-heading`: no such problem was reported there',
      'Unexpected unknown rule `test/nope` in skillc-disable-line',
    ]);
    expect(mine[0]!.messages.every((m) => m.severity === 'warning')).toBe(true);
  });

  it('honours YAML-comment suppressions in the frontmatter', async () => {
    const nameRule = defineSkillRule(
      { id: 'test/name', description: 'Reports the name field.', severity: 'error', fixable: false, defaultOptions: {} },
      ({ skill, report }) => {
        const f = skill.frontmatter?.fields.find((x) => x.key === 'name');
        if (f) report({ message: 'name', range: f.keyRange });
      },
    );
    const text = '---\n# skillc-disable-next-line test/name -- generated\nname: a\ndescription: Use when testing.\n---\n# T\n';
    const { mine } = await run({ 'a/SKILL.md': text }, [nameRule]);
    expect(mine[0]!.messages).toEqual([]);
  });

  it('fixes in passes until nothing is left, writing atomically', async () => {
    const { cwd, result } = await (async () => {
      const cwd = tempTree({ 'a/SKILL.md': SKILL('a', '# Bad\n\n## Bad\n') });
      const result = await lint({ cwd, paths: ['a'], rules: [badHeading], fix: true });
      return { cwd, result };
    })();
    expect(fs.readFileSync(path.join(cwd, 'a/SKILL.md'), 'utf8')).toBe(SKILL('a', '# Good\n\n## Good\n'));
    expect(result.files[0]!.messages.filter((m) => m.ruleId === 'test/bad-heading')).toEqual([]);
    expect(fs.readdirSync(path.join(cwd, 'a'))).toEqual(['SKILL.md']);
  });

  it('severity and options come from the config', async () => {
    const cwd = tempTree({ 'a/SKILL.md': SKILL('a', '# Bad\n') });
    const warn = await lint({ cwd, paths: ['a'], rules: [badHeading], config: { rules: { 'test/bad-heading': 'warn' } } });
    expect(warn.files[0]!.messages.find((m) => m.ruleId === 'test/bad-heading')!.severity).toBe('warning');
    const off = await lint({ cwd, paths: ['a'], rules: [badHeading], config: { rules: { 'test/bad-heading': 'off' } } });
    expect(off.files[0]!.messages.find((m) => m.ruleId === 'test/bad-heading')).toBeUndefined();
    await expect(lint({ cwd, paths: ['a'], rules: [badHeading], config: { rules: { 'test/bad-heading': ['error', { x: 1 }] } } })).rejects.toThrow(/takes no options/);
  });

  it('skips node_modules, .git, the output folder and ignored folders when searching', async () => {
    const cwd = tempTree({
      'skillc.config.json': JSON.stringify({ sources: '.', ignore: ['drafts/**'] }),
      'skills/a/SKILL.md': SKILL('a'),
      'node_modules/x/SKILL.md': SKILL('x'),
      '.git/y/SKILL.md': SKILL('y'),
      'generated/claude/a/SKILL.md': SKILL('a'),
      'drafts/d/SKILL.md': SKILL('d'),
    });
    const result = await lint({ cwd });
    expect(result.files.map((f) => path.relative(cwd, f.path))).toEqual(['skills/a/SKILL.md']);
    const named = await lint({ cwd, paths: ['generated/claude'] });
    expect(named.files.map((f) => path.relative(cwd, f.path))).toEqual(['generated/claude/a/SKILL.md']);
  });
});
