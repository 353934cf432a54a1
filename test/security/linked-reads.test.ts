// Issue #24, "a linked SKILL.md is followed": SKILL.md, agents/openai.yaml and every file skillc
// reads from a skill are read without following a link that leaves the skill. A link out is a
// finding, never read: its text reaches neither lint's output nor generated/, and `--fix` neither
// writes through a link nor replaces one with a copy of what it pointed at.
import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { tempDir } from '../helpers.js';
import { bin, skillc } from '../ecosystem/helpers.js';

const SECRET = 'TOPSECRET-7f3a';

/** Every file under `dir` (links not followed) that holds the secret. */
function holdingSecret(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  const out: string[] = [];
  const walk = (abs: string): void => {
    for (const e of fs.readdirSync(abs, { withFileTypes: true })) {
      const p = path.join(abs, e.name);
      if (e.isDirectory()) walk(p);
      else if (e.isFile() && fs.readFileSync(p, 'utf8').includes(SECRET)) out.push(path.relative(dir, p));
    }
  };
  walk(dir);
  return out;
}

/** A project with one skill `alpha`, and beside it `outside/` holding a secret SKILL.md-shaped file and a secret folder. */
function setup(config: object = {}): { root: string; skill: string; outside: string } {
  const w = tempDir('skillc-sec-links-');
  const root = path.join(w, 'project');
  const outside = path.join(w, 'outside');
  fs.mkdirSync(path.join(outside, 'notes'), { recursive: true });
  fs.writeFileSync(path.join(outside, 'secret.md'), `---\nname: alpha\ndescription: Use when the secret ${SECRET} is needed.\n---\n\n# ${SECRET}\n\nSee ${SECRET}.\n`);
  fs.writeFileSync(path.join(outside, 'openai.yaml'), `interface:\n  display_name: ${SECRET}\n`);
  fs.writeFileSync(path.join(outside, 'notes/guide.md'), `# ${SECRET} heading\n\nText.\n`);
  const skill = path.join(root, 'skills-src/alpha');
  fs.mkdirSync(skill, { recursive: true });
  fs.writeFileSync(path.join(root, 'skillc.config.json'), JSON.stringify({ sources: 'skills-src', out: 'generated', hosts: ['agentskills', 'claude', 'codex'], ...config }));
  return { root, skill, outside };
}

const cli = (args: string[], cwd: string) => spawnSync(process.execPath, [bin, ...args], { cwd, encoding: 'utf8', env: { PATH: process.env.PATH ?? '', NO_COLOR: '1' } });

describe('a SKILL.md that is a link out of its skill', () => {
  it('is a lint finding, never read: its text is in no output, and the build (even with the finding turned off) refuses it', () => {
    for (const config of [{}, { rules: { 'file/unreadable': 'off' } }]) {
      const { root, skill, outside } = setup(config);
      fs.symlinkSync(path.join(outside, 'secret.md'), path.join(skill, 'SKILL.md'));
      const lint = cli(['lint', '--format', 'json'], root);
      expect(lint.stdout + lint.stderr).not.toContain(SECRET);
      if (!('rules' in config)) {
        expect(lint.status, lint.stdout).toBe(1);
        expect(lint.stdout).toContain('file/unreadable');
        expect(lint.stdout).toContain('symbolic link to outside the skill folder');
      }
      const build = cli(['build'], root);
      expect(build.status, build.stdout + build.stderr).toBe(1);
      expect(build.stdout + build.stderr).not.toContain(SECRET);
      expect(holdingSecret(path.join(root, 'generated'))).toEqual([]);
      // --fix has nothing to fix in what it does not read: the link stays a link, its target unchanged.
      const before = fs.readFileSync(path.join(outside, 'secret.md'), 'utf8');
      cli(['lint', '--fix'], root);
      expect(fs.lstatSync(path.join(skill, 'SKILL.md')).isSymbolicLink()).toBe(true);
      expect(fs.readFileSync(path.join(outside, 'secret.md'), 'utf8')).toBe(before);
    }
  });

  it('a SKILL.md linked inside its own skill is read, but --fix never replaces the link with a copy', () => {
    const { root, skill } = setup();
    // A fixable problem (an unquoted colon) in the real file the link points at.
    fs.writeFileSync(path.join(skill, 'main.md'), '---\nname: alpha\ndescription: Use when testing links.\ncompatibility: Requires: git.\n---\n\n# Alpha\n\nText.\n');
    fs.symlinkSync('main.md', path.join(skill, 'SKILL.md'));
    const before = fs.readFileSync(path.join(skill, 'main.md'), 'utf8');
    const r = cli(['lint', '--fix'], root);
    expect(r.stderr).not.toMatch(/\n\s+at /);
    expect(fs.lstatSync(path.join(skill, 'SKILL.md')).isSymbolicLink()).toBe(true);
    expect(fs.readlinkSync(path.join(skill, 'SKILL.md'))).toBe('main.md');
    expect(fs.readFileSync(path.join(skill, 'main.md'), 'utf8')).toBe(before);
    expect(fs.readdirSync(skill).filter((e) => e.includes('.skillc-'))).toEqual([]);
  });
});

describe('other files of a skill reached through a link out', () => {
  it('agents/openai.yaml linked out is not emitted, whatever lint rules are off', () => {
    const { root, skill, outside } = setup({ rules: { 'links/escape': 'off' } });
    fs.writeFileSync(path.join(skill, 'SKILL.md'), '---\nname: alpha\ndescription: Use when testing links.\n---\n\n# Alpha\n\nText.\n');
    fs.mkdirSync(path.join(skill, 'agents'));
    fs.symlinkSync(path.join(outside, 'openai.yaml'), path.join(skill, 'agents/openai.yaml'));
    const build = cli(['build'], root);
    expect(build.status, build.stdout + build.stderr).toBe(0);
    expect(holdingSecret(path.join(root, 'generated'))).toEqual([]);
  });

  it('a folder linked out of the skill is never read by a rule (an anchor check does not quote its headings)', () => {
    const { root, skill, outside } = setup();
    fs.writeFileSync(path.join(skill, 'SKILL.md'), '---\nname: alpha\ndescription: Use when testing links.\n---\n\n# Alpha\n\nSee [the guide](notes/guide.md#topsecret-7f3b-heading).\n');
    fs.symlinkSync(path.join(outside, 'notes'), path.join(skill, 'notes'));
    // With and without the lint cache (its reader hashes what it serves: it must not follow the link either).
    for (const args of [['lint', '--format', 'json'], ['lint', '--format', 'json', '--cache']]) {
      const lint = cli(args, root);
      expect(lint.status, lint.stdout).toBe(1);
      expect(lint.stdout).toContain('links/escape');
      expect(lint.stdout.toLowerCase(), args.join(' ')).not.toContain(SECRET.toLowerCase());
    }
    const build = cli(['build'], root);
    expect((build.stdout + build.stderr).toLowerCase()).not.toContain(SECRET.toLowerCase());
    expect(holdingSecret(path.join(root, 'generated'))).toEqual([]);
  });

  it('a bundled link to a FIFO inside the skill does not hang the build', () => {
    const { root, skill } = setup({ rules: { 'file/special': 'off' } });
    fs.writeFileSync(path.join(skill, 'SKILL.md'), '---\nname: alpha\ndescription: Use when testing links.\n---\n\n# Alpha\n\nText.\n');
    execFileSync('mkfifo', [path.join(skill, 'pipe')]);
    fs.symlinkSync('pipe', path.join(skill, 'notes.md'));
    const build = cli(['build', '--no-incremental'], root);
    expect(build.error, 'the build hung on the FIFO').toBeUndefined();
    expect(build.stderr).not.toMatch(/\n\s+at /);
  });
});

describe('--fix and a link planted at its temporary file name', () => {
  it('writes the fixed SKILL.md through no planted link: SKILL.md stays a regular file, nothing outside is written', () => {
    const { root, skill, outside } = setup();
    const file = path.join(skill, 'SKILL.md');
    fs.writeFileSync(file, '---\nname: alpha\ndescription: Use when testing links.\ncompatibility: Requires: git.\n---\n\n# Alpha\n\nText.\n');
    // skillc 0.1 wrote `.SKILL.md.skillc-<pid>.tmp`; pids come in order, so plant links for the next ones.
    const probe = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))'], { encoding: 'utf8' });
    const next = Number(probe.stdout);
    for (let pid = next + 1; pid < next + 400; pid++) fs.symlinkSync(path.join(outside, `written-${pid}`), path.join(skill, `.SKILL.md.skillc-${pid}.tmp`));
    const r = skillc(['lint', '--fix'], root);
    expect(r.stderr).not.toMatch(/\n\s+at /);
    expect(fs.readdirSync(outside).filter((f) => f.startsWith('written-'))).toEqual([]);
    expect(fs.lstatSync(file).isFile()).toBe(true);
    expect(fs.readFileSync(file, 'utf8')).toContain('compatibility: "Requires: git."');
  });
});
