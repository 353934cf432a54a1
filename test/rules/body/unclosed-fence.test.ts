import { describe, it } from 'vitest';
import rule from '../../../src/rules/body/unclosed-fence.js';
import { testRule } from '../../../src/testing/rule-tester.js';

const skill = (body: string) => `---\nname: my-skill\ndescription: Use when testing.\n---\n${body}`;
const NESTED = ['## Example', '', '```markdown', '# Sample skill', '', '```bash', 'npm test', '```', '', 'More text of the sample.', '```', '', 'See [the guide](references/guide.md).', ''].join('\n');

testRule(
  rule,
  {
    valid: [
      { name: 'closed fences, backticks and tildes', files: { 'SKILL.md': skill('```bash\nnpm test\n```\n\n~~~\ntext\n~~~\n') } },
      {
        name: 'a block showing fences, with a longer outer fence',
        files: { 'SKILL.md': skill('````markdown\n# Sample\n\n```bash\nnpm test\n```\n````\n\nDone.\n') },
      },
      { name: 'a closing fence longer than the opener, trailing blank lines', files: { 'SKILL.md': skill('```\nx\n`````\n\n\n') } },
      { name: 'a fence closed inside a list item and a quote', files: { 'SKILL.md': skill('- step:\n  ```sh\n  make\n  ```\n\n> ```\n> quoted\n> ```\n') } },
      { name: 'no fence at all', files: { 'SKILL.md': skill('Plain text with `code`.\n') } },
    ],
    invalid: [
      {
        name: 'a ```lang inside a ``` block closes it early; the author\'s last fence never closes',
        files: { 'SKILL.md': skill(NESTED), 'references/guide.md': '# G\n' },
        errors: [
          {
            line: 15,
            column: 1,
            endLine: 15,
            endColumn: 4,
            messageId: 'closedEarly',
            data: { fence: '```', opened: 7, inner: '```bash', innerLine: 10, marker: '```', closedAt: 12, longer: '````' },
          },
        ],
      },
      {
        name: 'a fence opened and never closed, in a bundled reference',
        files: { 'SKILL.md': skill('See [r](references/r.md).\n'), 'references/r.md': '# R\n\n```python\nprint(1)\n\n## Later section\n' },
        errors: [{ file: 'references/r.md', line: 3, column: 1, endColumn: 10, messageId: 'unclosed', data: { fence: '```python', line: 3, close: '```' } }],
      },
      {
        name: 'an included fragment that leaves a fence open, at its place in the fragment',
        files: { 'a/SKILL.md': skill('<!-- include: ../_core/core.md -->\n\nAfter.\n'), '_core/core.md': '# Core\n\n```bash\nmake\n' },
        errors: [{ file: '_core/core.md', line: 3, messageId: 'unclosed', data: { fence: '```bash', line: 3, close: '```' } }],
      },
      {
        name: 'a tilde fence is closed only by tildes',
        files: { 'SKILL.md': skill('~~~~\nx\n~~~\n```\n') },
        errors: [{ line: 5, messageId: 'unclosed', data: { fence: '~~~~', line: 5, close: '~~~~' } }],
      },
    ],
  },
  { describe, it },
);
