import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { CONFIG, SKILL, project, skillc } from './helpers.js';

function built(): { root: string; home: string } {
  const root = project({
    'skillc.config.json': CONFIG(['claude', 'codex']),
    'skills-src/alpha/SKILL.md': SKILL('alpha', '# Alpha\n\nSee [the notes](references/notes.md).\n'),
    'skills-src/alpha/references/notes.md': '# Notes\n',
    'skills-src/beta/SKILL.md': SKILL('beta'),
  });
  const home = project();
  const b = skillc(['build'], root, { HOME: home });
  expect(b.code, b.stdout + b.stderr).toBe(0);
  return { root, home };
}

const manifestOf = (dir: string) => JSON.parse(fs.readFileSync(path.join(dir, '.skillc-install.json'), 'utf8'));

describe('skillc install', () => {
  it('installs into the project folder with a sha256 manifest, and is idempotent', () => {
    const { root, home } = built();
    const r = skillc(['install', '--host', 'claude'], root, { HOME: home });
    expect(r.code, r.stderr).toBe(0);
    const target = path.join(root, '.claude/skills');
    expect(fs.readFileSync(path.join(target, 'alpha/SKILL.md'), 'utf8')).toBe(fs.readFileSync(path.join(root, 'generated/claude/skills/alpha/SKILL.md'), 'utf8'));
    expect(fs.existsSync(path.join(target, 'alpha/references/notes.md'))).toBe(true);
    const m = manifestOf(target);
    expect(Object.keys(m.files)).toEqual(['alpha/SKILL.md', 'alpha/references/notes.md', 'beta/SKILL.md']);
    expect(m.files['beta/SKILL.md'].sha256).toMatch(/^[0-9a-f]{64}$/);
    expect(r.stdout).toContain('install    .claude/skills/alpha/SKILL.md');
    const again = skillc(['install', '--host', 'claude'], root, { HOME: home });
    expect(again.stdout).toContain('install 0, update 0, 3 unchanged');
  });

  it('installs for the user into $HOME, never overwrites a changed file, uninstalls only what it installed', () => {
    const { root, home } = built();
    const target = path.join(home, '.codex/skills');
    fs.mkdirSync(path.join(target, 'mine'), { recursive: true });
    fs.writeFileSync(path.join(target, 'mine/SKILL.md'), 'my own skill\n');

    const dry = skillc(['install', '--host', 'codex', '--user', '--dry-run'], root, { HOME: home });
    expect(dry.code).toBe(0);
    expect(dry.stdout).toContain('~/.codex/skills/alpha/SKILL.md');
    expect(dry.stdout).toContain('dry run');
    expect(fs.existsSync(path.join(target, 'alpha'))).toBe(false);

    expect(skillc(['install', '--host', 'codex', '--user'], root, { HOME: home }).code).toBe(0);
    expect(fs.existsSync(path.join(target, 'alpha/SKILL.md'))).toBe(true);

    // The user edits one installed file; the source changes; a reinstall keeps the edit.
    fs.appendFileSync(path.join(target, 'alpha/SKILL.md'), '\nMy local note.\n');
    fs.appendFileSync(path.join(root, 'skills-src/beta/SKILL.md'), '\nMore.\n');
    fs.appendFileSync(path.join(root, 'skills-src/alpha/SKILL.md'), '\nMore.\n');
    expect(skillc(['build'], root, { HOME: home }).code).toBe(0);
    const re = skillc(['install', '--host', 'codex', '--user'], root, { HOME: home });
    expect(re.code).toBe(0);
    expect(re.stdout).toMatch(/kept +~\/\.codex\/skills\/alpha\/SKILL\.md/);
    expect(re.stdout).toContain('update     ~/.codex/skills/beta/SKILL.md');
    expect(fs.readFileSync(path.join(target, 'alpha/SKILL.md'), 'utf8')).toContain('My local note.');
    expect(fs.readFileSync(path.join(target, 'beta/SKILL.md'), 'utf8')).toContain('More.');

    // A skill removed from the build is removed from the folder.
    fs.rmSync(path.join(root, 'skills-src/beta'), { recursive: true });
    expect(skillc(['build'], root, { HOME: home }).code).toBe(0);
    const pruned = skillc(['install', '--host', 'codex', '--user'], root, { HOME: home });
    expect(pruned.stdout).toContain('remove     ~/.codex/skills/beta/SKILL.md');
    expect(fs.existsSync(path.join(target, 'beta'))).toBe(false);

    const un = skillc(['install', '--host', 'codex', '--user', '--uninstall'], root, { HOME: home });
    expect(un.code).toBe(0);
    // The edited file keeps its whole skill (and their records); the user's own skill stays.
    expect(fs.existsSync(path.join(target, 'alpha/references/notes.md'))).toBe(true);
    expect(fs.readFileSync(path.join(target, 'alpha/SKILL.md'), 'utf8')).toContain('My local note.');
    expect(fs.readFileSync(path.join(target, 'mine/SKILL.md'), 'utf8')).toBe('my own skill\n');
    expect(Object.keys(manifestOf(target).files)).toEqual(['alpha/SKILL.md', 'alpha/references/notes.md']);
  });

  it('refuses without a build or a host', () => {
    const root = project({ 'skillc.config.json': CONFIG(), 'skills-src/a/SKILL.md': SKILL('a') });
    const home = project();
    const r = skillc(['install', '--host', 'claude'], root, { HOME: home });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('run `skillc build` first');
    expect(skillc(['install'], root, { HOME: home }).code).toBe(2);
    expect(skillc(['install', '--host', 'nope'], root, { HOME: home }).code).toBe(2);
  });
});
