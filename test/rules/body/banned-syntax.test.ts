import { describe, it } from 'vitest';
import rule from '../../../src/rules/body/banned-syntax.js';
import { testRule } from '../../../src/testing/rule-tester.js';

const FM = '---\nname: my-skill\ndescription: Use when testing.\n---\n';
const forceLoad = { patterns: [{ preset: 'force-load', hosts: ['agentskills', 'codex'] }] };

testRule(
  rule,
  {
    valid: [
      { name: 'nothing configured', files: { 'SKILL.md': FM + 'Read @references/a.md.\n' } },
      { name: 'links, e-mail addresses, mentions', files: { 'SKILL.md': FM + 'Read [a](references/a.md). Mail a@b.com or ping @alice.\n' }, options: forceLoad },
      { name: 'inside code by default', files: { 'SKILL.md': FM + 'Run `npm i @types/node`.\n\n```\ncat @references/a.md\n```\n' }, options: forceLoad },
      { name: 'a host not linted for', files: { 'SKILL.md': FM + 'Read @references/a.md.\n' }, hosts: ['claude'], options: forceLoad },
      {
        name: 'a skill that targets other hosts only',
        files: { 'SKILL.md': '---\nname: my-skill\ndescription: Use when testing.\nskillc: { targets: [claude] }\n---\nRead @references/a.md.\n' },
        hosts: ['agentskills', 'claude'],
        options: forceLoad,
      },
      { name: 'bundled files not matched', files: { 'SKILL.md': FM + 'x\n', 'scripts/a.sh': 'cd ~/.claude/skills\n' }, options: { patterns: [{ pattern: '~/\\.claude/', files: ['references/**'] }] } },
    ],
    invalid: [
      {
        name: 'a force-load in a portable skill',
        files: { 'SKILL.md': FM + 'Read @references/a.md first, then @./b.md.\n' },
        options: forceLoad,
        errors: [
          { line: 5, column: 6, endColumn: 22, message: 'Unexpected force-load `@references/a.md` for agentskills, expected a relative Markdown link the agent opens when it needs the file (only some hosts load `@path`, and they load it eagerly)' },
          { line: 5, column: 35, endColumn: 42, message: /`@\.\/b\.md`/ },
        ],
      },
      {
        name: 'code too when asked',
        files: { 'SKILL.md': FM + 'Run `cat @references/a.md`.\n' },
        options: { patterns: [{ preset: 'force-load', code: true }] },
        errors: [{ message: /^Unexpected force-load `@references\/a\.md`, expected/ }],
      },
      {
        name: 'a custom pattern with name and message',
        files: { 'SKILL.md': FM + 'Click HERE now.\n' },
        options: { patterns: [{ pattern: '\\bclick here\\b', flags: 'i', name: 'vague link text', message: 'text that names the target' }] },
        errors: [{ line: 5, column: 1, endColumn: 11, message: 'Unexpected vague link text `Click HERE`, expected text that names the target' }],
      },
      {
        name: 'a pattern over bundled files',
        files: { 'SKILL.md': FM + 'x\n', 'scripts/a.sh': 'set -eu\ncd ~/.claude/skills\n' },
        options: { patterns: [{ pattern: '~/\\.(?:claude|codex|agents)/', name: 'install path', files: ['scripts/**'] }] },
        errors: [{ file: 'scripts/a.sh', line: 2, column: 4, message: 'Unexpected install path `~/.claude/`' }],
      },
    ],
  },
  { describe, it },
);
