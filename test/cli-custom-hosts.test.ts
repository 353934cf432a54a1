import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { tempDir } from './helpers.js';

// A host a config defines (`customHosts`) is a host for every command that takes --host, checked the
// same way as a built-in one. Each run is a child process: the host registry is per process, so an
// earlier config cannot make a host known here by accident.
const repo = path.resolve(import.meta.dirname, '..');
const bin = path.join(repo, 'bin', 'skillc.js');

function skillc(args: string[], cwd: string) {
  const r = spawnSync(process.execPath, [bin, ...args], { cwd, encoding: 'utf8', env: { PATH: process.env.PATH ?? '', NO_COLOR: '1', HOME: cwd } });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

/** hermes-taskflow's port: hosts pi, codex, claude, opencode and `grok` (extends opencode), each with its output folder. */
function taskflow(): string {
  const dir = tempDir('skillc-custom-hosts-');
  fs.cpSync(path.join(repo, 'test/fixtures/taskflow'), dir, { recursive: true });
  return dir;
}

const TYPO = "unknown host 'grk' in --host; did you mean 'grok'?";

describe('a custom host on the command line', () => {
  it('build, lint, catalog and graph take it, and name a mistyped one with the custom host as the suggestion', () => {
    const dir = taskflow();
    const build = skillc(['build', '--host', 'grok'], dir);
    expect(build.stderr).toBe('');
    expect(build.code).toBe(0);
    expect(fs.existsSync(path.join(dir, 'packages/grok-taskflow/plugin/skills/taskflow/SKILL.md'))).toBe(true);
    expect(fs.existsSync(path.join(dir, 'packages/pi-taskflow'))).toBe(false);

    const lint = skillc(['lint', '--host', 'grok'], dir);
    expect(lint.code, lint.stderr + lint.stdout).toBe(0);

    const catalog = skillc(['catalog', '--host', 'grok', '-f', 'json'], dir);
    expect(catalog.code, catalog.stderr).toBe(0);
    expect(JSON.parse(catalog.stdout)).toMatchObject({ host: 'grok', skills: [{ name: 'taskflow' }] });
    // Each host is listed with the description it gets: grok its own (`skillc.grok.description`), pi the top-level one.
    expect(JSON.parse(catalog.stdout).skills[0].description).toContain('Drives the taskflow_* MCP tools.');
    const pi = JSON.parse(skillc(['catalog', '--host', 'pi', '-f', 'json'], dir).stdout);
    expect(pi.skills[0].description).toContain('with pi-taskflow');
    expect(pi.skills[0].description).not.toContain('taskflow_*');

    const graph = skillc(['graph', '--host', 'grok,claude', '-f', 'json'], dir);
    expect(graph.code, graph.stderr).toBe(0);
    expect(graph.stdout).toContain('"grok"');

    for (const command of ['build', 'lint', 'catalog', 'graph', 'install']) {
      const typo = skillc([command, '--host', 'grk'], dir);
      expect(typo.code, command).toBe(2);
      expect(typo.stderr, command).toContain(TYPO);
      expect(typo.stderr, command).not.toMatch(/at .*\.js:\d+/);
    }
  });

  it('install copies the host\'s tree from its configured output folder into the folder of the host it extends', () => {
    const dir = taskflow();
    expect(skillc(['build'], dir).code).toBe(0);
    const dry = skillc(['install', '--host', 'grok', '--dry-run'], dir);
    expect(dry.code, dry.stderr).toBe(0);
    expect(dry.stdout).toContain('1 skill(s) for grok');
    const r = skillc(['install', '--host', 'grok'], dir);
    expect(r.code, r.stderr).toBe(0);
    // grok extends opencode: same install folder, its own built text.
    expect(fs.readFileSync(path.join(dir, '.opencode/skills/taskflow/SKILL.md'), 'utf8')).toBe(fs.readFileSync(path.join(dir, 'packages/grok-taskflow/plugin/skills/taskflow/SKILL.md'), 'utf8'));
  });

  it('install --config names the config that defines the host', () => {
    const dir = taskflow();
    const project = path.join(dir, 'project');
    fs.mkdirSync(project);
    for (const f of fs.readdirSync(dir)) if (f !== 'project') fs.renameSync(path.join(dir, f), path.join(project, f));
    expect(skillc(['build', '-c', 'project/skillc.config.json'], dir).code).toBe(0);
    const r = skillc(['install', '--host', 'grok', '--dry-run', '-c', 'project/skillc.config.json'], dir);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toContain('1 skill(s) for grok');
  });

  it('import takes a host the project config defines', () => {
    const dir = taskflow();
    fs.mkdirSync(path.join(dir, 'incoming/demo'), { recursive: true });
    fs.writeFileSync(path.join(dir, 'incoming/demo/SKILL.md'), '---\nname: demo\ndescription: Use when testing the import of a skill.\n---\n\n# Demo\n');
    const r = skillc(['import', 'incoming', '--host', 'grok', '--to', 'imported', '--dry-run'], dir);
    expect(r.code, r.stderr).toBe(0);
    expect(skillc(['import', 'incoming', '--host', 'grk', '--to', 'imported'], dir).stderr).toContain(TYPO);
  });

  it('init takes a host the config it keeps defines, and not one a new config would not define', () => {
    const dir = taskflow();
    const kept = skillc(['init', '--host', 'grok', '--skill', 'first-skill'], dir);
    expect(kept.code, kept.stderr).toBe(0);
    expect(kept.stdout).toContain('kept     skillc.config.json (exists)');
    expect(skillc(['init', '--host', 'grk'], dir).stderr).toContain(TYPO);

    // A new config would name a host nothing defines: refused, and nothing written.
    const fresh = tempDir('skillc-custom-hosts-fresh-');
    const r = skillc(['init', '--host', 'grok'], fresh);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain("unknown host 'grok' in --host");
    expect(fs.readdirSync(fresh)).toEqual([]);
  });

  it('without the config, the custom id is unknown to every command', () => {
    const dir = tempDir('skillc-custom-hosts-none-');
    fs.mkdirSync(path.join(dir, 'skills/demo'), { recursive: true });
    fs.writeFileSync(path.join(dir, 'skills/demo/SKILL.md'), '---\nname: demo\ndescription: Use when testing hosts.\n---\n\n# Demo\n');
    for (const args of [['lint', 'skills'], ['catalog', 'skills'], ['graph', 'skills'], ['install'], ['build']]) {
      const r = skillc([...args, '--host', 'grok'], dir);
      expect(r.code, args[0]).toBe(2);
      expect(r.stderr, args[0]).toContain("unknown host 'grok' in --host (expected one of agentskills,");
    }
  });
});
