import { describe, expect, it } from 'vitest';
import { rehearse } from '../../src/rehearse/rehearse.js';
import { tree } from './helpers.js';

const SKILL = '---\nname: probe\ndescription: Use when probing built-in commands.\n---\n# Probe\n';

/** Rehearse gets skillc's own commands injected (it never imports the CLI): what it is given is what runs. */
describe('rehearse: built-in commands are injected', () => {
  const project = (): string =>
    tree({ 'probe/SKILL.md': SKILL, 'probe/fixtures/pass-catalog/case.yaml': 'command: catalog\nargs: [".", "--json"]\nstdout: "catalog . --json"\n' });

  it('runs the injected command with the case arguments and its output', async () => {
    const root = project();
    const seen: string[][] = [];
    const report = await rehearse({
      paths: [root],
      cwd: root,
      unsandboxed: true,
      builtins: {
        catalog: async (argv, io) => {
          seen.push(argv);
          io.stdout(`catalog ${argv.join(' ')}\n`);
          return 0;
        },
      },
    });
    expect(seen).toEqual([['.', '--json']]);
    expect(report.cases.map((r) => [r.case, r.actual, r.ok])).toEqual([['pass-catalog', 'pass', true]]);
  });

  it('reports the case as not rehearsable, with a clear message, when none was given', async () => {
    const root = project();
    const report = await rehearse({ paths: [root], cwd: root, unsandboxed: true });
    const [result] = report.cases;
    expect(result?.actual).toBe('error');
    expect(result?.firstFailure?.message).toMatch(/^Unexpected `catalog` in a case run without skillc's built-in commands; not run/);
  });
});
