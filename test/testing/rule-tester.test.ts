import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadPlugin } from '../../src/lint/plugins.js';
import { defineCatalogRule, defineSkillRule, type AnyRule } from '../../src/rules/rule.js';
import { RuleTester, runRuleCase, testRule, type RuleCases, type TestApi } from '../../src/testing/rule-tester.js';
import { SKILL, tempDir, cliEnv } from '../helpers.js';

const repo = path.resolve(import.meta.dirname, '../..');
const fixtures = path.join(repo, 'test', 'fixtures', 'plugins');

/** A TestApi that records the cases instead of running them, so a test can look at how each one fails. */
function recorder(): { api: TestApi; run(): Map<string, Error | undefined> } {
  const tests: [string, () => void | Promise<void>][] = [];
  const prefix: string[] = [];
  const api: TestApi = {
    describe(name, fn) {
      prefix.push(name);
      fn();
      prefix.pop();
    },
    it(name, fn) {
      tests.push([[...prefix, name].join(' > '), fn]);
    },
  };
  return {
    api,
    run() {
      const results = new Map<string, Error | undefined>();
      for (const [name, fn] of tests) {
        try {
          void fn();
          results.set(name, undefined);
        } catch (error) {
          results.set(name, error as Error);
        }
      }
      return results;
    },
  };
}

function outcomes(rule: AnyRule, cases: RuleCases): Map<string, Error | undefined> {
  const r = recorder();
  testRule(rule, cases, r.api);
  return r.run();
}

const skill = (body: string, name = 'my-skill', description = 'Use when testing.') => `---\nname: ${name}\ndescription: ${description}\n---\n${body}`;

const todo = defineSkillRule(
  {
    id: 'test/todo',
    description: 'Reports TODO in the body.',
    severity: 'error',
    fixable: false,
    defaultOptions: {},
    messages: { todo: 'Unexpected `{{word}}` on line {{line}}, expected finished text', other: 'Never reported' },
  },
  ({ skill: s, report }) => {
    const at = s.file.text.indexOf('TODO');
    if (at >= 0) report({ messageId: 'todo', data: { word: 'TODO', line: s.file.lines.range(at, at).start.line }, range: s.file.lines.range(at, at + 4) });
  },
);

describe('RuleTester', () => {
  it('a rule that changes the model fails in the tester, as it crashes in skillc lint', async () => {
    const mod = (await import(path.join(fixtures, 'mutates.mjs'))) as { default: { rules: Record<string, AnyRule> } };
    const rename = mod.default.rules.rename!;
    const got = outcomes(rename, { valid: [{ files: { 'SKILL.md': skill('# T\n') } }], invalid: [] });
    expect([...got.values()][0]?.message).toMatch(/expected no diagnostics from rename, got:\n.*Rule rename crashed: Cannot change 'name': plugin rules get a read-only model/);
    const push = mod.default.rules.push!;
    const run = runRuleCase(push, { files: { 'SKILL.md': skill('# T\n') } });
    fs.rmSync(run.root, { recursive: true, force: true });
    expect(run.internalErrors).toBe(1);
    expect(run.diagnostics[0]?.message).toMatch(/^Rule push crashed: Cannot change '\d+': plugin rules get a read-only model$/);
    // The rule loaded as a plugin is wrapped once, not twice: the crash names the plugin once.
    const loaded = await loadPlugin(path.join(fixtures, 'mutates.mjs'), repo);
    const again = runRuleCase(loaded.rules.find((r) => r.meta.id === 'evil/rename')!, { files: { 'SKILL.md': skill('# T\n') } });
    fs.rmSync(again.root, { recursive: true, force: true });
    expect(again.diagnostics[0]?.message).toMatch(/^Rule evil\/rename crashed: Cannot change 'name': plugin rules get a read-only model \(plugin [^()]*mutates\.mjs\)$/);
  });

  it('a catalog rule gets the compact summaries lint() gives it, not parsed skills', () => {
    const seen: string[] = [];
    const probe = defineCatalogRule(
      { id: 'test/probe', description: 'Records what catalog rules see.', severity: 'error', fixable: false, defaultOptions: {} },
      ({ catalog }) => {
        for (const s of catalog.skills) seen.push(`${s.name}: text ${'text' in s.file ? 'yes' : 'no'}, sections ${'sections' in s ? 'yes' : 'no'}, skill() ${typeof s.skill}`);
      },
    );
    const run = runRuleCase(probe, { files: { 'a/SKILL.md': SKILL('a'), 'b/SKILL.md': SKILL('b') } });
    fs.rmSync(run.root, { recursive: true, force: true });
    expect(seen).toEqual(['a: text no, sections no, skill() function', 'b: text no, sections no, skill() function']);
    // The summary's full model is there on demand, read-only like the rest.
    const mutate = defineCatalogRule(
      { id: 'test/mutate', description: 'Changes a summary.', severity: 'error', fixable: false, defaultOptions: {} },
      ({ catalog }) => {
        (catalog.skills[0] as { name?: string }).name = 'x';
      },
    );
    const got = runRuleCase(mutate, { files: { 'a/SKILL.md': SKILL('a') } });
    fs.rmSync(got.root, { recursive: true, force: true });
    expect(got.diagnostics.map((d) => d.message)).toEqual(["Rule test/mutate crashed: Cannot change 'name': plugin rules get a read-only model"]);
  });

  it('every expected problem states a message or a messageId', () => {
    const got = outcomes(todo, {
      valid: [],
      invalid: [
        { name: 'none', files: { 'SKILL.md': skill('TODO\n') }, errors: [{ line: 5 }] },
        { name: 'both', files: { 'SKILL.md': skill('x TODO\n') }, errors: [{ line: 5, message: 'x', messageId: 'todo' }] },
        { name: 'unknown id', files: { 'SKILL.md': skill('y TODO\n') }, errors: [{ messageId: 'nope' }] },
        { name: 'after the fix', files: { 'SKILL.md': skill('z TODO\n') }, errors: [{ messageId: 'todo' }], afterFix: [{ line: 5 }] },
      ],
    });
    expect(got.get('test/todo > invalid: none')?.message).toBe('expected problem 1 states neither a message nor a messageId: every expected problem must say which message it is');
    expect(got.get('test/todo > invalid: both')?.message).toBe('expected problem 1 states both a message and a messageId: give one');
    expect(got.get('test/todo > invalid: unknown id')?.message).toBe("expected problem 1 states the messageId 'nope', which is not one of test/todo's: 'todo', 'other'");
    expect(got.get('test/todo > invalid: after the fix')?.message).toMatch(/^afterFix problem 1 states neither a message nor a messageId/);
  });

  it('matches messageId, and with data the filled-in message', () => {
    const got = outcomes(todo, {
      valid: [],
      invalid: [
        { name: 'id', files: { 'SKILL.md': skill('TODO\n') }, errors: [{ line: 5, messageId: 'todo' }] },
        { name: 'id and data', files: { 'SKILL.md': skill('a TODO\n') }, errors: [{ messageId: 'todo', data: { word: 'TODO', line: 5 } }] },
        { name: 'wrong id', files: { 'SKILL.md': skill('b TODO\n') }, errors: [{ messageId: 'other' }] },
        { name: 'wrong data', files: { 'SKILL.md': skill('c TODO\n') }, errors: [{ messageId: 'todo', data: { word: 'TODO', line: 6 } }] },
        { name: 'message text', files: { 'SKILL.md': skill('d TODO\n') }, errors: [{ message: 'Unexpected `TODO` on line 5, expected finished text' }] },
      ],
    });
    expect(got.get('test/todo > invalid: id')).toBeUndefined();
    expect(got.get('test/todo > invalid: id and data')).toBeUndefined();
    expect(got.get('test/todo > invalid: message text')).toBeUndefined();
    expect(got.get('test/todo > invalid: wrong id')?.message).toMatch(/^diagnostic 1: expected messageId 'other', got 'todo'/);
    expect(got.get('test/todo > invalid: wrong data')?.message).toBe("diagnostic 1: expected message (messageId 'todo' with the data given)\n  Unexpected `TODO` on line 6, expected finished text\ngot\n  Unexpected `TODO` on line 5, expected finished text");
  });

  it('fails a case that lints the same files with the same options as an earlier one', () => {
    const files = { 'SKILL.md': skill('TODO\n') };
    const got = outcomes(todo, {
      valid: [{ name: 'clean', files: { 'SKILL.md': skill('Done.\n') } }, { name: 'clean again', files: { 'SKILL.md': skill('Done.\n') } }],
      invalid: [
        { name: 'first', files, errors: [{ messageId: 'todo' }] },
        { name: 'same tree, other name and expectations', files: { ...files }, errors: [{ message: /TODO/ }] },
        { name: 'same tree, other hosts', files, hosts: ['claude'], errors: [{ messageId: 'todo' }] },
        { name: 'same tree, other folder', files, dir: 'other', errors: [{ messageId: 'todo' }] },
      ],
    });
    expect(got.get('test/todo > valid: clean again')?.message).toBe('duplicate case: it lints the same files with the same options as "valid: clean"');
    expect(got.get('test/todo > invalid: same tree, other name and expectations')?.message).toBe('duplicate case: it lints the same files with the same options as "invalid: first"');
    expect(got.get('test/todo > invalid: first')).toBeUndefined();
    expect(got.get('test/todo > invalid: same tree, other hosts')).toBeUndefined();
    expect(got.get('test/todo > invalid: same tree, other folder')).toBeUndefined();
  });

  it('a case the engine refuses (an unknown host) is an error naming it, and leaves no temporary folder', () => {
    // A temporary folder of this test's own (os.tmpdir() reads TMPDIR), so other test files' cases do not count.
    const own = tempDir('skillc-tmp-');
    const saved = process.env.TMPDIR;
    process.env.TMPDIR = own;
    try {
      expect(os.tmpdir()).toBe(own);
      expect(() => runRuleCase(todo, { hosts: ['clippy'], files: { 'SKILL.md': skill('x\n') } })).toThrow(/clippy/);
      expect(fs.readdirSync(own)).toEqual([]);
    } finally {
      if (saved === undefined) delete process.env.TMPDIR;
      else process.env.TMPDIR = saved;
    }
  });

  it('applies inline suppressions as lint() does, and reports problems in lint()\'s order', () => {
    // A rule that reports its last TODO first: the tester gives them back sorted by position, as lint() does.
    const every = defineSkillRule(
      { id: 'test/every-todo', description: 'Reports every TODO, last first.', severity: 'error', fixable: false, defaultOptions: {}, messages: { todo: 'Unexpected TODO' } },
      ({ skill: s, report }) => {
        const at = [...s.file.text.matchAll(/TODO/g)].map((m) => m.index);
        for (const i of at.reverse()) report({ messageId: 'todo', range: s.file.lines.range(i, i + 4) });
      },
    );
    const got = outcomes(every, {
      valid: [
        { name: 'next line', files: { 'SKILL.md': skill('<!-- skillc-disable-next-line test/every-todo -->\nTODO\n') } },
        { name: 'a block', files: { 'SKILL.md': skill('<!-- skillc-disable -->\nTODO\n\nTODO\n<!-- skillc-enable -->\n') } },
      ],
      invalid: [
        {
          name: 'a directive for another rule suppresses nothing; order is by position',
          files: { 'SKILL.md': skill('<!-- skillc-disable-next-line links/broken -->\nTODO\n<!-- skillc-disable-line test/every-todo --> TODO\nTODO\n') },
          errors: [
            { line: 6, messageId: 'todo' },
            { line: 8, messageId: 'todo' },
          ],
        },
      ],
    });
    expect([...got.entries()].filter(([, e]) => e).map(([n, e]) => `${n}: ${e!.message}`)).toEqual([]);
    // Unused directives are source/unused-suppression's (off unless it is the rule tested).
    const run = runRuleCase(every, { files: { 'SKILL.md': skill('<!-- skillc-disable-next-line test/every-todo -->\nDone.\n') } });
    fs.rmSync(run.root, { recursive: true, force: true });
    expect(run.diagnostics).toEqual([]);
  });

  it('an unknown messageId is a crash of the rule, naming the id', () => {
    const bad = defineSkillRule(
      { id: 'test/bad-id', description: 'Reports an id it does not have.', severity: 'error', fixable: false, defaultOptions: {}, messages: { a: 'A' } },
      ({ report }) => report({ messageId: 'b' }),
    );
    const run = runRuleCase(bad, { files: { 'SKILL.md': skill('x\n') } });
    fs.rmSync(run.root, { recursive: true, force: true });
    expect(run.internalErrors).toBe(1);
    expect(run.diagnostics[0]?.message).toBe("Rule test/bad-id crashed: test/bad-id reported the messageId 'b', which is not in its meta.messages ('a')");
  });
});

describe('a plugin written against the rule API', () => {
  it('is refused at load when meta.messages is not an object of id to text', async () => {
    const dir = tempDir('skillc-plugin-messages-');
    const file = path.join(dir, 'bad.mjs');
    fs.writeFileSync(file, "export default { prefix: 'bad', rules: [{ scope: 'skill', meta: { id: 'x', description: 'x', severity: 'error', fixable: false, defaultOptions: {}, messages: { a: 1 } }, check() {} }] };\n");
    await expect(loadPlugin(file, dir)).rejects.toThrow("rule #1 has meta.messages that is not an object of message id to text");
  });


  const cases = (prefix: string): RuleCases => ({
    valid: [{ files: { 'SKILL.md': skill('Neutral.\n') } }],
    invalid: [
      {
        files: { 'SKILL.md': skill('Acme does it.\n') },
        errors: [{ line: 5, column: 1, endColumn: 5, messageId: 'vendor', data: { word: 'Acme' } }],
        output: skill('the vendor does it.\n'),
      },
      {
        name: 'options',
        options: { words: ['Initech'] },
        files: { 'SKILL.md': skill('Initech and Acme.\n') },
        errors: [{ line: 5, message: `Unexpected vendor name \`Initech\`, expected a neutral term` }],
        output: skill('the vendor and Acme.\n'),
      },
    ].map((c) => ({ ...c, name: `${prefix}${c.name ?? ''}` })),
  });

  it('passes the RuleTester, as the module exports it and as loadPlugin loads it', async () => {
    const mod = (await import(path.join(fixtures, 'messages.mjs'))) as { default: { rules: AnyRule[] } };
    const [raw, catalogRule] = mod.default.rules;
    const results = outcomes(raw!, cases('raw '));
    expect([...results.values()].filter(Boolean)).toEqual([]);
    expect(results.size).toBe(3);
    const loaded = await loadPlugin(path.join(fixtures, 'messages.mjs'), repo);
    const wrapped = outcomes(loaded.rules[0]!, cases('loaded '));
    expect([...wrapped.values()].filter(Boolean)).toEqual([]);
    // The class form, and a catalog rule reporting by messageId on summaries.
    const r = recorder();
    new RuleTester(r.api).run(catalogRule!, {
      valid: [{ files: { 'a/SKILL.md': skill('', 'a', 'Use when a.'), 'b/SKILL.md': skill('', 'b', 'Use when b.') } }],
      invalid: [{ files: { 'a/SKILL.md': skill('', 'a'), 'b/SKILL.md': skill('', 'b') }, errors: [{ file: 'b/SKILL.md', line: 1, messageId: 'same', data: { other: 'a' }, severity: 'warning' }] }],
    });
    expect([...r.run().values()].filter(Boolean)).toEqual([]);
  });

  it('reports the same messages in skillc lint with a plugin config (bin/skillc.js)', () => {
    const cwd = tempDir('skillc-plugin-e2e-');
    fs.mkdirSync(path.join(cwd, 'skills-src', 'a'), { recursive: true });
    fs.mkdirSync(path.join(cwd, 'skills-src', 'b'), { recursive: true });
    fs.mkdirSync(path.join(cwd, 'rules'));
    fs.copyFileSync(path.join(fixtures, 'messages.mjs'), path.join(cwd, 'rules', 'house.mjs'));
    fs.writeFileSync(path.join(cwd, 'skills-src', 'a', 'SKILL.md'), skill('Acme does it.\n', 'a'));
    fs.writeFileSync(path.join(cwd, 'skills-src', 'b', 'SKILL.md'), skill('Neutral.\n', 'b'));
    fs.writeFileSync(path.join(cwd, 'skillc.config.json'), JSON.stringify({ plugins: ['./rules/house.mjs'], rules: { 'house/no-vendor': 'error', 'house/same-description': 'warn' } }));
    const r = spawnSync(process.execPath, [path.join(repo, 'bin', 'skillc.js'), 'lint', '--format', 'json'], { cwd, encoding: 'utf8', env: cliEnv() });
    expect(r.stderr).toBe('');
    const doc = JSON.parse(r.stdout) as { files: { path: string; messages: { ruleId: string; message: string; line: number; severity: string }[] }[] };
    const house = doc.files.flatMap((f) => f.messages.filter((m) => m.ruleId.startsWith('house/')).map((m) => ({ path: f.path, ...m })));
    expect(house.map(({ path: p, ruleId, message, line, severity }) => ({ p, ruleId, message, line, severity }))).toEqual([
      { p: 'skills-src/a/SKILL.md', ruleId: 'house/no-vendor', message: 'Unexpected vendor name `Acme`, expected a neutral term', line: 5, severity: 'error' },
      { p: 'skills-src/b/SKILL.md', ruleId: 'house/same-description', message: "Unexpected description equal to `a`'s, expected one of its own", line: 1, severity: 'warning' },
    ]);
    expect(r.status).toBe(1);
  });
});
