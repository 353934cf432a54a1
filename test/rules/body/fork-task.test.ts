import { describe, it } from 'vitest';
import rule from '../../../src/rules/body/fork-task.js';
import { testRule } from '../../../src/testing/rule-tester.js';

const skill = (body: string, extra = 'context: fork') => `---\nname: my-skill\ndescription: Use when testing.\n${extra}\n---\n${body}\n`;

testRule(
  rule,
  {
    valid: [
      { name: 'the docs example: research $ARGUMENTS in steps', hosts: ['claude'], files: { 'SKILL.md': skill('Research $ARGUMENTS thoroughly:\n\n1. Find relevant files using Glob and Grep\n2. Summarize findings') } },
      { name: 'an imperative instruction', hosts: ['claude'], files: { 'SKILL.md': skill('Review the staged diff and report risky changes.') } },
      { name: 'a task heading', hosts: ['copilot'], files: { 'SKILL.md': skill('## Your task\n\nThe pull request in context.') } },
      { name: 'guidelines without a fork', hosts: ['claude'], files: { 'SKILL.md': skill('When writing API endpoints:\n- Use RESTful naming conventions', 'license: MIT') } },
    ],
    invalid: [
      {
        name: 'the docs counter-example: guidelines with context: fork',
        hosts: ['claude'],
        files: { 'SKILL.md': skill('When writing API endpoints:\n- Use RESTful naming conventions\n- Return consistent error formats') },
        errors: [{ line: 4, column: 10, severity: 'warning', messageId: 'noTask', data: { field: 'context', value: 'fork', host: 'Claude Code' } }],
      },
    ],
  },
  { describe, it },
);
