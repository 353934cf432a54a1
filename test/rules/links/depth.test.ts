import { describe, it } from 'vitest';
import rule from '../../../src/rules/links/depth.js';
import { testRule } from '../../../src/testing/rule-tester.js';

const skill = (body: string) => `---\nname: my-skill\ndescription: Use when testing.\n---\n${body}`;

testRule(
  rule,
  {
    valid: [
      { name: 'one level deep', files: { 'SKILL.md': skill('[a](references/a.md) [b](./scripts/run.sh) [c](top.md) [d](references/)\n') } },
      { name: 'folders that normalize back up', files: { 'SKILL.md': skill('[a](references/x/../a.md)\n') } },
      { name: 'external and escaping links are not counted', files: { 'SKILL.md': skill('[a](https://x.dev/a/b/c.md) [b](../../a/b/c.md)\n') } },
      { name: 'a higher max', options: { max: 2 }, files: { 'SKILL.md': skill('[a](references/api/auth.md)\n'), 'references/api/auth.md': 'x' } },
      { name: 'a missing target is links/broken\'s, not a depth', files: { 'SKILL.md': skill('[a](references/api/auth.md)\n') } },
      {
        name: 'a path under a host variable counts from the skill folder',
        hosts: ['claude'],
        files: { 'SKILL.md': skill('[a](${CLAUDE_SKILL_DIR}/references/a.md) [u]({unknown}/a/b/c.md)\n'), 'references/a.md': 'x' },
      },
    ],
    invalid: [
      {
        name: 'two folders down',
        files: { 'SKILL.md': skill('See [auth](references/api/auth.md).\n'), 'references/api/auth.md': 'x' },
        errors: [{ line: 5, column: 5, endLine: 5, endColumn: 35, message: 'Unexpected link to `references/api/auth.md`, 2 folders below SKILL.md, expected at most 1' }],
      },
      {
        name: 'images, definitions and linked folders',
        files: { 'SKILL.md': skill('![d](assets/img/d.png)\n[f](references/api/)\n\n[x]: ./a/b/c/d.md\n'), 'references/api/x.md': 'x', 'assets/img/d.png': 'x', 'a/b/c/d.md': 'x' },
        errors: [
          { line: 5, column: 1, message: 'Unexpected image to `assets/img/d.png`, 2 folders below SKILL.md, expected at most 1' },
          { line: 6, column: 1, message: 'Unexpected link to `references/api`, 2 folders below SKILL.md, expected at most 1' },
          { line: 8, column: 1, message: 'Unexpected definition to `a/b/c/d.md`, 3 folders below SKILL.md, expected at most 1' },
        ],
      },
      {
        name: 'max 0 keeps every file beside SKILL.md',
        options: { max: 0 },
        files: { 'SKILL.md': skill('[a](references/a.md)\n'), 'references/a.md': 'x' },
        errors: [{ line: 5, column: 1, message: 'Unexpected link to `references/a.md`, 1 folders below SKILL.md, expected at most 0' }],
      },
    ],
  },
  { describe, it },
);
