import { describe, it } from 'vitest';
import rule from '../../../src/rules/frontmatter/description-length.js';
import { testRule } from '../../../src/testing/rule-tester.js';

// The house-limit options (orchflows keeps descriptions to 140 characters).
const skill = (description: string, extra = ''): string => `---\nname: my-skill\ndescription: ${description}\n${extra}---\n# Title\n`;
const long = `Use when ${'x'.repeat(140)}`;

testRule(
  rule,
  {
    valid: [
      { name: 'under the house max', files: { 'SKILL.md': skill('Use when short.') }, options: { max: 140 } },
      { name: 'a host limit for another host', files: { 'SKILL.md': skill(long) }, options: { hosts: { claude: 140 } } },
      { name: 'a kind limit for another kind', files: { 'SKILL.md': skill(long) }, options: { kinds: { kernel: 140 } } },
    ],
    invalid: [
      { name: 'over the house max', files: { 'SKILL.md': skill(long) }, options: { max: 140 }, errors: [{ message: 'Unexpected description of 149 characters, expected at most 140 (the house limit)' }] },
      {
        name: 'over the limit for a linted host',
        files: { 'SKILL.md': skill(long) },
        hosts: ['agentskills', 'claude'],
        options: { hosts: { claude: 140 } },
        errors: [{ message: 'Unexpected description of 149 characters, expected at most 140 (the house limit for claude)' }],
      },
      {
        name: 'over the limit for its kind',
        files: { 'SKILL.md': skill(long, 'skillc: { kind: kernel }\n') },
        options: { max: 145, kinds: { kernel: 140 } },
        errors: [{ message: 'Unexpected description of 149 characters, expected at most 140 (the house limit for kind `kernel`)' }],
      },
    ],
  },
  { describe, it },
);
