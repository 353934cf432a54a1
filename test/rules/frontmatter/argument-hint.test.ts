import { describe, it } from 'vitest';
import rule from '../../../src/rules/frontmatter/argument-hint.js';
import { testRule } from '../../../src/testing/rule-tester.js';

const skill = (body: string, extra = '') => `---\nname: my-skill\ndescription: Use when testing.\n${extra}---\n${body}\n`;
const claude = ['claude'];

testRule(
  rule,
  {
    valid: [
      { name: 'a hint and the placeholders it describes', hosts: claude, files: { 'a/SKILL.md': skill('Migrate the $ARGUMENTS[0] component from $1 to $2.', 'argument-hint: "[component] [from] [to]"\n') } },
      { name: 'a hint with $ARGUMENTS, and one with a named argument', hosts: claude, files: { 'a/SKILL.md': skill('Fix issue $ARGUMENTS.', 'argument-hint: "[issue]"\n'), 'b/SKILL.md': skill('Fix $issue.', 'argument-hint: "[issue]"\narguments: [issue]\n') } },
      { name: 'prices, shell positionals in code, an escaped $, and a syntax table', hosts: claude, files: { 'a/SKILL.md': skill('It costs $5 per month, ~$5-8/year, or $1.00.\n\n```bash\necho "$1"\n```\n\nWrite \\$1 for a dollar.\n\n| `$ARGUMENTS[0]` | the first argument |') } },
      { name: 'a skill only the model invokes shows no hint', hosts: claude, files: { 'a/SKILL.md': skill('Use $ARGUMENTS[0].', 'user-invocable: false\n') } },
      { name: 'a host without argument substitution', hosts: ['codex'], files: { 'a/SKILL.md': skill('Use $ARGUMENTS[0].') } },
    ],
    invalid: [
      {
        name: 'positional placeholders without argument-hint',
        hosts: claude,
        files: { 'a/SKILL.md': skill('Migrate the $ARGUMENTS[0] component from $1 to $2.'), 'b/SKILL.md': skill('Compare $0 with $1.') },
        errors: [
          { file: 'a/SKILL.md', line: 5, column: 13, severity: 'warning', messageId: 'noHint', data: { placeholder: '$ARGUMENTS[0]', hintField: 'argument-hint', host: 'Claude Code' } },
          { file: 'b/SKILL.md', line: 5, column: 9, messageId: 'noHint', data: { placeholder: '$0', hintField: 'argument-hint', host: 'Claude Code' } },
        ],
      },
      {
        name: 'a hint on a skill whose body uses no argument: an info (the arguments are appended)',
        hosts: claude,
        files: { 'a/SKILL.md': skill('Summarize the repository.', 'argument-hint: "[path]"\n') },
        errors: [{ line: 4, column: 1, severity: 'info', messageId: 'unusedHint', data: { hintField: 'argument-hint', host: 'Claude Code' } }],
      },
    ],
  },
  { describe, it },
);
