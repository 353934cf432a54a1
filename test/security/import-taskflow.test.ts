// Issue #24, `import`: `skillc import --from taskflow` reads a tree it does not trust and writes into
// the project. It reads no file through a link nor from a FIFO, writes nothing through a link
// planted on the way to its destination (`skills -> /elsewhere`, `skills/_core -> /elsewhere`), and
// writes each skill whole or not at all (no temporary folder left behind).
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { tempDir } from '../helpers.js';
import { skillc } from '../ecosystem/helpers.js';

const SECRET = 'TOP-SECRET-7f3a';
const ENTRY = (name: string): string => `---\nname: ${name}\ndescription: Use when testing the taskflow import of ${name}.\n---\n\n# ${name}\n`;

/** A project with skills-src/<name>/ in taskflow's layout for each name, and an `outside/` folder holding a secret. */
function world(names: string[]): { root: string; outside: string } {
  const w = tempDir('skillc-sec-taskflow-');
  const root = path.join(w, 'project');
  const outside = path.join(w, 'outside');
  fs.mkdirSync(outside);
  fs.writeFileSync(path.join(outside, 'secret.md'), `${SECRET}\n`);
  for (const name of names) {
    const dir = path.join(root, 'skills-src', name);
    fs.mkdirSync(dir, { recursive: true });
    fs.writeFileSync(path.join(dir, 'entry.claude.md'), ENTRY(name));
    fs.writeFileSync(path.join(dir, 'core.md'), `## Steps\n\nDo ${name}.\n`);
  }
  return { root, outside };
}

/** Every path under `dir` (links not followed), relative, sorted. */
function listing(dir: string): string[] {
  return fs.readdirSync(dir, { recursive: true, encoding: 'utf8' }).map((p) => p.split(path.sep).join('/')).sort();
}

/** Files under `dir` (links not followed) whose text holds the secret. */
function holdingSecret(dir: string): string[] {
  return listing(dir).filter((rel) => {
    const st = fs.lstatSync(path.join(dir, rel));
    return st.isFile() && fs.readFileSync(path.join(dir, rel), 'utf8').includes(SECRET);
  });
}

describe('import --from taskflow: hostile trees', () => {
  it('imports a plain layout (the baseline the cases below differ from)', () => {
    const { root } = world(['alpha']);
    const r = skillc(['import', '--from', 'taskflow'], root);
    expect(r.code, r.stdout + r.stderr).toBe(0);
    expect(listing(path.join(root, 'skills'))).toEqual(['_core', '_core/alpha.md', 'alpha', 'alpha/SKILL.md']);
    expect(fs.existsSync(path.join(root, 'skillc.config.json'))).toBe(true);
  });

  it('never writes through a destination folder that is a link (skills -> outside)', () => {
    const { root, outside } = world(['alpha']);
    fs.mkdirSync(path.join(outside, 'dest'));
    fs.symlinkSync(path.join(outside, 'dest'), path.join(root, 'skills'));
    const r = skillc(['import', '--from', 'taskflow'], root);
    expect(r.code, r.stdout + r.stderr).toBe(2);
    expect(r.stderr).toContain('is a symbolic link');
    expect(r.stderr).not.toMatch(/\n +at /);
    expect(fs.readdirSync(path.join(outside, 'dest'))).toEqual([]);
    expect(fs.existsSync(path.join(root, 'skillc.config.json'))).toBe(false);
  });

  it('never writes through a linked _core folder: the skill is skipped, whole, and the others are imported', () => {
    const { root, outside } = world(['alpha']);
    fs.mkdirSync(path.join(root, 'skills'));
    fs.mkdirSync(path.join(outside, 'core'));
    fs.symlinkSync(path.join(outside, 'core'), path.join(root, 'skills/_core'));
    const r = skillc(['import', '--from', 'taskflow'], root);
    expect(r.code, r.stdout + r.stderr).not.toBe(0);
    expect(r.stdout + r.stderr).toMatch(/_core is a symbolic link/);
    expect(r.stderr).not.toMatch(/\n +at /);
    expect(fs.readdirSync(path.join(outside, 'core'))).toEqual([]);
    expect(listing(path.join(root, 'skills'))).toEqual(['_core']);
  });

  it('reads no core.md or entry file through a link, nor from a FIFO: those skills are skipped, the others imported', () => {
    const { root, outside } = world(['alpha', 'linked-core', 'linked-entry', 'fifo-entry']);
    fs.rmSync(path.join(root, 'skills-src/linked-core/core.md'));
    fs.symlinkSync(path.join(outside, 'secret.md'), path.join(root, 'skills-src/linked-core/core.md'));
    fs.rmSync(path.join(root, 'skills-src/linked-entry/entry.claude.md'));
    fs.symlinkSync(path.join(outside, 'secret.md'), path.join(root, 'skills-src/linked-entry/entry.claude.md'));
    fs.rmSync(path.join(root, 'skills-src/fifo-entry/entry.claude.md'));
    execFileSync('mkfifo', [path.join(root, 'skills-src/fifo-entry/entry.claude.md')]);
    const r = skillc(['import', '--from', 'taskflow'], root);
    expect(r.stdout + r.stderr).not.toContain(SECRET);
    expect(r.stderr).not.toMatch(/\n +at /);
    expect(r.stdout + r.stderr).toMatch(/linked-core[^\n]*core\.md is a symbolic link/);
    expect(r.stdout + r.stderr).toMatch(/linked-entry[^\n]*entry\.claude\.md is a symbolic link/);
    expect(r.stdout + r.stderr).toMatch(/fifo-entry[^\n]*entry\.claude\.md is not a regular file/);
    expect(listing(path.join(root, 'skills'))).toEqual(['_core', '_core/alpha.md', 'alpha', 'alpha/SKILL.md']);
    expect(holdingSecret(root)).toEqual([]);
  });

  it('does not follow a skills-src that is a link out of the tree', () => {
    const { root, outside } = world([]);
    const elsewhere = world(['stolen']);
    fs.rmSync(path.join(root, 'skills-src'), { recursive: true, force: true });
    fs.mkdirSync(root, { recursive: true });
    fs.symlinkSync(path.join(elsewhere.root, 'skills-src'), path.join(root, 'skills-src'));
    const r = skillc(['import', '--from', 'taskflow'], root);
    expect(r.code, r.stdout + r.stderr).toBe(2);
    expect(r.stderr).toContain('no taskflow source');
    expect(fs.existsSync(path.join(root, 'skills'))).toBe(false);
    expect(fs.readdirSync(outside)).toEqual(['secret.md']);
  });
});
