import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import rule, { blockDashPatterns, mayHoldDashPattern } from '../../../src/rules/scripts/grep-dash.js';
import { testRule } from '../../../src/testing/rule-tester.js';

const skill = (body = '# T') => `---\nname: my-skill\ndescription: Use when testing.\n---\n${body}\n`;
const script = (text: string) => ({ text, mode: 0o755 });
const message = (name: string, pattern: string) => `Unexpected \`${name}\` pattern \`${pattern}\` starting with \`-\`, expected \`--\` or \`-e\` before it (${name} reads it as an option)`;

testRule(
  rule,
  {
    valid: [
      {
        name: 'separators and -e',
        files: {
          'SKILL.md': skill(),
          'scripts/a.sh': script("#!/bin/bash\ngrep -v -- '-x' f\ngrep -e '-x' f\ngrep -rn --include '*.ts' -e \"->\" src\nrg -g '*.md' -- '--flag' .\ngrep -ve '-x' f\n"),
        },
      },
      { name: 'ordinary options and patterns', files: { 'SKILL.md': skill(), 'scripts/b.sh': script('#!/bin/sh\ngrep -rn -A 3 -m1 "TODO" src | head\ngrep -c "$pattern" -- "$file"\ngit grep -- -x\n') } },
      { name: 'text in comments, heredocs and strings', files: { 'SKILL.md': skill(), 'scripts/c.sh': script("#!/bin/bash\n# grep '-x' f\ncat <<EOF\ngrep '-x' f\nEOF\necho \"grep '-x' f\"\n") } },
      // The block pre-filter (issue 30): plain options, `-` inside words, patterns that do not start with `-`.
      { name: 'blocks with only plain options are not parsed, and say nothing', files: { 'SKILL.md': skill('```bash\ngrep -rn -E "a-b" src | grep -v x-y\nrg --glob=*.md -i "$q" .\n```') } },
      { name: 'a non-shell code block', files: { 'SKILL.md': skill("```text\ngrep '-x' f\n```") } },
      { name: 'a here-string, a quoted heredoc and a [[ ]] test are no grep calls', files: { 'SKILL.md': skill(), 'scripts/d.sh': script("#!/bin/bash\ncat <<'EOF'\n$(grep '-x' f)\nEOF\n[[ $x == '-x' ]] && echo grep '-x'\n") } },
      { name: 'a zsh script that is not bash is skipped', files: { 'SKILL.md': skill(), 'scripts/z': script("#!/bin/zsh\nfor f (*.md) grep '-x' $f\n") } },
      { name: 'console output lines are not commands', files: { 'SKILL.md': skill("```console\n$ grep -c -- -x f\ngrep '-x' would fail\n```") } },
    ],
    invalid: [
      {
        // The block pre-filter (issue 30): a plain option glued to a process substitution, a dash after a quoted line break.
        name: 'code blocks: `-x<(…)`, `"\\` and a line break before the dash, empty quotes and a `\\` line break before it',
        files: { 'SKILL.md': skill('```bash\ngrep -x<(cat p) f\n```\n\n```bash\ngrep "\\\n-x" f\n```\n\n```bash\ngrep ""\\\n-y f\n```') },
        errors: [
          { line: 6, column: 6, message: message('grep', '-x<(…)') },
          { line: 10, column: 6, message: message('grep', '-x') },
          { line: 15, column: 6, message: message('grep', '-y') },
        ],
      },
      {
        // The block pre-filter (issue 30): each block holds one shape at its edge.
        name: 'code blocks: a quoted pattern after a plain option, an escaped dash, a dash word that is no option, a quote later in the word',
        files: { 'SKILL.md': skill("```bash\ngrep -n \"-x\" f\n```\n\n```sh\ngrep \\-y f\n```\n\n```bash\ngrep -[0-9] f\n```\n\n```bash\ngrep -z'q' f\n```") },
        errors: [
          { line: 6, column: 9, message: message('grep', '-x') },
          { line: 10, column: 6, message: message('grep', '-y') },
          { line: 14, column: 6, message: message('grep', '-[0-9]') },
          { line: 18, column: 6, message: message('grep', '-zq') },
        ],
      },
      {
        name: 'quoted pattern in a script',
        files: { 'SKILL.md': skill(), 'scripts/check.sh': script("#!/usr/bin/env bash\nset -e\ngrep -n '-x' file.txt\n") },
        errors: [{ file: 'scripts/check.sh', line: 3, column: 9, endLine: 3, endColumn: 13, message: message('grep', '-x') }],
      },
      {
        name: 'in a shell code block, after a pipe and in a substitution',
        files: { 'SKILL.md': skill('Check:\n\n```bash\nls | grep "->"\ncount=$(egrep -c "--[a-z]+" log)\n```') },
        errors: [
          { line: 8, column: 11, endColumn: 15, message: message('grep', '->') },
          { line: 9, column: 18, endColumn: 28, message: message('egrep', '--[a-z]+') },
        ],
      },
      {
        name: 'unquoted pattern that is no option, inside an indented console block',
        files: { 'SKILL.md': skill('1. Run:\n\n   ```console\n   $ sudo grep -rn --- docs/\n   ```') },
        errors: [{ line: 8, column: 20, endColumn: 23, message: message('grep', '---') }],
      },
      {
        name: 'a code block with a placeholder line still checks its other lines; heredoc substitutions run',
        files: { 'SKILL.md': skill("```bash\ncat <file>\ngrep '-v' f\n```"), 'scripts/h.sh': script("#!/bin/bash\ncat <<EOF\n$(grep '-q' f)\nEOF\n") },
        errors: [
          { line: 7, column: 6, message: message('grep', '-v') },
          { file: 'scripts/h.sh', line: 3, column: 8, message: message('grep', '-q') },
        ],
      },
      {
        name: 'ripgrep, with an option value first',
        files: { 'SKILL.md': skill(), 'scripts/r.sh': script("#!/bin/bash\nrg -t md '-rf' .\n") },
        errors: [{ file: 'scripts/r.sh', line: 2, column: 10, message: message('rg', '-rf') }],
      },
    ],
  },
  { describe, it },
);

describe('scripts/grep-dash block pre-filter', () => {
  it('a block it passes over holds no dash pattern', () => {
    const piece = fc.constantFrom(
      '-x<(a)', '"\\\n-x"', '""\\\n-x',
      'grep ', 'rg ', 'egrep ', '-e ', '-x', '-E ', '-A 3 ', '--include=*.ts ', '--regexp=', '-- ', '"-x"', "'-x'", '\\-x', '-[0-9]', '---', '-x"y"', "''-z", '$\'-q\'',
      '"', "'", ' ', '\t', '\n', '\\\n', '|', ';', '&&', '<(', '>', '$(', ')', '`', 'a', 'f', '$x', '=', '(', '#', '-',
    );
    fc.assert(
      // Each text calls grep first, so most have a pattern for the filter to see.
      fc.property(fc.array(piece, { maxLength: 12 }).map((p) => `grep ${p.join('')}`), (text) => {
        if (!mayHoldDashPattern(text)) expect(blockDashPatterns(text)).toEqual([]);
      }),
      { numRuns: 3000 },
    );
  });
});
