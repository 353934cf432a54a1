import { spawnSync } from 'node:child_process';
import { describe, it } from 'vitest';
import rule from '../../../src/rules/scripts/syntax.js';
import { testRule, type RuleCase } from '../../../src/testing/rule-tester.js';

const SKILL = '---\nname: my-skill\ndescription: Use when testing.\n---\n# T\n';
const script = (text: string) => ({ text, mode: 0o755 });
const has = (shell: string) => !spawnSync(shell, ['-c', ':'], { stdio: 'ignore' }).error;

testRule(
  rule,
  {
    valid: ([
      { name: 'a correct bash script', files: { 'SKILL.md': SKILL, 'scripts/ok.sh': script('#!/usr/bin/env bash\nset -euo pipefail\nfor f in "$@"; do\n  echo "$f"\ndone\n') } },
      { name: 'bash arrays in a .sh file without a shebang', files: { 'SKILL.md': SKILL, 'scripts/arr.sh': 'a=(1 2)\necho "${a[@]}"\n' } },
      { name: 'not a shell script', files: { 'SKILL.md': SKILL, 'scripts/x.py': script('#!/usr/bin/env python3\nif True:\n  print("fi fi")\n'), 'scripts/y.sh': script('#!/usr/bin/env node\nconsole.log(1 {\n') } },
      { name: 'a missing shell is skipped', files: { 'SKILL.md': SKILL, 'scripts/z': script('#!/bin/zsh\nif then fi fi\n') } },
      { name: 'broken shell text in SKILL.md is another rule', files: { 'SKILL.md': `${SKILL}\n\`\`\`bash\nif then\n\`\`\`\n` } },
    ] as RuleCase[]).filter((c) => c.name !== 'a missing shell is skipped' || !has('zsh')),
    invalid: [
      {
        name: 'unexpected token (bash)',
        files: { 'SKILL.md': SKILL, 'scripts/run.sh': script('#!/bin/bash\nif true; then\n  echo hi\nfi fi\n') },
        errors: [{ file: 'scripts/run.sh', line: 4, column: 1, endLine: 4, endColumn: 6, message: "Unexpected syntax error (near unexpected token `fi'), expected a script `bash -n` accepts" }],
      },
      {
        name: 'unterminated quote',
        files: { 'SKILL.md': SKILL, 'scripts/q.bash': 'echo "start\necho end\n' },
        errors: [{ file: 'scripts/q.bash', line: 1, message: /^Unexpected syntax error \(unexpected EOF while looking for matching `"'\), expected a script `bash -n` accepts$/ }],
      },
      {
        name: 'bash syntax under #!/bin/sh',
        files: { 'SKILL.md': SKILL, 'bin/check': script('#!/bin/sh\necho start\narr=(1 2)\n') },
        errors: [{ file: 'bin/check', line: 3, column: 1, endColumn: 10, message: /^Unexpected syntax error \(.*\), expected a script `sh -n` accepts$/ }],
      },
    ],
  },
  { describe, it },
);
