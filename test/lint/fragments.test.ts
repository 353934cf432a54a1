import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { lint, type LintResult } from '../../src/lint/engine.js';
import { lintModels } from '../../src/lint/models.js';
import { GitIndex, skillFromIndex } from '../../src/lint/staged.js';
import { readSkill } from '../../src/parse/skill.js';
import { skillc } from '../build/helpers.js';
import { git } from '../ecosystem/helpers.js';
import { tempTree } from '../helpers.js';

// Two skills include one fragment from beside them; the fragment holds a nested host block and a
// right-to-left override. Every way of linting reports both in the fragment, at its lines, once.
const SKILL = (name: string): string => `---\nname: ${name}\ndescription: Use when testing ${name}.\n---\n# ${name}\n\n<!-- include: ../_core/core.md -->\n`;
const BROKEN = '# Core\n\n<!-- host: claude -->\nA.\n<!-- host: codex -->\nB.\n<!-- /host -->\n<!-- /host -->\n\nRun `ls \u202Etxt.exe`.\n';
const FIXED = '# Core\n\n<!-- host: claude -->\nA.\n<!-- /host -->\n\nRun `ls txt.exe`.\n';

function project(core = BROKEN): string {
  return tempTree({
    'skillc.config.json': JSON.stringify({ sources: 'skills-src', hosts: ['claude', 'codex'] }),
    'skills-src/a/SKILL.md': SKILL('a'),
    'skills-src/b/SKILL.md': SKILL('b'),
    'skills-src/_core/core.md': core,
  });
}

/** The findings on the fragment, as `rule line:column`. */
function onFragment(result: LintResult, root: string): string[] {
  const file = result.files.find((f) => f.path === path.join(root, 'skills-src/_core/core.md'));
  return (file?.messages ?? []).map((m) => `${m.ruleId} ${m.line}:${m.column}`);
}

const EXPECTED = ['source/host-block 5:1', 'security/hidden-unicode 10:9'];

describe('included fragments are linted as part of each skill that includes them', () => {
  it('by lint(), serially and on worker threads, once for the two skills', async () => {
    const root = project();
    for (const concurrency of ['off', 2] as const) {
      const result = await lint({ cwd: root, concurrency });
      expect(onFragment(result, root), String(concurrency)).toEqual(EXPECTED);
      expect(result.errorCount).toBe(2);
    }
  });

  it('by lintModels (the language server, --changed) on parsed skills', async () => {
    const root = project();
    const skills = ['a', 'b'].map((n) => readSkill(path.join(root, 'skills-src', n)));
    expect(onFragment(await lintModels({ cwd: root, skills }), root)).toEqual(EXPECTED);
  });

  it('under --staged, from the staged fragment, not the working tree', async () => {
    const root = project(FIXED);
    git(['init', '-q'], root);
    git(['add', '.'], root);
    git(['commit', '-qm', 'init'], root);
    fs.writeFileSync(path.join(root, 'skills-src/_core/core.md'), BROKEN);
    let index = new GitIndex(root);
    let skills = ['a', 'b'].map((n) => skillFromIndex(index, path.join(index.root, 'skills-src', n)));
    expect(onFragment(await lintModels({ cwd: root, skills }), root)).toEqual([]);
    git(['add', '.'], root);
    index = new GitIndex(root);
    skills = ['a', 'b'].map((n) => skillFromIndex(index, path.join(index.root, 'skills-src', n)));
    expect(onFragment(await lintModels({ cwd: root, skills }), root)).toEqual(EXPECTED);
  });

  it('by the CLI, exit 1, and a cached run sees the fragment change', () => {
    const root = project();
    const first = skillc(['lint', '--cache', '--format', 'json'], root);
    expect(first.code).toBe(1);
    const doc = JSON.parse(first.stdout) as { files: { path: string; messages: { ruleId: string; line: number }[] }[] };
    expect(doc.files.filter((f) => f.path === 'skills-src/_core/core.md').map((f) => f.messages.map((m) => `${m.ruleId} ${m.line}`))).toEqual([['source/host-block 5', 'security/hidden-unicode 10']]);
    fs.writeFileSync(path.join(root, 'skills-src/_core/core.md'), FIXED);
    const second = skillc(['lint', '--cache'], root);
    expect(second.code, second.stdout + second.stderr).toBe(0);
    fs.writeFileSync(path.join(root, 'skills-src/_core/core.md'), BROKEN);
    expect(skillc(['lint', '--cache'], root).code).toBe(1);
  });
});
