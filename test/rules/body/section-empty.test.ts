import { describe, it } from 'vitest';
import rule from '../../../src/rules/body/section-empty.js';
import { testRule } from '../../../src/testing/rule-tester.js';

const FM = '---\nname: my-skill\ndescription: Use when testing.\n---\n';

testRule(
  rule,
  {
    valid: [
      { name: 'every section has content', files: { 'SKILL.md': FM + '# Title\n\nIntro.\n\n## Steps\n\n1. Do it.\n' } },
      { name: 'a heading with only subsections', files: { 'SKILL.md': FM + '# Title\n## Steps\n\nText.\n' } },
      { name: 'a code block or a comment is content', files: { 'SKILL.md': FM + '## A\n\n```sh\nls\n```\n\n## B\n\n<!-- generated: artifacts -->\n<!-- /generated -->\n' } },
      { name: 'no headings', files: { 'SKILL.md': FM + 'Just text.\n' } },
    ],
    invalid: [
      {
        name: 'a heading followed by one of the same level',
        files: { 'SKILL.md': FM + '# Title\n\nIntro.\n\n## Steps\n## Output\n\nA file.\n' },
        errors: [{ line: 9, column: 1, endLine: 9, endColumn: 9, message: 'Unexpected empty section `## Steps`, expected content or a subsection' }],
      },
      {
        name: 'headings at the end of the file, at any depth',
        files: { 'SKILL.md': FM + '## Steps\n\nText.\n\n### Notes\n\n## Output\n' },
        errors: [
          { line: 9, column: 1, endColumn: 10, message: 'Unexpected empty section `### Notes`, expected content or a subsection' },
          { line: 11, column: 1, endColumn: 10, message: 'Unexpected empty section `## Output`, expected content or a subsection' },
        ],
      },
      {
        name: 'without frontmatter',
        files: { 'SKILL.md': '# Only a title\n' },
        errors: [{ line: 1, column: 1, endColumn: 15, message: 'Unexpected empty section `# Only a title`, expected content or a subsection' }],
      },
    ],
  },
  { describe, it },
);
