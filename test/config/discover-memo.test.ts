// DiscoveryMemo (the language server's catalog folders): the last walk's answer while nothing it
// relied on changed, and a new walk's answer, equal to discover()'s, after any change that could
// alter it: a skill added or removed, a SKILL.md made or deleted, a .gitignore edited in place, an
// install record written, a config that ignores more.
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DiscoveryMemo } from '../../src/config/discover-memo.js';
import { discoverSkills } from '../../src/config/discover.js';
import { loadLintConfig } from '../../src/lint/pipeline/configure.js';
import { tempTree } from '../helpers.js';

const skill = (name: string): string => `---\nname: ${name}\ndescription: Use when testing discovery of ${name}.\n---\n\n# ${name}\n`;

/** Waits past the memo's clock tick (100 ms): what was just written may be stamped now. */
const settle = (): Promise<void> => new Promise((resolve) => setTimeout(resolve, 250));

afterEach(() => {
  vi.restoreAllMocks();
});

describe('DiscoveryMemo', () => {
  it('answers as discover() does, walking again only after a change it relied on', async () => {
    const root = tempTree({
      'skillc.config.json': JSON.stringify({ sources: 'skills' }),
      '.git/HEAD': 'ref: refs/heads/main\n',
      'skills/a/SKILL.md': skill('a'),
      'skills/b/SKILL.md': skill('b'),
      'skills/group/c/SKILL.md': skill('c'),
      'skills/empty/notes.md': 'not a skill\n',
    });
    const config = () => loadLintConfig(root, {});
    const fresh = (): string[] => discoverSkills([], config(), root);
    const memo = new DiscoveryMemo();
    const walks = vi.spyOn(fs, 'readdirSync');
    const check = async (change: () => void, expected: string[]): Promise<void> => {
      change();
      expect(memo.dirs(config())).toEqual(fresh());
      expect(fresh().map((d) => path.relative(path.join(root, 'skills'), d))).toEqual(expected);
      await settle();
      // Walked once more now that the change is older than a tick, then stamped: the next ask does not walk.
      expect(memo.dirs(config())).toEqual(fresh());
      walks.mockClear();
      expect(memo.dirs(config())).toEqual(expected.map((d) => path.join(root, 'skills', d)));
      expect(walks).not.toHaveBeenCalled();
    };
    await check(() => undefined, ['a', 'b', 'group/c']);
    // A new skill folder, a SKILL.md made in an existing folder, one deeper in a group.
    await check(() => fs.mkdirSync(path.join(root, 'skills', 'd')), ['a', 'b', 'group/c']);
    await check(() => fs.writeFileSync(path.join(root, 'skills', 'd', 'SKILL.md'), skill('d')), ['a', 'b', 'd', 'group/c']);
    await check(() => fs.writeFileSync(path.join(root, 'skills', 'empty', 'SKILL.md'), skill('empty')), ['a', 'b', 'd', 'empty', 'group/c']);
    await check(() => fs.mkdirSync(path.join(root, 'skills', 'group', 'e')), ['a', 'b', 'd', 'empty', 'group/c']);
    await check(() => fs.writeFileSync(path.join(root, 'skills', 'group', 'e', 'SKILL.md'), skill('e')), ['a', 'b', 'd', 'empty', 'group/c', 'group/e']);
    // Removed: a SKILL.md, a whole skill.
    await check(() => fs.rmSync(path.join(root, 'skills', 'empty', 'SKILL.md')), ['a', 'b', 'd', 'group/c', 'group/e']);
    await check(() => fs.rmSync(path.join(root, 'skills', 'b'), { recursive: true }), ['a', 'd', 'group/c', 'group/e']);
    // A .gitignore made, then edited in place (same folder listing): both seen.
    await check(() => fs.writeFileSync(path.join(root, '.gitignore'), 'skills/d/\n'), ['a', 'group/c', 'group/e']);
    await check(() => fs.appendFileSync(path.join(root, '.gitignore'), 'skills/group/c/\n'), ['a', 'group/e']);
    await check(() => fs.writeFileSync(path.join(root, '.gitignore'), ''), ['a', 'd', 'group/c', 'group/e']);
    // An install record in a folder: its skills are copies, not searched.
    await check(() => fs.writeFileSync(path.join(root, 'skills', 'group', '.skillc-install.json'), '{}'), ['a', 'd']);
    // The config's ignore: the memo is per config.
    await check(() => fs.writeFileSync(path.join(root, 'skillc.config.json'), JSON.stringify({ sources: 'skills', ignore: ['skills/d/**'] })), ['a']);
  });

  it('keeps nothing when a skill\'s SKILL.md is a link (its target can go with no folder changing)', async () => {
    const root = tempTree({ 'skillc.config.json': JSON.stringify({ sources: 'skills' }), 'skills/a/SKILL.md': skill('a'), 'elsewhere/SKILL.md': skill('b') });
    fs.mkdirSync(path.join(root, 'skills', 'b'));
    fs.symlinkSync(path.join(root, 'elsewhere', 'SKILL.md'), path.join(root, 'skills', 'b', 'SKILL.md'));
    await settle();
    const config = loadLintConfig(root, {});
    const memo = new DiscoveryMemo();
    expect(memo.dirs(config).map((d) => path.basename(d))).toEqual(['a', 'b']);
    fs.rmSync(path.join(root, 'elsewhere', 'SKILL.md'));
    expect(memo.dirs(config)).toEqual(discoverSkills([], config, root));
    expect(memo.dirs(config).map((d) => path.basename(d))).toEqual(['a']);
  });
});
