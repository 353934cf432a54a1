import { describe, it } from 'vitest';
import rule from '../../../src/rules/body/placeholder.js';
import { testRule } from '../../../src/testing/rule-tester.js';

const FM = '---\nname: my-skill\ndescription: Use when testing.\n---\n';

testRule(
  rule,
  {
    valid: [
      { name: 'finished text', files: { 'SKILL.md': FM + 'Tests live in `__tests__/`; say todolist, or mastodon.\n' } },
      { name: 'bundled files are not checked by default', files: { 'SKILL.md': FM + 'x\n', 'references/a.md': 'TODO\n' } },
      { name: 'tokens off', files: { 'SKILL.md': FM + 'Hello {{name}}.\n' }, options: { tokens: false } },
      { name: 'case-sensitive when asked', files: { 'SKILL.md': FM + 'A todo list.\n' }, options: { ignoreCase: false } },
    ],
    invalid: [
      {
        name: 'the default terms',
        files: { 'SKILL.md': FM + 'TODO: write this. Docs coming\nsoon.\n' },
        errors: [
          { line: 5, column: 1, endColumn: 5, message: 'Unexpected placeholder `TODO`, expected finished text' },
          { line: 5, column: 24, endLine: 6, endColumn: 5, message: 'Unexpected placeholder `coming soon`, expected finished text' },
        ],
      },
      {
        name: 'template tokens, frontmatter included',
        files: { 'SKILL.md': '---\nname: __SKILL_NAME__\ndescription: Use when testing.\n---\n# {{ title }}\n' },
        errors: [
          { line: 2, column: 7, message: 'Unexpected placeholder `__SKILL_NAME__`, expected finished text' },
          { line: 5, column: 3, message: 'Unexpected placeholder `{{ title }}`, expected finished text' },
        ],
      },
      {
        name: 'own terms and bundled files',
        files: { 'SKILL.md': FM + 'x\n', 'references/a.md': '# A\n\nFill in later.\n' },
        options: { terms: ['fill in later'], files: ['references/*.md'] },
        errors: [{ file: 'references/a.md', line: 3, column: 1, message: 'Unexpected placeholder `Fill in later`, expected finished text' }],
      },
    ],
  },
  { describe, it },
);
