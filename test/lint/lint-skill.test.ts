import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkCatalog, countDiagnostics, lint, lintSkill, lintSkillFolder, liveSummary, loadLintConfig, resolveHosts, resolveRules } from '../../src/lint/engine.js';
import { lintModels } from '../../src/lint/models.js';
import { LintRun } from '../../src/lint/pipeline/collect.js';
import { reportInput } from '../../src/lint/reporters/context.js';
import type { Diagnostic } from '../../src/model/diagnostic.js';
import { walkSkillDirs } from '../../src/config/discover.js';
import { readSkill } from '../../src/parse/skill.js';
import { defineCatalogRule, defineSkillRule, type AnyRule } from '../../src/rules/rule.js';
import { corpus, SKILL, tempTree } from '../helpers.js';

const badHeading = defineSkillRule(
  { id: 'test/bad-heading', description: 'Reports headings named Bad.', severity: 'error', fixable: true, defaultOptions: {} },
  ({ skill, report }) => {
    for (const h of skill.headings) {
      if (h.text !== 'Bad') continue;
      const at = skill.file.text.indexOf('Bad', h.range.start.offset);
      report({ message: 'Unexpected `Bad`, expected `Good`', range: h.range, fix: [{ range: [at, at + 3], text: 'Good' }] });
    }
  },
);

const thrower = defineSkillRule({ id: 'test/throws', description: 'Always throws.', severity: 'error', fixable: false, defaultOptions: {} }, () => {
  throw new Error('boom');
});

function linterFor(cwd: string, rules: AnyRule[]) {
  const config = loadLintConfig(cwd, {});
  return { config, hosts: resolveHosts(config.hosts, config), active: resolveRules(config, rules) };
}

describe('lintSkill: one skill in, its diagnostics out', () => {
  it('runs the given skill rules only; a rule that throws is a diagnostic and an internal error', () => {
    const cwd = tempTree({ 'a/SKILL.md': SKILL('a', '# Bad\n') });
    const outcome = lintSkill(readSkill(path.join(cwd, 'a')), linterFor(cwd, [thrower, badHeading]));
    expect(outcome.diagnostics.map((d) => [d.ruleId, d.message])).toEqual([
      ['test/throws', 'Rule test/throws crashed: boom'],
      ['test/bad-heading', 'Unexpected `Bad`, expected `Good`'],
    ]);
    expect(outcome.internalErrors).toBe(1);
    expect(outcome.stored.name).toBe('a');
    expect(outcome.cacheEntry).toBeUndefined();
  });

  it('gives a cache entry when tracking and no rule crashed, none when one did', () => {
    const cwd = tempTree({ 'a/SKILL.md': SKILL('a', '# Bad\n') });
    const dir = path.join(cwd, 'a');
    const clean = lintSkillFolder(dir, linterFor(cwd, [badHeading]), { track: true });
    expect(clean.outcome.cacheEntry?.diagnostics).toEqual(clean.outcome.diagnostics);
    expect(clean.outcome.summaryHash).not.toBe('');
    expect(lintSkillFolder(dir, linterFor(cwd, [thrower]), { track: true }).outcome.cacheEntry).toBeUndefined();
  });

  it('with fix: dry-run returns the fixed text and writes nothing; write writes it', () => {
    const cwd = tempTree({ 'a/SKILL.md': SKILL('a', '# Bad\n') });
    const dir = path.join(cwd, 'a');
    const file = path.join(dir, 'SKILL.md');
    const linter = linterFor(cwd, [badHeading]);
    const dry = lintSkillFolder(dir, linter, { track: false, fix: 'dry-run' });
    expect(dry.outputs.get(file)).toContain('# Good');
    expect(dry.outcome.diagnostics).toEqual([]);
    expect(fs.readFileSync(file, 'utf8')).toContain('# Bad');
    lintSkillFolder(dir, linter, { track: false, fix: 'write' });
    expect(fs.readFileSync(file, 'utf8')).toContain('# Good');
  });

  it('lint() and lintModels (--staged, --changed, the language server) report the same on a real tree', async () => {
    const cwd = path.join(corpus, 'supermodo');
    const viaLint = await lint({ cwd, paths: ['skills'] });
    const skills = walkSkillDirs(path.join(cwd, 'skills')).sort().map((d) => readSkill(d));
    const viaModels = await lintModels({ cwd, skills });
    const strip = (r: typeof viaLint) => ({ files: r.files, errorCount: r.errorCount, warningCount: r.warningCount, infoCount: r.infoCount, fixableCount: r.fixableCount });
    expect(viaLint.files.length).toBeGreaterThan(5);
    expect(viaLint.errorCount + viaLint.warningCount + viaLint.infoCount).toBeGreaterThan(0);
    expect(strip(viaModels)).toEqual(strip(viaLint));
  });

  it('catalog rules see the outcomes as lint() shows them: live summaries', () => {
    const counter = defineCatalogRule({ id: 'test/count', description: 'Counts.', severity: 'warning', fixable: false, defaultOptions: {} }, ({ catalog, report }) => {
      for (const s of catalog.skills) report(s, { message: `${s.name}: catalog of ${catalog.skills.length}, ${s.bundled.length} bundled` });
    });
    const cwd = tempTree({ 'a/SKILL.md': SKILL('a'), 'a/notes.md': 'x\n', 'b/SKILL.md': SKILL('b') });
    const linter = linterFor(cwd, [counter]);
    const outcomes = ['a', 'b'].map((n) => lintSkill(readSkill(path.join(cwd, n)), linter));
    const out = { diagnostics: [] as Diagnostic[], internalErrors: 0 };
    checkCatalog({ skills: outcomes.map((o) => liveSummary(o.stored)) }, linter.active, linter.hosts, linter.config, out);
    expect(out.diagnostics.map((d) => d.message)).toEqual(['a: catalog of 2, 1 bundled', 'b: catalog of 2, 0 bundled']);
  });

  it('a lint run gives back the code spans it keeps packed, equal and in order; odd shapes stay as they are', () => {
    const body = '# T\n\nUse `alpha`, `b-eta`, `/gamma`, `../x/y.md` and `delta`.\n\n- `epsilon` \u{1F600} `zeta`\n';
    const cwd = tempTree({ 'a/SKILL.md': SKILL('a') + body });
    const outcome = lintSkill(readSkill(path.join(cwd, 'a')), linterFor(cwd, []));
    const stored = outcome.stored;
    expect(stored.inlineCode.length).toBeGreaterThanOrEqual(4);
    const run = new LintRun([path.join(cwd, 'a'), path.join(cwd, 'a')], []);
    run.linted(0, outcome);
    const live = run.summaries[0]!;
    // Kept packed: no array of span objects on the summary itself.
    expect(Object.getOwnPropertyDescriptor(live, 'inlineCode')).toBeUndefined();
    expect(live.inlineCode).toEqual(stored.inlineCode);
    expect(JSON.stringify(live.inlineCode)).toBe(JSON.stringify(stored.inlineCode));
    expect(JSON.parse(JSON.stringify(live)).inlineCode).toEqual(stored.inlineCode);
    const odd = { ...stored, inlineCode: [...stored.inlineCode, { value: 'x', range: { start: { line: 1, column: 1 }, end: { line: 1, column: 2 } } }] };
    run.linted(1, { ...outcome, stored: odd });
    expect(run.summaries[1]!.inlineCode).toBe(odd.inlineCode);
  });

  it('a summary shares no object with the parsed skill (slices of its text would keep the text alive), and equals what it copies', () => {
    const cwd = tempTree({ 'a/SKILL.md': SKILL('a') + '\nSee [notes](notes.md).\n', 'a/notes.md': 'x\n' });
    const skill = readSkill(path.join(cwd, 'a'));
    const stored = lintSkill(skill, linterFor(cwd, [])).stored;
    expect(stored.frontmatter!.data).toEqual(skill.frontmatter!.data);
    expect(stored.frontmatter!.data).not.toBe(skill.frontmatter!.data);
    expect(stored.links).toEqual(skill.links.map((l) => ({ kind: l.kind, url: l.url, range: l.range })));
    expect(stored.links[0]!.range).not.toBe(skill.links[0]!.range);
    expect(stored.directives).not.toBe(skill.directives);
  });

  it('a summary copies frontmatter data as it is: a __proto__ key stays a key, NaN stays NaN, shared values stay shared', () => {
    const cwd = tempTree({ 'a/SKILL.md': SKILL('a', undefined, 'metadata:\n  __proto__: polluted-value-here\n  odd: .nan\n  list: &l [one-long-value-here]\n  again: *l\n') });
    const skill = readSkill(path.join(cwd, 'a'));
    const data = lintSkill(skill, linterFor(cwd, [])).stored.frontmatter!.data as { metadata: Record<string, unknown> };
    expect(data).toEqual(skill.frontmatter!.data);
    expect(Object.getPrototypeOf(data.metadata)).toBe(Object.getPrototypeOf((skill.frontmatter!.data as typeof data).metadata));
    expect(Object.keys(data.metadata)).toEqual(Object.keys((skill.frontmatter!.data as typeof data).metadata));
    expect(data.metadata.odd).toBeNaN();
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('groups and counts once: reportInput agrees with the report stage', () => {
    const d = (file: string, line: number, severity: 'error' | 'warning' | 'info', fix = false) => ({
      ruleId: 'x/y', severity, message: 'm', file, line, column: 1, endLine: line, endColumn: 1,
      ...(fix ? { fix: { file, edits: [] } } : {}),
    });
    const input = reportInput([d('/b', 2, 'warning', true), d('/a', 3, 'error'), d('/b', 1, 'info'), d('/a', 1, 'error')]);
    expect(input.files.map((f) => [f.path, f.messages.map((m) => m.line)])).toEqual([['/a', [1, 3]], ['/b', [1, 2]]]);
    expect({ ...input, files: undefined }).toEqual({ files: undefined, errorCount: 2, warningCount: 1, infoCount: 1, fixableCount: 1 });
    expect(countDiagnostics(input.files.flatMap((f) => f.messages))).toEqual({ errorCount: 2, warningCount: 1, infoCount: 1, fixableCount: 1 });
  });
});

describe('walkSkillDirs limits (the language server lists an open skill\'s siblings with it)', () => {
  it('maxDepth 0 finds the sibling skills only, maxEntries reads at most that many entries', () => {
    const root = tempTree({ 'a/SKILL.md': SKILL('a'), 'b/SKILL.md': SKILL('b'), 'group/c/SKILL.md': SKILL('c') });
    expect(walkSkillDirs(root).map((d) => path.relative(root, d)).sort()).toEqual(['a', 'b', path.join('group', 'c')]);
    expect(walkSkillDirs(root, { maxDepth: 0 }).map((d) => path.relative(root, d)).sort()).toEqual(['a', 'b']);
    const flat = tempTree({ 'a/SKILL.md': SKILL('a'), 'b/SKILL.md': SKILL('b'), 'c/SKILL.md': SKILL('c') });
    expect(walkSkillDirs(flat, { maxDepth: 0, maxEntries: 2 })).toHaveLength(2);
  });
});
