import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { tempDir, cliEnv } from './helpers.js';

const repo = path.resolve(import.meta.dirname, '..');
const bin = path.join(repo, 'bin', 'skillc.js');
const fixtures = path.join(repo, 'test', 'fixtures', 'cli');

/** Runs the real CLI in a child process, as a user would. */
function skillc(args: string[], cwd: string, env: Record<string, string> = {}) {
  const r = spawnSync(process.execPath, [bin, ...args], { cwd, encoding: 'utf8', env: cliEnv(env) });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

// Fixtures are copied out of the repo: its own skillc.config.json would otherwise be found upwards.
function copyFixture(name: string): string {
  const dir = tempDir('skillc-cli-');
  fs.cpSync(path.join(fixtures, name), dir, { recursive: true });
  return dir;
}

describe('skillc CLI', () => {
  it('prints help and the version', () => {
    const help = skillc(['--help'], repo);
    expect(help.code).toBe(0);
    expect(help.stdout).toContain('Usage: skillc <command>');
    expect(skillc(['lint', '--help'], repo).stdout).toContain('--max-warnings');
    expect(skillc(['--version'], repo).stdout).toMatch(/^\d+\.\d+\.\d+\n$/);
  });

  it('exits 2 on usage errors', () => {
    expect(skillc([], repo).code).toBe(2);
    const unknown = skillc(['frobnicate'], repo);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain("unknown command 'frobnicate'");
    const flag = skillc(['lint', '--bogus'], repo);
    expect(flag.code).toBe(2);
    expect(flag.stderr).toContain("Unknown option '--bogus'");
    expect(skillc(['lint', '--format', 'xml'], repo).code).toBe(2);
    // Every --format is checked by one helper: a key of Object.prototype is no reporter (it crashed once).
    for (const command of ['lint', 'build', 'rules', 'catalog', 'graph', 'replay', 'rehearse']) {
      const proto = skillc([command, '--format', 'constructor', ...(command === 'build' ? [] : ['.'])], repo);
      expect(proto.code, command).toBe(2);
      expect(proto.stderr, command).toMatch(/unknown format 'constructor', expected \w+/);
      expect(proto.stderr, command).not.toMatch(/at .*\.js:\d+/);
    }
    expect(skillc(['rules', '--format', 'jsn'], repo).stderr).toContain("expected stylish, json; did you mean 'json'?");
    const missing = skillc(['lint', 'no/such/path'], repo);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain('No such file or folder: no/such/path');
    expect(missing.stderr).not.toMatch(/at .*\.js:\d+/);
  });

  it('exits 0 on a clean tree and prints nothing in stylish', () => {
    const r = skillc(['lint'], copyFixture('clean'));
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    expect(r.stdout).toBe('');
  });

  it('prints the json contract, every linted file listed', () => {
    const r = skillc(['lint', '--format', 'json'], copyFixture('broken'));
    expect(r.code).toBe(1);
    const doc = JSON.parse(r.stdout);
    expect(Object.keys(doc)).toEqual(['version', 'files', 'summary']);
    expect(doc.version).toBe(1);
    expect(doc.files.map((f: { path: string }) => f.path)).toEqual(['skills-src/bad-name/SKILL.md', 'skills-src/suppressed/SKILL.md']);
    const bad = doc.files[0].messages;
    expect(bad).toContainEqual({
      ruleId: 'frontmatter/name-format',
      severity: 'error',
      message: 'Unexpected `Bad_Name`, expected 1-64 lowercase letters, digits and single inner hyphens',
      line: 2,
      column: 7,
      endLine: 2,
      endColumn: 15,
      fixable: true,
    });
    expect(doc.files[1].messages.map((m: { ruleId: string }) => m.ruleId)).toContain('source/unused-suppression');
    expect(doc.summary).toEqual({ files: 2, errors: bad.filter((m: { severity: string }) => m.severity === 'error').length + doc.files[1].messages.filter((m: { severity: string }) => m.severity === 'error').length, warnings: expect.any(Number) });
  });

  it('prints stylish with positions, rule ids and a summary', () => {
    const r = skillc(['lint'], copyFixture('broken'));
    expect(r.code).toBe(1);
    expect(r.stdout).toContain('skills-src/bad-name/SKILL.md');
    expect(r.stdout).toMatch(/2:7\s+error\s+Unexpected `Bad_Name`.*frontmatter\/name-format/);
    expect(r.stdout).toMatch(/✖ \d+ problems? \(\d+ errors?, \d+ warnings?\)/);
    expect(r.stdout).not.toContain('\u001b[');
  });

  it('colours stylish only when forced', () => {
    const r = skillc(['lint', '--color'], copyFixture('broken'));
    expect(r.stdout).toContain('\u001b[');
  });

  it('prints GitHub annotations', () => {
    const r = skillc(['lint', '--format', 'github'], copyFixture('broken'));
    expect(r.code).toBe(1);
    expect(r.stdout).toContain('::error file=skills-src/bad-name/SKILL.md,line=2,col=7,endLine=2,endColumn=15,title=frontmatter/name-format::Unexpected `Bad_Name`');
    expect(r.stdout).toMatch(/^::warning file=skills-src\/suppressed\/SKILL.md,line=8,/m);
  });

  it('writes SARIF 2.1.0 with relative URIs to a file', () => {
    const dir = copyFixture('broken');
    const r = skillc(['lint', '--format', 'sarif', '--output-file', 'out/skillc.sarif'], dir);
    expect(r.code).toBe(1);
    expect(r.stdout).toBe('');
    const log = JSON.parse(fs.readFileSync(path.join(dir, 'out', 'skillc.sarif'), 'utf8'));
    expect(log.version).toBe('2.1.0');
    const run = log.runs[0];
    expect(run.tool.driver.name).toBe('skillc');
    const result = run.results.find((x: { ruleId: string }) => x.ruleId === 'frontmatter/name-format');
    expect(result.level).toBe('error');
    expect(result.locations[0].physicalLocation.artifactLocation.uri).toBe('skills-src/bad-name/SKILL.md');
    expect(result.locations[0].physicalLocation.region).toEqual({ startLine: 2, startColumn: 7, endLine: 2, endColumn: 15 });
    expect(run.tool.driver.rules[result.ruleIndex].id).toBe('frontmatter/name-format');
  });

  it('honours --max-warnings and --quiet', () => {
    const dir = copyFixture('broken');
    fs.rmSync(path.join(dir, 'skills-src', 'bad-name'), { recursive: true });
    const warnOnly = skillc(['lint', '--format', 'json'], dir);
    expect(warnOnly.code).toBe(0);
    expect(JSON.parse(warnOnly.stdout).summary.warnings).toBeGreaterThan(0);
    const strict = skillc(['lint', '--max-warnings', '0'], dir);
    expect(strict.code).toBe(1);
    expect(strict.stderr).toContain('too many warnings (maximum: 0)');
    // --quiet leaves the warnings out of the report; --max-warnings still counts them, as ESLint does.
    const quiet = skillc(['lint', '--quiet', '--max-warnings', '0'], dir);
    expect(quiet.code).toBe(1);
    expect(quiet.stdout).toBe('');
    expect(quiet.stderr).toMatch(/too many warnings \(maximum: 0; \d+ found, not listed with --quiet\)/);
    const quietOnly = skillc(['lint', '--quiet'], dir);
    expect(quietOnly.code).toBe(0);
    expect(quietOnly.stdout).toBe('');
    const quietJson = JSON.parse(skillc(['lint', '--quiet', '--format', 'json'], dir).stdout);
    expect(quietJson.summary.warnings).toBe(0);
  });

  it('--fix-dry-run writes nothing; --fix rewrites the file', () => {
    const dir = copyFixture('broken');
    const file = path.join(dir, 'skills-src', 'bad-name', 'SKILL.md');
    const before = fs.readFileSync(file, 'utf8');
    const dry = skillc(['lint', '--fix-dry-run', '--format', 'json', 'skills-src/bad-name'], dir);
    expect(fs.readFileSync(file, 'utf8')).toBe(before);
    expect(JSON.parse(dry.stdout).files[0].output).toContain('name: bad-name\n');
    const fixed = skillc(['lint', '--fix', 'skills-src/bad-name'], dir);
    expect(fs.readFileSync(file, 'utf8')).toBe(before.replace('name: Bad_Name', 'name: bad-name'));
    expect(fixed.stdout).not.toContain('frontmatter/name-format');
  });

  it('exits 2 with a clear message on a bad config', () => {
    const dir = copyFixture('clean');
    fs.writeFileSync(path.join(dir, 'skillc.config.json'), '{ "rules": { "no/such-rule": "error" } }');
    const r = skillc(['lint'], dir);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain("unknown rule 'no/such-rule'");
    fs.writeFileSync(path.join(dir, 'skillc.config.json'), '{ "hosts": ["nowhere"] }');
    expect(skillc(['lint'], dir).stderr).toMatch(/hosts.0|nowhere/);
    fs.writeFileSync(path.join(dir, 'skillc.config.json'), '{ not json');
    const parse = skillc(['lint'], dir);
    expect(parse.code).toBe(2);
    expect(parse.stderr).toContain('cannot parse config');
  });

  it('reads a YAML config and turns rules off', () => {
    const dir = copyFixture('broken');
    fs.writeFileSync(path.join(dir, 'skillc.config.yaml'), 'rules:\n  frontmatter/name-format: "off"\n  frontmatter/name-directory: "off"\n');
    const r = skillc(['lint', '--format', 'json'], dir);
    const ids = JSON.parse(r.stdout).files.flatMap((f: { messages: { ruleId: string }[] }) => f.messages.map((m) => m.ruleId));
    expect(ids).not.toContain('frontmatter/name-format');
  });

  it('lists rules and explains one', () => {
    const list = skillc(['rules'], repo);
    expect(list.code).toBe(0);
    expect(list.stdout).toMatch(/^frontmatter\/name-format\s+error\s+fix/m);
    const json = JSON.parse(skillc(['rules', '--format', 'json'], repo).stdout);
    expect(json.find((r: { id: string }) => r.id === 'frontmatter/name-format').fixable).toBe(true);
    const explain = skillc(['explain', 'frontmatter/name-format'], repo);
    expect(explain.code).toBe(0);
    expect(explain.stdout).toContain('# frontmatter/name-format');
    const unknown = skillc(['explain', 'name-format'], repo);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain("did you mean 'frontmatter/name-format'?");
  });
});
