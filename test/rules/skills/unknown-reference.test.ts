import { describe, it } from 'vitest';
import rule from '../../../src/rules/skills/unknown-reference.js';
import { testRule } from '../../../src/testing/rule-tester.js';

const skill = (name: string, skillc = '') => `---\nname: ${name}\ndescription: Use when testing.\n${skillc}---\n# T\n`;

testRule(
  rule,
  {
    valid: [
      { name: 'known names, flow list', files: { 'a/SKILL.md': skill('alpha', 'skillc:\n  requires: [beta]\n'), 'b/SKILL.md': skill('beta') } },
      { name: 'known name, block list and a single name', files: { 'a/SKILL.md': skill('alpha', 'skillc:\n  requires:\n    - beta\n'), 'b/SKILL.md': skill('beta', 'skillc:\n  requires: alpha\n') } },
      { name: 'no requires', files: { 'SKILL.md': skill('alpha', 'skillc:\n  kind: workflow\n') } },
      {
        name: 'a sibling folder outside the linted catalog (one skill linted alone)',
        files: { 'SKILL.md': skill('alpha', 'skillc:\n  requires: [style]\n'), '../style/SKILL.md': skill('style') },
      },
      { name: 'non-string entries are the schema rule\'s', files: { 'SKILL.md': skill('alpha', 'skillc:\n  requires: [1, {a: b}]\n') } },
      { name: 'broken YAML', files: { 'SKILL.md': '---\nname: a\nskillc: [\n---\n' } },
    ],
    invalid: [
      {
        name: 'unknown name in a flow list, near one suggested',
        files: { 'a/SKILL.md': skill('alpha', 'skillc:\n  requires: [beta, gama]\n'), 'b/SKILL.md': skill('beta'), 'c/SKILL.md': skill('gamma') },
        errors: [{ file: 'a/SKILL.md', line: 5, column: 20, endLine: 5, endColumn: 24, message: 'Unexpected unknown skill `gama` in `skillc.requires`, expected `gamma`' }],
      },
      {
        name: 'block list, two unknown',
        files: { 'SKILL.md': skill('alpha', 'skillc:\n  requires:\n    - "changelog-style"\n    - other\n') },
        errors: [
          { line: 6, column: 7, endColumn: 24, message: 'Unexpected unknown skill `changelog-style` in `skillc.requires`, expected the name of a skill in the catalog' },
          { line: 7, column: 7, endColumn: 12, message: 'Unexpected unknown skill `other` in `skillc.requires`, expected the name of a skill in the catalog' },
        ],
      },
      {
        name: 'a single name',
        files: { 'SKILL.md': skill('alpha', 'skillc:\n  requires: nothing-here\n') },
        errors: [{ line: 5, column: 13, endColumn: 25, message: /`nothing-here`/ }],
      },
    ],
  },
  { describe, it },
);
