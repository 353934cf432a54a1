// The CLI's edges, as a newcomer meets them (issue 18): each a clear line on stderr, the right exit
// code, never a stack trace, and no write outside what the command may write.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { bin, CONFIG, project, SKILL, skillc } from './helpers.js';

const made: string[] = [];
afterAll(() => {
  for (const d of made) fs.rmSync(d, { recursive: true, force: true });
});
function tmp(files: Record<string, string> = {}): string {
  const dir = project(files);
  made.push(dir);
  return dir;
}
const oneSkill = (): string => tmp({ 'skillc.config.json': CONFIG(['agentskills', 'claude']), 'skills-src/alpha/SKILL.md': SKILL('alpha') });
/** No stack trace, no "internal error": one clear message. */
function clean(stderr: string): void {
  expect(stderr).not.toContain('internal error');
  expect(stderr).not.toMatch(/^\s+at /m);
}

describe('CLI edges', () => {
  it('a closed stdout ends quietly with exit 0 (`skillc rules | head -1`)', () => {
    for (let i = 0; i < 5; i++) {
      const r = spawnSync('bash', ['-c', `${JSON.stringify(process.execPath)} ${JSON.stringify(bin)} rules 2>"$0.err" | head -1 >/dev/null; echo "\${PIPESTATUS[0]}"; cat "$0.err"`, path.join(tmp(), 'run')], { encoding: 'utf8' });
      expect(r.stdout.trim()).toBe('0');
    }
  });

  it.each([
    ['lint', '-o'],
    ['rehearse', '-o'],
    ['graph', '-o'],
  ])('%s %s <folder> is a usage error naming the flag, written before any work', (command, flag) => {
    const dir = oneSkill();
    const r = skillc([command, flag, '.'], dir);
    expect(r.code).toBe(2);
    clean(r.stderr);
    expect(r.stderr).toMatch(/--output(-file)? \.: is a folder/);
  });

  it('-o creates only the file\'s own folder, never a chain of missing ones', () => {
    const dir = oneSkill();
    const deep = path.join(dir, 'missing', 'dir', 'x.json');
    const r = skillc(['lint', '-o', deep], dir);
    expect(r.code).toBe(2);
    clean(r.stderr);
    expect(r.stderr).toContain(`the folder ${path.join(dir, 'missing')} does not exist`);
    expect(fs.existsSync(path.join(dir, 'missing'))).toBe(false);
    // One missing folder whose parent exists is created, as ESLint does.
    expect(skillc(['lint', '-o', 'reports/lint.json', '-f', 'json'], dir).code).toBe(0);
    expect(JSON.parse(fs.readFileSync(path.join(dir, 'reports', 'lint.json'), 'utf8'))).toBeTruthy();
    // A file where a folder is needed: a usage error, not a stack trace.
    fs.writeFileSync(path.join(dir, 'plain'), '');
    const notDir = skillc(['rehearse', '-o', 'plain/x.xml'], dir);
    expect(notDir.code).toBe(2);
    clean(notDir.stderr);
    expect(notDir.stderr).toContain('plain is not a folder');
  });

  it.each(['lint', 'build', 'catalog', 'graph', 'install', 'init'])('%s --host claud names the flag and suggests claude', (command) => {
    const dir = oneSkill();
    const r = skillc([command, '--host', 'claud'], dir);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain("unknown host 'claud' in --host; did you mean 'claude'?");
    expect(r.stderr).not.toContain('config error');
    const far = skillc([command, '--host', 'clippy'], dir);
    expect(far.code).toBe(2);
    expect(far.stderr).toContain("unknown host 'clippy' in --host (expected one of");
  });

  it('config mistakes name the file, print keys and rule ids as written, and suggest', () => {
    const cases: [object, string][] = [
      [{ hosts: ['claud'] }, "unknown host 'claud' in hosts; did you mean 'claude'?"],
      [{ hots: ['claude'] }, `invalid config at (root): unknown key 'hots'; did you mean 'hosts'?`],
      [{ rules: { 'links/brokn': 'error' } }, `unknown rule 'links/brokn' in rules; did you mean 'links/broken'?`],
      [{ rules: { 'links/broken': 'eror' } }, `invalid config at rules.links/broken: unexpected "eror"; did you mean 'error'?`],
      [{ rules: { 'body/max-lines': ['warn', { maxx: 3 }] } }, `invalid options for body/max-lines: unknown key 'maxx'; did you mean 'max'?`],
      [{ plugin: { nme: 'x' } }, `invalid config at plugin: unknown key 'nme'; did you mean 'name'?`],
    ];
    for (const [config, message] of cases) {
      const dir = tmp({ 'skillc.config.json': JSON.stringify(config), 'skills-src/alpha/SKILL.md': SKILL('alpha') });
      const r = skillc(['lint'], dir);
      expect(r.code, JSON.stringify(config)).toBe(2);
      expect(r.stderr).toContain(`${path.join(dir, 'skillc.config.json')}: ${message}`);
      expect(r.stderr).not.toContain('~1');
    }
  });

  it('an unknown flag or command gets a "did you mean"', () => {
    const dir = oneSkill();
    expect(skillc(['lint', '--hots', 'claude'], dir).stderr).toContain("Unknown option '--hots'; did you mean '--host'?");
    expect(skillc(['lnt'], dir).stderr).toContain("unknown command 'lnt'; did you mean 'lint'?");
    expect(skillc(['explain', 'brokn'], dir).stderr).toContain("did you mean 'links/broken'?");
  });

  it('lint with no skills is an error naming where it looked; a skill.md gets a warning', () => {
    const empty = tmp();
    const r = skillc(['lint'], empty);
    expect(r.code).toBe(2);
    expect(r.stderr).toBe('skillc lint: no skills found in . (a skill is a folder holding a SKILL.md)\n');
    const lower = tmp({ 'skills-src/alpha/skill.md': SKILL('alpha') });
    const l = skillc(['lint'], lower);
    expect(l.code).toBe(2);
    expect(l.stderr).toContain('skills-src/alpha/skill.md is not read as a skill: hosts read a file named SKILL.md');
    expect(l.stderr).toContain('no skills found in skills-src');
    // Beside found skills, the near miss is a warning and the run goes on.
    const mixed = tmp({ 'skills-src/alpha/SKILL.md': SKILL('alpha'), 'skills-src/beta/skill.md': SKILL('beta') });
    const m = skillc(['lint'], mixed);
    expect(m.code).toBe(0);
    expect(m.stderr).toContain('skills-src/beta/skill.md is not read as a skill');
  });

  it('a missing absolute path is printed as given', () => {
    const dir = oneSkill();
    const missing = path.join(path.parse(dir).root, 'nonexistent-skillc-path');
    const r = skillc(['lint', missing], dir);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(`No such file or folder: ${missing}\n`);
  });

  it('build in an empty folder says no skills found and writes nothing', () => {
    const empty = tmp();
    for (const args of [['build'], ['build', '--check']]) {
      const r = skillc(args, empty);
      expect(r.code).toBe(2);
      expect(r.stderr).toContain('no skills found in .');
      expect(r.stderr).not.toContain('overlaps');
      expect(fs.readdirSync(empty)).toEqual([]);
    }
  });
});
