import { describe, it } from 'vitest';
import rule from '../../../src/rules/scripts/grep-dash.js';
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
      { name: 'a non-shell code block', files: { 'SKILL.md': skill("```text\ngrep '-x' f\n```") } },
      { name: 'a here-string, a quoted heredoc and a [[ ]] test are no grep calls', files: { 'SKILL.md': skill(), 'scripts/d.sh': script("#!/bin/bash\ncat <<'EOF'\n$(grep '-x' f)\nEOF\n[[ $x == '-x' ]] && echo grep '-x'\n") } },
      { name: 'a zsh script that is not bash is skipped', files: { 'SKILL.md': skill(), 'scripts/z': script("#!/bin/zsh\nfor f (*.md) grep '-x' $f\n") } },
      { name: 'console output lines are not commands', files: { 'SKILL.md': skill("```console\n$ grep -c -- -x f\ngrep '-x' would fail\n```") } },
    ],
    invalid: [
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
