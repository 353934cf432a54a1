import { describe, it } from 'vitest';
import rule from '../../../src/rules/skills/duplicate-name.js';
import { testRule } from '../../../src/testing/rule-tester.js';

const skill = (name: string) => `---\nname: ${name}\ndescription: Use when testing.\n---\n# T\n`;

testRule(
  rule,
  {
    valid: [
      { name: 'distinct names', files: { 'a/SKILL.md': skill('alpha'), 'b/SKILL.md': skill('beta') } },
      { name: 'one skill', files: { 'SKILL.md': skill('alpha') } },
      { name: 'missing names are another rule', files: { 'a/SKILL.md': '---\ndescription: x\n---\n', 'b/SKILL.md': '---\ndescription: y\n---\n' } },
      { name: 'names differing in case are distinct', files: { 'a/SKILL.md': skill('alpha'), 'b/SKILL.md': skill('Alpha') } },
    ],
    invalid: [
      {
        name: 'two skills, each names the other',
        files: { 'a/SKILL.md': skill('shared'), 'b/SKILL.md': skill('shared') },
        errors: [
          { file: 'a/SKILL.md', line: 2, column: 7, endLine: 2, endColumn: 13, message: 'Unexpected duplicate name `shared`, expected a name no other skill uses (also in `b`)' },
          { file: 'b/SKILL.md', line: 2, column: 7, endLine: 2, endColumn: 13, message: 'Unexpected duplicate name `shared`, expected a name no other skill uses (also in `a`)' },
        ],
      },
      {
        name: 'three skills, quoted name',
        files: { 'a/SKILL.md': skill('x'), 'b/SKILL.md': skill('"x"'), 'c/SKILL.md': skill('x'), 'd/SKILL.md': skill('y') },
        errors: [
          { file: 'a/SKILL.md', message: 'Unexpected duplicate name `x`, expected a name no other skill uses (also in `b`, `c`)' },
          { file: 'b/SKILL.md', line: 2, column: 7, endColumn: 10, message: 'Unexpected duplicate name `x`, expected a name no other skill uses (also in `a`, `c`)' },
          { file: 'c/SKILL.md', message: 'Unexpected duplicate name `x`, expected a name no other skill uses (also in `a`, `b`)' },
        ],
      },
      {
        name: 'same folder name in two roots is shown as a path',
        files: { 'one/SKILL.md': skill('x'), 'two/SKILL.md': '---\nname: x\n---\n' },
        errors: [
          { file: 'one/SKILL.md', message: /also in `two`/ },
          { file: 'two/SKILL.md', line: 2, message: /also in `one`/ },
        ],
      },
    ],
  },
  { describe, it },
);
