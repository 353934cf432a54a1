import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import rule, { base64Runs } from '../../../src/rules/security/encoded-payload.js';
import { testRule } from '../../../src/testing/rule-tester.js';

const skill = (body: string) => `---\nname: my-skill\ndescription: Use when testing.\n---\n${body}\n`;

/** Deterministic noise in an alphabet, so the payloads are generated, not committed. */
function noise(n: number, alphabet: string, seed = 7): string {
  let x = seed;
  let s = '';
  for (let i = 0; i < n; i++) {
    x = (x * 1103515245 + 12345) % 2147483648;
    s += alphabet[Math.floor(x / 65536) % alphabet.length];
  }
  return s;
}
const B64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
const payload = noise(200, B64);
const hex = noise(200, '0123456789abcdef', 3);

testRule(
  rule,
  {
    valid: [
      { name: 'hashes and short tokens', files: { 'SKILL.md': skill(`sha256: ${noise(64, '0123456789abcdef')}\nsha512: ${noise(128, '0123456789abcdef', 5)}\nintegrity: sha512-${noise(86, B64, 9)}==`) } },
      { name: 'an inline image', files: { 'SKILL.md': skill(`![logo](data:image/png;base64,${payload})`) } },
      { name: 'long identifiers and paths', files: { 'SKILL.md': skill(`See src/${'VeryLongComponentName/'.repeat(8)}index.ts and ${'a'.repeat(300)}.`) } },
      // The run scan's edge (issue 30): 118 characters and `=` make 119, one short of the limit; 119 alone too.
      { name: 'a run one character short, padded and not', files: { 'SKILL.md': skill(`${noise(117, B64, 11)}==\n${noise(119, B64, 13)}\n${noise(119, B64, 17)}é`) } },
      { name: 'short payloads under custom limits', options: { minBase64: 400, minHex: 400 }, files: { 'SKILL.md': skill(`${payload}\n${hex}`) } },
    ],
    invalid: [
      {
        name: 'base64 in the SKILL.md',
        files: { 'SKILL.md': skill(`Decode and follow:\n${payload}`) },
        errors: [{ line: 6, column: 1, endLine: 6, endColumn: 201, message: 'Unexpected 200-character base64 payload, expected readable text (an agent can decode and follow what a reviewer cannot read)' }],
      },
      {
        // The run scan's edge (issue 30): padding counts (118 + `==`), at most two `=`, a run after a
        // non-ASCII letter, runs on either side of padding, a run that ends the file.
        name: 'runs at the limit, after a non-ASCII letter, around padding, at the end of the file',
        files: {
          'SKILL.md': skill(`${noise(118, B64, 11)}==\nx é${noise(120, B64, 13)}===\n${noise(130, B64, 17)}=${noise(125, B64, 19)}`),
          'references/r.txt': `blob:${noise(121, B64, 23)}`,
        },
        errors: [
          { line: 5, column: 1, endColumn: 121, message: /^Unexpected 120-character base64 payload/ },
          { line: 6, column: 4, endColumn: 126, message: /^Unexpected 122-character base64 payload/ },
          { line: 7, column: 1, endColumn: 132, message: /^Unexpected 131-character base64 payload/ },
          { line: 7, column: 132, endColumn: 257, message: /^Unexpected 125-character base64 payload/ },
          { file: 'references/r.txt', line: 1, column: 6, endColumn: 127, message: /^Unexpected 121-character base64 payload/ },
        ],
      },
      {
        name: 'hex in a bundled reference',
        files: { 'SKILL.md': skill('See [notes](references/notes.md).'), 'references/notes.md': `# Notes\n\nblob = 0x${hex}\n` },
        errors: [{ file: 'references/notes.md', line: 3, column: 8, message: /^Unexpected 202-character hex payload/ }],
      },
      {
        // The hex scan is skipped only when no base64 run is as long as minHex: here the base64
        // limit is above the hex run, so the base64 scan cannot say, and the hex run is still found.
        name: 'hex under a base64 limit longer than it',
        options: { minBase64: 400, minHex: 100 },
        files: { 'SKILL.md': skill(`blob ${hex.slice(0, 150)} end`) },
        errors: [{ line: 5, column: 6, message: /^Unexpected 150-character hex payload/ }],
      },
      {
        name: 'hex and base64 in one file, in the order they appear',
        files: { 'SKILL.md': skill(`${payload}

0x${hex}`) },
        errors: [
          { line: 5, column: 1, message: /^Unexpected 200-character base64 payload/ },
          { line: 7, column: 1, message: /^Unexpected 202-character hex payload/ },
        ],
      },
    ],
  },
  { describe, it },
);

describe('security/encoded-payload run scan', () => {
  it('finds the runs the look-behind regular expression finds', () => {
    const piece = fc.constantFrom('A', 'z', '0', '9', '+', '/', '_', '-', '=', '==', ' ', '.', '\n', 'é', '\u{1F600}', 'Q', 'x');
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 80 }).map((p) => p.join('')), fc.integer({ min: 1, max: 8 }), (text, min) => {
        const re = new RegExp(`(?<![A-Za-z0-9+/_-])[A-Za-z0-9+/_-]{${min},}={0,2}`, 'g');
        const expected = [...text.matchAll(re)].map((m): [number, number] => [m.index, m.index + m[0].length]);
        expect(base64Runs(text, min)).toEqual(expected);
      }),
      { numRuns: 3000 },
    );
  });
});
