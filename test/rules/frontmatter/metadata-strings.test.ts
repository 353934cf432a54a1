import { describe, it } from 'vitest';
import rule from '../../../src/rules/frontmatter/metadata-strings.js';
import { testRule } from '../../../src/testing/rule-tester.js';

const skill = (metadata: string) => `---\nname: my-skill\ndescription: Use when testing.\nmetadata:${metadata}\n---\n# T\n`;

testRule(
  rule,
  {
    valid: [
      { name: 'Claude Code: metadata is free-form (issue 13)', hosts: ['claude'], files: { 'SKILL.md': skill('\n  version: 2\n  tags: [a, b]\n  owner: { team: x }') } },
      { files: { 'SKILL.md': skill('\n  author: Jane Doe\n  version: "1.0"') } },
      { name: 'flow mapping', files: { 'SKILL.md': skill(' { author: jane, version: "2" }') } },
      { name: 'empty mapping', files: { 'SKILL.md': skill(' {}') } },
      { name: 'through an alias', files: { 'SKILL.md': '---\nname: my-skill\ndescription: x\nx-base: &m { a: b }\nmetadata: *m\n---\n' } },
      { name: 'no metadata', files: { 'SKILL.md': '---\nname: my-skill\ndescription: x\n---\n' } },
    ],
    invalid: [
      {
        name: 'Copilot does not read metadata: a non-string value is a warning, with the same fix',
        hosts: ['copilot'],
        files: { 'SKILL.md': skill('\n  author: jane\n  version: 1.0') },
        errors: [{ line: 6, column: 12, severity: 'warning', message: 'Unexpected number `1.0` for `metadata.version`, expected a string' }],
        output: skill('\n  author: jane\n  version: "1.0"'),
      },
      {
        name: 'a number is quoted as written',
        files: { 'SKILL.md': skill('\n  author: jane\n  version: 1.0') },
        errors: [{ line: 6, column: 12, endColumn: 15, message: 'Unexpected number `1.0` for `metadata.version`, expected a string' }],
        output: skill('\n  author: jane\n  version: "1.0"'),
      },
      {
        name: 'booleans, lists, nested maps, empty values',
        files: { 'SKILL.md': skill('\n  beta: true\n  tags: [a, b]\n  owner:\n    name: x\n  note:') },
        errors: [
          { line: 5, column: 9, message: 'Unexpected boolean `true` for `metadata.beta`, expected a string' },
          { line: 6, column: 9, endColumn: 15, message: 'Unexpected list for `metadata.tags`, expected a string' },
          { line: 8, column: 5, message: 'Unexpected mapping for `metadata.owner`, expected a string' },
          { line: 9, column: 3, endColumn: 7, message: 'Unexpected empty value for `metadata.note`, expected a string' },
        ],
        output: skill('\n  beta: "true"\n  tags: [a, b]\n  owner:\n    name: x\n  note:'),
        afterFix: [{ line: 6, message: /metadata\.tags/ }, { line: 8, message: /metadata\.owner/ }, { line: 9, message: /metadata\.note/ }],
      },
      {
        name: 'an alias is reported where it is written; the anchored value is quoted',
        files: { 'SKILL.md': skill('\n  a: &n 3\n  b: *n') },
        output: skill('\n  a: &n "3"\n  b: *n'),
        errors: [
          { line: 5, column: 9, message: 'Unexpected number `3` for `metadata.a`, expected a string' },
          { line: 6, column: 6, endColumn: 8, message: 'Unexpected number for `metadata.b`, expected a string' },
        ],
      },
      {
        name: 'a number key',
        hosts: ['claude', 'codex'],
        files: { 'SKILL.md': skill('\n  2024: launch') },
        errors: [{ line: 5, column: 3, endColumn: 7, message: 'Unexpected number key `2024` in `metadata`, expected a string key (codex expects strings)' }],
        output: skill('\n  "2024": launch'),
      },
      {
        name: 'not a mapping',
        files: { 'SKILL.md': skill(' author=jane') },
        errors: [{ line: 4, column: 11, message: 'Unexpected string `author=jane` for `metadata`, expected a mapping of string keys to string values' }],
      },
      {
        name: 'a list',
        files: { 'SKILL.md': skill('\n  - a\n  - b') },
        errors: [{ line: 5, column: 3, message: /^Unexpected list for `metadata`/ }],
      },
      {
        name: 'empty',
        files: { 'SKILL.md': skill('') },
        errors: [{ line: 4, column: 1, endColumn: 9, message: 'Unexpected empty `metadata`, expected a mapping of string keys to string values (or no `metadata` key)' }],
      },
    ],
  },
  { describe, it },
);
