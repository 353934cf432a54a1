import { describe, it } from 'vitest';
import rule from '../../../src/rules/security/hidden-unicode.js';
import { testRule } from '../../../src/testing/rule-tester.js';

const skill = (body: string, description = 'Use when testing.') => `---\nname: my-skill\ndescription: ${description}\n---\n${body}\n`;
/** Unicode tag characters spelling `ascii` (each a surrogate pair in UTF-16). */
const tags = (ascii: string) => [...ascii].map((c) => String.fromCodePoint(0xe0000 + c.charCodeAt(0))).join('');

testRule(
  rule,
  {
    valid: [
      { name: 'plain text', files: { 'SKILL.md': skill('# Title\n\nRun the tests.') } },
      { name: 'emoji ZWJ sequence', files: { 'SKILL.md': skill('Pair with a \u{1F469}\u200D\u{1F4BB} developer.') } },
      { name: 'ZWNJ inside a Persian word', files: { 'SKILL.md': skill('Say \u0645\u06CC\u200C\u062E\u0648\u0627\u0647\u0645 politely.') } },
      { name: 'subdivision flag tags', files: { 'SKILL.md': skill(`Team \u{1F3F4}${tags('gbeng')}\u{E007F} only.`) } },
      { name: 'byte order mark at the start of a bundled file', files: { 'SKILL.md': skill('# T'), 'references/a.md': '\uFEFF# A\n' } },
      { name: 'a zero-width character written raw in YAML is reported once, by the text scan (see invalid cases)', files: { 'SKILL.md': skill('# T', '"Use when testing."') } },
      { name: 'binary bundled file is skipped', files: { 'SKILL.md': skill('# T'), 'assets/x.bin': Buffer.from([0, 0xe2, 0x80, 0x8b, 0]) } },
    ],
    invalid: [
      {
        name: 'a right-to-left override in an included fragment, at its place there; a fragment two skills include is one finding',
        files: { 'a/SKILL.md': skill('<!-- include: ../_core/core.md -->'), 'b/SKILL.md': skill('<!-- include: ../_core/core.md -->'), '_core/core.md': '# Core\n\nRun `ls \u202Etxt.exe`.\n' },
        errors: [{ file: '_core/core.md', line: 3, column: 9, endColumn: 10, message: 'Unexpected hidden character U+202E (RIGHT-TO-LEFT OVERRIDE), expected visible text' }],
      },
      {
        name: 'right-to-left override (Trojan Source)',
        files: { 'SKILL.md': skill('# T\n\nRun `ls \u202Etxt.exe`.') },
        errors: [{ line: 7, column: 9, endLine: 7, endColumn: 10, message: 'Unexpected hidden character U+202E (RIGHT-TO-LEFT OVERRIDE), expected visible text' }],
      },
      {
        name: 'a run of zero-width spaces is one report',
        files: { 'SKILL.md': skill('# T', 'Use when\u200B\u200B\u200B testing.') },
        errors: [{ line: 3, column: 22, endColumn: 25, message: 'Unexpected 3 hidden characters U+200B (ZERO WIDTH SPACE), expected visible text (it splits or joins words invisibly; it cannot reorder a line or spell out text)' }],
      },
      {
        name: 'tag characters spell hidden text',
        files: { 'SKILL.md': skill(`Be helpful.${tags('rm -rf ~')}`) },
        errors: [{ line: 5, column: 12, endColumn: 28, message: 'Unexpected 8 hidden Unicode tag characters that spell "rm -rf ~", expected visible text' }],
      },
      {
        name: 'a single tag character',
        files: { 'SKILL.md': skill(`Hi${tags('A')}`) },
        errors: [{ line: 5, column: 3, endColumn: 5, message: 'Unexpected hidden character U+E0041 (TAG LATIN CAPITAL LETTER A), expected visible text' }],
      },
      {
        name: 'bidi isolate in a bundled script',
        files: { 'SKILL.md': skill('# T'), 'scripts/run.sh': { text: '#!/bin/sh\nif [ "$x" = "a\u2066" ]; then :; fi\n', mode: 0o755 } },
        errors: [{ file: 'scripts/run.sh', line: 2, column: 15, endColumn: 16, message: 'Unexpected hidden character U+2066 (LEFT-TO-RIGHT ISOLATE), expected visible text' }],
      },
      {
        name: 'byte order mark inside the text, joiner between ASCII letters, direction mark',
        files: { 'SKILL.md': skill('a\uFEFFb c\u200Dd e\u200Ff') },
        errors: [
          { line: 5, column: 2, message: 'Unexpected hidden character U+FEFF (ZERO WIDTH NO-BREAK SPACE), expected visible text (it splits or joins words invisibly; it cannot reorder a line or spell out text)' },
          { line: 5, column: 6, message: 'Unexpected hidden character U+200D (ZERO WIDTH JOINER), expected visible text (it splits or joins words invisibly; it cannot reorder a line or spell out text)' },
          { line: 5, column: 10, message: 'Unexpected hidden character U+200F (RIGHT-TO-LEFT MARK), expected visible text' },
        ],
      },
      {
        name: 'a zero-width space escaping a nested fence is a warning that names the safe alternative',
        files: { 'SKILL.md': skill('Write the reply as:\n\n```markdown\nHere is the code:\n\u200B```python\nprint(1)\n`\u200B``\n```') },
        errors: [
          { line: 9, column: 1, endColumn: 2, message: /^Unexpected hidden character U\+200B \(ZERO WIDTH SPACE\) used to keep a nested code fence from closing the outer one, expected a longer outer fence \(```` around ```\) instead: not an attack/, severity: 'warning' },
          { line: 11, column: 2, message: /nested code fence/, severity: 'warning' },
        ],
      },
      {
        name: 'zero-width spaces scattered on one line of pasted tool output are one warning',
        files: { 'SKILL.md': skill('```\n|  | h\u2032\u200B(t) | =\u{1D468}\u200Bh\u200B(t)+\u{1D469}\u200Bx\u200B(t) |\n```') },
        errors: [{ line: 6, column: 8, endColumn: 30, message: 'Unexpected 5 hidden characters U+200B (ZERO WIDTH SPACE) on this line, expected visible text (it splits or joins words invisibly; it cannot reorder a line or spell out text)', severity: 'warning' }],
      },
      {
        name: 'a mixed run of zero-width characters can encode data: an error',
        files: { 'SKILL.md': skill('Be helpful.\u200B\u200C\u200B\u200B\u200C\u200D') },
        errors: [{ line: 5, column: 12, endColumn: 18, message: 'Unexpected run of 6 zero-width characters (U+200B, U+200C, U+200D), expected visible text (a run like this can encode hidden data)', severity: 'error' }],
      },
      {
        name: 'hidden and control characters written as YAML escapes in the frontmatter',
        files: {
          'SKILL.md': '---\nname: my-skill\ndescription: "Use when testing \\u202Etxt.exe"\nmetadata:\n  note: "a\\0b\\ec"\n  tags: ["x\\u200By"]\n---\n# T\n',
        },
        errors: [
          { line: 3, column: 14, endColumn: 46, message: 'Unexpected hidden character U+202E (RIGHT-TO-LEFT OVERRIDE) written as a YAML escape in a frontmatter value, expected visible text (the host decodes it)', severity: 'error' },
          { line: 5, column: 9, message: /U\+0000 \(NULL\) written as a YAML escape/, severity: 'error' },
          { line: 5, column: 9, message: /U\+001B \(ESCAPE\) written as a YAML escape/, severity: 'error' },
          { line: 6, column: 10, message: /U\+200B \(ZERO WIDTH SPACE\) written as a YAML escape/, severity: 'warning' },
        ],
      },
    ],
  },
  { describe, it },
);
