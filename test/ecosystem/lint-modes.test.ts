import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { CONFIG, SKILL, git, project, skillc } from './helpers.js';

const json = (stdout: string) => JSON.parse(stdout) as { files: { path: string; messages: { ruleId: string }[] }[]; summary: { errors: number } };

describe('skillc lint --suppress-all (bulk suppressions)', () => {
  it('records counts per file and rule, fails only on new problems, prunes fixed ones', () => {
    const root = project({
      'skillc.config.json': CONFIG(['agentskills']),
      'skills-src/a/SKILL.md': SKILL('a', '# A\n\n[x](missing-1.md) [y](missing-2.md)\n'),
      'skills-src/b/SKILL.md': SKILL('b', '# B\n\n[x](missing.md)\n'),
    });
    expect(skillc(['lint'], root).code).toBe(1);
    const rec = skillc(['lint', '--suppress-all'], root);
    expect(rec.code, rec.stderr).toBe(0);
    // 3 broken links and 2 description-overlap warnings (a and b read alike).
    expect(rec.stderr).toContain('recorded 5 problems in skillc-suppressions.json');
    const baseline = JSON.parse(fs.readFileSync(path.join(root, 'skillc-suppressions.json'), 'utf8'));
    expect(baseline).toEqual({
      version: 1,
      files: {
        'skills-src/a/SKILL.md': { 'links/broken': { count: 2 }, 'skills/description-overlap': { count: 1 } },
        'skills-src/b/SKILL.md': { 'links/broken': { count: 1 }, 'skills/description-overlap': { count: 1 } },
      },
    });
    const clean = skillc(['lint'], root);
    expect(clean.code, clean.stdout).toBe(0);
    expect(clean.stdout).toBe('');

    // One more broken link in a: every links/broken of a is reported (3), b stays quiet.
    fs.appendFileSync(path.join(root, 'skills-src/a/SKILL.md'), '\n[z](missing-3.md)\n');
    const grown = skillc(['lint', '--format', 'json'], root);
    expect(grown.code).toBe(1);
    const files = json(grown.stdout).files;
    expect(files.find((f) => f.path === 'skills-src/a/SKILL.md')!.messages.map((m) => m.ruleId)).toEqual(['links/broken', 'links/broken', 'links/broken']);
    expect(files.find((f) => f.path === 'skills-src/b/SKILL.md')!.messages).toHaveLength(0);

    // b is fixed: a hint to prune, then --prune-suppressions drops it.
    fs.writeFileSync(path.join(root, 'skills-src/a/SKILL.md'), SKILL('a', '# A\n\n[x](missing-1.md)\n'));
    fs.writeFileSync(path.join(root, 'skills-src/b/SKILL.md'), SKILL('b'));
    const hint = skillc(['lint'], root);
    expect(hint.code).toBe(0);
    expect(hint.stderr).toMatch(/\d+ suppressed problems no longer occur; run `skillc lint --prune-suppressions`/);
    expect(skillc(['lint', '--prune-suppressions'], root).code).toBe(0);
    const pruned = JSON.parse(fs.readFileSync(path.join(root, 'skillc-suppressions.json'), 'utf8')).files;
    expect(pruned['skills-src/a/SKILL.md']['links/broken']).toEqual({ count: 1 });
    expect(pruned['skills-src/b/SKILL.md']?.['links/broken']).toBeUndefined();
  });
});

describe('skillc lint --changed (pre-commit)', () => {
  it('lints the skills holding the files, with the whole catalog for catalog rules', () => {
    const root = project({
      'skillc.config.json': CONFIG(['agentskills']),
      'skills-src/a/SKILL.md': SKILL('a', '# A\n\n[x](nope.md)\n'),
      'skills-src/b/SKILL.md': SKILL('b', '# B\n\nText.\n', 'skillc:\n  requires: [c]\n'),
      'skills-src/b/references/notes.md': '# Notes\n',
      'skills-src/c/SKILL.md': SKILL('c', '# C\n\nText.\n', 'skillc:\n  requires: [b]\n'),
      'README.md': '# not a skill\n',
    });
    const onlyB = skillc(['lint', '--changed', '--format', 'json', 'skills-src/b/references/notes.md', 'README.md'], root);
    const doc = json(onlyB.stdout);
    expect(doc.files.every((f) => f.path.startsWith('skills-src/b/'))).toBe(true);
    // The cycle b -> c -> b is found though c was not passed.
    expect(doc.files[0]!.messages.map((m) => m.ruleId)).toContain('skills/requires-cycle');
    expect(onlyB.code).toBe(1);
    const none = skillc(['lint', '--changed', 'README.md'], root);
    expect(none.code).toBe(0);
    expect(skillc(['lint', '--changed', '--fix-dry-run', 'README.md'], root).code).toBe(2);
  });
});

describe('skillc lint --staged', () => {
  it('lints what is staged, from the index, not the working tree', () => {
    const root = project({
      'skillc.config.json': CONFIG(['agentskills']),
      'skills-src/a/SKILL.md': SKILL('a', '# A\n\nSee [notes](references/notes.md).\n'),
      'skills-src/a/references/notes.md': '# Notes\n',
      'skills-src/b/SKILL.md': SKILL('b', '# B\n\n[x](nope.md)\n'),
    });
    git(['init', '-q'], root);
    git(['add', '.'], root);
    git(['commit', '-qm', 'init'], root);
    // Nothing staged: nothing linted (b's broken link is not reported).
    expect(skillc(['lint', '--staged'], root).code).toBe(0);

    // Stage a broken name, then fix it in the working tree only: --staged still sees the staged one.
    fs.writeFileSync(path.join(root, 'skills-src/a/SKILL.md'), SKILL('a', '# A\n\nSee [notes](references/notes.md).\n').replace('name: a', 'name: A_bad'));
    git(['add', 'skills-src/a/SKILL.md'], root);
    fs.writeFileSync(path.join(root, 'skills-src/a/SKILL.md'), SKILL('a', '# A\n\nSee [notes](references/notes.md).\n'));
    const staged = skillc(['lint', '--staged', '--format', 'json'], root);
    expect(staged.code).toBe(1);
    const doc = json(staged.stdout);
    expect(doc.files.map((f) => f.path)).toEqual(['skills-src/a/SKILL.md']);
    expect(doc.files[0]!.messages.map((m) => m.ruleId)).toContain('frontmatter/name-format');
    expect(skillc(['lint'], root).stdout).not.toContain('name-format');

    // A bundled file deleted from the index (but still on disk) is a broken link as staged.
    git(['add', 'skills-src/a/SKILL.md'], root);
    git(['rm', '-q', '--cached', 'skills-src/a/references/notes.md'], root);
    const removed = json(skillc(['lint', '--staged', '--format', 'json'], root).stdout);
    expect(removed.files[0]!.messages.map((m) => m.ruleId)).toContain('links/broken');

    // Outside a git repository: a usage error.
    expect(skillc(['lint', '--staged'], project({ 'skillc.config.json': CONFIG() })).code).toBe(2);
  });
});
