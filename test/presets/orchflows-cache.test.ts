import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { lint } from '../../src/lint/engine.js';
import { tempDir } from '../helpers.js';
import { probeTrees } from './helpers.js';

// orchflows-py/tree reads files outside the skill folders (AGENTS.md, contracts/, tests/pins.json, the
// tree's Markdown). Its cacheKey is what it finds there: a second `lint --cache` with nothing changed
// replays, and a change to one of those files that alters a finding re-lints and reports it.
function tree(): string {
  const root = tempDir('skillc-orchflows-cache-');
  fs.cpSync(path.join(probeTrees, 'orchflows/base'), root, { recursive: true });
  fs.writeFileSync(path.join(root, 'skillc.config.json'), JSON.stringify({ sources: '.', extends: ['skillc:orchflows'] }));
  return root;
}

const treeFindings = (r: Awaited<ReturnType<typeof lint>>): string[] =>
  r.files.flatMap((f) => f.messages.filter((m) => m.ruleId === 'orchflows-py/tree').map((m) => `${path.basename(f.path)}: ${m.message}`));

describe('the orchflows preset with lint --cache', () => {
  it('replays a second run with nothing changed, and re-lints when a file outside the skills changes a finding', async () => {
    const root = tree();
    const first = await lint({ cwd: root, cache: true });
    expect(first.internalErrors).toBe(0);
    const skills = first.files.filter((f) => f.path.endsWith('SKILL.md')).length;
    expect(skills).toBeGreaterThan(2);
    expect(first.cacheHits).toBe(0);

    const second = await lint({ cwd: root, cache: true });
    expect(second.cacheHits).toBe(skills);
    expect(JSON.stringify(second.files)).toBe(JSON.stringify(first.files));

    // A change that alters no finding of the rule: still a hit (its key is its findings).
    fs.appendFileSync(path.join(root, 'ARCHITECTURE.md'), '\nOne more plain sentence.\n');
    expect((await lint({ cwd: root, cache: true })).cacheHits).toBe(skills);

    // AGENTS.md over its 300 words: the cache is not replayed, the finding is there.
    fs.appendFileSync(path.join(root, 'AGENTS.md'), `\n${'word '.repeat(320)}\n`);
    const third = await lint({ cwd: root, cache: true });
    expect(third.cacheHits).toBe(0);
    expect(treeFindings(third)).toContainEqual(expect.stringMatching(/^AGENTS\.md: Unexpected \d+ words in AGENTS\.md, expected at most 300$/));

    // A contract edited without re-pinning: reported on the next cached run, not replayed.
    fs.appendFileSync(path.join(root, 'contracts/result.md'), '\nAn unreviewed change.\n');
    const fourth = await lint({ cwd: root, cache: true });
    expect(fourth.cacheHits).toBe(0);
    expect(treeFindings(fourth)).toContainEqual(expect.stringMatching(/^result\.md: Unexpected contract whose bytes do not match its pin/));
    expect((await lint({ cwd: root, cache: true })).cacheHits).toBe(skills);
  });
});
