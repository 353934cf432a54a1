import { describe, it } from 'vitest';
import rule from '../../../src/rules/source/generated-region.js';
import { testRule } from '../../../src/testing/rule-tester.js';

const FM = '---\nname: my-skill\ndescription: Use when testing.\n---\n';

testRule(
  rule,
  {
    valid: [
      { name: 'a closed region', files: { 'SKILL.md': FM + '## Artifacts\n\n<!-- generated: artifacts -->\n| File |\n| --- |\n<!-- /generated -->\n' } },
      { name: 'a region inside a host block', files: { 'SKILL.md': FM + '<!-- host: claude -->\n<!-- generated: a -->\n<!-- /generated -->\n<!-- /host -->\n' } },
      { name: 'host block problems are another rule', files: { 'SKILL.md': FM + '<!-- host: claude -->\nA.\n' } },
    ],
    invalid: [
      {
        name: 'a region in an included fragment, positioned there',
        files: { 'a/SKILL.md': '---\nname: a\ndescription: Use when testing.\n---\n<!-- include: ../_core/core.md -->\n', '_core/core.md': '# Core\n\n<!-- generated: -->\nT.\n<!-- /generated -->\n' },
        errors: [{ file: '_core/core.md', line: 3, column: 1, messageId: 'unnamed' }],
      },
      {
        name: 'an unclosed region',
        files: { 'SKILL.md': FM + '<!-- generated: artifacts -->\nT.\n' },
        errors: [{ line: 5, column: 1, endLine: 5, endColumn: 30, message: 'Unexpected unclosed generated region, expected `<!-- /generated -->` before the end of the file' }],
      },
      {
        name: 'a stray close and a region without a name',
        files: { 'SKILL.md': FM + '<!-- /generated -->\n\n<!-- generated: -->\n<!-- /generated -->\n' },
        errors: [
          { line: 5, column: 1, endColumn: 20, message: 'Unexpected `<!-- /generated -->` without an opening `<!-- generated: ... -->`' },
          { line: 7, column: 1, endColumn: 20, message: 'Unexpected generated region without a name, expected `<!-- generated: name -->`' },
        ],
      },
      {
        name: 'a nested region',
        files: { 'SKILL.md': FM + '<!-- generated: a -->\n<!-- generated: b -->\n<!-- /generated -->\n<!-- /generated -->\n' },
        errors: [{ line: 6, column: 1, message: 'Unexpected nested generated region, expected `<!-- /generated -->` to close the generated region opened on line 5 first' }],
      },
      {
        name: 'a region crossing a host block',
        files: { 'SKILL.md': FM + '<!-- generated: a -->\n<!-- host: claude -->\n<!-- /generated -->\n<!-- /host -->\n' },
        errors: [{ line: 7, column: 1, message: 'Unexpected `<!-- /generated -->` inside the host block opened on line 6, expected `<!-- /host -->` first' }],
      },
    ],
  },
  { describe, it },
);
