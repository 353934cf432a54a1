import { describe, it } from 'vitest';
import rule from '../../../src/rules/links/missing-file.js';
import { testRule } from '../../../src/testing/rule-tester.js';

const skill = (body: string) => `---\nname: my-skill\ndescription: Use when testing.\n---\n${body}`;
const MISSING = (p: string, hint = '') => `Unexpected mention of missing \`${p}\`, expected an existing file${hint}`;

testRule(
  rule,
  {
    valid: [
      {
        name: 'named files that exist, in prose, code spans and fences, from the skill root or the reference\'s folder',
        files: {
          'SKILL.md': skill('Read `references/budget.md`, then run `python scripts/check.py`.\n\n```bash\nbash scripts/run.sh --fast\n```\n\nSee references/budget.md.\n'),
          'references/budget.md': 'Then `scripts/run.sh` and `notes.md`.\n',
          'references/notes.md': 'x',
          'scripts/check.py': 'x',
          'scripts/run.sh': 'x',
        },
      },
      {
        name: 'files to create, outputs, examples, URLs, globs and user-project paths are not shipped files',
        files: {
          'SKILL.md': skill(
            [
              'Create `references/new-topic.md` for each topic.',
              'Save the report to `references/report.md`.',
              'python scripts/x.py > scripts/out.json',
              'For example `references/api-spec.md`.',
              'See https://example.com/references/x.md and `references/*.md`.',
              'Edit `src/index.ts` and `scripts/deploy.sh` in your repo.',
              'Use `$HOME/x/a.md`, `~/notes/a.md`, `/etc/hosts.conf`, `@scope/pkg.js`.',
              '`references/my-topic.md`, `references/X.md` and `references/foo.md` are illustrations.',
              '',
              '**Example layout**:',
              '',
              '- `references/schema.md` holds the schema',
              '',
              '```markdown',
              'Read `references/sample-guide.md`.',
              '```',
              '',
              '<!-- references/hidden.md -->',
              '',
              '## Real-world example: a BigQuery skill',
              '',
              'Full schema: see (./references/bq-schema.md).',
              '',
              '### Its scripts',
              '',
              'Run `scripts/bq.py`.',
              '',
              '## Next',
              '',
              '### Step 5: Create the task',
              '',
              'run = "bash scripts/publish_mine.sh"',
            ].join('\n') + '\n',
          ),
        },
      },
      {
        name: 'generic placeholders are not files; a listing of files to create or of project files is no listing of the skill',
        files: {
          'SKILL.md': skill(
            [
              'Run `python scripts/script_name.py`, read `references/file_name.md` and open `path/to/file.md`.',
              '',
              '## Templates',
              '',
              '- `templates/report.md` is written by `scripts/render.py` into the project',
              '- `src/components/Button.tsx`',
              '',
              '## Reference implementation',
              '',
              'The working deployment lives in another repository:',
              '',
              '| File | Purpose |',
              '| --- | --- |',
              '| `scripts/publish_findings.sh` | deploy script |',
              '',
              '## Quick Reference',
              '',
              '- `mise run build`',
              '- Run `python scripts/render` from `scripts/`',
            ].join('\n') + '\n',
          ),
          'scripts/render.py': 'x',
          'scripts/render/__main__.py': 'x',
        },
      },
      {
        name: 'a link is links/broken\'s; a bare name is only checked for its letter case',
        files: {
          'SKILL.md': skill('[x](references/gone.md) and `gone.md`.\n\nSee [g](references/guide.md).\n'),
          'references/guide.md': 'Data in [`raw/dump.txt`](raw/dump.txt)\n\n[def]: raw/other.txt\n',
          'raw/x.txt': 'x',
        },
      },
      {
        name: 'host variables and config placeholders resolve; project and runtime ones are not checked',
        hosts: ['claude'],
        config: { hosts: ['claude'], placeholders: { '{baseDir}': 'skill' } },
        files: {
          'SKILL.md': skill('Run `${CLAUDE_SKILL_DIR}/scripts/a.sh`, `{baseDir}/scripts/a.sh`, `${CLAUDE_PROJECT_DIR}/tools/x.sh` and `{unknown}/y.sh`.\n'),
          'scripts/a.sh': 'x',
        },
      },
      {
        name: 'in a plugin: the plugin\'s shared `references/` and unknown plugin folders are not judged without its manifest',
        hosts: ['claude'],
        dir: 'plug/skills/a',
        files: { 'SKILL.md': skill('Read `references/shared.md` and `${CLAUDE_PLUGIN_ROOT}/hooks/x.ts` and `../corpus/2026-01-01.md`.\n') },
      },
      {
        name: 'in a plugin with its manifest: a plugin-root reference that exists',
        hosts: ['claude'],
        dir: 'plug/skills/a',
        files: { 'SKILL.md': skill('Read `references/shared.md` and `${CLAUDE_PLUGIN_ROOT}/hooks/x.ts`.\n'), '../../.claude-plugin/plugin.json': '{}', '../../references/shared.md': 'x', '../../hooks/x.ts': 'x' },
      },
      {
        name: 'a path only listed, not pointed at (a table of another project\'s files), by default',
        files: { 'SKILL.md': skill('| File | Purpose |\n| --- | --- |\n| `scripts/deploy_all.sh` | 3-phase deploy |\n\nBorrowed from `other-repo`\'s `scripts/blob.sh`.\n'), 'scripts/run.sh': 'x' },
      },
    ],
    invalid: [
      {
        name: 'an included fragment\'s names resolve from the skill folder, reported in the fragment with the skill that includes it',
        files: {
          'a/SKILL.md': '---\nname: a\ndescription: Use when testing.\n---\n<!-- include: ../_shared/steps.md -->\n',
          'a/scripts/run.sh': 'x',
          '_shared/steps.md': '# Steps\n\n<!-- include: ../_shared/more.md -->\nRun `scripts/run.sh`, then `bash scripts/check.sh`.\n',
        },
        errors: [{ file: '_shared/steps.md', line: 4, column: 34, messageId: 'missing', data: { path: 'scripts/check.sh', expected: 'an existing file of `a`, which includes this file' } }],
      },
      {
        name: 'a line that also holds an e-mail or an example.com URL still checks the files it names',
        files: {
          'SKILL.md': skill('Run `scripts/notify.py` to mail ops@example.com.\n\nRead `references/api.md` for https://api.example.com/v1.\n'),
          'scripts/run.py': 'x',
        },
        errors: [
          { line: 5, column: 6, message: MISSING('scripts/notify.py') },
          { line: 7, column: 7, message: MISSING('references/api.md') },
        ],
      },
      {
        name: 'a path run without the extension of its file: did you mean',
        files: { 'SKILL.md': skill('Run `python scripts/check_fields --input form.pdf`, then `bash scripts/fill`.\n'), 'scripts/check_fields.py': 'x', 'scripts/other.py': 'x' },
        errors: [
          { line: 5, column: 13, messageId: 'missing', data: { path: 'scripts/check_fields', expected: 'an existing file (did you mean `scripts/check_fields.py`?)' } },
          { line: 5, column: 64, messageId: 'missing', data: { path: 'scripts/fill', expected: 'an existing file' } },
        ],
      },
      {
        name: 'a list of templates and references that were never written',
        files: {
          'SKILL.md': skill('## Templates\n\n- `templates/report.md`: the weekly report template\n- `templates/email.md`\n\n## References\n\n1. **`references/style.md`** for tone\n\n## Scripts\n\n| Script | Purpose |\n| --- | --- |\n| `scripts/generate_report.py` | Generate the Markdown report |\n'),
          'scripts/run.sh': 'x',
        },
        errors: [
          { line: 7, column: 4, message: MISSING('templates/report.md') },
          { line: 8, column: 4, message: MISSING('templates/email.md') },
          { line: 12, column: 7, message: MISSING('references/style.md') },
          { line: 18, column: 4, message: MISSING('scripts/generate_report.py') },
        ],
      },
      {
        name: 'a reference reached only through a mis-cased link is read and checked',
        files: { 'SKILL.md': skill('Read [the guide](references/Guide.md).\n'), 'references/guide.md': 'Then run `scripts/setup.sh`.\n', 'scripts/run.sh': 'x' },
        errors: [{ file: 'references/guide.md', line: 1, column: 11, message: MISSING('scripts/setup.sh') }],
      },
      {
        name: 'with mentions: all, a listed path too',
        options: { mentions: 'all' },
        files: { 'SKILL.md': skill('| File | Purpose |\n| --- | --- |\n| `scripts/deploy_all.sh` | 3-phase deploy |\n'), 'scripts/run.sh': 'x' },
        errors: [{ line: 7, column: 4, message: MISSING('scripts/deploy_all.sh') }],
      },
      {
        name: 'directed: read, see, details in, run with an interpreter, uv run',
        files: {
          'SKILL.md': skill('See `references/api.md`. Details in references/faq.md. Then `uv run --with x python3 scripts/fit.py`; or `bash scripts/go.sh`.\n'),
          'references/other.md': 'x',
          'scripts/other.sh': 'x',
        },
        errors: [
          { line: 5, column: 6, message: MISSING('references/api.md') },
          { line: 5, column: 37, message: MISSING('references/faq.md') },
          { line: 5, column: 86, message: MISSING('scripts/fit.py') },
          { line: 5, column: 112, message: MISSING('scripts/go.sh') },
        ],
      },
      {
        name: 'a named reference and script that were never written, with a near name',
        files: { 'SKILL.md': skill('Read `references/budget_preparation.md`.\n\nRun `python scripts/chek.py`.\n'), 'scripts/check.py': 'x' },
        errors: [
          { line: 5, column: 7, endColumn: 39, message: MISSING('references/budget_preparation.md') },
          { line: 7, column: 13, message: MISSING('scripts/chek.py', ' (did you mean `scripts/check.py`?)') },
        ],
      },
      {
        name: 'a section about examples ends at the next heading of its level',
        files: { 'SKILL.md': skill('## Example\n\nSee `references/sample.md`.\n\n## Steps\n\nRead `references/steps.md`.\n'), 'references/other.md': 'x' },
        errors: [{ line: 11, column: 7, message: MISSING('references/steps.md') }],
      },
      {
        name: 'a case-only mismatch (broken on case-sensitive file systems), once per file',
        files: { 'SKILL.md': skill('Fill in FORMS.md. Then FORMS.md again.\n'), 'forms.md': 'x' },
        errors: [{ line: 5, column: 9, message: 'Unexpected mention of missing `FORMS.md`, expected `forms.md` (paths are case-sensitive on most hosts)' }],
      },
      {
        name: 'in a linked reference, reported there',
        files: { 'SKILL.md': skill('See [g](references/guide.md).\n'), 'references/guide.md': '# G\n\nRun `scripts/gone.sh`.\n', 'scripts/run.sh': 'x' },
        errors: [{ file: 'references/guide.md', line: 3, column: 6, message: MISSING('scripts/gone.sh') }],
      },
      {
        name: 'under a host variable or a config placeholder',
        hosts: ['claude'],
        config: { hosts: ['claude'], placeholders: { '{baseDir}': 'skill' } },
        files: { 'SKILL.md': skill('Run `${CLAUDE_SKILL_DIR}/scripts/gone.sh` or `{baseDir}/references/gone.md`.\n') },
        errors: [
          { line: 5, column: 6, message: MISSING('${CLAUDE_SKILL_DIR}/scripts/gone.sh') },
          { line: 5, column: 47, message: MISSING('{baseDir}/references/gone.md') },
        ],
      },
      {
        name: 'a sibling skill\'s file in a plugin that is not there',
        hosts: ['claude'],
        dir: 'plug/skills/a',
        files: { 'SKILL.md': skill('Follow `../guide/references/gone.md`.\n'), '../guide/SKILL.md': 'x', '../guide/references/other.md': 'x' },
        errors: [{ line: 5, column: 9, message: 'Unexpected mention of missing `../guide/references/gone.md`, expected an existing file of the plugin' }],
      },
    ],
  },
  { describe, it },
);
