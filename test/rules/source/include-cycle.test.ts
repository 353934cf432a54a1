import { describe, it } from 'vitest';
import rule from '../../../src/rules/source/include-cycle.js';
import { testRule } from '../../../src/testing/rule-tester.js';

const FM = '---\nname: my-skill\ndescription: Use when testing.\n---\n';
const inc = (p: string) => `<!-- include: ${p} -->\n`;

testRule(
  rule,
  {
    valid: [
      { name: 'a chain', files: { 'SKILL.md': FM + inc('a.md'), 'a.md': inc('b.md'), 'b.md': 'B.\n' } },
      { name: 'a diamond', files: { 'SKILL.md': FM + inc('a.md') + inc('b.md'), 'a.md': inc('c.md'), 'b.md': inc('c.md'), 'c.md': 'C.\n' } },
      { name: 'the same file twice', files: { 'SKILL.md': FM + inc('a.md') + '\n' + inc('a.md'), 'a.md': 'A.\n' } },
      { name: 'a missing file is another rule', files: { 'SKILL.md': FM + inc('gone.md') } },
      { name: 'an include in a code block of an included file', files: { 'SKILL.md': FM + inc('a.md'), 'a.md': '```md\n' + inc('a.md') + '```\n' } },
    ],
    invalid: [
      {
        name: 'two files including each other',
        files: { 'SKILL.md': FM + '# T\n\n' + inc('a.md'), 'a.md': inc('b.md'), 'b.md': 'B.\n\n' + inc('a.md') },
        errors: [{ line: 7, column: 1, endLine: 7, endColumn: 23, message: 'Unexpected include cycle a.md -> b.md -> a.md, expected includes to form no loop' }],
      },
      {
        name: 'a file including itself, reported once at the first include entering it',
        files: { 'SKILL.md': FM + inc('a.md') + '\n' + inc('a.md'), 'a.md': inc('a.md') },
        errors: [{ line: 5, column: 1, message: 'Unexpected include cycle a.md -> a.md, expected includes to form no loop' }],
      },
      {
        name: 'several cycles through one include make one report',
        files: { 'SKILL.md': FM + inc('a.md'), 'a.md': inc('b.md') + inc('c.md'), 'b.md': inc('a.md'), 'c.md': inc('a.md') },
        errors: [{ line: 5, column: 1, message: 'Unexpected include cycle a.md -> b.md -> a.md (and 1 more through this include), expected includes to form no loop' }],
      },
      {
        name: 'SKILL.md including itself',
        files: { 'SKILL.md': FM + inc('SKILL.md') },
        errors: [{ line: 5, column: 1, endColumn: 27, message: 'Unexpected include cycle SKILL.md -> SKILL.md, expected includes to form no loop' }],
      },
      {
        name: 'a cycle back through SKILL.md, with nested paths relative to the including file',
        files: { 'SKILL.md': FM + inc('../_shared/a.md'), '../_shared/a.md': inc('b.md'), '../_shared/b.md': inc('../my-skill/SKILL.md') },
        errors: [{ line: 5, column: 1, message: 'Unexpected include cycle SKILL.md -> ../_shared/a.md -> ../_shared/b.md -> SKILL.md, expected includes to form no loop' }],
      },
    ],
  },
  { describe, it },
);
