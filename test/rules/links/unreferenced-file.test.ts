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
      {
        name: 'a folder the skill names covers its files, with or without `./` and a trailing slash',
        files: {
          'SKILL.md': skill('Fonts are in the ./canvas-fonts directory; templates in `templates/`; see references/ for the rest, and `raw-data` too.\n'),
          'canvas-fonts/a.ttf': 'x',
          'canvas-fonts/b/c.ttf': 'x',
          'templates/page.html': 'x',
          'references/a.md': '# A\n',
          'raw-data/x.csv': 'x',
        },
      },
      {
        name: 'files a named script imports, sources, runs or reads, transitively, with its package manifests',
        files: {
          'SKILL.md': skill('Run `python scripts/main.py`, `node scripts/cli.ts` and `bash scripts/go.sh`.\n'),
          'scripts/main.py': 'from lib.util import helper\nfrom . import sibling\nimport config_loader\nDATA = open("data/table.csv")\n',
          'scripts/lib/__init__.py': '',
          'scripts/lib/util.py': 'from .deep import x\n',
          'scripts/lib/deep.py': 'x = 1\n',
          'scripts/sibling.py': 'x = 1\n',
          'scripts/config_loader.py': 'x = 1\n',
          'data/table.csv': 'a,b\n',
          'scripts/cli.ts': "import { auth } from './lib/auth.js';\nconst t = require('./templates/t.json');\n",
          'scripts/lib/auth.ts': "export * from './types';\n",
          'scripts/lib/types.ts': 'export type T = 1;\n',
          'scripts/templates/t.json': '{}',
          'scripts/package.json': '{}',
          'scripts/tsconfig.json': '{}',
          'scripts/bun.lock': '{}',
          'scripts/go.sh': 'source "$(dirname "$0")/common.sh"\n. ./env.sh\n',
          'scripts/common.sh': 'x=1\n',
          'scripts/env.sh': 'x=1\n',
          'requirements.txt': 'requests\n',
        },
      },
      {
        name: 'a mention inside an included fragment counts',
        files: { 'a/SKILL.md': skill('<!-- include: ../_shared/steps.md -->\n'), '_shared/steps.md': 'Run `scripts/check.sh`.\n', 'a/scripts/check.sh': 'x' },
      },
      {
        name: 'eval and test data, changelogs, logs and host instruction files are ignored',
        files: {
          'SKILL.md': skill('x\n'),
          'evaluations/case-1.json': '{}',
          'tests/data/in.txt': 'x',
          'references/evolution-log.md': '# Log\n',
          'CLAUDE.md': '# Notes for maintainers\n',
          'AGENTS.md': '# Notes\n',
          'HISTORY.md': '# History\n',
        },
      },
      {
        name: 'a module path in SKILL.md\'s code names its file; the package folder\'s __init__.py comes with it',
        files: {
          'SKILL.md': skill('```python\nfrom core.gif_builder import GIFBuilder\nimport helpers.io\nfrom tools import render\n```\n'),
          'core/__init__.py': '',
          'core/gif_builder.py': 'from .frames import Frame\n',
          'core/frames.py': 'x = 1\n',
          'scripts/helpers/io.py': 'x = 1\n',
          'scripts/helpers/__init__.py': '',
          'tools/render.py': 'x = 1\n',
        },
      },
      {
        name: 'a JS/TS relative import in a reference names its file without the extension',
        files: {
          'SKILL.md': skill('See [usage](references/usage.md).\n'),
          'references/usage.md': "```ts\nimport { sign } from '../lib/sign';\nimport { verify } from '../lib/verify.js';\n```\n",
          'lib/sign.ts': 'export const sign = 1;\n',
          'lib/verify.ts': 'export const verify = 1;\n',
        },
      },
      {
        name: 'a file named in other letter case is referenced (the mismatch is links/missing-file\'s), and its own names are followed',
        files: { 'SKILL.md': skill('Read [the guide](references/Guide.md) and `Scripts/Run.sh`.\n'), 'references/guide.md': 'Then `references/api.md`.\n', 'references/api.md': 'x', 'scripts/run.sh': 'x' },
      },
      {
        name: 'tests and evals by their names, dependency manifests at the skill root, registry sidecars',
        files: {
          'SKILL.md': skill('x\n'),
          'test-login.md': '# Test\n',
          'scripts/auth.test.ts': 'x',
          'scripts/parser_test.py': 'x',
          'scripts/test_parser.py': 'x',
          'eval-cases.json': '[]',
          'requirements.txt': 'requests\n',
          'package.json': '{}',
          'pyproject.toml': '[project]\n',
          'uv.lock': 'x',
          '_meta.json': '{}',
        },
      },
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
          // One root cause, one finding: the script is unreferenced because the draft that names it is.
          { file: 'notes/draft.md', message: `${MESSAGE('notes/draft.md')} (nothing else names the file it names: \`scripts/check.py\`)` },
        ],
      },
      {
        name: 'a script the skill does not name is not followed; the plain word `references` names no folder',
        files: {
          'SKILL.md': skill('See the references below.\n'),
          'references/a.md': '# A\n',
          'scripts/unused.py': 'import helper\n',
          'scripts/helper.py': 'x = 1\n',
        },
        errors: [
          { file: 'references/a.md', message: MESSAGE('references/a.md') },
          // Nothing names the folder or any file in it: one finding for the folder, at its first file.
          { file: 'scripts/unused.py', messageId: 'unreferencedFolder', data: { relPath: 'scripts', count: 2 } },
        ],
      },
      {
        name: 'a path in a named script\'s string and an icon in a host metadata file count; the rest is reported',
        files: {
          'SKILL.md': skill('Run `scripts/run.sh`.\n'),
          'scripts/run.sh': 'echo "assets/used.txt"\n',
          'assets/used.txt': 'x',
          'assets/orphan.txt': 'x',
          'agents/openai.yaml': 'interface:\n  icon_small: ./assets/icon.png\n',
          'assets/icon.png': 'x',
        },
        errors: [{ file: 'assets/orphan.txt', message: MESSAGE('assets/orphan.txt') }],
      },
      {
        name: 'one root cause, one finding: an unreferenced reference and the files only it names',
        files: {
          'SKILL.md': skill('See [a](references/a.md).\n'),
          'references/a.md': '# A\n',
          'references/old.md': 'See [api](old-api.md), ![d](../assets/old.png) and `scripts/old.sh`.\n',
          'references/old-api.md': 'x',
          'assets/old.png': 'x',
          'assets/logo.png': 'x',
          'scripts/old.sh': 'cat "$(dirname "$0")/old.txt"\n',
          'scripts/old.txt': 'x',
          'scripts/keep.sh': 'x',
        },
        errors: [
          { file: 'assets/logo.png', message: MESSAGE('assets/logo.png') },
          { file: 'references/old.md', messageId: 'unreferenced', data: { relPath: 'references/old.md', hidden: ' (nothing else names the 4 files it names: `assets/old.png`, `references/old-api.md`, `scripts/old.sh`, ...)' } },
          { file: 'scripts/keep.sh', message: MESSAGE('scripts/keep.sh') },
        ],
      },
      {
        name: 'a folder nothing names is one finding; a cycle of unreferenced files is one finding at its first file',
        files: {
          'SKILL.md': skill('x\n'),
          'assets/rules/python/a.yml': 'x',
          'assets/rules/python/b.yml': 'x',
          'assets/rules/sgconfig.yml': 'x',
          'notes/a.md': 'See [b](b.md).\n',
          'notes/b.md': 'See [a](a.md).\n',
          'notes/c.md': 'x',
        },
        errors: [
          { file: 'assets/rules/python/a.yml', messageId: 'unreferencedFolder', data: { relPath: 'assets', count: 3 } },
          { file: 'notes/a.md', messageId: 'unreferencedFolder', data: { relPath: 'notes', count: 3 } },
        ],
      },
      {
        name: 'a cycle of unreferenced files beside a referenced one',
        files: { 'SKILL.md': skill('See `notes/c.md`.\n'), 'notes/a.md': 'See [b](b.md).\n', 'notes/b.md': 'See [a](a.md).\n', 'notes/c.md': 'x' },
        errors: [{ file: 'notes/a.md', messageId: 'unreferenced', data: { relPath: 'notes/a.md', hidden: ' (nothing else names the file it names: `notes/b.md`)' } }],
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
