import { describe, it } from 'vitest';
import rule from '../../../src/rules/frontmatter/name-format.js';
import { testRule } from '../../../src/testing/rule-tester.js';

const skill = (name: string) => `---\nname: ${name}\ndescription: Use when testing.\n---\n# T\n`;

testRule(
  rule,
  {
    valid: [
      { files: { 'SKILL.md': skill('my-skill') } },
      { files: { 'SKILL.md': skill('a1-b2-c3') } },
      { name: 'no name at all is another rule', files: { 'SKILL.md': '---\ndescription: x\n---\n' } },
    ],
    invalid: [
      {
        name: 'uppercase is fixed',
        files: { 'SKILL.md': skill('My_Skill') },
        errors: [{ line: 2, column: 7, endColumn: 15, message: 'Unexpected `My_Skill`, expected 1-64 lowercase letters, digits and single inner hyphens' }],
        output: skill('my-skill'),
      },
      {
        name: 'double hyphen',
        files: { 'SKILL.md': skill('"a--b"') },
        errors: [{ line: 2, column: 7, message: /`a--b`/ }],
        output: skill('a-b'),
      },
      {
        name: 'too long is not fixable',
        files: { 'SKILL.md': skill('a'.repeat(65)) },
        errors: [{ line: 2, message: /65 characters/ }],
      },
    ],
  },
  { describe, it },
);
