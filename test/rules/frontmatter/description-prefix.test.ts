import { describe, it } from 'vitest';
import rule from '../../../src/rules/frontmatter/description-prefix.js';
import { testRule } from '../../../src/testing/rule-tester.js';

const skill = (description: string, extra = ''): string => `---\nname: my-skill\ndescription: ${description}\n${extra}---\n# Title\n`;

testRule(
  rule,
  {
    valid: [
      { name: 'no prefix configured', files: { 'SKILL.md': skill('Formats dates.') } },
      { name: 'starts with the prefix', files: { 'SKILL.md': skill('Use when dates need formatting.') }, options: { prefix: 'Use when' } },
      { name: 'one of several prefixes', files: { 'SKILL.md': skill('Use this skill when dates need formatting.') }, options: { prefix: ['Use when', 'Use this skill when'] } },
      { name: 'ignoreCase', files: { 'SKILL.md': skill('use when dates need formatting.') }, options: { prefix: 'Use when', ignoreCase: true } },
      { name: 'folded block scalar, whitespace squashed', files: { 'SKILL.md': '---\nname: my-skill\ndescription: >\n  Use\n  when dates need formatting.\n---\n' }, options: { prefix: 'Use when' } },
      {
        name: 'a kind with its own prefix',
        files: { 'SKILL.md': skill('Reference for date formats.', 'skillc: { kind: pack }\n') },
        options: { prefix: 'Use when', kinds: { pack: { prefix: 'Reference' } } },
      },
    ],
    invalid: [
      {
        name: 'does not start with the prefix',
        files: { 'SKILL.md': skill('Formats dates. Use when asked.') },
        options: { prefix: 'Use when' },
        errors: [{ line: 3, column: 14, message: 'Unexpected description starting "Formats dates. Use when…", expected it to start with "Use when"' }],
      },
      {
        name: 'case matters by default',
        files: { 'SKILL.md': skill('use when dates need formatting.') },
        options: { prefix: 'Use when' },
        errors: [{ message: /expected it to start with "Use when"$/ }],
      },
      {
        name: "the kind's prefix replaces the default",
        files: { 'SKILL.md': skill('Use when dates need formatting.', 'skillc: { kind: pack }\n') },
        options: { prefix: 'Use when', kinds: { pack: { prefix: ['Reference', 'Facts'] } } },
        errors: [{ message: /expected it to start with "Reference" or "Facts" for kind `pack`$/ }],
      },
    ],
  },
  { describe, it },
);
