import { describe, it } from 'vitest';
import rule from '../../../src/rules/links/backslash.js';
import { testRule } from '../../../src/testing/rule-tester.js';

const skill = (body: string) => `---\nname: my-skill\ndescription: Use when testing.\n---\n${body}`;

testRule(
  rule,
  {
    valid: [
      { name: 'forward slashes', files: { 'SKILL.md': skill('[a](references/a.md) ![b](assets/b.png)\n') } },
      { name: 'a backslash in the text or title is fine', files: { 'SKILL.md': skill('[a\\b](references/a.md "C:\\x")\n') } },
      { name: 'a Markdown escape is not a backslash in the target', files: { 'SKILL.md': skill('[a](references/a\\_b.md)\n') } },
    ],
    invalid: [
      {
        name: 'Windows separators are fixed',
        files: { 'SKILL.md': skill('Read [a](references\\api\\a.md).\n') },
        errors: [{ line: 5, column: 10, endLine: 5, endColumn: 29, message: 'Unexpected `\\` in link target `references\\api\\a.md`, expected `/`' }],
        output: skill('Read [a](references/api/a.md).\n'),
      },
      {
        name: 'image with a title and a definition',
        files: { 'SKILL.md': skill('![x\\y](assets\\x.png "a\\b")\n\n[d]: <scripts\\run.sh>\n') },
        errors: [
          { line: 5, column: 8, endColumn: 20, message: 'Unexpected `\\` in image target `assets\\x.png`, expected `/`' },
          { line: 7, column: 7, endColumn: 21, message: 'Unexpected `\\` in definition target `scripts\\run.sh`, expected `/`' },
        ],
        output: skill('![x\\y](assets/x.png "a\\b")\n\n[d]: <scripts/run.sh>\n'),
      },
      {
        name: 'an entity-encoded backslash is reported without a fix',
        files: { 'SKILL.md': skill('[a](references&#92;a.md)\n') },
        errors: [{ line: 5, column: 1, endColumn: 25, message: 'Unexpected `\\` in link target `references\\a.md`, expected `/`' }],
      },
    ],
  },
  { describe, it },
);
