import { describe, it } from 'vitest';
import rule from '../../../src/rules/frontmatter/name-directory.js';
import { testRule } from '../../../src/testing/rule-tester.js';

const skill = (name: string) => `---\nname: ${name}\ndescription: Use when testing.\n---\n# T\n`;

testRule(
  rule,
  {
    valid: [
      { files: { 'SKILL.md': skill('my-skill') } },
      { name: 'quoted', files: { 'SKILL.md': skill('"my-skill"') } },
      { name: 'another folder', dir: 'pdf', files: { 'SKILL.md': skill('pdf') } },
      { name: 'no name is frontmatter/name-missing', files: { 'SKILL.md': '---\ndescription: x\n---\n' } },
      { name: 'a non-string name is frontmatter/field-type', files: { 'SKILL.md': skill('[a, b]') } },
      { name: 'Claude Code takes the command from the folder: a crucible-style prefix name (issue 13)', hosts: ['claude'], dir: '00-navigator', files: { 'SKILL.md': skill('crucible-navigator') } },
      { name: 'Claude Code: a plugin skill named after its plugin', hosts: ['claude'], dir: 'research', files: { 'SKILL.md': skill('gemini-deep-research') } },
      { name: 'two skills, each matching', files: { 'a/SKILL.md': skill('a'), 'b/SKILL.md': skill('b') } },
    ],
    invalid: [
      {
        name: 'with Claude Code and the spec linted, the message names the spec host',
        hosts: ['agentskills', 'claude'],
        dir: 'research',
        files: { 'SKILL.md': skill('gemini-deep-research') },
        errors: [{ line: 2, message: 'Unexpected name `gemini-deep-research`, expected the folder name `research` (agentskills requires it)' }],
      },
      {
        name: 'a claude.ai upload requires it',
        hosts: ['claude-upload'],
        files: { 'SKILL.md': skill('pdf-tools') },
        errors: [{ line: 2, message: 'Unexpected name `pdf-tools`, expected the folder name `my-skill`' }],
      },
      {
        name: 'a different name',
        files: { 'SKILL.md': skill('pdf-tools') },
        errors: [{ line: 2, column: 7, endColumn: 16, message: 'Unexpected name `pdf-tools`, expected the folder name `my-skill`' }],
      },
      {
        name: 'case and underscores are fixed to the folder name',
        files: { 'SKILL.md': skill('My_Skill') },
        errors: [{ line: 2, column: 7, message: 'Unexpected name `My_Skill`, expected the folder name `my-skill`' }],
        output: skill('my-skill'),
      },
      {
        name: 'a quoted name with spaces is fixed',
        files: { 'SKILL.md': skill("'my skill'") },
        errors: [{ line: 2, column: 7, endColumn: 17 }],
        output: skill('my-skill'),
      },
      {
        name: 'an invalid folder name asks for the folder to be renamed',
        dir: 'My_Skill',
        files: { 'SKILL.md': skill('my-skill') },
        errors: [{ line: 2, column: 7, message: 'Unexpected folder name `My_Skill` for skill `my-skill`, expected the folder to be named `my-skill`' }],
      },
      {
        name: 'one of two skills',
        files: { 'a/SKILL.md': skill('a'), 'b/SKILL.md': skill('c') },
        errors: [{ file: 'b/SKILL.md', line: 2, message: 'Unexpected name `c`, expected the folder name `b`' }],
      },
    ],
  },
  { describe, it },
);
