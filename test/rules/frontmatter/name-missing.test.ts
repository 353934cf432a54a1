import { describe, it } from 'vitest';
import rule from '../../../src/rules/frontmatter/name-missing.js';
import { testRule } from '../../../src/testing/rule-tester.js';

testRule(
  rule,
  {
    valid: [
      { files: { 'SKILL.md': '---\nname: my-skill\ndescription: x\n---\n' } },
      { name: 'an empty string is frontmatter/name-format', files: { 'SKILL.md': '---\nname: ""\ndescription: x\n---\n' } },
      { name: 'a number is frontmatter/field-type', files: { 'SKILL.md': '---\nname: 12\ndescription: x\n---\n' } },
      { name: 'no frontmatter is frontmatter/missing', files: { 'SKILL.md': '# Title\n' } },
      { name: 'broken YAML is frontmatter/yaml', files: { 'SKILL.md': '---\ndescription: a: b\n---\n' } },
      { name: 'a list document is frontmatter/yaml', files: { 'SKILL.md': '---\n- a\n---\n' } },
    ],
    invalid: [
      {
        name: 'absent name gets the folder name',
        files: { 'SKILL.md': '---\ndescription: Use when testing.\n---\n# T\n' },
        errors: [{ line: 1, column: 1, endColumn: 4, message: "Unexpected frontmatter without `name`, expected the skill's name, the folder name `my-skill` (agentskills requires it)" }],
        output: '---\nname: my-skill\ndescription: Use when testing.\n---\n# T\n',
      },
      {
        name: 'empty frontmatter',
        dir: 'pdf-tools',
        hosts: ['agentskills', 'codex'],
        files: { 'SKILL.md': '---\n---\n' },
        errors: [{ line: 1, message: /folder name `pdf-tools` \(agentskills, codex require it\)$/ }],
        output: '---\nname: pdf-tools\n---\n',
      },
      {
        name: 'CRLF',
        files: { 'SKILL.md': '---\r\ndescription: x\r\n---\r\n' },
        errors: [{ line: 1, messageId: 'missing', data: { dirName: 'my-skill', why: 'agentskills requires it' } }],
        output: '---\r\nname: my-skill\r\ndescription: x\r\n---\r\n',
      },
      {
        name: 'no fix when the folder name is not a valid name',
        dir: 'My Skill',
        files: { 'SKILL.md': '---\ndescription: x\n---\n' },
        errors: [{ line: 1, message: /folder name `My Skill`/ }],
      },
      {
        name: 'an empty name key',
        files: { 'SKILL.md': '---\nname:\ndescription: x\n---\n' },
        errors: [{ line: 2, column: 1, endColumn: 5, message: "Unexpected empty `name`, expected the skill's name (agentskills requires it)" }],
      },
    ],
  },
  { describe, it },
);
