import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { skillcHere, tempProject } from './helpers.js';
import { SKILL } from '../helpers.js';

// `build --check` compares what skillc writes (its manifest) with the output folder. An extra file is
// drift only where the build would take it away: a file skillc wrote before and the sources no longer
// make, or a file it did not write inside a folder it owns. A project whose config maps hosts into
// its own layout (`outputs`: hermes-taskflow's packages/) keeps its own files there.
const lines = (stderr: string): string[] => stderr.split('\n').filter((l) => /^(DRIFT|MISSING|EXTRA): /.test(l)).sort();

describe('build --check and the files skillc did not write', () => {
  it('with outputs: the project files beside a mapped tree are not drift; a stray file in a default tree and a removed skill\'s outputs are', async () => {
    const dir = tempProject({
      'skillc.config.json': JSON.stringify({ out: 'packages', hosts: ['claude', 'codex'], outputs: { codex: 'codex-pkg/plugin/skills' }, plugin: { name: 'demo' } }),
      'skills-src/alpha/SKILL.md': SKILL('alpha'),
      'skills-src/beta/SKILL.md': SKILL('beta'),
    });
    const out = path.join(dir, 'packages');
    expect((await skillcHere(['build'], dir)).code).toBe(0);
    fs.writeFileSync(path.join(out, 'codex-pkg/package.json'), '{}\n');
    fs.writeFileSync(path.join(out, 'codex-pkg/plugin/skills/alpha/notes.md'), 'kept by hand\n');
    fs.writeFileSync(path.join(out, 'README.md'), '# packages\n');
    const clean = await skillcHere(['build', '--check'], dir);
    expect(clean.code, clean.stderr).toBe(0);

    // claude has no `outputs` entry: its tree at packages/claude is skillc's.
    fs.writeFileSync(path.join(out, 'claude/stray.md'), 'stray\n');
    const stray = await skillcHere(['build', '--check'], dir);
    expect(stray.code).toBe(1);
    expect(lines(stray.stderr)).toEqual(['EXTRA: packages/claude/stray.md: skillc did not write this: delete it or move it to the sources']);
    fs.rmSync(path.join(out, 'claude/stray.md'));

    // A skill taken out of the sources: its outputs are in the manifest, so the build would remove them.
    fs.rmSync(path.join(dir, 'skills-src/beta'), { recursive: true });
    const removed = await skillcHere(['build', '--check'], dir);
    expect(removed.code).toBe(1);
    const extra = lines(removed.stderr).filter((l) => l.startsWith('EXTRA: '));
    expect(extra).toEqual(expect.arrayContaining(['EXTRA: packages/claude/skills/beta/SKILL.md', 'EXTRA: packages/codex-pkg/plugin/skills/beta/SKILL.md']));
    expect(extra.some((l) => l.includes('package.json') || l.includes('notes.md') || l.includes('README.md'))).toBe(false);
    expect((await skillcHere(['build'], dir)).code).toBe(0);
    expect(fs.existsSync(path.join(out, 'codex-pkg/plugin/skills/beta'))).toBe(false);
    expect(fs.readFileSync(path.join(out, 'codex-pkg/package.json'), 'utf8')).toBe('{}\n');
    expect((await skillcHere(['build', '--check'], dir)).code).toBe(0);
  });

  it("a plugin manifest skillc did not write is left alone unless the config's plugin key says what to write", async () => {
    const handKept = '{\n  "name": "taskflow",\n  "version": "9.9.9"\n}\n';
    const files = (config: object): Record<string, string> => ({
      'skillc.config.json': JSON.stringify({ out: 'packages', hosts: ['claude'], outputs: { claude: 'claude-pkg/plugin' }, ...config }),
      'skills-src/alpha/SKILL.md': SKILL('alpha'),
      'packages/claude-pkg/plugin/.claude-plugin/plugin.json': handKept,
    });
    const manifest = (dir: string): string => fs.readFileSync(path.join(dir, 'packages/claude-pkg/plugin/.claude-plugin/plugin.json'), 'utf8');

    // No `plugin` key: the hand-kept manifest stays, is carried as the project's, and --check does not compare it.
    let dir = tempProject(files({}));
    const built = await skillcHere(['build'], dir);
    expect(built.code, built.stderr).toBe(0);
    expect(built.stdout).toContain('claude-pkg/plugin/.claude-plugin/plugin.json');
    expect(manifest(dir)).toBe(handKept);
    expect((await skillcHere(['build', '--check'], dir)).code).toBe(0);
    const skillcManifest = JSON.parse(fs.readFileSync(path.join(dir, 'packages/.skillc-manifest.json'), 'utf8')) as { files: Record<string, string> };
    expect(Object.keys(skillcManifest.files)).not.toContain('claude-pkg/plugin/.claude-plugin/plugin.json');

    // `plugin` set: that is what to write, over the hand-kept file.
    dir = tempProject(files({ plugin: { name: 'taskflow', version: '0.2.4', description: 'Taskflow for Claude Code' } }));
    expect((await skillcHere(['build'], dir)).code).toBe(0);
    expect(JSON.parse(manifest(dir))).toEqual({ name: 'taskflow', version: '0.2.4', description: 'Taskflow for Claude Code' });
    expect((await skillcHere(['build', '--check'], dir)).code).toBe(0);

    // No file there and no key: skillc writes its default, and from then on it is skillc's (a hand edit is drift).
    dir = tempProject(files({}));
    fs.rmSync(path.join(dir, 'packages'), { recursive: true, force: true });
    expect((await skillcHere(['build'], dir)).code).toBe(0);
    expect(JSON.parse(manifest(dir)).name).toBeTruthy();
    fs.writeFileSync(path.join(dir, 'packages/claude-pkg/plugin/.claude-plugin/plugin.json'), handKept);
    const drift = await skillcHere(['build', '--check'], dir);
    expect(drift.code).toBe(1);
    expect(lines(drift.stderr)).toEqual(['DRIFT: packages/claude-pkg/plugin/.claude-plugin/plugin.json']);
  });
});
