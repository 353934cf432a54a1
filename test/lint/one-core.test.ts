import fs from 'node:fs';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import type { Diagnostic } from '../../src/model/diagnostic.js';
import { lint, type LintResult } from '../../src/lint/engine.js';
import { lintText } from '../../src/lint/text.js';
import { lintStaged } from '../../src/lint/staged.js';
import { lintChangedFiles } from '../../src/lint/models.js';
import { lintBuffer } from '../../src/lsp/server.js';
import { createLinter, loadLintConfig } from '../../src/lint/pipeline/configure.js';
import { runRuleCase } from '../../src/testing/rule-tester.js';
import { defineSkillRule } from '../../src/rules/rule.js';
import { tempTree } from '../helpers.js';

/**
 * Issue 26: every way of linting runs one core, so the same skills give the same diagnostics
 * through `lint()`, `lintText`, `--staged` (the git index), `--changed`, the language server (editor buffers)
 * and the RuleTester, inline suppressions, the bulk-suppressions file and `quiet` included.
 */

const CONFIG = JSON.stringify({ sources: 'skills-src', hosts: ['agentskills', 'claude'] });

const ALPHA = [
  '---',
  'name: alpha',
  'description: Use when testing alpha.',
  '---',
  '',
  '# Alpha',
  '',
  'Read [the guide](references/guide.md#nope) and [missing](references/missing.md).',
  '',
  '<!-- skillc-disable-next-line links/broken -->',
  'See [gone](references/gone.md).',
  '',
  'Open [the guide](references\\guide.md) on Windows.',
  '',
].join('\n');

const BETA = '---\nname: beta\ndescription: Use when testing alpha.\n---\n\n# Beta\n\nUse `alpha` first.\n';

/** Records one `links/anchor` problem of alpha: the bulk-suppressions file drops it everywhere. */
const SUPPRESSIONS = `${JSON.stringify({ version: 1, files: { 'skills-src/alpha/SKILL.md': { 'links/anchor': { count: 1 } } } }, null, 2)}\n`;

function project(files: Record<string, string>): string {
  const root = tempTree(files);
  const git = (args: string[]): void => {
    const r = spawnSync('git', args, { cwd: root, encoding: 'utf8' });
    if (r.status !== 0) throw new Error(`git ${args.join(' ')}: ${r.stderr}`);
  };
  git(['init', '-q']);
  git(['add', '-A']);
  return root;
}

type Shown = Diagnostic;

/** A diagnostic with its file (and its fix's) relative to the root. */
function relative(root: string, d: Diagnostic): Shown {
  const out = { ...d, file: path.relative(root, d.file) };
  if (d.fix) out.fix = { ...d.fix, file: path.relative(root, d.fix.file) };
  return out;
}

/** Each diagnostic with its paths relative to the root, in report order. */
function shown(root: string, files: LintResult['files']): Shown[] {
  return files.flatMap((f) => f.messages.map((d) => relative(root, d)));
}

const skillFiles = (root: string): string[] => ['skills-src/alpha/SKILL.md', 'skills-src/beta/SKILL.md'].filter((f) => fs.existsSync(path.join(root, f)));

async function viaLsp(root: string): Promise<Shown[]> {
  const out: LintResult['files'] = [];
  for (const rel of skillFiles(root)) {
    const file = path.join(root, rel);
    const { result } = await lintBuffer(file, fs.readFileSync(file, 'utf8'));
    out.push(...result.files.filter((f) => f.path === file));
  }
  return shown(root, out);
}

/** Every active rule of the config through the RuleTester, one at a time (as ESLint's), their problems together in report order. */
async function viaRuleTester(root: string, files: Record<string, string>): Promise<Shown[]> {
  const linter = await createLinter(loadLintConfig(root, {}));
  const all: Shown[] = [];
  for (const { rule } of linter.active) {
    // One rule at a time, a directive naming another rule is unused: that rule is lint()'s only.
    if (rule.meta.id === 'source/unused-suppression') continue;
    const run = runRuleCase(rule, { files, config: { sources: 'skills-src', hosts: ['agentskills', 'claude'] }, skills: skillFiles(root).map((f) => path.dirname(f)) });
    all.push(...run.diagnostics.map((d) => relative(run.root, d)));
    fs.rmSync(run.root, { recursive: true, force: true });
  }
  const order = (d: Shown): string => `${d.file}\0${String(d.line).padStart(6)}\0${String(d.column).padStart(6)}\0${d.ruleId}\0${d.message}`;
  return all.sort((a, b) => (order(a) < order(b) ? -1 : order(a) > order(b) ? 1 : 0));
}

describe('one lint core: lint(), lintText, --staged, the language server and the RuleTester agree', () => {
  for (const [label, files] of [
    ['two skills (catalog rules too), an inline suppression, a bulk-suppressions file', { 'skillc.config.json': CONFIG, 'skills-src/alpha/SKILL.md': ALPHA, 'skills-src/alpha/references/guide.md': '# Guide\n\n## Usage\n\nText.\n', 'skills-src/beta/SKILL.md': BETA, 'skillc-suppressions.json': SUPPRESSIONS }],
    ['one skill, no bulk suppressions', { 'skillc.config.json': CONFIG, 'skills-src/alpha/SKILL.md': ALPHA, 'skills-src/alpha/references/guide.md': '# Guide\n\n## Usage\n\nText.\n' }],
  ] as const) {
    it(label, async () => {
      const root = project(files);
      const fromLint = await lint({ cwd: root });
      const expected = shown(root, fromLint.files);
      // The case must exercise what it claims: errors, a warning, a fix, a suppressed problem.
      expect(expected.some((d) => d.severity === 'error')).toBe(true);
      expect(expected.some((d) => d.fix)).toBe(true);
      expect(expected.some((d) => d.ruleId === 'links/broken' && d.line === 11)).toBe(false);
      if ('skillc-suppressions.json' in files) {
        expect(expected.some((d) => d.severity === 'warning')).toBe(true);
        expect(expected.some((d) => d.ruleId === 'links/anchor')).toBe(false);
        expect(fromLint.suppressions).toEqual({ file: path.join(root, 'skillc-suppressions.json'), unused: 0 });
        // Without the file the recorded problem is back: the API applies it, as the CLI does.
        expect(shown(root, (await lint({ cwd: root, suppressions: false })).files).some((d) => d.ruleId === 'links/anchor')).toBe(true);
      }

      expect(shown(root, (await lintStaged({ cwd: root })).files)).toEqual(expected);
      expect(shown(root, (await lintChangedFiles({ cwd: root, files: skillFiles(root) })).files)).toEqual(expected);
      expect(await viaLsp(root)).toEqual(expected);
      // The RuleTester's trees hold the suppressions file too, so the baseline applies there as well.
      expect(expected.some((d) => d.ruleId === 'source/unused-suppression')).toBe(false);
      expect(await viaRuleTester(root, files)).toEqual(expected);
      if (!('skills-src/beta/SKILL.md' in files)) {
        const text = await lintText(ALPHA, { cwd: root, filePath: 'skills-src/alpha/SKILL.md', files: { 'references/guide.md': '# Guide\n\n## Usage\n\nText.\n' } });
        expect(shown(root, text.files)).toEqual(expected);
      }

      // --quiet: errors only, everywhere it applies.
      const errors = expected.filter((d) => d.severity === 'error');
      const quiet = await lint({ cwd: root, quiet: true });
      expect(shown(root, quiet.files)).toEqual(errors);
      expect(quiet.warningCount).toBe(0);
      expect(shown(root, (await lintStaged({ cwd: root, quiet: true })).files)).toEqual(errors);
    });
  }

  it('lintText reads the virtual files it is given, never the disk', async () => {
    const root = project({ 'skillc.config.json': CONFIG, 'skills-src/alpha/references/guide.md': '# Guide\n\n## Nope\n' });
    const text = await lintText(ALPHA, { cwd: root, filePath: 'skills-src/alpha/SKILL.md', files: { 'references/guide.md': '# Guide\n\n## Usage\n' } });
    const ids = text.files.flatMap((f) => f.messages.map((m) => m.ruleId));
    // The disk's guide has the heading; the virtual one does not: the anchor is reported.
    expect(ids).toContain('links/anchor');
    expect(text.files.map((f) => path.relative(root, f.path))).toEqual(['skills-src/alpha/SKILL.md']);
  });
});

describe('--fix runs each rule once per pass (the fix loop keeps its last pass)', () => {
  it('checks a skill with one fixable problem twice (fix, then the clean pass it keeps), a clean skill once', async () => {
    const calls = new Map<string, number>();
    const counter = defineSkillRule({ id: 'test/count', severity: 'warning', description: 'counts its runs', fixable: false, defaultOptions: {} }, ({ skill }) => {
      calls.set(skill.dirName, (calls.get(skill.dirName) ?? 0) + 1);
    });
    const root = tempTree({
      'skillc.config.json': CONFIG,
      'skills-src/alpha/SKILL.md': '---\nname: alpha\ndescription: Use when testing alpha.\n---\n\n# Alpha\n\nOpen [the guide](references\\guide.md).\n',
      'skills-src/alpha/references/guide.md': '# Guide\n',
      'skills-src/beta/SKILL.md': BETA.replace('Use when testing alpha.', 'Use when testing beta.'),
    });
    const result = await lint({ cwd: root, fix: true, rules: [counter] });
    expect(fs.readFileSync(path.join(root, 'skills-src/alpha/SKILL.md'), 'utf8')).toContain('[the guide](references/guide.md)');
    expect(result.files.flatMap((f) => f.messages).filter((d) => d.ruleId === 'links/backslash')).toEqual([]);
    // Before issue 26: 3 and 2 (fixSkill dropped its last pass and lintSkill checked again).
    expect(Object.fromEntries(calls)).toEqual({ alpha: 2, beta: 1 });
  });
});

describe('the switches for untrusted checkouts and the run budget hold through every entry of the core (issue #24)', () => {
  /** A plugin that proves it ran: importing it writes `ran` beside it. */
  const PLUGIN = `import fs from 'node:fs';\nfs.writeFileSync(new URL('./ran', import.meta.url), 'yes');\nexport default { prefix: 'evil', rules: [] };\n`;
  const files = {
    'skillc.config.json': JSON.stringify({ sources: 'skills-src', hosts: ['agentskills', 'claude'], plugins: ['./evil.mjs'], rules: { 'evil/x': 'error' } }),
    'evil.mjs': PLUGIN,
    'skills-src/alpha/SKILL.md': ALPHA,
    'skills-src/alpha/references/guide.md': '# Guide\n\n## Usage\n\nText.\n',
    'skills-src/beta/SKILL.md': BETA,
  };
  const ids = (result: LintResult, file: string): string[] => result.files.filter((f) => f.path.endsWith(file)).flatMap((f) => f.messages.map((d) => d.ruleId));
  const alphaSuppressed = (result: LintResult): boolean => !result.files.some((f) => f.messages.some((d) => d.ruleId === 'links/broken' && d.line === 11));

  it('plugins: false loads no plugin module, and says so, in lint(), lintText, --staged, --changed and the language server', async () => {
    const root = project(files);
    const off = { plugins: false } as const;
    const runs: LintResult[] = [
      await lint({ cwd: root, ...off }),
      await lintText(ALPHA, { cwd: root, filePath: 'skills-src/alpha/SKILL.md', ...off }),
      await lintStaged({ cwd: root, ...off }),
      await lintChangedFiles({ cwd: root, files: ['skills-src/alpha/SKILL.md'], ...off }),
      (await lintBuffer(path.join(root, 'skills-src/alpha/SKILL.md'), ALPHA, new Map(), undefined, off)).result,
    ];
    for (const r of runs) {
      expect(r.files.flatMap((f) => f.messages).filter((d) => d.ruleId === 'plugin/load').map((d) => d.severity)).toEqual(['warning']);
      expect(r.internalErrors).toBe(0);
    }
    expect(fs.existsSync(path.join(root, 'ran'))).toBe(false);
  });

  it('inlineConfig: false ignores skillc-disable comments in lint(), lintText, --staged and --changed', async () => {
    const root = project({ ...files, 'skillc.config.json': CONFIG });
    expect(alphaSuppressed(await lint({ cwd: root }))).toBe(true);
    const off = { inlineConfig: false } as const;
    expect(alphaSuppressed(await lint({ cwd: root, ...off }))).toBe(false);
    expect(alphaSuppressed(await lintText(ALPHA, { cwd: root, filePath: 'skills-src/alpha/SKILL.md', ...off }))).toBe(false);
    expect(alphaSuppressed(await lintStaged({ cwd: root, ...off }))).toBe(false);
    expect(alphaSuppressed(await lintChangedFiles({ cwd: root, files: ['skills-src/alpha/SKILL.md'], ...off }))).toBe(false);
  });

  it('maxBytes: past the run budget a skill is a file/budget error, from disk, the index and a changed-files run alike', async () => {
    const root = project({ ...files, 'skillc.config.json': CONFIG });
    const tiny = { maxBytes: 1 };
    for (const r of [await lint({ cwd: root, ...tiny }), await lintStaged({ cwd: root, ...tiny }), await lintChangedFiles({ cwd: root, files: skillFiles(root), ...tiny })]) {
      // The first skill spends the budget; the second is not checked.
      expect(ids(r, 'alpha/SKILL.md')).not.toContain('file/budget');
      expect(ids(r, 'beta/SKILL.md')).toEqual(['file/budget']);
    }
  });
});
