// Issue #24 and #26: every command that writes goes through one path guard and one atomic writer, so
// a link committed in the checkout (a folder, or the file itself) never takes a write outside, and no
// file is replaced by a copy of what a link pointed at: `skillc init`, `lint --output-file`,
// `lint --suppress-all` (the baseline), the lint and build caches.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { tempDir } from '../helpers.js';
import { SKILL, skillc } from '../ecosystem/helpers.js';

/** A project folder and, beside it, `outside/` with a victim file. */
function setup(files: Record<string, string> = {}): { root: string; outside: string } {
  const w = tempDir('skillc-sec-writers-');
  const root = path.join(w, 'project');
  const outside = path.join(w, 'outside');
  fs.mkdirSync(outside);
  fs.writeFileSync(path.join(outside, 'victim.txt'), 'precious\n');
  fs.mkdirSync(root);
  for (const [rel, text] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(root, rel)), { recursive: true });
    fs.writeFileSync(path.join(root, rel), text);
  }
  return { root, outside };
}

const listing = (dir: string): string[] => fs.readdirSync(dir, { recursive: true, encoding: 'utf8' }).sort();

describe('skillc init never writes or reads through a committed link', () => {
  it('refuses a linked skills-src/ and writes nothing, there or outside', () => {
    const { root, outside } = setup();
    fs.mkdirSync(path.join(outside, 'src'));
    fs.symlinkSync(path.join(outside, 'src'), path.join(root, 'skills-src'));
    const r = skillc(['init'], root);
    expect(listing(path.join(outside, 'src'))).toEqual([]);
    expect(r.code, r.stdout + r.stderr).toBe(2);
    expect(r.stderr).toContain('is a symbolic link');
    expect(r.stderr).not.toMatch(/\n\s+at /);
    expect(fs.readdirSync(root).sort()).toEqual(['skills-src']);
  });

  it('refuses a linked .gitignore or package.json: its target is neither read into the project nor changed', () => {
    for (const name of ['.gitignore', 'package.json']) {
      const { root, outside } = setup();
      fs.symlinkSync(path.join(outside, 'victim.txt'), path.join(root, name));
      const r = skillc(['init'], root);
      expect(fs.readFileSync(path.join(outside, 'victim.txt'), 'utf8'), name).toBe('precious\n');
      expect(fs.lstatSync(path.join(root, name)).isSymbolicLink(), name).toBe(true);
      expect(r.stdout + r.stderr, name).not.toContain('precious');
      expect(r.code, name).toBe(2);
      expect(fs.existsSync(path.join(root, 'skills-src')), name).toBe(false);
    }
  });
});

describe('lint never writes its report or baseline through a link', () => {
  it('--output-file: a committed results.sarif -> outside is refused (exit 2), the target untouched', () => {
    const { root, outside } = setup({ 'skills-src/alpha/SKILL.md': SKILL('alpha') });
    fs.symlinkSync(path.join(outside, 'victim.txt'), path.join(root, 'results.sarif'));
    const r = skillc(['lint', '--format', 'sarif', '--output-file', 'results.sarif'], root);
    expect(fs.readFileSync(path.join(outside, 'victim.txt'), 'utf8')).toBe('precious\n');
    expect(r.code, r.stdout + r.stderr).toBe(2);
    expect(r.stderr).toContain('symbolic link');
    expect(fs.lstatSync(path.join(root, 'results.sarif')).isSymbolicLink()).toBe(true);
    // Through a linked folder too.
    fs.mkdirSync(path.join(outside, 'reports'));
    fs.symlinkSync(path.join(outside, 'reports'), path.join(root, 'reports'));
    const folder = skillc(['lint', '--format', 'sarif', '--output-file', 'reports/results.sarif'], root);
    expect(listing(path.join(outside, 'reports'))).toEqual([]);
    expect(folder.code).toBe(2);
  });

  it('--suppress-all: a committed skillc-suppressions.json -> outside is refused, the target untouched', () => {
    const { root, outside } = setup({ 'skills-src/alpha/SKILL.md': SKILL('alpha', '# Title\n\nText.\n', 'compatibility: Requires: git.\n') });
    fs.writeFileSync(path.join(outside, 'victim.txt'), '{"version":1,"files":{}}\n');
    fs.symlinkSync(path.join(outside, 'victim.txt'), path.join(root, 'skillc-suppressions.json'));
    const r = skillc(['lint', '--suppress-all'], root);
    expect(fs.readFileSync(path.join(outside, 'victim.txt'), 'utf8')).toBe('{"version":1,"files":{}}\n');
    expect(fs.lstatSync(path.join(root, 'skillc-suppressions.json')).isSymbolicLink()).toBe(true);
    expect(r.code, r.stdout + r.stderr).toBe(2);
    expect(r.stderr).not.toMatch(/\n\s+at /);
  });

  it('the build cache is not written through a committed node_modules -> outside (the build runs without it)', () => {
    const { root, outside } = setup({ 'skills-src/alpha/SKILL.md': SKILL('alpha'), 'skillc.config.json': JSON.stringify({ hosts: ['claude'] }) });
    fs.mkdirSync(path.join(outside, 'nm'));
    fs.symlinkSync(path.join(outside, 'nm'), path.join(root, 'node_modules'));
    const r = skillc(['build'], root);
    expect(r.code, r.stdout + r.stderr).toBe(0);
    expect(listing(path.join(outside, 'nm')).filter((f) => f.includes('build-'))).toEqual([]);
  });

  it('the lint cache is not written through a committed node_modules -> outside (lint runs without it)', () => {
    const { root, outside } = setup({ 'skills-src/alpha/SKILL.md': SKILL('alpha'), 'skillc.config.json': JSON.stringify({ hosts: ['claude'] }) });
    fs.mkdirSync(path.join(outside, 'nm'));
    fs.symlinkSync(path.join(outside, 'nm'), path.join(root, 'node_modules'));
    const r = skillc(['lint', '--cache'], root);
    expect(r.code, r.stdout + r.stderr).toBe(0);
    expect(listing(path.join(outside, 'nm'))).toEqual([]);
  });

  it('a FIFO or a link committed at the lint or build cache\'s name is neither waited on nor read: the run starts an empty cache', () => {
    const { root, outside } = setup({ 'skills-src/alpha/SKILL.md': SKILL('alpha'), 'skillc.config.json': JSON.stringify({ hosts: ['claude'] }) });
    const cacheDir = path.join(root, 'node_modules/.cache/skillc');
    fs.mkdirSync(cacheDir, { recursive: true });
    execFileSync('mkfifo', [path.join(cacheDir, 'lint-cache.json')]);
    expect(skillc(['lint', '--cache'], root).code).toBe(0);
    // The build's cache files are named per output folder: each one it looks for is made a FIFO.
    expect(skillc(['build'], root).code).toBe(0);
    const buildCaches = fs.readdirSync(cacheDir).filter((f) => f.startsWith('build-'));
    expect(buildCaches.length).toBeGreaterThan(0);
    for (const f of buildCaches) {
      fs.rmSync(path.join(cacheDir, f));
      execFileSync('mkfifo', [path.join(cacheDir, f)]);
    }
    fs.writeFileSync(path.join(root, 'skills-src/alpha/SKILL.md'), SKILL('alpha').replace('# ', '# Changed '));
    expect(skillc(['build'], root).code).toBe(0);
    fs.writeFileSync(path.join(outside, 'cache.json'), '{"format":2}');
    fs.rmSync(path.join(cacheDir, 'lint-cache.json'));
    fs.symlinkSync(path.join(outside, 'cache.json'), path.join(cacheDir, 'lint-cache.json'));
    expect(skillc(['lint', '--cache'], root).code).toBe(0);
    expect(fs.readFileSync(path.join(outside, 'cache.json'), 'utf8')).toBe('{"format":2}');
  });
});

