// Issue #14: `skillc import` crashed partway on a dangling link, a YAML alias bomb or a FIFO.
// Each is now reported for its skill, the others are imported, and nothing hangs.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { skillc } from '../ecosystem/helpers.js';

const roots: string[] = [];
afterEach(() => {
  for (const r of roots.splice(0)) fs.rmSync(r, { recursive: true, force: true });
});

const SKILL = (name: string, extra = '') => `---\nname: ${name}\ndescription: Use when testing ${name}.\n${extra}---\n\n# ${name}\n`;
const BOMB = ['a: &a ["x","x","x","x","x","x","x","x","x"]', 'b: &b [*a,*a,*a,*a,*a,*a,*a,*a,*a]', 'c: &c [*b,*b,*b,*b,*b,*b,*b,*b,*b]', 'd: &d [*c,*c,*c,*c,*c,*c,*c,*c,*c]', ''].join('\n');

function tree(): { root: string; from: string } {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'skillc-sec-import-'));
  roots.push(root);
  const from = path.join(root, '.claude/skills');
  const put = (rel: string, text: string) => {
    fs.mkdirSync(path.dirname(path.join(from, rel)), { recursive: true });
    fs.writeFileSync(path.join(from, rel), text);
  };
  put('a-good/SKILL.md', SKILL('a-good'));
  put('b-bomb/SKILL.md', SKILL('b-bomb', BOMB));
  put('c-fifo/SKILL.md', SKILL('c-fifo'));
  execFileSync('mkfifo', [path.join(from, 'c-fifo/pipe')]);
  fs.mkdirSync(path.join(from, 'd-fifo-skill'));
  execFileSync('mkfifo', [path.join(from, 'd-fifo-skill/SKILL.md')]);
  put('e-dangling/SKILL.md', SKILL('e-dangling'));
  fs.symlinkSync('does-not-exist', path.join(from, 'e-dangling/old.md'));
  put('f-openai/SKILL.md', SKILL('f-openai'));
  fs.mkdirSync(path.join(from, 'f-openai/agents'));
  execFileSync('mkfifo', [path.join(from, 'f-openai/agents/openai.yaml')]);
  put('g-exists/SKILL.md', SKILL('g-exists'));
  fs.mkdirSync(path.join(root, 'skills-src'));
  fs.symlinkSync('nowhere', path.join(root, 'skills-src/g-exists'));
  return { root, from };
}

describe('import: hostile trees', () => {
  it('reports each bad skill, imports the others, never hangs on a FIFO', () => {
    const { root } = tree();
    for (const dry of [true, false]) {
      const r = skillc(['import', '.claude/skills', ...(dry ? ['--dry-run'] : [])], root);
      expect(r.stderr).not.toMatch(/\n +at |ERR_FS_CP|EEXIST/);
      expect(r.code, r.stderr).toBe(1);
      expect(r.stdout).toMatch(/skip +\.claude\/skills\/b-bomb \(frontmatter does not convert .*aliases/);
      expect(r.stdout).toMatch(/skip +\.claude\/skills\/c-fifo \(pipe is a FIFO, socket or device/);
      expect(r.stdout).toMatch(/skip +\.claude\/skills\/d-fifo-skill \(SKILL\.md is a FIFO, socket or device/);
      expect(r.stdout).toMatch(/skip +\.claude\/skills\/f-openai \(agents\/openai\.yaml is a FIFO, socket or device/);
      expect(r.stdout).toMatch(/skip +skills-src\/g-exists \(exists; not overwritten\)/);
      expect(r.stdout).toContain(`${dry ? 'would import' : 'imported'} 2 skill(s)`);
    }
    expect(fs.existsSync(path.join(root, 'skills-src/a-good/SKILL.md'))).toBe(true);
    expect(fs.readlinkSync(path.join(root, 'skills-src/e-dangling/old.md'))).toBe('does-not-exist');
    expect(fs.existsSync(path.join(root, 'skills-src/b-bomb'))).toBe(false);
    expect(fs.existsSync(path.join(root, 'skills-src/c-fifo'))).toBe(false);
    expect(fs.readlinkSync(path.join(root, 'skills-src/g-exists'))).toBe('nowhere');
  });
});

// Issue #24: import followed links in the tree it imports (SKILL.md, agents/openai.yaml), and wrote
// before it had checked everything (a FIFO found late left a half-copied skill).
describe('import: links and late special files', () => {
  const SECRET = 'TOPSECRET-51c2';

  function linked(): { root: string; from: string; outside: string } {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), 'skillc-sec-import-'));
    roots.push(root);
    const from = path.join(root, 'project/.claude/skills');
    const outside = path.join(root, 'outside');
    fs.mkdirSync(path.join(outside, 'agents'), { recursive: true });
    fs.writeFileSync(path.join(outside, 'secret.md'), SKILL('h-link', `# ${SECRET}\n`));
    fs.writeFileSync(path.join(outside, 'agents/openai.yaml'), `interface:\n  display_name: ${SECRET}\n`);
    const put = (rel: string, text: string) => {
      fs.mkdirSync(path.dirname(path.join(from, rel)), { recursive: true });
      fs.writeFileSync(path.join(from, rel), text);
    };
    put('a-good/SKILL.md', SKILL('a-good'));
    fs.mkdirSync(path.join(from, 'h-link'));
    fs.symlinkSync(path.join(outside, 'secret.md'), path.join(from, 'h-link/SKILL.md'));
    put('i-openai/SKILL.md', SKILL('i-openai'));
    fs.mkdirSync(path.join(from, 'i-openai/agents'));
    fs.symlinkSync(path.join(outside, 'agents/openai.yaml'), path.join(from, 'i-openai/agents/openai.yaml'));
    put('j-agents/SKILL.md', SKILL('j-agents'));
    fs.symlinkSync(path.join(outside, 'agents'), path.join(from, 'j-agents/agents'));
    return { root: path.join(root, 'project'), from, outside };
  }

  /** Files under `dir` holding the secret (links not followed). */
  const holding = (dir: string): string[] => {
    const out: string[] = [];
    const walk = (d: string): void => {
      if (!fs.existsSync(d)) return;
      for (const e of fs.readdirSync(d, { withFileTypes: true })) {
        if (e.isDirectory()) walk(path.join(d, e.name));
        else if (e.isFile() && fs.readFileSync(path.join(d, e.name), 'utf8').includes(SECRET)) out.push(path.join(d, e.name));
      }
    };
    walk(dir);
    return out;
  };

  it('never reads SKILL.md or agents/openai.yaml through a link: such a skill is skipped, a linked folder is copied as a link', () => {
    const { root } = linked();
    const r = skillc(['import', '.claude/skills'], root);
    expect(r.stdout + r.stderr).not.toContain(SECRET);
    expect(r.code, r.stdout + r.stderr).toBe(1);
    expect(r.stdout).toMatch(/skip +\.claude\/skills\/h-link \(SKILL\.md is a symbolic link/);
    expect(r.stdout).toMatch(/skip +\.claude\/skills\/i-openai \(agents\/openai\.yaml is a symbolic link/);
    expect(holding(path.join(root, 'skills-src'))).toEqual([]);
    expect(fs.existsSync(path.join(root, 'skills-src/h-link'))).toBe(false);
    expect(fs.existsSync(path.join(root, 'skills-src/i-openai'))).toBe(false);
    // The linked `agents` folder is copied as the link it is; what it points at is not read (nothing folded into skillc.codex).
    expect(fs.lstatSync(path.join(root, 'skills-src/j-agents/agents')).isSymbolicLink()).toBe(true);
    expect(fs.readFileSync(path.join(root, 'skills-src/j-agents/SKILL.md'), 'utf8')).not.toContain('codex');
  });

  it('never writes through a linked destination folder', () => {
    const { root, outside } = linked();
    fs.mkdirSync(path.join(outside, 'dest'));
    fs.symlinkSync(path.join(outside, 'dest'), path.join(root, 'skills-src'));
    const r = skillc(['import', '.claude/skills'], root);
    expect(r.code, r.stdout + r.stderr).toBe(2);
    expect(r.stderr).toContain('is a symbolic link');
    expect(fs.readdirSync(path.join(outside, 'dest'))).toEqual([]);
  });

  it('checks a whole skill before copying: a FIFO after thousands of files leaves nothing of it, and no temporary folder', () => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), 'skillc-sec-import-'));
    roots.push(root);
    const from = path.join(root, '.claude/skills');
    fs.mkdirSync(path.join(from, 'a-good'), { recursive: true });
    fs.writeFileSync(path.join(from, 'a-good/SKILL.md'), SKILL('a-good'));
    const big = path.join(from, 'k-late-fifo');
    fs.mkdirSync(path.join(big, 'assets'), { recursive: true });
    fs.writeFileSync(path.join(big, 'SKILL.md'), SKILL('k-late-fifo'));
    // More entries than skillc 0.1 looked at before it started copying, the FIFO in a folder beside them.
    for (let i = 0; i < 20_010; i++) fs.writeFileSync(path.join(big, 'assets', `f${String(i).padStart(5, '0')}.txt`), 'x');
    fs.mkdirSync(path.join(big, 'assets/zz'));
    execFileSync('mkfifo', [path.join(big, 'assets/zz/pipe')]);
    const r = skillc(['import', '.claude/skills'], root);
    expect(r.stderr).not.toMatch(/\n +at |ERR_FS_CP/);
    expect(r.code, r.stdout + r.stderr).toBe(1);
    expect(r.stdout).toMatch(/skip +\.claude\/skills\/k-late-fifo \(/);
    expect(fs.existsSync(path.join(root, 'skills-src/k-late-fifo'))).toBe(false);
    expect(fs.readdirSync(path.join(root, 'skills-src'))).toEqual(['a-good']);
  });
});
