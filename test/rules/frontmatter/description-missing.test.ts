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
      { name: 'Claude Code: a description is there', hosts: ['claude'], files: { 'SKILL.md': '---\nname: my-skill\ndescription: Use when testing.\n---\n' } },
      { name: 'Gemini CLI: a description is there', hosts: ['gemini'], files: { 'SKILL.md': '---\nname: my-skill\ndescription: Use when testing.\n---\n' } },
      { name: 'no frontmatter is frontmatter/missing', files: { 'SKILL.md': 'Use when testing.\n' } },
      { name: 'broken YAML is frontmatter/yaml', files: { 'SKILL.md': '---\nname: a: b\n---\n' } },
    ],
    invalid: [
      {
        // Optional in Claude Code (the body's first paragraph stands in) but recommended: a warning, never an error.
        name: 'Claude Code: absent is a warning',
        hosts: ['claude'],
        files: { 'SKILL.md': '---\nname: my-skill\n---\nUse when testing.\n' },
        errors: [{ line: 1, severity: 'warning', message: `Unexpected frontmatter without \`description\`, ${WHAT} (claude recommends it; without it the body's first paragraph is listed instead)` }],
      },
      {
        name: 'Claude Code: an empty string is a warning too (no host caps it there)',
        hosts: ['claude'],
        files: { 'SKILL.md': '---\nname: my-skill\ndescription: ""\n---\n' },
        errors: [{ line: 3, severity: 'warning', message: /^Unexpected empty `description`.*claude recommends it/ }],
      },
      {
        name: 'a host that requires it makes it an error, whatever Claude Code says',
        hosts: ['claude', 'claude-upload'],
        files: { 'SKILL.md': '---\nname: my-skill\n---\n' },
        errors: [{ line: 1, severity: 'error', message: /claude-upload requires it/ }],
      },
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
