import { describe, it } from 'vitest';
import rule from '../../../src/rules/scripts/pipefail.js';
import { testRule } from '../../../src/testing/rule-tester.js';

const SKILL = '---\nname: my-skill\ndescription: Use when testing.\n---\n# T\n';
const script = (text: string) => ({ text, mode: 0o755 });
const message = (name: string) => `Unexpected pipeline into \`${name}\` without \`set -o pipefail\`, expected \`set -o pipefail\` earlier in the script (a failure before \`${name}\` is lost)`;

testRule(
  rule,
  {
    valid: [
      { name: 'set -euo pipefail', files: { 'SKILL.md': SKILL, 'scripts/a.sh': script('#!/usr/bin/env bash\nset -euo pipefail\ncurl -fsS "$URL" | jq .name\n') } },
      { name: 'set -o errexit -o pipefail', files: { 'SKILL.md': SKILL, 'scripts/b.sh': script('#!/bin/bash\nset -o errexit -o pipefail\nfind . -name "*.md" | sort\n') } },
      { name: 'PIPESTATUS is checked', files: { 'SKILL.md': SKILL, 'scripts/c.sh': script('#!/bin/bash\nmake 2>&1 | tee build.log\nexit "${PIPESTATUS[0]}"\n') } },
      { name: 'producers that cannot fail', files: { 'SKILL.md': SKILL, 'scripts/d.sh': script('#!/bin/bash\necho "$x" | grep -q foo\nprintf "%s\\n" a b | sort\ncat <<EOF | sed s/a/b/\na\nEOF\n') } },
      { name: 'POSIX sh is not checked', files: { 'SKILL.md': SKILL, 'scripts/e.sh': script('#!/bin/sh\ncurl -fsS "$URL" | head -1\n') } },
      { name: 'last command is not a filter', files: { 'SKILL.md': SKILL, 'scripts/f.sh': script('#!/bin/bash\ngit diff | git apply --check\n') } },
      { name: 'zsh setopt', files: { 'SKILL.md': SKILL, 'scripts/g': script('#!/bin/zsh\nsetopt pipefail\ngit log | head\n') } },
    ],
    invalid: [
      {
        name: 'pipeline into head',
        files: { 'SKILL.md': SKILL, 'scripts/run.sh': script('#!/bin/bash\nset -e\ncurl -fsS "$URL" | head -n 1\n') },
        errors: [{ file: 'scripts/run.sh', line: 3, column: 20, endLine: 3, endColumn: 24, message: message('head') }],
      },
      {
        name: 'pipefail set only after the pipeline, and turned off again',
        files: { 'SKILL.md': SKILL, 'scripts/run.sh': script('#!/usr/bin/env bash\nnpm test | tee log\nset -o pipefail\ngit log | wc -l\nset +o pipefail\nrg x | sort\n') },
        errors: [
          { file: 'scripts/run.sh', line: 2, column: 12, message: message('tee') },
          { file: 'scripts/run.sh', line: 6, column: 8, message: message('sort') },
        ],
      },
      {
        name: 'loop and substitution producers in a .sh file without a shebang',
        files: { 'SKILL.md': SKILL, 'scripts/list.sh': 'for f in *.md; do\n  cat "$f"\ndone | sort\nn=$(ls -1 dir | wc -l)\n' },
        errors: [
          { file: 'scripts/list.sh', line: 3, column: 8, message: message('sort') },
          { file: 'scripts/list.sh', line: 4, column: 17, message: message('wc') },
        ],
      },
    ],
  },
  { describe, it },
);
