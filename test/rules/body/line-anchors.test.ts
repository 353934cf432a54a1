import { describe, it } from 'vitest';
import rule from '../../../src/rules/body/line-anchors.js';
import { testRule } from '../../../src/testing/rule-tester.js';

const fm = (kind: string): string => `---\nname: my-skill\ndescription: Use when testing.\nskillc: { kind: ${kind} }\n---\n`;
const anchors = ['Require:', 'Never:', 'Return'];
const orchflows = { kinds: { kernel: { required: anchors }, pack: { forbidden: anchors } } };
const full = 'Require: a clean tree.\n\n1. Do it.\n\n**Never:** push.\n\n## Return\n\nThe diff.\n';

testRule(
  rule,
  {
    valid: [
      { name: 'nothing configured', files: { 'SKILL.md': fm('kernel') + 'Text.\n' } },
      { name: 'every anchor, with Markdown before some', files: { 'SKILL.md': fm('kernel') + full }, options: orchflows },
      { name: 'list items and quotes', files: { 'SKILL.md': fm('kernel') + '- Require: x\n> Never: y\n1. Return z\n' }, options: orchflows },
      { name: 'a pack without anchors', files: { 'SKILL.md': fm('pack') + 'Facts only. We never return.\n' }, options: orchflows },
      { name: 'anchors in code fences do not count against a pack', files: { 'SKILL.md': fm('pack') + '```\nReturn: x\n```\n' }, options: orchflows },
    ],
    invalid: [
      {
        name: 'a kernel missing Never',
        files: { 'SKILL.md': fm('kernel') + 'Require: x\n\nReturn y\n' },
        options: orchflows,
        errors: [{ line: 6, message: 'Unexpected body without a line starting `Never:` for kind `kernel`, expected one' }],
      },
      {
        name: 'anchors in code fences do not satisfy a requirement',
        files: { 'SKILL.md': fm('kernel') + 'Require: x\nNever: y\n```\nReturn z\n```\n' },
        options: orchflows,
        errors: [{ message: /without a line starting `Return`/ }],
      },
      {
        name: 'a pack with anchors',
        files: { 'SKILL.md': fm('pack') + full },
        options: orchflows,
        errors: [
          { line: 6, column: 1, endColumn: 9, message: 'Unexpected line starting `Require:` for kind `pack`, expected none' },
          { line: 10, column: 3, endColumn: 9, message: /`Never:`/ },
          { line: 12, column: 4, message: /`Return`/ },
        ],
      },
      {
        name: 'the default applies without a kind',
        files: { 'SKILL.md': '---\nname: my-skill\ndescription: Use when testing.\n---\nText.\n' },
        options: { default: { required: ['Return'] } },
        errors: [{ line: 5, message: 'Unexpected body without a line starting `Return`, expected one' }],
      },
    ],
  },
  { describe, it },
);
