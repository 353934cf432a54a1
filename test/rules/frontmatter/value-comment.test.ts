import { describe, it } from 'vitest';
import rule from '../../../src/rules/frontmatter/value-comment.js';
import { testRule } from '../../../src/testing/rule-tester.js';

const skill = (name: string, description: string) => `---\nname: ${name}\ndescription: ${description}\n---\n# T\n`;

testRule(
  rule,
  {
    valid: [
      { name: 'a quoted value keeps its #', files: { 'SKILL.md': skill('my-skill', '"Use when the user designs #api endpoints."') } },
      { name: 'a # inside a word is text in a plain scalar (C#, issue#12)', files: { 'SKILL.md': skill('my-skill', 'Use when writing C# or fixing issue#12.') } },
      { name: 'a block scalar keeps its #', files: { 'SKILL.md': '---\nname: my-skill\ndescription: >\n  Use when the user designs #api endpoints.\n---\n' } },
      { name: 'a comment after another key', files: { 'SKILL.md': '---\nname: my-skill\ndescription: Use when testing.\nlicense: MIT # the licence\n---\n' } },
    ],
    invalid: [
      {
        name: 'a hashtag cuts the description: the fix quotes the whole line (issue 27)',
        files: { 'SKILL.md': skill('my-skill', 'Use when the user designs #api endpoints or #rest routes.') },
        errors: [{ line: 3, column: 40, severity: 'warning', messageId: 'cut', data: { comment: '#api endpoints or #rest routes.', key: 'description', value: 'Use when the user designs' } }],
        output: skill('my-skill', '"Use when the user designs #api endpoints or #rest routes."'),
      },
      {
        name: 'a spaced comment is reported without a fix: it may be a note meant as one',
        files: { 'SKILL.md': skill('my-skill # the command', 'Use when testing. # keep short') },
        errors: [
          { line: 2, column: 16, messageId: 'cut', data: { comment: '# the command', key: 'name', value: 'my-skill' } },
          { line: 3, column: 32, messageId: 'cut', data: { comment: '# keep short', key: 'description', value: 'Use when testing.' } },
        ],
      },
    ],
  },
  { describe, it },
);
