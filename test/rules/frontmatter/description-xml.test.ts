import { describe, it } from 'vitest';
import rule from '../../../src/rules/frontmatter/description-xml.js';
import { testRule } from '../../../src/testing/rule-tester.js';

const skill = (description: string) => `---\nname: my-skill\ndescription: ${description}\n---\n# T\n`;
const WHY = 'expected plain text (hosts wrap descriptions in their own tags and reject or misread these)';

testRule(
  rule,
  {
    valid: [
      { files: { 'SKILL.md': skill('Use when testing.') } },
      { name: 'comparisons and arrows', files: { 'SKILL.md': skill('Use when a < b or x -> y, or 3 > 2.') } },
      { name: 'tags in the body are not the description', files: { 'SKILL.md': `${skill('Use when testing.')}<example>x</example>\n` } },
      { name: 'not a string', files: { 'SKILL.md': skill('[a]') } },
    ],
    invalid: [
      {
        name: 'tags in a plain value are removed, text kept',
        files: { 'SKILL.md': skill('Use <b>when</b> the user asks.') },
        errors: [{ line: 3, column: 18, endColumn: 21, message: `Unexpected XML tag \`<b>\` in the description (and 1 more), ${WHY}` }],
        output: skill('Use when the user asks.'),
      },
      {
        name: 'double-quoted value stays double-quoted',
        files: { 'SKILL.md': skill('"Use when asked. <example>user: fix it</example>"') },
        errors: [{ line: 3, column: 31, message: /^Unexpected XML tag `<example>` in the description \(and 1 more\)/ }],
        output: skill('"Use when asked. user: fix it"'),
      },
      {
        name: 'a plain value that would break YAML once stripped is quoted',
        files: { 'SKILL.md': skill('<i>#1</i> form filler. Use when asked.') },
        errors: [{ line: 3, column: 14 }],
        output: skill('"#1 form filler. Use when asked."'),
      },
      {
        name: 'single-quoted, self-closing tag',
        files: { 'SKILL.md': skill("'Use when it''s asked.<br/>Then act.'") },
        errors: [{ line: 3, message: `Unexpected XML tag \`<br/>\` in the description, ${WHY}` }],
        output: skill("'Use when it''s asked. Then act.'"),
      },
      {
        name: 'block scalar: reported, not fixed',
        files: { 'SKILL.md': skill('>\n  Use when asked.\n  <instructions>Do it.</instructions>') },
        errors: [{ line: 5, column: 3, endColumn: 17, message: /`<instructions>`/ }],
      },
      {
        name: 'nothing left after stripping: no fix',
        files: { 'SKILL.md': skill('"<skill/>"') },
        errors: [{ line: 3, column: 15 }],
      },
    ],
  },
  { describe, it },
);
