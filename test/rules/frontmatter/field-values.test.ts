import { describe, it } from 'vitest';
import rule from '../../../src/rules/frontmatter/field-values.js';
import { testRule } from '../../../src/testing/rule-tester.js';

const skill = (fields: string): string => `---\nname: my-skill\ndescription: Use when testing.\n${fields}---\n# Title\n`;
const orchflows = {
  fields: { role: { required: true, values: ['planner', 'worker', 'none'] } },
  kinds: { kernel: { role: { values: ['none'] } }, workflow: { role: { forbidden: ['none'] } } },
};

testRule(
  rule,
  {
    valid: [
      { name: 'nothing configured', files: { 'SKILL.md': skill('role: anything\n') } },
      { name: 'an allowed value', files: { 'SKILL.md': skill('role: worker\n') }, options: orchflows },
      { name: 'kernel with none', files: { 'SKILL.md': skill('role: none\nskillc: { kind: kernel }\n') }, options: orchflows },
      { name: 'workflow with planner', files: { 'SKILL.md': skill('role: planner\nskillc: { kind: workflow }\n') }, options: orchflows },
      { name: 'a dotted path', files: { 'SKILL.md': skill('metadata:\n  tier: gold\n') }, options: { fields: { 'metadata.tier': { values: ['gold', 'silver'] } } } },
      { name: 'an optional field may be absent', files: { 'SKILL.md': skill('') }, options: { fields: { role: { values: ['none'] } } } },
    ],
    invalid: [
      {
        name: 'a value outside the list',
        files: { 'SKILL.md': skill('role: boss\n') },
        options: orchflows,
        errors: [{ line: 4, column: 7, endColumn: 11, message: 'Unexpected `role: boss`, expected one of planner, worker, none' }],
      },
      {
        name: 'a required field missing',
        files: { 'SKILL.md': skill('') },
        options: orchflows,
        errors: [{ line: 1, column: 1, message: 'Unexpected missing `role`, expected one of planner, worker, none' }],
      },
      {
        name: 'kernel skills must be none',
        files: { 'SKILL.md': skill('role: planner\nskillc: { kind: kernel }\n') },
        options: orchflows,
        errors: [{ line: 4, message: 'Unexpected `role: planner`, expected none for kind `kernel`' }],
      },
      {
        name: 'workflows must not be none',
        files: { 'SKILL.md': skill('role: none\nskillc: { kind: workflow }\n') },
        options: orchflows,
        errors: [{ message: 'Unexpected `role: none`, expected a value other than none for kind `workflow`' }],
      },
      {
        name: 'a nested field',
        files: { 'SKILL.md': skill('metadata:\n  tier: bronze\n') },
        options: { fields: { 'metadata.tier': { values: ['gold', 'silver'] } } },
        errors: [{ line: 5, column: 9, message: 'Unexpected `metadata.tier: bronze`, expected one of gold, silver' }],
      },
    ],
  },
  { describe, it },
);
