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
      { name: 'status not used: no set -e, not tested, not last', files: { 'SKILL.md': SKILL, 'scripts/h.sh': script('#!/bin/bash\ngit log | head -5\necho done\n') } },
      { name: 'status discarded with || true and || :', files: { 'SKILL.md': SKILL, 'scripts/i.sh': script('#!/bin/bash\nset -e\nls dir | grep x || true\nfind . | wc -l || :\n') } },
      { name: 'pure producers of a variable under set -e', files: { 'SKILL.md': SKILL, 'scripts/j.sh': script('#!/bin/bash\nset -e\necho "$json" | jq -r .name\nprintf "%s" "$x" | tr a b\ncat <<< "$x" | sort\n') } },
      { name: 'pipefail in the shebang', files: { 'SKILL.md': SKILL, 'scripts/k.sh': script('#!/usr/bin/env -S bash -eo pipefail\ncurl -fsS "$URL" | jq .\n') } },
      { name: 'grep as the question of a condition', files: { 'SKILL.md': SKILL, 'scripts/l.sh': script('#!/bin/bash\nset -e\nif ! nc -z host 9100 2>&1 | grep -q succeeded; then exit 1; fi\nwhile ps ax | grep -q "[m]ake"; do sleep 1; done\n') } },
      { name: 'output tested for emptiness right after', files: { 'SKILL.md': SKILL, 'scripts/m.sh': script('#!/bin/bash\nset -e\nIP=$(dscacheutil -q host -a name x | awk \'/^ip/ {print $2}\')\nif [[ -z "$IP" ]]; then exit 1; fi\n') } },
      {
        name: 'output defaulted on the next line, or tested after the enclosing if',
        files: {
          'SKILL.md': SKILL,
          'scripts/m2.sh': script('#!/bin/bash\nset -e\nP="${P_ENV:-$(lpstat -d | awk \'{print $2}\')}"\nP="${P:-default}"\nif [[ -z "$IP" ]]; then\n  ping -c1 h || true\n  IP=$(dscacheutil -q host | awk \'{print $2}\')\nfi\nif [[ -z "$IP" ]]; then exit 1; fi\n'),
        },
      },
      { name: 'timeout producers meant to be cut off', files: { 'SKILL.md': SKILL, 'scripts/n.sh': script('#!/bin/bash\nset -e\nX=$(timeout 4 dns-sd -B _ipps._tcp | awk \'{print; exit}\')\necho "$X"\n') } },
      { name: 'set -e not in effect in bash substitutions of arguments, nor in a subshell after it ends', files: { 'SKILL.md': SKILL, 'scripts/o.sh': script('#!/bin/bash\n(set -e; true)\nfor f in $(ls | sort); do echo "$f"; done\necho "$(git log | head -1)"\necho end\n') } },
      { name: 'set -e turned off again', files: { 'SKILL.md': SKILL, 'scripts/p.sh': script('#!/bin/bash\nset -e\nset +e\nls | sort\necho end\n') } },
      {
        name: 'a reader of the script itself or of a file the script just wrote cannot fail',
        files: { 'SKILL.md': SKILL, 'scripts/r.sh': script('#!/bin/bash\nset -e\nsed -n "2,18p" "$0" | sed "s/^# //"\nprintf "%s" "$body" > "$out"\nsize=$(du -h "$out" | cut -f1)\necho "$size"\ntar -cf "$tmp/a.tar" . 2>/dev/null || true\nprintf "%s\\n" "$body" | tee "$log" >/dev/null\nwc -l "$log" | awk \'{print $1}\'\n') },
      },
      {
        name: 'a producer whose errors the author silences is expected to fail: pipefail with set -e would end the script',
        files: { 'SKILL.md': SKILL, 'scripts/s.sh': script('#!/bin/bash\nset -e\nURI=$(lpstat -v "$Q" 2>/dev/null | awk -F": " \'{print $2}\')\necho "URI: $URI"\nlsof -i :8080 &>/dev/null | head -1\n') },
      },
      {
        name: 'output tested further on: an expected no-match is handled through the output',
        files: { 'SKILL.md': SKILL, 'scripts/t.sh': script('#!/bin/bash\nset -e\nPID=$(ps ax | grep "[s]erver" | awk \'{print $1}\')\necho "checking"\nlog "pid"\nif [ -n "$PID" ]; then kill "$PID"; fi\nMODE=$(git config --get x.mode | tr A-Z a-z)\ncase $MODE in fast) echo f ;; esac\n') },
      },
      { name: 'local masks the status', files: { 'SKILL.md': SKILL, 'scripts/q.sh': script('#!/bin/bash\nset -e\nf() { local n=$(ls | wc -l); echo "$n"; }\nf\n') } },
    ],
    invalid: [
      {
        name: 'a reader of a file written later, and an output never tested, still need pipefail',
        files: { 'SKILL.md': SKILL, 'scripts/u.sh': script('#!/bin/bash\nset -e\nsize=$(du -h "$out" | cut -f1)\necho x > "$out"\nV=$(curl -fsS "$URL" | jq -r .v)\necho "$V"\n') },
        errors: [
          { file: 'scripts/u.sh', line: 3, column: 23, message: message('cut') },
          { file: 'scripts/u.sh', line: 5, column: 24, message: message('jq') },
        ],
      },
      {
        name: 'pipeline into head',
        files: { 'SKILL.md': SKILL, 'scripts/run.sh': script('#!/bin/bash\nset -e\ncurl -fsS "$URL" | head -n 1\n') },
        errors: [{ file: 'scripts/run.sh', line: 3, column: 20, endLine: 3, endColumn: 24, message: message('head') }],
      },
      {
        name: 'pipefail set only after the pipeline, and turned off again',
        files: { 'SKILL.md': SKILL, 'scripts/run.sh': script('#!/usr/bin/env bash\nset -e\nnpm test | tee log\nset -o pipefail\ngit log | wc -l\nset +o pipefail\nrg x | sort\n') },
        errors: [
          { file: 'scripts/run.sh', line: 3, column: 12, message: message('tee') },
          { file: 'scripts/run.sh', line: 7, column: 8, message: message('sort') },
        ],
      },
      {
        name: 'loop and substitution producers in a .sh file without a shebang',
        files: { 'SKILL.md': SKILL, 'scripts/list.sh': 'set -o errexit\nfor f in *.md; do\n  cat "$f"\ndone | sort\nn=$(ls -1 dir | wc -l)\n' },
        errors: [
          { file: 'scripts/list.sh', line: 4, column: 8, message: message('sort') },
          { file: 'scripts/list.sh', line: 5, column: 17, message: message('wc') },
        ],
      },
      {
        name: 'status tested by if, &&, $? and as the script\'s last command, without set -e',
        files: { 'SKILL.md': SKILL, 'scripts/t.sh': script('#!/bin/bash\nif curl -s x | jq -e .ok; then :; fi\ngit log | head -1 && echo ok\nmake | tee log\nif [ $? -ne 0 ]; then exit 1; fi\nfind . -name x | sort\n') },
        errors: [
          { file: 'scripts/t.sh', line: 2, column: 16, message: message('jq') },
          { file: 'scripts/t.sh', line: 3, column: 11, message: message('head') },
          { file: 'scripts/t.sh', line: 4, column: 8, message: message('tee') },
          { file: 'scripts/t.sh', line: 6, column: 18, message: message('sort') },
        ],
      },
      {
        name: 'set -e reaches into functions, groups, and assignments from a substitution; ksh too',
        files: { 'SKILL.md': SKILL, 'scripts/u': script('#!/bin/ksh\nset -eu\nmain() {\n  { ls | sort; }\n  x=$(git log | head -1)\n  echo "$x"\n}\nmain\n') },
        errors: [
          { file: 'scripts/u', line: 4, column: 10, message: message('sort') },
          { file: 'scripts/u', line: 5, column: 17, message: message('head') },
        ],
      },
    ],
  },
  { describe, it },
);
