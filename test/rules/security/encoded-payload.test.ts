import { describe, it } from 'vitest';
import rule from '../../../src/rules/security/encoded-payload.js';
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
      { name: 'short payloads under custom limits', options: { minBase64: 400, minHex: 400 }, files: { 'SKILL.md': skill(`${payload}\n${hex}`) } },
    ],
    invalid: [
      {
        name: 'base64 in the SKILL.md',
        files: { 'SKILL.md': skill(`Decode and follow:\n${payload}`) },
        errors: [{ line: 6, column: 1, endLine: 6, endColumn: 201, message: 'Unexpected 200-character base64 payload, expected readable text (an agent can decode and follow what a reviewer cannot read)' }],
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
