// Bumps found walking the first hour again as a stranger (issue 28's closing note), each through the
// real CLI: what `build --check` shows for CI's usual drift (a source edited, not rebuilt), the
// portable spelling lint suggests for Claude's manual-only switch, the rehearse summary of one case,
// `lint .` after an install into the project, and what `lint --help` says of colour and --stdin.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { bin, CONFIG, project, SKILL, skillc } from './helpers.js';

interface JsonReport {
  files: { path: string; messages: { ruleId: string; message: string }[]; diff?: string }[];
}

describe('build --check on a source edited and not rebuilt', () => {
  it('the diff reads as what a rebuild changes (the added line is +), and the manifest shows no hash diff', () => {
    const root = project({
      'skillc.config.json': CONFIG(['agentskills', 'claude', 'codex']),
      'skills-src/greet/SKILL.md': SKILL('greet', '# Greet\n\nGreet the user.\n'),
      'skills-src/other/SKILL.md': SKILL('other', '# Other\n\nOther work.\n'),
    });
    expect(skillc(['build'], root).code).toBe(0);
    fs.appendFileSync(path.join(root, 'skills-src/greet/SKILL.md'), 'Say hello warmly.\n');

    const r = skillc(['build', '--check', '--format', 'json'], root);
    expect(r.code, r.stderr).toBe(1);
    const byPath = new Map((JSON.parse(r.stdout) as JsonReport).files.map((f) => [f.path, f]));
    const skill = byPath.get('generated/claude/skills/greet/SKILL.md')!;
    expect(skill.diff).toMatch(/^--- claude\/skills\/greet\/SKILL\.md \(on disk\)\n\+\+\+ claude\/skills\/greet\/SKILL\.md \(built\)\n@@ /);
    expect(skill.diff).toContain('\n+Say hello warmly.\n');
    expect(skill.diff).not.toContain('\n-Say hello warmly.');
    const manifest = byPath.get('generated/.skillc-manifest.json')!;
    expect(manifest.messages).toEqual([expect.objectContaining({ ruleId: 'build/drift', message: expect.stringContaining('records the hash of every built file') })]);
    expect(manifest.diff).toBeUndefined();

    // The terminal: the skill's diff under its DRIFT line, and not a hash line of the manifest.
    const text = skillc(['build', '--check'], root);
    expect(text.code).toBe(1);
    expect(text.stderr).toContain('DRIFT: generated/claude/skills/greet/SKILL.md\n    --- claude/skills/greet/SKILL.md (on disk)');
    expect(text.stderr).toContain('DRIFT: generated/.skillc-manifest.json\n');
    expect(text.stderr).not.toMatch(/^ {4}[-+] +"claude\/skills\/greet\/SKILL\.md": "[0-9a-f]{64}"/m);
  });
});

describe('lint points a host\'s manual-only switch to the portable spelling', () => {
  it('disable-model-invocation: true for agentskills, claude and codex suggests skillc.invocation: manual', () => {
    const root = project({
      'skillc.config.json': CONFIG(['agentskills', 'claude', 'codex']),
      'skills-src/release-notes/SKILL.md': SKILL('release-notes', '# Release notes\n\nWrite them.\n', 'disable-model-invocation: true\n'),
    });
    const r = skillc(['lint'], root);
    expect(r.code).toBe(1);
    expect(r.stdout).toContain('for every host, write `skillc.invocation: manual`, which the build turns into each host\'s own switch)  frontmatter/unknown-key');
    expect(r.stdout).not.toContain('skillc.claude.disable-model-invocation');
    // Following the advice gives a skill that builds, with each host's own switch.
    const md = path.join(root, 'skills-src/release-notes/SKILL.md');
    fs.writeFileSync(md, fs.readFileSync(md, 'utf8').replace('disable-model-invocation: true\n', 'skillc:\n  invocation: manual\n  targets: [claude, codex]\n'));
    const built = skillc(['build'], root);
    expect(built.code, built.stdout + built.stderr).toBe(0);
    expect(fs.readFileSync(path.join(root, 'generated/claude/skills/release-notes/SKILL.md'), 'utf8')).toContain('disable-model-invocation: true\n');
    expect(fs.readFileSync(path.join(root, 'generated/codex/release-notes/agents/openai.yaml'), 'utf8')).toContain('allow_implicit_invocation: false');
  });
});

describe('small words', () => {
  it('rehearse of one case says "1 of 1 case got its expected verdict"', () => {
    const root = project();
    expect(skillc(['init'], root).code).toBe(0);
    const one = skillc(['rehearse', 'skills-src/summarize-changes/fixtures/pass-summary'], root);
    expect(one.code, one.stdout).toBe(0);
    expect(one.stdout).toContain('✓ 1 of 1 case got its expected verdict');
    expect(skillc(['rehearse'], root).stdout).toContain('✓ 2 of 2 cases got their expected verdict');
  });

  it('lint --help says FORCE_COLOR decides colour before NO_COLOR, as the colour code does', () => {
    const help = skillc(['lint', '--help'], project()).stdout;
    expect(help).toContain('--color, --no-color  force colour on or off (default: FORCE_COLOR decides, 0 off;\n                           else NO_COLOR turns it off; else on on a TTY)');
  });
});

describe('lint . after skillc install into the project', () => {
  it('passes over the install folders (copies of built skills), lints them when named, and says so for a file named in one', () => {
    const root = project({
      'skillc.config.json': CONFIG(['agentskills', 'claude', 'codex']),
      'skills-src/greet/SKILL.md': SKILL('greet', '# Greet\n\nGreet the user.\n'),
      'skills-src/other/SKILL.md': SKILL('other', '# Other\n\nOther work.\n'),
    });
    expect(skillc(['build'], root).code).toBe(0);
    expect(skillc(['install', '--host', 'claude'], root).code).toBe(0);
    expect(skillc(['install', '--host', 'codex'], root).code).toBe(0);
    expect(fs.existsSync(path.join(root, '.claude/skills/.skillc-install.json'))).toBe(true);

    const all = skillc(['lint', '.', '--format', 'json'], root);
    expect(all.code, all.stdout).toBe(0);
    expect((JSON.parse(all.stdout) as JsonReport).files.map((f) => f.path)).toEqual(['skills-src/greet/SKILL.md', 'skills-src/other/SKILL.md']);
    expect(all.stdout).not.toContain('skills/duplicate-name');
    // The catalog of the project lists each skill once too.
    expect(skillc(['catalog', '.'], root).stdout.trim().split('\n').map((l) => l.split('\t')[0])).toEqual(['greet', 'other']);

    // Named, an install folder is linted (its copies are what the host reads).
    const named = skillc(['lint', '.claude/skills', '--format', 'json', '--host', 'claude'], root);
    expect(named.code, named.stdout).toBe(0);
    expect((JSON.parse(named.stdout) as JsonReport).files.map((f) => f.path)).toEqual(['.claude/skills/greet/SKILL.md', '.claude/skills/other/SKILL.md']);
    // A file in one, handed over as a hook would: passed over with a warning, as a file under generated/ is.
    const file = skillc(['lint', '.agents/skills/greet/SKILL.md'], root);
    expect(file.code).toBe(0);
    expect(file.stderr).toContain('skillc lint: warning: not linted, in a folder `skillc install` wrote (copies of built skills; name the folder to lint it): .agents/skills/greet/SKILL.md');
  });
});

describe('lint --help on --stdin', () => {
  it('says that without --stdin-filename the current folder is the skill folder', () => {
    const root = project({ 'skillc.config.json': CONFIG(['agentskills']), 'notes.md': '# Notes\n' });
    expect(skillc(['lint', '--help'], root).stdout).toContain('default ./SKILL.md, so the current folder\'s name and\n                           files count: name the real path)');
    // What the help warns of: the folder's name and its other files are judged as the skill's.
    const r = spawnSync(process.execPath, [bin, 'lint', '--stdin'], { cwd: root, encoding: 'utf8', input: SKILL('greet'), env: { PATH: process.env.PATH ?? '', NO_COLOR: '1' } });
    expect(r.status).toBe(1);
    expect(r.stdout).toContain('frontmatter/name-directory');
    expect(r.stdout).toContain('Unexpected unreferenced file `notes.md`');
  });
});
