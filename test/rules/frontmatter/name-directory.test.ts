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
      { name: 'Claude Code: name and folder equal', hosts: ['claude'], dir: 'research', files: { 'SKILL.md': skill('research') } },
      { name: 'OpenCode 2: the id is the folder, `name` a display name (its docs: `name: Git Release`)', hosts: ['opencode'], dir: 'git-release', files: { 'SKILL.md': skill('Git Release') } },
      { name: 'Gemini CLI never compares the two', hosts: ['gemini'], dir: 'research', files: { 'SKILL.md': skill('deep-research') } },
      { name: 'two skills, each matching', files: { 'a/SKILL.md': skill('a'), 'b/SKILL.md': skill('b') } },
    ],
    invalid: [
      {
        name: 'Claude Code loads either: an info saying the user types the name (a crucible-style prefix folder, issue 13)',
        hosts: ['claude'],
        dir: '00-navigator',
        files: { 'SKILL.md': skill('crucible-navigator') },
        errors: [{ line: 2, severity: 'info', messageId: 'command', data: { name: 'crucible-navigator', dir: '00-navigator', note: 'the user types the name in Claude Code (/name, or /plugin:name in a plugin; outside plugins the folder name invokes it too)' } }],
      },
      {
        name: 'pi loads it and warns: a warning',
        hosts: ['pi'],
        dir: 'research',
        files: { 'SKILL.md': skill('deep-research') },
        errors: [{ line: 2, severity: 'warning', message: 'Unexpected name `deep-research`, expected the folder name `research` (pi advises it)' }],
      },
      {
        name: 'Codex loads it (its loader never compares the two): a warning; Copilot: "typically" matches',
        hosts: ['codex', 'copilot', 'opencode'],
        dir: 'research',
        files: { 'SKILL.md': skill('deep-research') },
        errors: [{ line: 2, severity: 'warning', message: 'Unexpected name `deep-research`, expected the folder name `research` (codex, copilot advise it)' }],
      },
      {
        name: 'a host that requires it makes it an error beside one that advises it',
        hosts: ['pi', 'agentskills'],
        dir: 'research',
        files: { 'SKILL.md': skill('deep-research') },
        errors: [{ line: 2, severity: 'error', message: 'Unexpected name `deep-research`, expected the folder name `research` (agentskills requires it)' }],
      },
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
        errors: [{ line: 2, column: 7, endColumn: 17, messageId: 'name' }],
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
