import { describe, it } from 'vitest';
import rule from '../../../src/rules/links/unreferenced-file.js';
import { testRule } from '../../../src/testing/rule-tester.js';

const skill = (body: string) => `---\nname: my-skill\ndescription: Use when testing.\n---\n${body}`;
const MESSAGE = (rel: string) => `Unexpected unreferenced file \`${rel}\`, expected a link or a mention in SKILL.md or a Markdown file it references`;

testRule(
  rule,
  {
    valid: [
      {
        name: 'linked, named in code, named in a fence',
        files: {
          'SKILL.md': skill('See [a](references/a.md).\n\nRun `scripts/check.py`.\n\n```sh\nbash ./scripts/run.sh --fast\n```\n'),
          'references/a.md': '# A\n',
          'scripts/check.py': 'x',
          'scripts/run.sh': 'x',
        },
      },
      {
        name: 'one hop through a referenced Markdown file (its own folder or the skill root)',
        files: {
          'SKILL.md': skill('Read `references/loop.md`.\n'),
          'references/loop.md': 'Then [schema](schema.md) and `assets/template.txt`.\n',
          'references/schema.md': '# S\n',
          'assets/template.txt': 'x',
        },
      },
      {
        name: 'a named folder covers its files; a path under a variable counts',
        files: {
          'SKILL.md': skill('Copy `assets/scaffold/` and run `${SKILL_DIR}/scripts/go.sh`.\n'),
          'assets/scaffold/SKILL.md': 'x',
          'assets/scaffold/notes.md': 'x',
          'scripts/go.sh': 'x',
        },
      },
      {
        name: 'conventional files and test data are ignored by default',
        files: {
          'SKILL.md': skill('x\n'),
          'LICENSE.txt': 'x',
          'README.md': 'x',
          'THIRD-PARTY-NOTICES.md': 'x',
          'evals/evals.json': '{}',
          'fixtures/pass-1/input.args': 'x',
          'scripts/tests/test_run.py': 'x',
          '.gitignore': 'x',
        },
      },
      {
        name: 'a unique bare file name, as in a table of checklists',
        files: { 'SKILL.md': skill('| Flag | File |\n| --- | --- |\n| `--perf` | `perf.md` |\n'), 'references/perf.md': '# Perf\n' },
      },
      { name: 'a host metadata file', files: { 'SKILL.md': skill('x\n'), 'agents/openai.yaml': 'x' } },
      { name: 'an ignore glob', options: { ignore: ['assets/**'] }, files: { 'SKILL.md': skill('x\n'), 'assets/a.png': 'x' } },
    ],
    invalid: [
      {
        name: 'an orphan reference',
        files: { 'SKILL.md': skill('See [a](references/a.md).\n'), 'references/a.md': '# A\n', 'references/old.md': '# Old\n' },
        errors: [{ file: 'references/old.md', line: 1, column: 1, endLine: 1, endColumn: 1, message: MESSAGE('references/old.md') }],
      },
      {
        name: 'two hops are not followed',
        files: {
          'SKILL.md': skill('See [a](references/a.md).\n'),
          'references/a.md': '[b](b.md)\n',
          'references/b.md': '[c](c.md)\n',
          'references/c.md': 'x',
        },
        errors: [{ file: 'references/c.md', message: MESSAGE('references/c.md') }],
      },
      {
        name: 'a bare file name shared by two files is no reference; an unlinked Markdown file does not count',
        files: {
          'SKILL.md': skill('Run check.py.\n'),
          'scripts/check.py': 'x',
          'assets/check.py': 'x',
          'notes/draft.md': 'Use `scripts/check.py`.\n',
        },
        errors: [
          { file: 'assets/check.py', message: MESSAGE('assets/check.py') },
          { file: 'notes/draft.md', message: MESSAGE('notes/draft.md') },
          { file: 'scripts/check.py', message: MESSAGE('scripts/check.py') },
        ],
      },
      {
        name: 'naming `references/` does not cover the documents in it',
        files: { 'SKILL.md': skill('Details are in `references/`.\n'), 'references/a.md': '# A\n' },
        errors: [{ file: 'references/a.md', message: MESSAGE('references/a.md') }],
      },
      {
        name: 'an empty ignore list checks everything',
        options: { ignore: [] },
        files: { 'SKILL.md': skill('x\n'), 'LICENSE': 'MIT' },
        errors: [{ file: 'LICENSE', message: MESSAGE('LICENSE') }],
      },
    ],
  },
  { describe, it },
);
