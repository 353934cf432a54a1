import { describe, it } from 'vitest';
import rule from '../../../src/rules/frontmatter/name-reserved.js';
import { testRule } from '../../../src/testing/rule-tester.js';

const skill = (name: string) => `---\nname: ${name}\ndescription: Use when testing.\n---\n# T\n`;

testRule(
  rule,
  {
    valid: [
      { hosts: ['claude-upload'], files: { 'SKILL.md': skill('my-skill') } },
      { name: 'only whole words', hosts: ['claude-upload'], files: { 'SKILL.md': skill('claudette-notes') } },
      { name: 'Claude Code reserves no words (a real plugin skill name, issue 13)', hosts: ['claude'], files: { 'SKILL.md': skill('claude-code-proxy-patterns') } },
      { name: 'a host without reserved words', hosts: ['agentskills', 'codex'], files: { 'SKILL.md': skill('claude-helper') } },
      { name: 'not a string', hosts: ['claude-upload'], files: { 'SKILL.md': skill('[claude]') } },
    ],
    invalid: [
      {
        name: 'a reserved word',
        hosts: ['claude-upload'],
        files: { 'SKILL.md': skill('claude-helper') },
        errors: [{ line: 2, column: 7, endColumn: 20, message: 'Unexpected reserved word `claude` in name `claude-helper`, expected a name without it (reserved by claude-upload)' }],
      },
      {
        name: 'in any position and case',
        hosts: ['agentskills', 'claude-upload'],
        files: { 'SKILL.md': skill('My-Anthropic_Tool') },
        errors: [{ line: 2, message: 'Unexpected reserved word `anthropic` in name `My-Anthropic_Tool`, expected a name without it (reserved by claude-upload)' }],
      },
      {
        name: 'two words, one report',
        hosts: ['claude-upload'],
        files: { 'SKILL.md': skill('anthropic-claude') },
        errors: [{ line: 2, message: 'Unexpected reserved words `anthropic`, `claude` in name `anthropic-claude`, expected a name without them (reserved by claude-upload)' }],
      },
    ],
  },
  { describe, it },
);
