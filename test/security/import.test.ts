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
