import { describe, it } from 'vitest';
import rule from '../../../src/rules/skills/unreachable.js';
import { testRule } from '../../../src/testing/rule-tester.js';

const skill = (extra: string) => `---\nname: my-skill\ndescription: Use when testing.\n${extra}---\n# T\n`;

testRule(
  rule,
  {
    valid: [
      { name: 'a plain skill', files: { 'SKILL.md': skill('') }, hosts: ['claude'] },
      { name: 'model only', files: { 'SKILL.md': skill('user-invocable: false\n') }, hosts: ['claude'] },
      { name: 'user only', files: { 'SKILL.md': skill('disable-model-invocation: true\n') }, hosts: ['claude'] },
      { name: 'manual: the user can still invoke it', files: { 'SKILL.md': skill('skillc:\n  invocation: manual\n') }, hosts: ['claude', 'codex'] },
      { name: 'both switches, for a host that reads neither', files: { 'SKILL.md': skill('user-invocable: false\ndisable-model-invocation: true\n') }, hosts: ['agentskills'] },
      { name: 'both switches on a host the skill does not target', files: { 'SKILL.md': skill('user-invocable: false\nskillc:\n  invocation: manual\n  targets: [codex]\n') }, hosts: ['claude', 'codex'] },
    ],
    invalid: [
      {
        name: 'hidden from the model and from the menu',
        hosts: ['claude'],
        files: { 'SKILL.md': skill('user-invocable: false\ndisable-model-invocation: true\n') },
        errors: [
          {
            line: 5,
            column: 1,
            endColumn: 25,
            message:
              'Unexpected skill that no one can invoke on Claude Code: `disable-model-invocation: true` and `user-invocable: false` keep both the model and the user from it, expected at least one of them to reach it',
          },
        ],
      },
      {
        name: 'manual invocation and no menu entry',
        hosts: ['claude'],
        files: { 'SKILL.md': skill('user-invocable: false\nskillc:\n  invocation: manual\n') },
        errors: [{ line: 5, message: /no one can invoke on Claude Code: `disable-model-invocation: true` and `user-invocable: false`/ }],
      },
      {
        name: 'host-only fields count too',
        hosts: ['claude'],
        files: { 'SKILL.md': skill('disable-model-invocation: true\nskillc:\n  claude:\n    user-invocable: false\n') },
        errors: [{ line: 4, message: /Claude Code/ }],
      },
      {
        name: 'targets no host',
        files: { 'SKILL.md': skill('skillc:\n  targets: []\n') },
        errors: [{ line: 5, column: 12, message: 'Unexpected empty `skillc.targets`: no host installs this skill, expected at least one host id' }],
      },
    ],
  },
  { describe, it },
);
