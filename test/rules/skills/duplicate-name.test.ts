import { describe, it } from 'vitest';
import rule from '../../../src/rules/skills/duplicate-name.js';
import { testRule } from '../../../src/testing/rule-tester.js';

const skill = (name: string) => `---\nname: ${name}\ndescription: Use when testing.\n---\n# T\n`;

testRule(
  rule,
  {
    valid: [
      // The same tree under the spec's flat namespace reports (see invalid), so this case can fail.
      { name: 'distinct names', files: { 'a/SKILL.md': skill('alpha'), 'b/SKILL.md': skill('beta') } },
      { name: 'one skill', files: { 'SKILL.md': skill('alpha') } },
      { name: 'missing names are another rule', files: { 'a/SKILL.md': '---\ndescription: x\n---\n', 'b/SKILL.md': '---\ndescription: y\n---\n' } },
      {
        name: 'Claude Code namespaces plugin skills: two plugins may each have `setup` (issue 13)',
        hosts: ['claude'],
        skills: ['plugins/gmail/skills/setup', 'plugins/calcom/skills/setup', 'plugins/kokoro/skills/health', 'plugins/calcom/skills/health'],
        files: {
          'plugins/gmail/skills/setup/SKILL.md': skill('setup'),
          'plugins/calcom/skills/setup/SKILL.md': skill('setup'),
          'plugins/kokoro/skills/health/SKILL.md': skill('health'),
          'plugins/calcom/skills/health/SKILL.md': skill('health'),
        },
      },
      { name: 'names differing in case are distinct', files: { 'a/SKILL.md': skill('alpha'), 'b/SKILL.md': skill('Alpha') } },
    ],
    invalid: [
      {
        name: 'plugins are namespaces on Claude Code, not on the spec: the message names the host',
        hosts: ['agentskills', 'claude'],
        skills: ['plugins/gmail/skills/setup', 'plugins/calcom/skills/setup'],
        files: { 'plugins/gmail/skills/setup/SKILL.md': skill('setup'), 'plugins/calcom/skills/setup/SKILL.md': skill('setup') },
        errors: [
          { file: 'plugins/calcom/skills/setup/SKILL.md', message: 'Unexpected duplicate name `setup`, expected a name no other skill uses (also in `../../../gmail/skills/setup`; on agentskills)' },
          { file: 'plugins/gmail/skills/setup/SKILL.md', message: 'Unexpected duplicate name `setup`, expected a name no other skill uses (also in `../../../calcom/skills/setup`; on agentskills)' },
        ],
      },
      {
        name: 'Claude Code: one plugin, two folders with one `name`: a warning, the commands differ',
        hosts: ['claude'],
        skills: ['plugins/p/skills/a', 'plugins/p/skills/b', 'plugins/q/skills/c'],
        files: { 'plugins/p/skills/a/SKILL.md': skill('shared'), 'plugins/p/skills/b/SKILL.md': skill('shared'), 'plugins/q/skills/c/SKILL.md': skill('shared') },
        errors: [
          { file: 'plugins/p/skills/a/SKILL.md', message: 'Unexpected duplicate name `shared`, expected a name no other skill in the same plugin uses (also in `b`; claude invokes each by its folder, but both are listed as `shared`)' },
          { file: 'plugins/p/skills/b/SKILL.md', message: /also in `a`; claude invokes each by its folder/ },
        ],
      },
      {
        name: 'two skills, each names the other',
        files: { 'a/SKILL.md': skill('shared'), 'b/SKILL.md': skill('shared') },
        errors: [
          { file: 'a/SKILL.md', line: 2, column: 7, endLine: 2, endColumn: 13, message: 'Unexpected duplicate name `shared`, expected a name no other skill uses (also in `b`)' },
          { file: 'b/SKILL.md', line: 2, column: 7, endLine: 2, endColumn: 13, message: 'Unexpected duplicate name `shared`, expected a name no other skill uses (also in `a`)' },
        ],
      },
      {
        name: 'three skills, quoted name',
        files: { 'a/SKILL.md': skill('x'), 'b/SKILL.md': skill('"x"'), 'c/SKILL.md': skill('x'), 'd/SKILL.md': skill('y') },
        errors: [
          { file: 'a/SKILL.md', message: 'Unexpected duplicate name `x`, expected a name no other skill uses (also in `b`, `c`)' },
          { file: 'b/SKILL.md', line: 2, column: 7, endColumn: 10, message: 'Unexpected duplicate name `x`, expected a name no other skill uses (also in `a`, `c`)' },
          { file: 'c/SKILL.md', message: 'Unexpected duplicate name `x`, expected a name no other skill uses (also in `a`, `b`)' },
        ],
      },
      {
        name: 'same folder name in two roots is shown as a path',
        files: { 'one/SKILL.md': skill('x'), 'two/SKILL.md': '---\nname: x\n---\n' },
        errors: [
          { file: 'one/SKILL.md', message: /also in `two`/ },
          { file: 'two/SKILL.md', line: 2, message: /also in `one`/ },
        ],
      },
    ],
  },
  { describe, it },
);
