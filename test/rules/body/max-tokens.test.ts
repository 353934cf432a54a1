import { describe, it } from 'vitest';
import rule from '../../../src/rules/body/max-tokens.js';
import { testRule } from '../../../src/testing/rule-tester.js';

const FM = '---\nname: my-skill\ndescription: Use when testing.\n---\n';
/** Lines of 79 characters plus a line break: 20 tokens a line. */
const lines = (n: number) => Array.from({ length: n }, () => 'x'.repeat(79)).join('\n');

testRule(
  rule,
  {
    valid: [
      { name: 'under the host budget', files: { 'SKILL.md': FM + '\n' + lines(200) } },
      { name: 'exactly at the option', files: { 'SKILL.md': FM + 'x'.repeat(39) }, options: { max: 10 } },
      { name: 'frontmatter does not count', files: { 'SKILL.md': `---\ndescription: ${'d'.repeat(400)}\n---\nshort\n` }, options: { max: 10 } },
    ],
    invalid: [
      {
        name: 'over the host budget (5000 tokens)',
        files: { 'SKILL.md': FM + '\n' + lines(251) },
        errors: [{ line: 255, column: 1, endLine: 255, endColumn: 80, message: 'Unexpected about 5021 body tokens (20081 characters / 4), expected at most 5000; move detail into references/' }],
      },
      {
        name: 'the option lowers the budget; the line where it is passed is reported',
        files: { 'SKILL.md': FM + '\n' + lines(3) },
        options: { max: 30 },
        errors: [{ line: 7, column: 1, message: 'Unexpected about 61 body tokens (241 characters / 4), expected at most 30; move detail into references/' }],
      },
      {
        name: 'no frontmatter',
        files: { 'SKILL.md': 'x'.repeat(41) },
        options: { max: 10 },
        errors: [{ line: 1, column: 1, endColumn: 42, message: 'Unexpected about 11 body tokens (41 characters / 4), expected at most 10; move detail into references/' }],
      },
    ],
  },
  { describe, it },
);
