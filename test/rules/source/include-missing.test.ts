import { describe, it } from 'vitest';
import rule from '../../../src/rules/source/include-missing.js';
import { testRule } from '../../../src/testing/rule-tester.js';

const FM = '---\nname: my-skill\ndescription: Use when testing.\n---\n';
const inc = (p: string) => `<!-- include: ${p} -->`;

testRule(
  rule,
  {
    valid: [
      { name: 'a bundled file', files: { 'SKILL.md': FM + inc('references/a.md') + '\n', 'references/a.md': 'A.\n' } },
      { name: 'a shared file beside the skill', files: { 'SKILL.md': FM + inc('../_shared/fail-closed.md') + '\n', '../_shared/fail-closed.md': 'Fail closed.\n' } },
      { name: 'an include inside a code block is not a directive', files: { 'SKILL.md': FM + '```md\n' + inc('nowhere.md') + '\n```\n' } },
      {
        name: "nested includes resolve from the including file's folder",
        files: { 'SKILL.md': FM + inc('../_shared/a.md') + '\n', '../_shared/a.md': inc('b.md') + '\n', '../_shared/b.md': 'B.\n' },
      },
      {
        name: 'several skills sharing a file under the sources root',
        files: { 'a/SKILL.md': FM + inc('../_shared/x.md') + '\n', 'b/SKILL.md': FM + inc('../_shared/x.md') + '\n', '_shared/x.md': 'X.\n' },
      },
    ],
    invalid: [
      {
        name: 'a missing file',
        files: { 'SKILL.md': FM + '# T\n\n' + inc('references/missing.md') + '\n' },
        errors: [{ line: 7, column: 1, endLine: 7, endColumn: 40, message: 'Unexpected include of missing file `references/missing.md`, expected an existing file relative to the including file' }],
      },
      {
        name: 'an absolute path',
        files: { 'SKILL.md': FM + inc('/etc/hosts') + '\n' },
        errors: [{ line: 5, column: 1, endColumn: 29, message: 'Unexpected absolute include path `/etc/hosts`, expected a path relative to the including file' }],
      },
      {
        name: 'a path leaving the sources root',
        files: { 'a/SKILL.md': FM + inc('../_shared/x.md') + '\n', '_shared/x.md': 'X.\n' },
        config: { sources: 'a' },
        errors: [{ line: 5, column: 1, endColumn: 34, file: 'a/SKILL.md', message: 'Unexpected include path `../_shared/x.md` outside the sources root, expected a file inside it' }],
      },
      {
        name: 'an empty path and a folder',
        files: { 'SKILL.md': FM + '<!-- include: -->\n\n' + inc('references') + '\n', 'references/a.md': 'A.\n' },
        errors: [
          { line: 5, column: 1, endColumn: 18, message: 'Unexpected empty include path, expected `<!-- include: path -->` with a path relative to the including file' },
          { line: 7, column: 1, message: 'Unexpected include of `references`, expected a text file' },
        ],
      },
      {
        name: 'a missing file in an included file is reported at the include that brings it in',
        files: { 'SKILL.md': FM + inc('../_shared/a.md') + '\n', '../_shared/a.md': 'A.\n\n' + inc('gone.md') + '\n' },
        errors: [{ line: 5, column: 1, endColumn: 34, message: 'Unexpected include of missing file `gone.md`, expected an existing file relative to the including file (in `../_shared/a.md` line 3)' }],
      },
    ],
  },
  { describe, it },
);
