import { describe, expect, it } from 'vitest';
import rule, { shellcheckInfo } from '../../../src/rules/scripts/shellcheck.js';
import { runRuleCase, testRule } from '../../../src/testing/rule-tester.js';

const FM = '---\nname: my-skill\ndescription: Use when testing.\n---\nRun `scripts/a.sh`.\n';
const missing = { path: '/nonexistent/shellcheck' };
const hasShellcheck = shellcheckInfo('shellcheck').ok;

// Without shellcheck (a path that does not exist): the parser fallback.
testRule(
  rule,
  {
    valid: [
      { name: 'fallback: a script that parses', files: { 'SKILL.md': FM, 'scripts/a.sh': '#!/bin/sh\necho "$1"\n' }, options: missing },
      { name: 'fallback off', files: { 'SKILL.md': FM, 'scripts/a.sh': '#!/bin/sh\nif then\n' }, options: { ...missing, fallback: false } },
    ],
    invalid: [
      {
        name: 'fallback: a syntax error from sh -n',
        files: { 'SKILL.md': FM, 'scripts/a.sh': '#!/bin/sh\necho ok\nif then\n' },
        options: missing,
        errors: [{ file: 'scripts/a.sh', line: 3, message: /^Unexpected syntax error \(.*\), expected a script that parses as sh \(shellcheck is not installed; checked with the shell parser\)$/ }],
      },
    ],
  },
  { describe, it },
);

describe('scripts/shellcheck without shellcheck, fallback "notice"', () => {
  it('warns once per skill, naming the scripts left unchecked, and checks nothing else', () => {
    const run = runRuleCase(rule, {
      files: { 'SKILL.md': FM, 'scripts/a.sh': '#!/bin/sh\nif then\n', 'scripts/b.sh': '#!/bin/sh\necho ok\n' },
      options: { ...missing, fallback: 'notice' },
    });
    expect(run.diagnostics.map((d) => [d.file.split('/').slice(-2).join('/'), d.severity, d.message])).toEqual([
      ['scripts/a.sh', 'warning', 'Unexpected unchecked scripts (scripts/a.sh, scripts/b.sh): `/nonexistent/shellcheck` is not installed, expected shellcheck on the PATH to check them'],
    ]);
  });
});

describe.skipIf(!hasShellcheck)('scripts/shellcheck with shellcheck installed', () => {
  const files = { 'SKILL.md': FM, 'scripts/a.sh': '#!/bin/sh\necho $1\nfoo && bar || baz\n' };

  it('maps findings to diagnostics with their codes, levels and positions', () => {
    const run = runRuleCase(rule, { files });
    const got = run.diagnostics.map((d) => [d.line, d.column, d.endColumn, d.severity, d.message]);
    expect(got).toEqual([
      [2, 6, 8, 'info', 'Unexpected shellcheck SC2086 (info): Double quote to prevent globbing and word splitting.'],
      [3, 5, 7, 'info', 'Unexpected shellcheck SC2015 (info): Note that A && B || C is not if-then-else. C may run when A is true.'],
    ]);
    expect(run.diagnostics.every((d) => d.file.endsWith('scripts/a.sh'))).toBe(true);
  });

  it('leaves out excluded codes (as SC2015 or 2015) and milder levels', () => {
    expect(runRuleCase(rule, { files, options: { exclude: ['SC2015', 2086] } }).diagnostics).toEqual([]);
    expect(runRuleCase(rule, { files, options: { severity: 'warning' } }).diagnostics).toEqual([]);
  });

  it('failOnAny: every finding at the rule\'s severity, info and style included, as a checker failing on shellcheck\'s exit status', () => {
    const run = runRuleCase(rule, { files, options: { failOnAny: true } });
    expect(run.diagnostics.map((d) => [d.severity, d.message.slice(0, 40)])).toEqual([
      ['error', 'Unexpected shellcheck SC2086 (info): Dou'],
      ['error', 'Unexpected shellcheck SC2015 (info): Not'],
    ]);
  });

  it('checks every script as the `shell` option says, whatever its shebang', () => {
    const bash = { 'SKILL.md': FM, 'scripts/a.sh': '#!/bin/bash\nif [[ -n "$1" ]]; then echo "$1"; fi\n' };
    expect(runRuleCase(rule, { files: bash }).diagnostics).toEqual([]);
    expect(runRuleCase(rule, { files: bash, options: { shell: 'sh' } }).diagnostics.map((d) => d.message)).toEqual([expect.stringMatching(/^Unexpected shellcheck SC3010 /)]);
  });

  it('reports parse errors with their SC1xxx code', () => {
    const run = runRuleCase(rule, { files: { 'SKILL.md': FM, 'scripts/a.sh': '#!/bin/bash\nif then\n' } });
    expect(run.diagnostics.length).toBeGreaterThan(0);
    expect(run.diagnostics[0]!.message).toMatch(/^Unexpected shellcheck SC1\d{3} \(error\): /);
    expect(run.diagnostics[0]!.severity).toBe('error');
  });
});
