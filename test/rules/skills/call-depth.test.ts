import { describe, it } from 'vitest';
import rule from '../../../src/rules/skills/call-depth.js';
import { testRule } from '../../../src/testing/rule-tester.js';

const skill = (name: string, requires?: string, body = '# T\n') => `---\nname: ${name}\ndescription: Use when testing.\n${requires ? `skillc:\n  requires: ${requires}\n` : ''}---\n${body}`;
const chain = { 'a/SKILL.md': skill('a', '[b]'), 'b/SKILL.md': skill('b', '[c]'), 'c/SKILL.md': skill('c', '[d]'), 'd/SKILL.md': skill('d', '[e]'), 'e/SKILL.md': skill('e') };

testRule(
  rule,
  {
    valid: [
      { name: 'a chain of three calls', files: { 'a/SKILL.md': skill('a', '[b]'), 'b/SKILL.md': skill('b', '[c]'), 'c/SKILL.md': skill('c', '[d]'), 'd/SKILL.md': skill('d') } },
      { name: 'a raised limit', files: chain, options: { max: 4 } },
      { name: 'mentions do not count by default', files: { 'a/SKILL.md': skill('a', undefined, 'Run `b`.\n'), 'b/SKILL.md': skill('b', undefined, 'Run `c`.\n'), 'c/SKILL.md': skill('c') }, options: { max: 1 } },
      { name: 'a cycle is not infinitely deep (requires-cycle reports it)', files: { 'a/SKILL.md': skill('a', '[b]'), 'b/SKILL.md': skill('b', '[a]') }, options: { max: 1 } },
    ],
    invalid: [
      {
        name: 'four calls deep, reported at each skill over the limit',
        files: chain,
        errors: [
          { file: 'a/SKILL.md', line: 5, column: 14, endColumn: 15, message: 'Unexpected call chain `a -> b -> c -> d -> e` of depth 4, expected at most 3' },
        ],
      },
      {
        name: 'a tighter limit',
        files: { 'a/SKILL.md': skill('a', '[b]'), 'b/SKILL.md': skill('b', '[c]'), 'c/SKILL.md': skill('c') },
        options: { max: 1 },
        errors: [{ file: 'a/SKILL.md', message: 'Unexpected call chain `a -> b -> c` of depth 2, expected at most 1' }],
      },
      {
        name: 'mentions count when the edges option says so',
        files: { 'a/SKILL.md': skill('a', undefined, 'Then run `b`.\n'), 'b/SKILL.md': skill('b', undefined, 'Then run `/c`.\n'), 'c/SKILL.md': skill('c') },
        options: { max: 1, edges: ['requires', 'mention'] },
        errors: [{ file: 'a/SKILL.md', line: 5, column: 10, endColumn: 13, message: 'Unexpected call chain `a -> b -> c` of depth 2, expected at most 1' }],
      },
    ],
  },
  { describe, it },
);
