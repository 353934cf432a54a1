import { describe, it } from 'vitest';
import rule from '../../../src/rules/frontmatter/hooks.js';
import { testRule } from '../../../src/testing/rule-tester.js';

const skill = (hooks: string) => `---\nname: my-skill\ndescription: Use when testing.\nhooks:\n${hooks}\n---\n# T\n`;
const claude = ['claude'];

testRule(
  rule,
  {
    valid: [
      {
        name: 'the docs example, and every handler type',
        hosts: claude,
        files: {
          'SKILL.md': skill('  PreToolUse:\n    - matcher: "Bash"\n      hooks:\n        - type: command\n          command: "./scripts/security-check.sh"\n  PostToolUse:\n    - hooks:\n        - type: http\n          url: https://hooks.example.com/x\n        - type: mcp_tool\n          server: memory\n          tool: log\n        - type: prompt\n          prompt: Check $ARGUMENTS\n        - type: agent\n          prompt: Verify the edit'),
        },
      },
      { name: 'a host without skill hooks reads nothing', hosts: ['codex'], files: { 'SKILL.md': skill('  OnSave:\n    - nope') } },
    ],
    invalid: [
      {
        name: 'an unknown event, with a did-you-mean (agnix fixture shape)',
        hosts: claude,
        files: { 'SKILL.md': skill('  PreToolUsee:\n    - hooks:\n        - type: command\n          command: x\n  OnSave:\n    - hooks: []') },
        errors: [
          { line: 5, column: 3, severity: 'warning', messageId: 'event', data: { event: 'PreToolUsee', host: 'Claude Code', suggestion: '; did you mean `PreToolUse`?' } },
          { line: 9, column: 3, messageId: 'event', data: { event: 'OnSave', host: 'Claude Code', suggestion: '' } },
        ],
      },
      {
        name: 'malformed entries: not a list, a group without hooks, a handler without type, an unknown type, a missing command, a non-string matcher',
        hosts: claude,
        files: {
          'SKILL.md': skill('  Stop: ./cleanup.sh\n  PreToolUse:\n    - matcher: Bash\n    - matcher: [Edit]\n      hooks:\n        - command: x\n        - type: shell\n          command: x\n        - type: command\n          timeout: 5'),
        },
        errors: [
          { line: 5, messageId: 'groups', data: { what: 'string `./cleanup.sh`', event: 'Stop' } },
          { line: 7, messageId: 'group', data: { what: 'matcher group without a `hooks:` list', event: 'PreToolUse' } },
          { line: 8, messageId: 'matcher', data: { what: 'list' } },
          { line: 10, messageId: 'handler' },
          { line: 11, messageId: 'type', data: { type: 'shell', types: '`command`, `http`, `mcp_tool`, `prompt`, `agent`', suggestion: '' } },
          { line: 13, messageId: 'missing', data: { type: 'command', key: 'command' } },
        ],
      },
    ],
  },
  { describe, it },
);
