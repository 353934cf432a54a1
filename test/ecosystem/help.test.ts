import { describe, expect, it } from 'vitest';
import { MAIN_HELP } from '../../src/cli/main.js';
import { repo, skillc } from './helpers.js';

/** The commands `skillc --help` lists. */
const commands = MAIN_HELP.slice(MAIN_HELP.indexOf('Commands:'), MAIN_HELP.indexOf('Options:'))
  .split('\n')
  .map((l) => /^ {2}([a-z]+)\b/.exec(l)?.[1])
  .filter((c): c is string => !!c);

describe('every command has --help with examples', () => {
  it('lists the commands', () => {
    expect(commands).toEqual(expect.arrayContaining(['lint', 'build', 'rehearse', 'init', 'import', 'install', 'lsp']));
  });

  it.each(commands)('skillc %s --help exits 0 with usage and an Example section', (command) => {
    const r = skillc([command, '--help'], repo);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toMatch(new RegExp(`^Usage: skillc ${command}\\b`));
    expect(r.stdout).toMatch(/^Examples?:\n {2}skillc /m);
    expect(r.stderr).toBe('');
  });

  it('prints no colour when NO_COLOR is set or stdout is not a TTY', () => {
    const r = skillc(['lint', 'test/fixtures/cli/broken/skills-src'], repo);
    expect(r.code).toBe(1);
    expect(r.stdout).toContain('error');
    // eslint-disable-next-line no-control-regex
    expect(r.stdout).not.toMatch(/\u001b\[/);
    // eslint-disable-next-line no-control-regex
    expect(skillc(['lint', 'test/fixtures/cli/broken/skills-src', '--color'], repo).stdout).toMatch(/\u001b\[/);
  });
});
