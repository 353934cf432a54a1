// docs/cli.md says a test runs every example that `skillc <command> --help` shows: this one. Each runs,
// in order, in a copy of this repository's skills project (a git repository, with a HOME of its own
// holding the skills the import and catalog examples read), and must not be a usage error.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { MAIN_HELP } from '../../src/cli/main.js';
import { bin, git, project, repo, SKILL, skillc } from './helpers.js';

const commands = MAIN_HELP.slice(MAIN_HELP.indexOf('Commands:'), MAIN_HELP.indexOf('Options:'))
  .split('\n')
  .map((l) => /^ {2}([a-z]+)\b/.exec(l)?.[1])
  .filter((c): c is string => !!c);

const made: string[] = [];
afterAll(() => {
  for (const d of made) fs.rmSync(d, { recursive: true, force: true });
});

describe('every --help example runs', () => {
  it('exits 0 (or 1 for problems found), never 2 or an internal error', () => {
    const root = project();
    const home = project({ '.codex/skills/codex-one/SKILL.md': SKILL('codex-one'), '.claude/skills/user-one/SKILL.md': SKILL('user-one') });
    made.push(root, home);
    for (const f of ['skills-src', 'skillc.config.json', 'schema']) fs.cpSync(path.join(repo, f), path.join(root, f), { recursive: true });
    for (const name of ['tflow-one', 'tflow-gateway']) fs.mkdirSync(path.join(root, '.claude', 'skills', name), { recursive: true });
    fs.writeFileSync(path.join(root, '.claude/skills/tflow-one/SKILL.md'), SKILL('tflow-one'));
    fs.writeFileSync(path.join(root, '.claude/skills/tflow-gateway/SKILL.md'), SKILL('tflow-gateway'));
    // hermes-taskflow's layout, for `skillc import --from taskflow` (entry files and a core, no SKILL.md).
    fs.mkdirSync(path.join(root, 'skills-src', 'taskflow'));
    fs.writeFileSync(path.join(root, 'skills-src/taskflow/entry.claude.md'), '---\nname: taskflow\ndescription: Use when a task spans many files.\n---\n\n# Taskflow\n');
    fs.writeFileSync(path.join(root, 'skills-src/taskflow/core.md'), 'Plan, then run.\n');
    git(['init', '-q'], root);
    git(['add', '.'], root);
    const env = { PATH: `${path.dirname(process.execPath)}:${process.env.PATH ?? ''}`, HOME: home, NO_COLOR: '1' };
    // `skillc` in the examples is this checkout's CLI.
    fs.mkdirSync(path.join(home, 'bin'));
    fs.writeFileSync(path.join(home, 'bin', 'skillc'), `#!/bin/sh\nexec ${JSON.stringify(process.execPath)} ${JSON.stringify(bin)} "$@"\n`, { mode: 0o755 });
    env.PATH = `${path.join(home, 'bin')}:${env.PATH}`;

    const ran: string[] = [];
    for (const command of commands) {
      const help = skillc([command, '--help'], root).stdout;
      const examples = help.slice(help.search(/^Examples?:$/m)).split('\n').filter((l) => l.startsWith('  skillc '));
      expect(examples.length, command).toBeGreaterThan(0);
      for (const line of examples) {
        const r = spawnSync('bash', ['-c', line.trim()], { cwd: root, encoding: 'utf8', env, input: '' });
        ran.push(line.trim());
        expect(r.status === 0 || r.status === 1, `${line.trim()} -> ${r.status}\n${r.stdout}\n${r.stderr}`).toBe(true);
        expect(r.stderr, line).not.toContain('internal error');
      }
    }
    expect(ran.length).toBeGreaterThan(20);
  });
});
