import { describe, it } from 'vitest';
import rule from '../../../src/rules/body/max-words.js';
import { testRule } from '../../../src/testing/rule-tester.js';

const FM = '---\nname: my-skill\ndescription: Use when testing.\n---\n';
const kindFm = '---\nname: my-skill\nskillc: { kind: brief }\n---\n';
const kinds = { brief: { sections: [], maxWords: 3 } };

testRule(
  rule,
  {
    valid: [
      { name: 'no budget set: off', files: { 'SKILL.md': FM + 'one two three four five six\n' } },
      { name: 'at the budget', files: { 'SKILL.md': FM + '# One\n\ntwo three\n' }, options: { max: 3 } },
      { name: 'link targets are left out', files: { 'SKILL.md': FM + 'See [the guide](https://example.com/a/very/long/url "a title").\n' }, options: { max: 3 } },
      { name: 'images count their alt text, definitions nothing', files: { 'SKILL.md': FM + '![a chart](c.png)\n\n[ref]: https://example.com "Title words"\n' }, options: { max: 2 } },
      { name: 'punctuation and markup are not words', files: { 'SKILL.md': FM + '## Steps\n\n- one\n- two\n\n| a |\n| --- |\n' }, options: { max: 4 } },
      { name: 'frontmatter does not count in the body scope', files: { 'SKILL.md': FM + 'one\n' }, options: { max: 1 } },
      { name: 'a kind without maxWords', files: { 'SKILL.md': kindFm + 'a b c d e\n' }, config: { kinds: { brief: { sections: [] } } } },
    ],
    invalid: [
      {
        name: 'the first word over the budget is reported',
        files: { 'SKILL.md': FM + 'one two three\nfour five\n' },
        options: { max: 3 },
        errors: [{ line: 6, column: 1, endLine: 6, endColumn: 5, message: 'Unexpected 5 words in the body, expected at most 3' }],
      },
      {
        name: "the kind's maxWords",
        files: { 'SKILL.md': kindFm + '[one](https://x.example) two three four\n' },
        config: { kinds },
        errors: [{ line: 5, column: 36, endColumn: 40, message: 'Unexpected 4 words in the body, expected at most 3 for kind `brief`' }],
      },
      {
        name: 'scope file counts the frontmatter',
        files: { 'SKILL.md': FM + 'one\n' },
        options: { max: 5, scope: 'file' },
        errors: [{ line: 3, column: 23, endColumn: 31, message: 'Unexpected 7 words in SKILL.md, expected at most 5' }],
      },
    ],
  },
  { describe, it },
);
