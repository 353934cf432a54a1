import { describe, it } from 'vitest';
import rule from '../../../src/rules/frontmatter/description-length.js';
import { testRule } from '../../../src/testing/rule-tester.js';

const skill = (description: string) => `---\nname: my-skill\ndescription: ${description}\n---\n# T\n`;

testRule(
  rule,
  {
    valid: [
      { name: 'Claude Code has no 1,024-character cap (its listing cut is skills/listing-budget)', hosts: ['claude'], files: { 'SKILL.md': skill('a'.repeat(1500)) } },
      { name: 'Claude Code: an empty description falls back to the first paragraph', hosts: ['claude'], files: { 'SKILL.md': skill('""') } },
      { files: { 'SKILL.md': skill('Use when testing.') } },
      { name: 'Gemini CLI puts no cap on it (its loader)', hosts: ['gemini'], files: { 'SKILL.md': skill('a'.repeat(1500)) } },
      { name: 'exactly 1024', files: { 'SKILL.md': skill('a'.repeat(1024)) } },
      { name: 'characters, not UTF-16 units', files: { 'SKILL.md': skill('😀'.repeat(1000)) } },
      { name: 'one character', files: { 'SKILL.md': skill('x') } },
      { name: 'missing is frontmatter/description-missing', files: { 'SKILL.md': '---\nname: my-skill\n---\n' } },
      { name: 'not a string is frontmatter/field-type', files: { 'SKILL.md': skill('42') } },
    ],
    invalid: [
      {
        name: 'too long for a claude.ai upload',
        hosts: ['claude-upload'],
        files: { 'SKILL.md': skill('a'.repeat(1100)) },
        errors: [{ line: 3, column: 14, message: 'Unexpected description of 1100 characters, expected at most 1024' }],
      },
      {
        name: 'pi loads it and warns: a warning',
        hosts: ['pi'],
        files: { 'SKILL.md': skill('a'.repeat(1100)) },
        errors: [{ line: 3, severity: 'warning', message: 'Unexpected description of 1100 characters, expected at most 1024' }],
      },
      {
        name: 'beside pi, Codex refuses it: an error',
        hosts: ['pi', 'codex'],
        files: { 'SKILL.md': skill('a'.repeat(1100)) },
        errors: [{ line: 3, severity: 'error', message: 'Unexpected description of 1100 characters, expected at most 1024' }],
      },
      {
        name: 'too long',
        files: { 'SKILL.md': skill('a'.repeat(1025)) },
        errors: [{ line: 3, column: 14, endColumn: 1039, message: 'Unexpected description of 1025 characters, expected at most 1024' }],
      },
      {
        name: 'too long for several hosts (a block scalar keeps its final line break)',
        hosts: ['agentskills', 'claude', 'codex'],
        files: { 'SKILL.md': skill(`>\n  ${'word '.repeat(210)}`) },
        errors: [{ line: 3, column: 14, message: 'Unexpected description of 1051 characters, expected at most 1024 (the limit of agentskills, codex)' }],
      },
      {
        name: 'empty string',
        files: { 'SKILL.md': skill('""') },
        errors: [{ line: 3, column: 14, endColumn: 16, message: 'Unexpected empty description, expected 1-1024 characters saying what the skill does and when to use it' }],
      },
      {
        name: 'blank',
        files: { 'SKILL.md': skill("'   '") },
        errors: [{ line: 3, message: /^Unexpected empty description/ }],
      },
    ],
  },
  { describe, it },
);
