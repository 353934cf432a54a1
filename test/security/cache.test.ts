// Issue #24: a committed lint cache with its diagnostics emptied made a broken skill lint clean
// (entries were keyed by a predictable absolute path and trusted as found).
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { project, skillc } from '../ecosystem/helpers.js';
import { SKILL, tempDir } from '../helpers.js';

const CACHE = path.join('node_modules', '.cache', 'skillc', 'lint-cache.json');

describe('the lint cache replays only what this machine wrote', () => {
  it('a cache edited to drop the diagnostics replays nothing: the broken skill is still reported', () => {
    const root = project({ 's/SKILL.md': SKILL('s', '# T\n\nSee [gone](gone.md).\n') });
    const env = { XDG_CACHE_HOME: tempDir('skillc-key-') };
    expect(skillc(['lint', 's', '--cache'], root, env).code).toBe(1);
    const file = path.join(root, CACHE);
    const cache = JSON.parse(fs.readFileSync(file, 'utf8')) as { entries: Record<string, { diagnostics: unknown[] }> };
    for (const entry of Object.values(cache.entries)) entry.diagnostics = [];
    fs.writeFileSync(file, JSON.stringify(cache));
    const r = skillc(['lint', 's', '--cache'], root, env);
    expect(r.code).toBe(1);
    expect(r.stdout).toContain('links/broken');
  });

  it('a cache written on another machine (another key), as a committed one is, replays nothing', () => {
    const root = project({ 's/SKILL.md': SKILL('s', '# T\n\nSee [gone](gone.md).\n') });
    expect(skillc(['lint', 's', '--cache'], root, { XDG_CACHE_HOME: tempDir('skillc-key-') }).code).toBe(1);
    // The attacker's copy: every diagnostic gone, with the MACs their own machine computed.
    const file = path.join(root, CACHE);
    const cache = JSON.parse(fs.readFileSync(file, 'utf8')) as { entries: Record<string, { diagnostics: unknown[] }> };
    for (const entry of Object.values(cache.entries)) entry.diagnostics = [];
    fs.writeFileSync(file, JSON.stringify(cache));
    const r = skillc(['lint', 's', '--cache'], root, { XDG_CACHE_HOME: tempDir('skillc-key-') });
    expect(r.code).toBe(1);
    expect(r.stdout).toContain('links/broken');
  });

  it('the key is made once, private to the user, and a cache that verifies is replayed', () => {
    const root = project({ 's/SKILL.md': SKILL('s') });
    const home = tempDir('skillc-key-');
    expect(skillc(['lint', 's', '--cache'], root, { XDG_CACHE_HOME: home }).code).toBe(0);
    const key = path.join(home, 'skillc', 'cache-key');
    expect(fs.statSync(key).mode & 0o777).toBe(0o600);
    const before = fs.readFileSync(key, 'utf8');
    expect(skillc(['lint', 's', '--cache'], root, { XDG_CACHE_HOME: home }).code).toBe(0);
    expect(fs.readFileSync(key, 'utf8')).toBe(before);
    expect(Object.keys((JSON.parse(fs.readFileSync(path.join(root, CACHE), 'utf8')) as { macs: object }).macs)).toHaveLength(1);
  });
});

describe('the build cache reuses only what this machine wrote', () => {
  it('an edited record is not reused: the skill is built again', async () => {
    const { build } = await import('../../src/build/index.js');
    const root = project({ 'skillc.config.json': JSON.stringify({ sources: 'skills-src', hosts: ['claude'] }), 'skills-src/a/SKILL.md': SKILL('a'), 'skills-src/b/SKILL.md': SKILL('b', '# B\n\nOther text.\n') });
    await build({ cwd: root, incremental: true });
    expect((await build({ cwd: root, incremental: true })).reused).toBe(2);
    const folder = path.join(root, 'node_modules', '.cache', 'skillc');
    const file = path.join(folder, fs.readdirSync(folder).find((f) => f.startsWith('build-'))!);
    const cache = JSON.parse(fs.readFileSync(file, 'utf8')) as { skills: Record<string, { problems: unknown[] }> };
    const first = Object.keys(cache.skills)[0]!;
    // Any edit (here one that changes nothing the build reads) breaks the record's MAC.
    cache.skills[first]!.problems = [...cache.skills[first]!.problems];
    (cache.skills[first] as Record<string, unknown>).edited = true;
    fs.writeFileSync(file, JSON.stringify(cache));
    expect((await build({ cwd: root, incremental: true })).reused).toBe(1);
  });
});
