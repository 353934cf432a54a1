import { describe, it } from 'vitest';
import rule from '../../../src/rules/frontmatter/description-missing.js';
import { testRule } from '../../../src/testing/rule-tester.js';

const WHAT = 'expected what the skill does and when to use it';

testRule(
  rule,
  {
    valid: [
      { files: { 'SKILL.md': '---\nname: my-skill\ndescription: Use when testing.\n---\n' } },
      { name: 'an empty string is frontmatter/description-length', files: { 'SKILL.md': '---\nname: my-skill\ndescription: ""\n---\n' } },
      { name: 'a list is frontmatter/field-type', files: { 'SKILL.md': '---\nname: my-skill\ndescription: [a]\n---\n' } },
      { name: 'Claude Code: every field is optional (the first paragraph stands in)', hosts: ['claude'], files: { 'SKILL.md': '---\nname: my-skill\n---\nUse when testing.\n' } },
      { name: 'no frontmatter is frontmatter/missing', files: { 'SKILL.md': 'Use when testing.\n' } },
      { name: 'broken YAML is frontmatter/yaml', files: { 'SKILL.md': '---\nname: a: b\n---\n' } },
    ],
    invalid: [
      {
        name: 'absent',
        files: { 'SKILL.md': '---\nname: my-skill\n---\n# T\n' },
        errors: [{ line: 1, column: 1, endColumn: 4, message: `Unexpected frontmatter without \`description\`, ${WHAT} (agentskills requires it; without it the skill is never chosen)` }],
      },
      {
        name: 'empty key',
        hosts: ['claude', 'codex'],
        files: { 'SKILL.md': '---\nname: my-skill\ndescription:\n---\n' },
        errors: [{ line: 3, column: 1, endColumn: 12, message: `Unexpected empty \`description\`, ${WHAT} (codex requires it; without it the skill is never chosen)` }],
      },
      {
        name: 'explicit null',
        files: { 'SKILL.md': '---\nname: my-skill\ndescription: null\n---\n' },
        errors: [{ line: 3, column: 1, message: /^Unexpected empty `description`/ }],
      },
      {
        name: 'empty frontmatter',
        files: { 'SKILL.md': '---\n---\n' },
        errors: [{ line: 1, message: /^Unexpected frontmatter without `description`/ }],
      },
    ],
  },
  { describe, it },
);
