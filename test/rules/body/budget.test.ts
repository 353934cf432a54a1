import { describe, it } from 'vitest';
import rule from '../../../src/rules/body/budget.js';
import { testRule } from '../../../src/testing/rule-tester.js';

const FM = '---\nname: my-skill\ndescription: Use when testing.\n---\n';
const kindFm = (kind: string): string => `---\nname: my-skill\ndescription: Use when testing.\nskillc: { kind: ${kind} }\n---\n`;
const orchflows = { kinds: { kernel: { words: 3 }, standard: { words: 11, scope: 'file' } } };

testRule(
  rule,
  {
    valid: [
      { name: 'no budget', files: { 'SKILL.md': FM + 'one two three four\n' } },
      { name: 'at the word budget, link targets left out', files: { 'SKILL.md': kindFm('kernel') + 'See [the guide](https://example.com/long/path).\n' }, options: orchflows },
      { name: 'a kind without a budget and no default', files: { 'SKILL.md': kindFm('pack') + 'one two three four five\n' }, options: orchflows },
      { name: 'at the line budget', files: { 'SKILL.md': FM + 'a\nb\n' }, options: { default: { lines: 2 } } },
      { name: 'at the byte budget', files: { 'SKILL.md': FM + 'é\n' }, options: { default: { bytes: 3 } } },
      { name: 'the whole file under the byte budget', files: { 'SKILL.md': FM + 'x\n' }, options: { default: { bytes: 100, scope: 'file' } } },
    ],
    invalid: [
      {
        name: "over the kind's word budget",
        files: { 'SKILL.md': kindFm('kernel') + 'one two three\nfour\n' },
        options: orchflows,
        errors: [{ line: 7, column: 1, endColumn: 5, message: 'Unexpected 4 words in the body, expected at most 3 for kind `kernel`' }],
      },
      {
        name: 'a file-scoped word budget counts the frontmatter',
        files: { 'SKILL.md': kindFm('standard') + 'one two three\n' },
        options: orchflows,
        errors: [{ message: 'Unexpected 12 words in SKILL.md, expected at most 11 for kind `standard`' }],
      },
      {
        name: 'the default applies to skills without their own kind budget',
        files: { 'SKILL.md': FM + 'a\nb\nc\n' },
        options: { default: { lines: 2 } },
        errors: [{ line: 7, message: 'Unexpected 3 lines in the body, expected at most 2' }],
      },
      {
        name: 'bytes over the whole file (supermodo: 40 KB)',
        files: { 'SKILL.md': FM + 'x'.repeat(60) + '\n' },
        options: { default: { bytes: 100, scope: 'file' } },
        errors: [{ line: 5, column: 47, message: 'Unexpected 115 bytes in SKILL.md, expected at most 100' }],
      },
      {
        name: 'bytes are UTF-8 bytes',
        files: { 'SKILL.md': FM + 'éé\n' },
        options: { default: { bytes: 3 } },
        errors: [{ line: 5, column: 2, message: 'Unexpected 5 bytes in the body, expected at most 3' }],
      },
      {
        name: 'every measure over its budget is reported',
        files: { 'SKILL.md': FM + 'one two\nthree\n' },
        options: { default: { lines: 1, words: 2 } },
        errors: [{ message: /^Unexpected 2 lines/ }, { message: /^Unexpected 3 words/ }],
      },
    ],
  },
  { describe, it },
);
