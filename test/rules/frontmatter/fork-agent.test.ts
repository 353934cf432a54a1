import { describe, it } from 'vitest';
import rule from '../../../src/rules/frontmatter/fork-agent.js';
import { testRule } from '../../../src/testing/rule-tester.js';

const skill = (extra: string) => `---\nname: my-skill\ndescription: Use when testing.\n${extra}\n---\nResearch the topic.\n`;
const claude = ['claude'];

testRule(
  rule,
  {
    valid: [
      { name: 'a built-in agent with context: fork', hosts: claude, files: { 'a/SKILL.md': skill('context: fork\nagent: Explore') } },
      { name: 'a custom agent lint cannot see, and a plugin agent', hosts: claude, files: { 'a/SKILL.md': skill('context: fork\nagent: security-reviewer'), 'b/SKILL.md': skill('context: fork\nagent: my-plugin:reviewer') } },
      { name: 'a host without agents', hosts: ['copilot'], files: { 'a/SKILL.md': skill('agent: Explore') } },
    ],
    invalid: [
      {
        name: 'agent without context: fork is never read',
        hosts: claude,
        files: { 'a/SKILL.md': skill('agent: Explore') },
        errors: [{ line: 4, column: 8, severity: 'warning', messageId: 'withoutFork', data: { agentField: 'agent', agent: 'Explore', forkField: 'context', forkValue: 'fork', host: 'Claude Code' } }],
      },
      {
        name: 'a misspelt built-in agent type',
        hosts: claude,
        files: { 'a/SKILL.md': skill('context: fork\nagent: explore'), 'b/SKILL.md': skill('context: fork\nagent: general_purpose') },
        errors: [
          { line: 5, messageId: 'unknown', data: { agentField: 'agent', agent: 'explore', forkField: 'context', forkValue: 'fork', host: 'Claude Code', builtIns: 'Explore, Plan, general-purpose', near: 'Explore' } },
          { file: 'b/SKILL.md', line: 5, messageId: 'unknown' },
        ],
      },
    ],
  },
  { describe, it },
);
