import { describe, it } from 'vitest';
import rule from '../../../src/rules/scripts/syntax.js';
import { testRule, type RuleCase } from '../../../src/testing/rule-tester.js';

const SKILL = '---\nname: my-skill\ndescription: Use when testing.\n---\n# T\n';
const script = (text: string) => ({ text, mode: 0o755 });

testRule(
  rule,
  {
    valid: [
      { name: 'a correct bash script', files: { 'SKILL.md': SKILL, 'scripts/ok.sh': script('#!/usr/bin/env bash\nset -euo pipefail\nfor f in "$@"; do\n  echo "$f"\ndone\n') } },
      { name: 'bash arrays in a .sh file without a shebang', files: { 'SKILL.md': SKILL, 'scripts/arr.sh': 'a=(1 2)\necho "${a[@]}"\n' } },
      { name: 'not a shell script', files: { 'SKILL.md': SKILL, 'scripts/x.py': script('#!/usr/bin/env python3\nif True:\n  print("fi fi")\n'), 'scripts/y.sh': script('#!/usr/bin/env node\nconsole.log(1 {\n') } },
      { name: 'zsh has no parser: not checked', files: { 'SKILL.md': SKILL, 'scripts/z': script('#!/bin/zsh\nif then fi fi\n') } },
      { name: 'broken shell text in SKILL.md is another rule', files: { 'SKILL.md': `${SKILL}\n\`\`\`bash\nif then\n\`\`\`\n` } },
      { name: 'mksh arrays and bash here-strings in their own dialects', files: { 'SKILL.md': SKILL, 'scripts/k': script('#!/bin/mksh\nset -A a 1 2\nb=(1 2)\n'), 'scripts/h.sh': script('#!/bin/bash\nread -r x <<< "$1"\n[[ $x == a* ]] && echo "${x//a/b}"\n') } },
      { name: 'POSIX sh with heredocs, case and functions', files: { 'SKILL.md': SKILL, 'scripts/p': script("#!/bin/sh\nf() { case $1 in a|b) echo \"$1\";; *) :;; esac; }\ncat <<'EOF'\n$(not run) ((\nEOF\nf a\n") } },
      { name: 'bash syntax accepted when the preset says bash', files: { 'SKILL.md': SKILL, 'bin/check': script('#!/bin/sh\narr=(1 2)\n') }, options: { dialect: 'bash' } },
    ] as RuleCase[],
    invalid: [
      {
        name: 'unexpected token (bash)',
        files: { 'SKILL.md': SKILL, 'scripts/run.sh': script('#!/bin/bash\nif true; then\n  echo hi\nfi fi\n') },
        errors: [{ file: 'scripts/run.sh', line: 4, column: 4, endLine: 4, endColumn: 5, message: 'Unexpected syntax error (statements must be separated by &, ; or a newline), expected a script that parses as bash' }],
      },
      {
        name: 'unterminated quote',
        files: { 'SKILL.md': SKILL, 'scripts/q.bash': 'echo "start\necho end\n' },
        errors: [{ file: 'scripts/q.bash', line: 1, column: 6, message: 'Unexpected syntax error (reached EOF without closing quote "), expected a script that parses as bash' }],
      },
      {
        name: 'bash syntax under #!/bin/sh',
        files: { 'SKILL.md': SKILL, 'bin/check': script('#!/bin/sh\necho start\narr=(1 2)\n') },
        errors: [{ file: 'bin/check', line: 3, column: 5, endColumn: 6, message: 'Unexpected syntax error (arrays are a bash/mksh feature), expected a script that parses as POSIX sh' }],
      },
      {
        name: 'a preset forcing POSIX sh, as a checker that runs every script with sh',
        files: { 'SKILL.md': SKILL, 'scripts/a.sh': script('#!/bin/bash\n[[ -n "$1" ]] && echo "${1:0:2}"\nfunction f { :; }\n') },
        options: { dialect: 'posix' },
        errors: [{ file: 'scripts/a.sh', line: 2, column: 27, message: 'Unexpected syntax error (slicing is a bash/mksh feature), expected a script that parses as POSIX sh' }],
      },
      {
        name: 'position after non-ASCII text (columns in characters, not bytes)',
        files: { 'SKILL.md': SKILL, 'scripts/u.sh': script('#!/bin/bash\necho "héllo ✅" && \n') },
        errors: [{ file: 'scripts/u.sh', line: 2, column: 16, message: /must be followed by a statement/ }],
      },
      {
        name: 'a mksh script with a bash-only construct',
        files: { 'SKILL.md': SKILL, 'scripts/k': script('#!/usr/bin/env mksh\nx=${y^^}\n') },
        errors: [{ file: 'scripts/k', line: 2, message: /expected a script that parses as mksh$/ }],
      },
    ],
  },
  { describe, it },
);
