import { describe, it } from 'vitest';
import rule from '../../../src/rules/frontmatter/name-format.js';
import { testRule } from '../../../src/testing/rule-tester.js';

const skill = (name: string) => `---\nname: ${name}\ndescription: Use when testing.\n---\n# T\n`;

testRule(
  rule,
  {
    valid: [
      { files: { 'SKILL.md': skill('my-skill') } },
      { files: { 'SKILL.md': skill('a1-b2-c3') } },
      { name: 'no name at all is another rule', files: { 'SKILL.md': '---\ndescription: x\n---\n' } },
      { name: 'OpenCode 2: `name` is a display name (its own docs: `name: Git Release`)', hosts: ['opencode'], dir: 'git-release', files: { 'SKILL.md': skill('Git Release') } },
      { name: 'Gemini CLI: any name (the loader only replaces characters a file name cannot hold)', hosts: ['gemini'], files: { 'SKILL.md': skill('Deep Research: v2') } },
      { name: 'Claude Code: an empty name falls back to the folder', hosts: ['claude'], files: { 'SKILL.md': skill('""') } },
    ],
    invalid: [
      {
        name: 'uppercase is fixed',
        files: { 'SKILL.md': skill('My_Skill') },
        errors: [{ line: 2, column: 7, endColumn: 15, message: 'Unexpected `My_Skill`, expected 1-64 lowercase letters, digits and single inner hyphens' }],
        output: skill('my-skill'),
      },
      {
        name: 'double hyphen',
        files: { 'SKILL.md': skill('"a--b"') },
        errors: [{ line: 2, column: 7, message: /`a--b`/ }],
        output: skill('a-b'),
      },
      {
        name: 'pi warns and loads the skill: a warning',
        hosts: ['pi'],
        files: { 'SKILL.md': skill('My_Skill') },
        errors: [{ line: 2, severity: 'warning', message: 'Unexpected `My_Skill`, expected 1-64 lowercase letters, digits and single inner hyphens (pi advises it)' }],
        output: skill('my-skill'),
      },
      {
        name: 'Codex loads any single-line name (a warning) but refuses one over 64 characters (an error)',
        hosts: ['codex'],
        files: { 'SKILL.md': skill('A'.repeat(65)) },
        errors: [{ line: 2, severity: 'error', message: /^Unexpected 65 characters and `A+…`, expected 1-64 lowercase letters, digits and single inner hyphens$/ }],
      },
      {
        name: 'Codex: a spaced name loads, so only a warning',
        hosts: ['codex'],
        files: { 'SKILL.md': skill('Deep Research') },
        errors: [{ line: 2, severity: 'warning', message: /`Deep Research`.*\(codex advises it\)$/ }],
        output: skill('deep-research'),
      },
      {
        name: 'with OpenCode and the spec linted, the spec host decides',
        hosts: ['opencode', 'agentskills'],
        files: { 'SKILL.md': skill('Deep Research') },
        errors: [{ line: 2, severity: 'error', message: /\(agentskills requires it\)$/ }],
        output: skill('deep-research'),
      },
      {
        name: 'too long is not fixable',
        files: { 'SKILL.md': skill('a'.repeat(65)) },
        errors: [{ line: 2, message: /65 characters/ }],
      },
    ],
  },
  { describe, it },
);
