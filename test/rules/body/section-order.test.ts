import { describe, it } from 'vitest';
import rule from '../../../src/rules/body/section-order.js';
import { testRule } from '../../../src/testing/rule-tester.js';

const FM = '---\nname: my-skill\nskillc: { kind: workflow }\n---\n';
const ordered = { sections: ['Inputs', 'Procedure', 'Output'], ordered: true };
const doc = (...names: string[]) => FM + names.map((n) => `## ${n}\n\nText.\n`).join('\n');

testRule(
  rule,
  {
    valid: [
      { name: 'in order', files: { 'SKILL.md': doc('Inputs', 'Procedure', 'Output') }, config: { kinds: { workflow: ordered } } },
      { name: 'other sections may sit anywhere', files: { 'SKILL.md': doc('Notes', 'Inputs', 'Extra', 'Procedure', 'Output', 'More') }, config: { kinds: { workflow: ordered } } },
      { name: 'a missing section is another rule', files: { 'SKILL.md': doc('Inputs', 'Output') }, config: { kinds: { workflow: ordered } } },
      { name: 'not ordered', files: { 'SKILL.md': doc('Output', 'Inputs') }, config: { kinds: { workflow: { sections: ['Inputs', 'Output'] } } } },
      { name: 'a repeated section is judged by its first occurrence', files: { 'SKILL.md': doc('Inputs', 'Procedure', 'Output', 'Inputs') }, config: { kinds: { workflow: ordered } } },
    ],
    invalid: [
      {
        name: 'two sections swapped',
        files: { 'SKILL.md': doc('Procedure', 'Inputs', 'Output') },
        config: { kinds: { workflow: ordered } },
        errors: [{ line: 5, column: 1, endLine: 5, endColumn: 13, message: 'Unexpected section `## Procedure` here, expected `## Inputs` before it (kind `workflow` orders `## Inputs`, `## Procedure`, `## Output`)' }],
      },
      {
        name: 'only the first out-of-order heading is reported, naming every section expected before it',
        files: { 'SKILL.md': doc('Output', 'Procedure', 'Inputs') },
        config: { kinds: { workflow: ordered } },
        errors: [{ line: 5, column: 1, endColumn: 10, message: 'Unexpected section `## Output` here, expected `## Inputs`, `## Procedure` before it (kind `workflow` orders `## Inputs`, `## Procedure`, `## Output`)' }],
      },
      {
        name: 'the last two swapped',
        files: { 'SKILL.md': doc('Inputs', 'Output', 'Procedure') },
        config: { kinds: { workflow: ordered } },
        errors: [{ line: 9, column: 1, message: /^Unexpected section `## Output` here, expected `## Procedure` before it/ }],
      },
    ],
  },
  { describe, it },
);
