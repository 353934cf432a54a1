import { describe, it } from 'vitest';
import rule from '../../../src/rules/body/argument-substitution.js';
import { testRule } from '../../../src/testing/rule-tester.js';

const skill = (body: string, extra = 'argument-hint: "[file]"\n') => `---\nname: my-skill\ndescription: Use when testing.\n${extra}---\n${body}\n`;
const claude = ['claude'];
const fence = (lang: string, code: string) => `\`\`\`${lang}\n${code}\n\`\`\``;

testRule(
  rule,
  {
    valid: [
      { name: 'the shell\'s own positionals, unquoted or in double quotes', hosts: claude, files: { 'SKILL.md': skill(fence('bash', 'FILE="$1"\nshift\necho $2 "$0"')) } },
      { name: 'an escaped \\$1, which the host shows as $1, and awk -v', hosts: claude, files: { 'SKILL.md': skill(fence('bash', "awk '{print \\$2}' a.txt\nawk -v n=2 '{print $n}' a.txt")) } },
      { name: 'a skill that takes no arguments', hosts: claude, files: { 'SKILL.md': skill(fence('bash', "ls -l | awk '{print $5}'"), '') } },
      { name: 'awk in a Python block or in prose is not a shell word', hosts: claude, files: { 'SKILL.md': skill(`${fence('python', "print('$1')")}\n\nRun awk '{print $1}' on it.`) } },
      { name: 'an unquoted heredoc (the outer shell expands it) and a quoted one fed to cat', hosts: claude, files: { 'SKILL.md': skill(fence('bash', "bash <<EOF\necho hi\nEOF\ncat <<'EOF'\nawk '{print $2}'\nEOF")) } },
      { name: 'a host that substitutes no arguments', hosts: ['codex'], files: { 'SKILL.md': skill(fence('bash', "awk '{print $2}' a.txt")) } },
      // The block pre-filter (issue 30): `$` with no digit after it, anywhere in the block or its heredocs, is not parsed.
      { name: 'quoted `$` words with no digit after the `$`', hosts: claude, files: { 'SKILL.md': skill(fence('bash', "awk '{print $NF}' f\necho '$ 1' '$x1'\nbash <<'EOF'\nawk '{print $n}'\nEOF")) } },
      { name: '$1x and $10a are not placeholders', hosts: claude, files: { 'SKILL.md': skill(fence('sh', "sed 's/x/$1x/' f\necho '$10a'")) } },
    ],
    invalid: [
      {
        name: "awk fields in single quotes, in a skill with a hint: one finding at the first, with the count",
        hosts: claude,
        files: { 'SKILL.md': skill(fence('bash', "PID=$(echo \"$line\" | awk '{print $2}')\nls -lh f | awk '{print $5}'")) },
        errors: [
          {
            line: 7,
            column: 34,
            endColumn: 36,
            severity: 'warning',
            messageId: 'rewritten',
            data: { placeholder: '$2', word: "'{print $2}'", more: ' (and 1 more in this skill)', host: 'Claude Code', position: '3rd', index: '2' },
          },
        ],
      },
      {
        name: 'a skill that places $ARGUMENTS, a sed group in a console block',
        hosts: claude,
        files: { 'SKILL.md': skill(`Rename $ARGUMENTS.\n\n${fence('console', "$ sed -E 's/(a)(b)/$2$1/' f")}`, '') },
        errors: [{ line: 8, column: 20, messageId: 'rewritten', data: { placeholder: '$2', word: "'s/(a)(b)/$2$1/'", more: ' (and 1 more in this skill)', host: 'Claude Code', position: '3rd', index: '2' } }],
      },
      {
        name: "awk in the script a quoted heredoc hands to bash (`/usr/bin/env bash << 'EOF'`)",
        hosts: claude,
        files: { 'SKILL.md': skill(fence('bash', "/usr/bin/env bash << 'STATUS_EOF'\nX=1\nps aux | awk '{print $2}'\nSTATUS_EOF")) },
        errors: [{ line: 9, column: 22, endColumn: 24, message: /^Unexpected `\$2` in `'\{print \$2\}'`: Claude Code replaces it with the user's 3rd argument/ }],
      },
      {
        name: 'a portable skill built for Claude Code too',
        hosts: ['agentskills', 'claude'],
        files: { 'SKILL.md': skill(fence('bash', "cut -f1 f | awk '$1 > 0'")) },
        errors: [{ line: 7, column: 18, message: /^Unexpected `\$1` in `'\$1 > 0'`: Claude Code replaces it with the user's 2nd argument/ }],
      },
    ],
  },
  { describe, it },
);
