// Issue #14, the installer: the project-scope install record ships with any cloned repository,
// so its entries and the folders it names are hostile input.
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { CONFIG, SKILL, skillc } from '../ecosystem/helpers.js';

const temps: string[] = [];
afterEach(() => {
  for (const t of temps.splice(0)) fs.rmSync(t, { recursive: true, force: true });
});

function tmp(files: Record<string, string> = {}): string {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'skillc-sec-inst-'));
  temps.push(root);
  for (const [rel, content] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(root, rel)), { recursive: true });
    fs.writeFileSync(path.join(root, rel), content);
  }
  return root;
}

const sha = (s: string) => createHash('sha256').update(s).digest('hex');

/** A built project (claude) and a separate "outside" folder holding a victim file. */
function setup(): { root: string; home: string; outside: string; target: string } {
  const root = tmp({
    'skillc.config.json': CONFIG(['claude']),
    'skills-src/alpha/SKILL.md': SKILL('alpha', '# Alpha\n\nSee [the notes](references/notes.md).\n'),
    'skills-src/alpha/references/notes.md': '# Notes\n',
  });
  const home = tmp();
  const outside = tmp({ 'victim.txt': 'precious\n', 'notes.md': '# Notes\n' });
  const b = skillc(['build'], root, { HOME: home });
  expect(b.code, b.stderr).toBe(0);
  return { root, home, outside, target: path.join(root, '.claude/skills') };
}

function manifest(target: string, files: Record<string, unknown>): void {
  fs.mkdirSync(target, { recursive: true });
  fs.writeFileSync(path.join(target, '.skillc-install.json'), JSON.stringify({ version: 1, files }));
}

describe('install: hostile install records and links', () => {
  it('refuses a manifest entry that leaves the install folder, with --dry-run too, and deletes nothing', () => {
    const { root, home, outside, target } = setup();
    const rel = path.relative(target, path.join(outside, 'victim.txt')).split(path.sep).join('/');
    manifest(target, { [rel]: { sha256: sha('precious\n'), host: 'claude' } });
    for (const args of [['install', '--host', 'claude', '--uninstall', '--dry-run'], ['install', '--host', 'claude', '--uninstall'], ['install', '--host', 'claude']]) {
      const r = skillc(args, root, { HOME: home });
      expect(r.code, r.stdout).toBe(2);
      expect(r.stderr).toContain('cannot trust');
      expect(r.stderr).toContain('`..` segment');
      expect(r.stdout).not.toContain('victim');
    }
    expect(fs.readFileSync(path.join(outside, 'victim.txt'), 'utf8')).toBe('precious\n');
    expect(fs.existsSync(path.join(target, 'alpha'))).toBe(false);
  });

  it('refuses absolute entries and malformed records', () => {
    const { root, home, outside, target } = setup();
    manifest(target, { [path.join(outside, 'victim.txt')]: { sha256: sha('precious\n'), host: 'claude' } });
    expect(skillc(['install', '--host', 'claude', '--uninstall'], root, { HOME: home }).stderr).toContain('absolute path');
    manifest(target, { 'alpha/x.md': { sha256: 'not-a-file:16877', host: 'claude' } });
    expect(skillc(['install', '--host', 'claude', '--uninstall'], root, { HOME: home }).stderr).toContain('64 hex digits');
    expect(fs.readFileSync(path.join(outside, 'victim.txt'), 'utf8')).toBe('precious\n');
  });

  it('does not write through a committed link inside the project target', () => {
    const { root, home, outside, target } = setup();
    fs.mkdirSync(path.join(target, 'alpha'), { recursive: true });
    fs.symlinkSync(outside, path.join(target, 'alpha/references'));
    fs.rmSync(path.join(outside, 'notes.md'));
    const r = skillc(['install', '--host', 'claude'], root, { HOME: home });
    expect(r.code, r.stdout).toBe(2);
    expect(r.stderr).toContain('is a symbolic link');
    expect(r.stderr).toContain('nothing was changed');
    expect(fs.existsSync(path.join(outside, 'notes.md'))).toBe(false);
    expect(fs.existsSync(path.join(target, 'alpha/SKILL.md'))).toBe(false);
  });

  it('does not write through a committed link above the target (.claude -> elsewhere)', () => {
    const { root, home, outside } = setup();
    fs.symlinkSync(outside, path.join(root, '.claude'));
    const r = skillc(['install', '--host', 'claude'], root, { HOME: home });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('is a symbolic link');
    expect(fs.readdirSync(outside).sort()).toEqual(['notes.md', 'victim.txt']);
  });

  it('does not delete through a committed link on --uninstall', () => {
    const { root, home, outside, target } = setup();
    fs.mkdirSync(path.join(target, 'alpha'), { recursive: true });
    fs.symlinkSync(outside, path.join(target, 'alpha/references'));
    manifest(target, { 'alpha/references/notes.md': { sha256: sha('# Notes\n'), host: 'claude' } });
    const r = skillc(['install', '--host', 'claude', '--uninstall'], root, { HOME: home });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('is a symbolic link');
    expect(fs.readFileSync(path.join(outside, 'notes.md'), 'utf8')).toBe('# Notes\n');
  });

  it('user scope: links above the host folder are the user\'s own (a dotfiles ~/.claude), links inside it are refused', () => {
    const { root, home, outside } = setup();
    fs.mkdirSync(path.join(home, 'dotfiles/claude'), { recursive: true });
    fs.symlinkSync(path.join(home, 'dotfiles/claude'), path.join(home, '.claude'));
    const ok = skillc(['install', '--host', 'claude', '--user'], root, { HOME: home });
    expect(ok.code, ok.stderr).toBe(0);
    expect(fs.existsSync(path.join(home, 'dotfiles/claude/skills/alpha/SKILL.md'))).toBe(true);
    fs.rmSync(path.join(home, 'dotfiles/claude/skills/alpha/references'), { recursive: true });
    fs.symlinkSync(outside, path.join(home, 'dotfiles/claude/skills/alpha/references'));
    fs.rmSync(path.join(outside, 'notes.md'));
    const r = skillc(['install', '--host', 'claude', '--user'], root, { HOME: home });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('is a symbolic link');
    expect(fs.existsSync(path.join(outside, 'notes.md'))).toBe(false);
  });

  it('refuses a manifest that is itself a link', () => {
    const { root, home, outside, target } = setup();
    fs.mkdirSync(target, { recursive: true });
    fs.symlinkSync(path.join(outside, 'victim.txt'), path.join(target, '.skillc-install.json'));
    const r = skillc(['install', '--host', 'claude'], root, { HOME: home });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('symbolic link');
    expect(fs.readFileSync(path.join(outside, 'victim.txt'), 'utf8')).toBe('precious\n');
  });

  it('validates the whole plan first: an entry naming a folder deletes nothing and does not crash', () => {
    const { root, home, target } = setup();
    expect(skillc(['install', '--host', 'claude'], root, { HOME: home }).code).toBe(0);
    const m = JSON.parse(fs.readFileSync(path.join(target, '.skillc-install.json'), 'utf8'));
    m.files['alpha/references'] = { sha256: sha('x'), host: 'claude' };
    fs.writeFileSync(path.join(target, '.skillc-install.json'), JSON.stringify(m));
    const r = skillc(['install', '--host', 'claude', '--uninstall'], root, { HOME: home });
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).not.toMatch(/EISDIR|at .*\.js/);
    // The folder entry is not a file skillc wrote: the skill is kept whole.
    expect(fs.existsSync(path.join(target, 'alpha/SKILL.md'))).toBe(true);
    expect(fs.existsSync(path.join(target, 'alpha/references/notes.md'))).toBe(true);
  });

  it('uninstall after an edit keeps the edited file, the rest of its skill and their records, and says so', () => {
    const { root, home, target } = setup();
    expect(skillc(['install', '--host', 'claude'], root, { HOME: home }).code).toBe(0);
    fs.appendFileSync(path.join(target, 'alpha/SKILL.md'), '\nMy note.\n');
    const r = skillc(['install', '--host', 'claude', '--uninstall'], root, { HOME: home });
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/kept +\.claude\/skills\/alpha\/SKILL\.md/);
    expect(r.stdout).toMatch(/kept +\.claude\/skills\/alpha\/references\/notes\.md .*skill stays whole/);
    expect(r.stdout).toContain('kept 1 changed file(s) and 1 file(s) of the same skill(s)');
    expect(fs.existsSync(path.join(target, 'alpha/references/notes.md'))).toBe(true);
    const m = JSON.parse(fs.readFileSync(path.join(target, '.skillc-install.json'), 'utf8'));
    expect(Object.keys(m.files).sort()).toEqual(['alpha/SKILL.md', 'alpha/references/notes.md']);
    // Once the edit is undone, uninstall removes the whole skill.
    fs.copyFileSync(path.join(root, 'generated/claude/skills/alpha/SKILL.md'), path.join(target, 'alpha/SKILL.md'));
    expect(skillc(['install', '--host', 'claude', '--uninstall'], root, { HOME: home }).code).toBe(0);
    expect(fs.existsSync(path.join(target, 'alpha'))).toBe(false);
  });
});
