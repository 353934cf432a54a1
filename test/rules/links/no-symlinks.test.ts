import { describe, it } from 'vitest';
import rule from '../../../src/rules/links/no-symlinks.js';
import { testRule } from '../../../src/testing/rule-tester.js';

const FM = '---\nname: my-skill\ndescription: Use when testing.\n---\nSee [a](references/a.md).\n';

testRule(
  rule,
  {
    valid: [{ name: 'regular files only', files: { 'SKILL.md': FM, 'references/a.md': '# A\n' } }],
    invalid: [
      {
        name: 'a symlink inside the skill',
        files: { 'SKILL.md': FM, 'references/real.md': '# A\n', 'references/a.md': { symlink: 'real.md' } },
        errors: [{ file: 'references/a.md', message: 'Unexpected a symlink `references/a.md`, expected a regular file or folder (copies, archives and installs of the skill drop or break symlinks)' }],
      },
      {
        name: 'a dangling symlink to a folder',
        files: { 'SKILL.md': FM, 'shared': { symlink: '../nowhere' } },
        errors: [{ file: 'shared', message: /^Unexpected a dangling symlink `shared`/ }],
      },
    ],
  },
  { describe, it },
);
