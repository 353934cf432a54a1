import { describe, it } from 'vitest';
import rule from '../../../src/rules/links/depth.js';
import { testRule } from '../../../src/testing/rule-tester.js';

const skill = (body: string) => `---\nname: my-skill\ndescription: Use when testing.\n---\n${body}`;

testRule(
  rule,
  {
    valid: [
      { name: 'one level deep', files: { 'SKILL.md': skill('[a](references/a.md) [b](./scripts/run.sh) [c](top.md) [d](references/)\n'), 'references/a.md': 'x', 'top.md': 'x' } },
      {
        name: 'a file linked from SKILL.md is one level deep wherever it sits',
        files: { 'SKILL.md': skill('See [auth](references/api/auth.md) and ![d](assets/img/d.png).\n'), 'references/api/auth.md': '# Auth\n', 'assets/img/d.png': 'x' },
      },
      {
        name: 'a reference linking another file SKILL.md also links',
        files: { 'SKILL.md': skill('[a](references/a.md) [b](references/b.md)\n'), 'references/a.md': 'See [b](b.md).\n', 'references/b.md': 'See [a](./a.md).\n' },
      },
      {
        name: 'a reference linking a file SKILL.md names in a code span',
        files: { 'SKILL.md': skill('[a](references/a.md); the schema is `references/schema.md`.\n'), 'references/a.md': 'See [schema](schema.md).\n', 'references/schema.md': 'x' },
      },
      {
        name: 'a reference linking a script, an image or back to SKILL.md is no chain of reading',
        files: { 'SKILL.md': skill('[a](references/a.md)\n'), 'references/a.md': '[run](../scripts/run.sh) ![i](img.png) [home](../SKILL.md)\n', 'scripts/run.sh': 'x', 'references/img.png': 'x' },
      },
      { name: 'a higher max', options: { max: 2 }, files: { 'SKILL.md': skill('[a](a.md)\n'), 'a.md': '[b](b.md)\n', 'b.md': 'x' } },
      { name: 'a missing second hop is links/broken\'s', files: { 'SKILL.md': skill('[a](a.md)\n'), 'a.md': '[b](b.md)\n' } },
      { name: 'external and escaping links are not counted', files: { 'SKILL.md': skill('[a](a.md)\n'), 'a.md': '[x](https://x.dev/b.md) [y](../../b.md)\n' } },
      {
        name: 'a path under a host variable counts from the skill folder',
        hosts: ['claude'],
        files: { 'SKILL.md': skill('[a](${CLAUDE_SKILL_DIR}/references/a.md)\n'), 'references/a.md': '[b](${CLAUDE_SKILL_DIR}/references/a.md)\n' },
      },
    ],
    invalid: [
      {
        name: 'SKILL.md -> a.md -> b.md',
        files: { 'SKILL.md': skill('See [guide](references/guide.md).\n'), 'references/guide.md': '# Guide\n\nThe details are in [auth](api/auth.md).\n', 'references/api/auth.md': 'x' },
        errors: [{ file: 'references/guide.md', line: 3, column: 20, endColumn: 39, message: 'Unexpected link to `references/api/auth.md` reached only through `SKILL.md` → `references/guide.md` (2 levels from SKILL.md), expected at most 1: link it from SKILL.md' }],
      },
      {
        name: 'once per file, at its first link; a third hop is not read',
        files: { 'SKILL.md': skill('[a](a.md)\n'), 'a.md': '[b](b.md) [b again](b.md) ![](c.md)\n', 'b.md': '[d](d.md)\n', 'c.md': 'x', 'd.md': 'x' },
        errors: [
          { file: 'a.md', line: 1, column: 1, messageId: 'tooDeep', data: { link: 'link', rel: 'b.md', chain: '`SKILL.md` → `a.md`', depth: 2, max: 1 } },
          { file: 'a.md', line: 1, column: 27, messageId: 'tooDeep', data: { link: 'image', rel: 'c.md', chain: '`SKILL.md` → `a.md`', depth: 2, max: 1 } },
        ],
      },
      {
        name: 'max 2 allows two levels, not three',
        options: { max: 2 },
        files: { 'SKILL.md': skill('[a](a.md)\n'), 'a.md': '[b](b.md)\n', 'b.md': '[c](c.md)\n', 'c.md': 'x' },
        errors: [{ file: 'b.md', line: 1, column: 1, message: 'Unexpected link to `c.md` reached only through `SKILL.md` → `a.md` → `b.md` (3 levels from SKILL.md), expected at most 2: link it from SKILL.md' }],
      },
    ],
  },
  { describe, it },
);
