import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { SkillSummary } from '../../src/model/summary.js';
import { lint } from '../../src/lint/engine.js';
import { lintModels } from '../../src/lint/models.js';
import { GitIndex, skillFromIndex } from '../../src/lint/staged.js';
import { readSkill } from '../../src/parse/skill.js';
import { defineCatalogRule } from '../../src/rules/rule.js';
import { tempDir } from '../helpers.js';

const SKILL = (name: string, body: string): string => `---\nname: ${name}\ndescription: Use when testing ${name}.\n---\n\n${body}`;

/** What a catalog rule sees of each skill: the object's own keys and kind, and what its bundle reader and file list give. */
interface Seen {
  keys: string[];
  fullSkill: boolean;
  notes: string | undefined;
  bundled: string[];
  text: string | undefined;
}

/** A catalog rule that records what it is given, and reports nothing. */
function probe(seen: Seen[]) {
  return defineCatalogRule({ id: 'probe/catalog', description: 'Records what catalog rules see.', severity: 'info', fixable: false, defaultOptions: {} }, ({ catalog }) => {
    for (const s of catalog.skills as readonly SkillSummary[]) {
      seen.push({
        keys: Object.keys(s).sort(),
        fullSkill: 'sections' in s,
        notes: s.bundle.text('references/notes.md')?.text,
        bundled: s.bundled.map((f) => f.relPath),
        text: s.skill?.().file.text,
      });
    }
  });
}

function tree(): string {
  const root = tempDir('skillc-models-');
  const files: Record<string, string> = {
    'skillc.config.json': JSON.stringify({ sources: 'skills', hosts: ['agentskills'] }),
    'skills/a/SKILL.md': SKILL('a', '# A\n\nSee [notes](references/notes.md).\n'),
    'skills/a/references/notes.md': '# Notes, committed\n',
    'skills/b/SKILL.md': SKILL('b', '# B\n\nText.\n'),
  };
  for (const [rel, text] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(root, rel)), { recursive: true });
    fs.writeFileSync(path.join(root, rel), text);
  }
  return root;
}

describe('lintModels gives catalog rules what lint() gives them', () => {
  it('compact summaries, not parsed skills, for reported and unreported skills alike', async () => {
    const root = tree();
    const fromLint: Seen[] = [];
    await lint({ cwd: root, rules: [probe(fromLint)], concurrency: 'off' });
    const fromModels: Seen[] = [];
    const skills = ['a', 'b'].map((n) => readSkill(path.join(root, 'skills', n)));
    await lintModels({ cwd: root, skills, report: new Set([skills[0]!.dir]), rules: [probe(fromModels)] });
    expect(fromLint).toHaveLength(2);
    expect(fromLint.every((s) => !s.fullSkill)).toBe(true);
    expect(fromModels).toEqual(fromLint);
  });

  it('for --staged, summaries read the staged files, not the working tree', async () => {
    const root = tree();
    const git = (...args: string[]): void => {
      const r = spawnSync('git', args, { cwd: root, encoding: 'utf8', env: { ...process.env, GIT_AUTHOR_NAME: 'T', GIT_AUTHOR_EMAIL: 't@example.com', GIT_COMMITTER_NAME: 'T', GIT_COMMITTER_EMAIL: 't@example.com' } });
      if (r.status !== 0) throw new Error(r.stderr);
    };
    git('init', '-q');
    git('add', '.');
    git('commit', '-qm', 'init');
    // The working tree moves on without staging: a changed note, a new file, a changed SKILL.md.
    fs.writeFileSync(path.join(root, 'skills/a/references/notes.md'), '# Notes, not staged\n');
    fs.writeFileSync(path.join(root, 'skills/a/references/extra.md'), '# Extra\n');
    fs.writeFileSync(path.join(root, 'skills/a/SKILL.md'), SKILL('a', '# A, not staged\n'));
    const index = new GitIndex(root);
    const skills = ['a', 'b'].map((n) => skillFromIndex(index, path.join(index.root, 'skills', n)));
    const seen: Seen[] = [];
    await lintModels({ cwd: root, skills, rules: [probe(seen)] });
    expect(seen[0]!.fullSkill).toBe(false);
    expect(seen[0]!.notes).toBe('# Notes, committed\n');
    expect(seen[0]!.bundled).toEqual(['references', 'references/notes.md']);
    expect(seen[0]!.text).toContain('See [notes](references/notes.md).');
  });
});
