import { describe, it } from 'vitest';
import rule from '../../../src/rules/body/max-lines.js';
import { testRule } from '../../../src/testing/rule-tester.js';

const FM = '---\nname: my-skill\ndescription: Use when testing.\n---\n';
/** A body of `n` lines after a 4-line frontmatter: body line k is file line 4 + k. */
const body = (n: number) => Array.from({ length: n }, (_, i) => `line ${i + 1}`).join('\n') + '\n';
const kinds = { workflow: { sections: [], maxLines: 3 } };

testRule(
  rule,
  {
    valid: [
      { name: 'exactly the host limit', files: { 'SKILL.md': FM + body(500) } },
      { name: 'the final line break is not a line', files: { 'SKILL.md': FM + body(3) }, options: { max: 3 } },
      { name: 'no frontmatter: the whole file is the body', files: { 'SKILL.md': body(4) }, options: { max: 4 } },
      { name: 'a kind without maxLines keeps the host limit', files: { 'SKILL.md': `---\nname: a\nskillc: { kind: other }\n---\n${body(10)}` }, config: { kinds: { other: { sections: [] } } } },
      { name: 'an empty file', files: { 'SKILL.md': '' }, options: { max: 1 } },
    ],
    invalid: [
      {
        name: 'one line over the host limit',
        files: { 'SKILL.md': FM + body(501) },
        errors: [{ line: 505, column: 1, endLine: 505, endColumn: 9, message: 'Unexpected 501 body lines, expected at most 500; move detail into references/' }],
      },
      {
        name: 'the option lowers the budget',
        files: { 'SKILL.md': FM + body(12) },
        options: { max: 10 },
        errors: [{ line: 15, column: 1, message: 'Unexpected 12 body lines, expected at most 10; move detail into references/' }],
      },
      {
        name: "the kind's maxLines overrides the option",
        files: { 'SKILL.md': `---\nname: a\nskillc:\n  kind: workflow\n---\n${body(5)}` },
        options: { max: 100 },
        config: { kinds },
        errors: [{ line: 9, column: 1, endColumn: 7, message: 'Unexpected 5 body lines, expected at most 3 for kind `workflow`; move detail into references/' }],
      },
      {
        name: 'a body without a final line break',
        files: { 'SKILL.md': FM + 'a\nb\nc' },
        options: { max: 2 },
        errors: [{ line: 7, message: 'Unexpected 3 body lines, expected at most 2; move detail into references/' }],
      },
    ],
  },
  { describe, it },
);
