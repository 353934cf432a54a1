import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { lint } from '../../src/lint/engine.js';
import { tempDir } from '../helpers.js';
import { presetConfig, probeTrees } from './helpers.js';

// What the orchflows preset grades around the packages, as parity/orchflows.md states it.
// validate.py's templates check ("Templates"): the manifest of each
// compositions/<d>/template.md, its body budget, the stubs' executors and the placeholders. The stub law
// of orchflows' tickets.py (template_defects) is not in the spec and not reproduced.
function lintTree(files: Record<string, string>, remove: string[] = [], rule = 'orchflows-py/tree') {
  const root = tempDir('skillc-orchflows-templates-');
  fs.cpSync(path.join(probeTrees, 'orchflows/base'), root, { recursive: true });
  for (const rel of remove) fs.rmSync(path.join(root, rel), { recursive: true, force: true });
  for (const [rel, text] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(root, rel)), { recursive: true });
    fs.writeFileSync(path.join(root, rel), text);
  }
  fs.writeFileSync(path.join(root, 'skillc.config.json'), JSON.stringify({ sources: '.', extends: ['skillc:orchflows'] }));
  return lint({ cwd: root }).then((r) => ({
    internalErrors: r.internalErrors,
    tree: r.files.flatMap((f) => f.messages.filter((m) => m.ruleId === rule).map((m) => `${m.severity} ${path.relative(root, f.path)}:${m.line}: ${m.message}`)),
  }));
}

const manifest = (fields: Record<string, string>, body = 'Run the review, one slice at a time.\n') =>
  `---\n${Object.entries(fields).map(([k, v]) => `${k}: ${v}`).join('\n')}\n---\n\n${body}`;
const GOOD = { name: 'review', description: 'Review a change in slices.', entry: 'routed', placeholders: '[repo, branch, runner]' };
const stub = (executor: string, text: string, depends = '[]') => `---\nexecutor: ${executor}\ndepends_on: ${depends}\n---\n\n${text}\n`;

describe('the orchflows preset: composition templates', () => {
  it('passes a well-formed template, and skips the check (a warning) without templates', async () => {
    const ok = await lintTree({
      'compositions/review/template.md': manifest(GOOD),
      'compositions/review/01-slice.md': stub('orch-work', 'Slice {{repo}} on {{branch}}.'),
      'compositions/review/02-check.md': stub('script:scripts/state_root.py', 'Check {{ repo }}.', '[01-slice]'),
      'compositions/review/03-any.md': `---\nid: 03-any\nexecutor: "{{runner}}"\ndepends_on: ["01-slice", 02-check]\nexcluded_actions: [push, deploy]\n---\n\n## Objective\n\nAnything.\n`,
    });
    expect(ok.internalErrors).toBe(0);
    expect(ok.tree).toEqual([]);
    const none = await lintTree({ 'compositions/review/notes.md': 'Notes.\n' });
    expect(none.tree).toEqual(['warning compositions:1: Unexpected compositions/ that holds no template.md, expected compositions/<name>/template.md (check skipped)']);
  });

  it('reports the manifest, the body budget, executors and placeholders as the spec says', async () => {
    const r = await lintTree({
      'compositions/review/template.md': manifest(
        { name: 'reviews', description: 'x'.repeat(141), entry: 'auto', placeholders: '[repo, branch, unused]' },
        `${'word '.repeat(251)}\n`,
      ),
      'compositions/review/01-slice.md': stub('orch-nope', 'Slice {{repo}} for {{owner}} on {{branch}}.'),
      'compositions/review/02-run.md': stub('script:scripts/missing.py', 'Run.', '[01-slice]'),
      'compositions/review/03-pack.md': stub('code', 'A pack is not a skill folder.', '[02-run]'),
      'compositions/other/template.md': manifest({ ...GOOD, name: 'other', placeholders: 'repo' }),
      'compositions/other/01-x.md': stub('orch-notes', 'Use {{anything}}.'),
    });
    expect(r.internalErrors).toBe(0);
    expect(r.tree.sort()).toEqual(
      [
        'error compositions/other/template.md:5: Unexpected placeholders `repo`, expected a list written [name, ...]',
        'error compositions/review/01-slice.md:2: Unexpected executor orch-nope, expected a skill folder or an existing script:<path>',
        'error compositions/review/01-slice.md:1: Unexpected placeholder {{owner}} that compositions/review/template.md does not declare, expected it in the manifest\'s placeholders',
        'error compositions/review/02-run.md:2: Unexpected executor script:scripts/missing.py, expected a skill folder or an existing script:<path>',
        'error compositions/review/03-pack.md:2: Unexpected executor code, expected a skill folder or an existing script:<path>',
        'error compositions/review/template.md:2: Unexpected template name reviews, expected the folder name review',
        'error compositions/review/template.md:3: Unexpected template description of 141 characters as written, expected at most 140',
        'error compositions/review/template.md:4: Unexpected template entry auto, expected routed or named',
        'error compositions/review/template.md:1: Unexpected template body of 251 words, expected at most 250',
        'warning compositions/review/template.md:5: Unexpected placeholder unused that no stub uses, expected each declared placeholder used',
      ].sort(),
    );
  });

  it("orders the stubs as tickets.py does: ids, depends_on lists, the graph, and each stub's instruction budget", async () => {
    const objective = (n: number) => `## Objective\n\n${'do '.repeat(n)}\n\n## Fixed inputs\n\n${'id '.repeat(400)}\n`;
    const r = await lintTree({
      'compositions/cycle/template.md': manifest({ ...GOOD, name: 'cycle', placeholders: '[]' }),
      'compositions/cycle/a.md': stub('orch-work', 'A.', '[b]'),
      'compositions/cycle/b.md': stub('orch-work', 'B.', '[a]'),
      'compositions/unknown/template.md': manifest({ ...GOOD, name: 'unknown', placeholders: '[]' }),
      'compositions/unknown/a.md': stub('orch-work', 'A.', '[zz]'),
      'compositions/forked/template.md': manifest({ ...GOOD, name: 'forked', placeholders: '[]' }),
      'compositions/forked/a.md': `---\nid: first\nexecutor: orch-work\ndepends_on: none\nexcluded_actions: [${'x '.repeat(5)}]\n---\n\n${objective(296)}`,
      'compositions/forked/b.md': stub('orch-work', 'B.'),
      'compositions/empty/template.md': manifest({ ...GOOD, name: 'empty', placeholders: '[]' }),
    });
    expect(r.internalErrors).toBe(0);
    expect(r.tree.sort()).toEqual(
      [
        "error compositions/cycle/template.md:1: Unexpected cyclic template: no stub in ['a', 'b'] is free of dependencies, expected stubs that end",
        "error compositions/empty/template.md:1: Unexpected template empty that holds no stub, expected a ticket stub (*.md) beside template.md",
        "error compositions/forked/a.md:2: Unexpected id 'first' in stub a.md, expected its file stem a (a stub's id is its file stem)",
        "error compositions/forked/a.md:4: Unexpected 'depends_on' that is not a list, expected [] when the stub names none",
        'error compositions/forked/a.md:1: Unexpected instruction of 301 words (excluded_actions, Objective, Completion test, Return fields), expected at most 300',
        "error compositions/forked/template.md:1: Unexpected template with 2 terminal stubs ['a', 'b'], expected exactly one stub that no other depends on",
        "error compositions/unknown/template.md:1: Unexpected dependency 'zz' of stub a, which is not a stub in this template, expected one of its stubs",
      ].sort(),
    );
  });
});

// validate.py's cross-tier check reads the tree's own documents too: the top-level *.md of rules/, contracts/,
// docs/ (not docs/vocabulary.md), compositions/, templates/host-block.md, each its own tier.
describe('the orchflows preset: near-duplicates with the tree\'s documents', () => {
  const CLAUSE = 'Keep every finding with the file and line that shows it.';
  const notes = `---\nname: orch-notes\ndescription: Use when findings should be written down for the next session.\nrole: none\n---\n\nRequire: the findings.\n\n1. Write each finding as one line.\n\n${CLAUSE}\n\nNever: drop a finding.\n\nReturn the notes file.\n`;
  const near = (r: { tree: string[] }) => r.tree.filter((t) => t.includes('Keep every finding'));

  it('warns on a skill clause a rules file repeats, on the first of the two (the skill)', async () => {
    const r = await lintTree({ 'skills/utilities/orch-notes/SKILL.md': notes, 'rules/findings.md': `# Findings\n\n${CLAUSE}\n` }, [], 'orchflows/near-duplicate');
    expect(near(r)).toEqual([
      `warning skills/utilities/orch-notes/SKILL.md:11: Unexpected cross-tier near-duplicate at 1.00 with rules/findings.md: '${CLAUSE.slice(0, -1)}' ~ '${CLAUSE.slice(0, -1)}', expected the text in one place`,
    ]);
  });

  it('stays silent on two rules files (one tier), on docs/vocabulary.md, on a licensed pair, and with tree: false', async () => {
    const twoRules = await lintTree({ 'rules/a.md': `# A\n\n${CLAUSE}\n`, 'rules/b.md': `# B\n\n${CLAUSE}\n` }, [], 'orchflows/near-duplicate');
    expect(near(twoRules)).toEqual([]);
    const vocabulary = await lintTree({ 'skills/utilities/orch-notes/SKILL.md': notes, 'docs/vocabulary.md': `# Vocabulary\n\n${CLAUSE}\n` }, [], 'orchflows/near-duplicate');
    expect(near(vocabulary)).toEqual([]);
    const files = { 'skills/utilities/orch-notes/SKILL.md': notes, 'rules/findings.md': `# Findings\n\n${CLAUSE}\n` };
    const root = tempDir('skillc-orchflows-licensed-');
    fs.cpSync(path.join(probeTrees, 'orchflows/base'), root, { recursive: true });
    for (const [rel, text] of Object.entries(files)) fs.writeFileSync(path.join(root, rel), text);
    const preset = presetConfig('orchflows');
    const lintWith = async (options: Record<string, unknown>) => {
      fs.writeFileSync(path.join(root, 'skillc.config.json'), JSON.stringify({ sources: '.', extends: [preset], rules: { 'orchflows/near-duplicate': ['warn', { threshold: 0.55, ...options }] } }));
      const r = await lint({ cwd: root });
      return r.files.flatMap((f) => f.messages.filter((m) => m.ruleId === 'orchflows/near-duplicate' && m.message.includes('Keep every finding')));
    };
    expect(await lintWith({})).toHaveLength(1);
    expect(await lintWith({ licensed: [{ files: ['rules/findings.md', 'skills/utilities/orch-notes/SKILL.md'], phrase: 'file and line' }] })).toEqual([]);
    expect(await lintWith({ tree: false })).toEqual([]);
  });
});
