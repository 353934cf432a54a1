import { describe, it } from 'vitest';
import rule from '../../../src/rules/frontmatter/compatibility-length.js';
import { testRule } from '../../../src/testing/rule-tester.js';

const skill = (compatibility: string) => `---\nname: my-skill\ndescription: Use when testing.\ncompatibility: ${compatibility}\n---\n# T\n`;

testRule(
  rule,
  {
    valid: [
      { files: { 'SKILL.md': skill('Requires git and network access.') } },
      { name: 'exactly 500', files: { 'SKILL.md': skill('a'.repeat(500)) } },
      { name: 'absent', files: { 'SKILL.md': '---\nname: my-skill\ndescription: x\n---\n' } },
      { name: 'not a string is frontmatter/field-type', files: { 'SKILL.md': skill('[node, git]') } },
    ],
    invalid: [
      {
        name: 'too long',
        files: { 'SKILL.md': skill('a'.repeat(501)) },
        errors: [{ line: 4, column: 16, endColumn: 517, message: 'Unexpected `compatibility` of 501 characters, expected at most 500' }],
      },
      {
        name: 'empty',
        files: { 'SKILL.md': skill("''") },
        errors: [{ line: 4, column: 16, message: 'Unexpected empty `compatibility`, expected 1-500 characters (or no `compatibility` key at all)' }],
      },
      {
        name: 'block scalar over the limit',
        hosts: ['claude'],
        files: { 'SKILL.md': skill(`|\n  ${'b'.repeat(600)}`) },
        errors: [{ line: 4, column: 16, message: /^Unexpected `compatibility` of 601 characters, expected at most 500$/ }],
      },
    ],
  },
  { describe, it },
);
