import { describe, it } from 'vitest';
import rule from '../../../src/rules/frontmatter/tool-names.js';
import { testRule } from '../../../src/testing/rule-tester.js';

const skill = (extra: string) => `---\nname: my-skill\ndescription: Use when testing.\n${extra}\n---\n# T\n`;
const claude = ['claude'];

testRule(
  rule,
  {
    valid: [
      { name: 'tools, patterns with specifiers, MCP tools and the Task alias', hosts: claude, files: { 'SKILL.md': skill('allowed-tools: Read, Grep, Bash(git add *, git commit *) mcp__linear__create_issue mcp__memory Task Agent(Explore)') } },
      { name: 'a YAML list', hosts: claude, files: { 'SKILL.md': skill('allowed-tools:\n  - Read\n  - "Bash(npm run *)"\ndisallowed-tools: [AskUserQuestion]') } },
      { name: 'a host with no tool list checks nothing', hosts: ['agentskills'], files: { 'SKILL.md': skill('allowed-tools: FakeTool') } },
    ],
    invalid: [
      {
        name: 'an unknown tool with a did-you-mean, an unknown one without, and a retired one (agnix FakeTool)',
        hosts: claude,
        files: { 'SKILL.md': skill('allowed-tools: Read, Grpe, FakeTool, Bash(ls *), TodoRead') },
        errors: [
          { line: 4, column: 22, endColumn: 26, severity: 'warning', messageId: 'unknown', data: { tool: 'Grpe', key: 'allowed-tools', host: 'Claude Code', suggestion: '; did you mean `Grep`?' } },
          { line: 4, column: 28, messageId: 'unknown', data: { tool: 'FakeTool', key: 'allowed-tools', host: 'Claude Code', suggestion: '' } },
          { line: 4, column: 50, messageId: 'retired', data: { tool: 'TodoRead', key: 'allowed-tools', host: 'Claude Code', by: 'TaskList' } },
        ],
      },
      {
        name: 'names in a list, and in disallowed-tools; names are case-sensitive',
        hosts: claude,
        files: { 'SKILL.md': skill('allowed-tools:\n  - read\ndisallowed-tools: WebSearh') },
        errors: [
          { line: 5, column: 5, messageId: 'unknown', data: { tool: 'read', key: 'allowed-tools', host: 'Claude Code', suggestion: '; did you mean `Read`?' } },
          { line: 6, column: 19, messageId: 'unknown', data: { tool: 'WebSearh', key: 'disallowed-tools', host: 'Claude Code', suggestion: '; did you mean `WebSearch`?' } },
        ],
      },
    ],
  },
  { describe, it },
);
