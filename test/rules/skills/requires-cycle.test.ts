import { describe, it } from 'vitest';
import rule from '../../../src/rules/skills/requires-cycle.js';
import { testRule } from '../../../src/testing/rule-tester.js';

const skill = (name: string, requires?: string) => `---\nname: ${name}\ndescription: Use when testing.\n${requires ? `skillc:\n  requires: ${requires}\n` : ''}---\n# T\n`;

testRule(
  rule,
  {
    valid: [
      { name: 'a chain', files: { 'a/SKILL.md': skill('a', '[b]'), 'b/SKILL.md': skill('b', '[c]'), 'c/SKILL.md': skill('c') } },
      { name: 'a diamond', files: { 'a/SKILL.md': skill('a', '[b, c]'), 'b/SKILL.md': skill('b', '[d]'), 'c/SKILL.md': skill('c', '[d]'), 'd/SKILL.md': skill('d') } },
      { name: 'unknown names are another rule', files: { 'a/SKILL.md': skill('a', '[zz]') } },
      { name: 'mentions do not count by default', files: { 'a/SKILL.md': skill('a', '[b]'), 'b/SKILL.md': `${skill('b')}Back to \`a\`.\n` } },
    ],
    invalid: [
      {
        name: 'two skills',
        files: { 'a/SKILL.md': skill('a', '[b]'), 'b/SKILL.md': skill('b', '[a]') },
        errors: [{ file: 'a/SKILL.md', line: 5, column: 14, endLine: 5, endColumn: 15, message: 'Unexpected cycle `a -> b -> a` in `skillc.requires`, expected requirements without a loop' }],
      },
      {
        name: 'a skill requiring itself',
        files: { 'SKILL.md': skill('solo', 'solo') },
        errors: [{ line: 5, column: 13, endColumn: 17, message: 'Unexpected cycle `solo -> solo` in `skillc.requires`, expected requirements without a loop' }],
      },
      {
        name: 'reported once, at the first skill by name, at the entry that starts the cycle',
        files: { 'x/SKILL.md': skill('c', '[a]'), 'y/SKILL.md': skill('a', '[z, b]'), 'z/SKILL.md': skill('b', '[c]') },
        errors: [{ file: 'y/SKILL.md', line: 5, column: 17, endColumn: 18, message: 'Unexpected cycle `a -> b -> c -> a` in `skillc.requires`, expected requirements without a loop' }],
      },
      {
        name: 'two cycles sharing a skill',
        files: { 'a/SKILL.md': skill('a', '[b, c]'), 'b/SKILL.md': skill('b', '[a]'), 'c/SKILL.md': skill('c', '[a]') },
        errors: [
          { file: 'a/SKILL.md', column: 14, message: /`a -> b -> a`/ },
          { file: 'a/SKILL.md', column: 17, message: /`a -> c -> a`/ },
        ],
      },
      {
        name: 'the whole graph with the edges option',
        files: { 'a/SKILL.md': skill('a', '[b]'), 'b/SKILL.md': `${skill('b')}Back to \`a\`.\n` },
        options: { edges: ['requires', 'mention', 'link', 'include'] },
        errors: [{ file: 'a/SKILL.md', line: 5, column: 14, message: 'Unexpected cycle `a -> b -> a` in the skill graph (requires, mention), expected calls without a loop' }],
      },
    ],
  },
  { describe, it },
);
