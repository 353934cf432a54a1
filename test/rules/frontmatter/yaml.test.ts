import { describe, it } from 'vitest';
import rule from '../../../src/rules/frontmatter/yaml.js';
import { testRule } from '../../../src/testing/rule-tester.js';

const fm = (yaml: string) => `---\n${yaml}\n---\n# T\n`;

testRule(
  rule,
  {
    valid: [
      { files: { 'SKILL.md': fm('name: my-skill\ndescription: Use when testing.') } },
      { name: 'a quoted colon', files: { 'SKILL.md': fm('name: my-skill\ndescription: "Use when: the user asks"') } },
      { name: 'a colon without a space', files: { 'SKILL.md': fm('name: my-skill\ndescription: See https://example.com/a:b') } },
      { name: 'a block scalar with colons', files: { 'SKILL.md': fm('name: my-skill\ndescription: >\n  Use when: the user asks.\n  Triggers: x') } },
      { name: 'empty frontmatter is for the missing-field rules', files: { 'SKILL.md': '---\n---\n# T\n' } },
      { name: 'no frontmatter is frontmatter/missing', files: { 'SKILL.md': '# T\n' } },
      { name: 'CRLF', files: { 'SKILL.md': '---\r\nname: my-skill\r\ndescription: x\r\n---\r\n' } },
    ],
    invalid: [
      {
        name: 'lone CR line breaks',
        files: { 'SKILL.md': '---\rname: my-skill\rdescription: Use when testing.\r---\r# T\r' },
        errors: [{ line: 2, column: 15, message: /^Unexpected carriage return \(CR\) line breaks in the frontmatter, expected LF or CRLF/ }],
      },
      {
        name: 'a merge key',
        files: { 'SKILL.md': fm('name: my-skill\ndescription: Use when testing.\nbase: &b { owner: me }\nmetadata:\n  <<: *b\n  team: x') },
        errors: [{ line: 6, column: 3, endColumn: 5, message: 'Unexpected YAML merge key `<<`, expected the keys written out (YAML 1.1 loaders merge them, YAML 1.2 loaders keep a key named `<<`)' }],
      },
      {
        name: 'colon in a plain value is quoted',
        files: { 'SKILL.md': fm('name: my-skill\ndescription: Use when: the user asks') },
        errors: [{ line: 3, column: 14, message: 'Unexpected `: ` in a plain value, expected the value in quotes (YAML reads a nested mapping and hosts drop every field)' }],
        output: fm('name: my-skill\ndescription: "Use when: the user asks"'),
      },
      {
        name: 'backslashes and quotes are escaped, several colons on one line report once',
        files: { 'SKILL.md': fm('name: my-skill\ndescription: Run "x": a\\b: c\nlicense: MIT') },
        errors: [{ line: 3, column: 14, message: /^Unexpected `: ` in a plain value/ }],
        output: fm('name: my-skill\ndescription: "Run \\"x\\": a\\\\b: c"\nlicense: MIT'),
      },
      {
        name: 'CRLF colon fix keeps the line breaks',
        files: { 'SKILL.md': '---\r\nname: my-skill\r\ndescription: Use when: asked\r\n---\r\n' },
        errors: [{ line: 3, column: 14, messageId: 'colonInPlainValue' }],
        output: '---\r\nname: my-skill\r\ndescription: "Use when: asked"\r\n---\r\n',
      },
      {
        name: 'no fix when a comment would be swallowed',
        files: { 'SKILL.md': fm('name: my-skill\ndescription: Use when: asked # note') },
        errors: [{ line: 3, message: /^Unexpected invalid YAML \(nested mappings are not allowed in compact mappings\)/ }],
      },
      {
        name: 'no fix for a multi-line plain value',
        files: { 'SKILL.md': fm('name: my-skill\ndescription: Use when: asked\n  and more') },
        errors: [{ line: 3, message: /^Unexpected invalid YAML/ }],
      },
      {
        name: 'duplicate key',
        files: { 'SKILL.md': fm('name: my-skill\ndescription: x\nname: other') },
        errors: [{ line: 4, column: 1, endColumn: 5, message: 'Unexpected duplicate key `name`, expected each key once (strict hosts drop every field, others keep one of the values)' }],
      },
      {
        name: 'unclosed quote',
        files: { 'SKILL.md': fm('name: my-skill\ndescription: "unclosed') },
        errors: [{ line: 3, message: 'Unexpected invalid YAML (missing closing "quote), expected valid YAML (hosts drop every field)' }],
      },
      {
        name: 'tab indentation',
        files: { 'SKILL.md': fm('name: my-skill\n\tdescription: x') },
        errors: [{ line: 3, column: 1, message: /^Unexpected invalid YAML \(tabs are not allowed as indentation\)/ }],
      },
      {
        name: 'language tags',
        files: { 'SKILL.md': fm('name: my-skill\ndescription: x\nhook: !!js/function "function () {}"\nobj: !!python/object:os.system {}') },
        errors: [
          { line: 4, column: 7, endColumn: 20, message: 'Unexpected language-specific tag `!!js/function`, expected a plain YAML value (safe loaders fail and hosts drop every field)' },
          { line: 5, column: 6, message: /`!!python\/object:os.system`/ },
        ],
      },
      {
        name: 'a list is not a mapping',
        files: { 'SKILL.md': fm('- name\n- description') },
        errors: [{ line: 2, column: 1, endLine: 3, message: 'Unexpected list as frontmatter, expected a mapping of keys such as `name:` and `description:` (hosts find no fields)' }],
      },
      {
        name: 'a string is not a mapping',
        files: { 'SKILL.md': fm('just some text') },
        errors: [{ line: 2, column: 1, endColumn: 15, message: /^Unexpected single value as frontmatter/ }],
      },
      {
        name: 'alias bomb',
        files: {
          'SKILL.md': fm('a: &a [x, x, x, x, x, x, x, x, x, x]\nb: &b [*a, *a, *a, *a, *a, *a, *a, *a, *a, *a]\nc: &c [*b, *b, *b, *b, *b, *b, *b, *b, *b, *b]\nd: [*c, *c, *c, *c, *c, *c, *c, *c, *c, *c]'),
        },
        errors: [{ line: 2, message: 'Unexpected YAML aliases expanding past 100 values, expected plain values (hosts refuse the frontmatter)' }],
      },
    ],
  },
  { describe, it },
);
