import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import rule from '../../../src/rules/body/budget.js';
import { runRuleCase, testRule } from '../../../src/testing/rule-tester.js';

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
      // allTokens counts as orchflows' validate.py: `](…)` deleted to its `]`, so what follows joins the last word.
      { name: "allTokens: `[x](y)'s` and `[a](b),` are one word each, as validate.py counts", files: { 'SKILL.md': FM + "[work-item.md](../contracts/work-item.md)'s [a](b), c\n" }, options: { default: { words: 3, allTokens: true } } },
      { name: 'allTokens: a `](` with no `)` after it is kept as written', files: { 'SKILL.md': FM + 'see [x](y z\n' }, options: { default: { words: 3, allTokens: true } } },
      { name: 'allTokens: U+FEFF is no separator to Python', files: { 'SKILL.md': FM + 'a\ufeffb c\n' }, options: { default: { words: 2, allTokens: true } } },
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
        name: 'allTokens: pipes, dashes and list markers count; so do words split by NBSP, U+2003, U+001C or U+0085 (Python splits there)',
        files: { 'SKILL.md': FM + '| a | - b\u00a0c\u2003d\u001ce\u0085f\n' },
        options: { default: { words: 8, allTokens: true } },
        errors: [{ line: 5, message: 'Unexpected 9 words in the body, expected at most 8' }],
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

// validate.py's words(body) is `len(re.sub(r"\]\([^)]*\)", "]", body).split())`: the same regular
// expression in JavaScript, and the characters Python's str.split() splits on, are its oracle here.
// (Checked against python3 itself on 300 random bodies of these characters when it was written.)
// eslint-disable-next-line no-control-regex -- Python splits on the information separators U+001C-U+001F too
const PY_SPLIT = /[\t\n\v\f\r\x1c-\x1f \x85\xa0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000]+/;
const pythonWords = (body: string): number => body.replace(/\]\([^)]*\)/g, ']').split(PY_SPLIT).filter(Boolean).length;

describe('body/budget allTokens counts words as validate.py does', () => {
  it('on any body of brackets, parentheses, quotes and Unicode spaces', () => {
    const chars = fc.constantFrom('a', 'b', ' ', '\n', ']', '(', ')', '[', "'", ',', '\t', '\u00a0', '\u2003', '\u001c', '\u0085', '\ufeff', 'é', '|', '-');
    fc.assert(
      fc.property(fc.array(chars, { maxLength: 80 }), (list) => {
        const body = `x ${list.join('')} y`;
        const run = runRuleCase(rule, { files: { 'SKILL.md': FM + body }, options: { default: { words: 1, allTokens: true } } });
        const counted = Number(/Unexpected (\d+) words/.exec(run.diagnostics[0]?.message ?? '')?.[1] ?? 1);
        expect(counted).toBe(pythonWords(body));
      }),
      { numRuns: 200 },
    );
  });
});
