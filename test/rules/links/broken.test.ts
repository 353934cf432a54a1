import { describe, it } from 'vitest';
import rule from '../../../src/rules/links/broken.js';
import { testRule } from '../../../src/testing/rule-tester.js';

const skill = (body: string) => `---\nname: my-skill\ndescription: Use when testing.\n---\n${body}`;

testRule(
  rule,
  {
    valid: [
      { name: 'existing file, image and folder', files: { 'SKILL.md': skill('[a](references/a.md)\n![d](assets/d.png)\n[s](scripts/)\n'), 'references/a.md': '# A\n', 'assets/d.png': 'x', 'scripts/run.sh': 'echo' } },
      { name: 'fragment and query are stripped', files: { 'SKILL.md': skill('[a](references/a.md#top) [b](./references/a.md?plain=1)\n'), 'references/a.md': '# Top\n' } },
      { name: 'percent-encoded space', files: { 'SKILL.md': skill('[a](references/my%20file.md)\n'), 'references/my file.md': 'x' } },
      { name: 'URLs with a scheme and pure fragments are skipped', files: { 'SKILL.md': skill('[a](https://example.com/x.md) [m](mailto:a@b.c) [t](#nowhere) [e]() <x@y.z>\n') } },
      { name: 'link to SKILL.md itself', files: { 'SKILL.md': skill('[self](./SKILL.md)\n') } },
      { name: 'a missing target outside the skill is links/escape\'s', files: { 'SKILL.md': skill('[p](../common/p.md) [h](~/notes.md)\n') } },
      {
        name: 'host variables resolve in the skill and plugin folders; project and runtime ones are not checked',
        hosts: ['claude'],
        dir: 'plug/skills/a',
        files: {
          'SKILL.md': skill('[a](${CLAUDE_SKILL_DIR}/references/a.md) [b]($CLAUDE_SKILL_DIR/references/a.md) [c](${CLAUDE_PLUGIN_ROOT}/common/c.md)\n[p](${CLAUDE_PROJECT_DIR}/x.md) [d](${CLAUDE_PLUGIN_DATA}/cache.json)\n'),
          'references/a.md': '# A\n',
          '../../common/c.md': '# C\n',
        },
      },
      {
        name: 'a placeholder path whose file sits above the skill is links/escape\'s',
        config: { placeholders: { '{baseDir}': 'skill' } },
        dir: 'plug/skills/a',
        files: { 'SKILL.md': skill('[s]({baseDir}/scanner.sh)\n'), '../../scanner.sh': 'echo' },
      },
      {
        name: 'a config placeholder resolves in the skill folder',
        config: { placeholders: { '{baseDir}': 'skill', '$SKILL_ROOT': 'skill' } },
        files: { 'SKILL.md': skill('[a]({baseDir}/references/a.md) [b]($SKILL_ROOT/references/a.md)\n'), 'references/a.md': '# A\n' },
      },
      {
        name: 'a plugin skill links its siblings and the plugin root',
        hosts: ['claude'],
        dir: 'plug/skills/a',
        files: { 'SKILL.md': skill('[b](../b/SKILL.md) [r](../../references/shared.md)\n'), '../b/SKILL.md': skill('x\n'), '../../references/shared.md': '# S\n' },
      },
      {
        name: 'a plugin-root file is not judged when the plugin folder is not all here (no manifest)',
        hosts: ['claude'],
        dir: 'plug/skills/a',
        files: { 'SKILL.md': skill('[r](../../references/shared.md) [s](${CLAUDE_PLUGIN_ROOT}/hooks/x.ts)\n') },
      },
      { name: 'a sibling through .. that exists (links/escape reports it)', files: { 'a/SKILL.md': skill('[p](../common/p.md)\n'), 'common/p.md': 'x' } },
      { name: 'absolute, file: and drive paths are links/escape\'s', files: { 'SKILL.md': skill('[a](/etc/hosts) [b](file:///x) [c](C:\\x)\n') } },
      { name: 'unreadable SKILL.md', files: { 'SKILL.md': Buffer.from([0, 1, 2]) } },
      {
        name: 'a linked reference whose links resolve from its own folder',
        files: { 'SKILL.md': skill('[g](references/guide.md)\n'), 'references/guide.md': '# G\n\n[run](../scripts/run.sh) [more](more.md) [back](../SKILL.md) [x](https://e.com/y.md)\n', 'references/more.md': 'x', 'scripts/run.sh': 'echo' },
      },
      {
        name: 'a Markdown file SKILL.md does not link is not followed',
        files: { 'SKILL.md': skill('Nothing linked.\n'), 'references/orphan.md': '[x](missing.md)\n' },
      },
    ],
    invalid: [
      {
        name: 'an included fragment\'s links resolve from its own folder, as the build rewrites them; a missing one is reported in the fragment',
        files: {
          'taskflow/SKILL.md': skill('<!-- include: ../_core/core.md -->\n'),
          'taskflow/patterns.md': '# Patterns\n',
          '_core/core.md': '# Core\n\nSee [patterns](../taskflow/patterns.md), [library](../taskflow/library.md), [notes](notes.md) and [gone](gone.md).\n',
          '_core/notes.md': '# Notes\n',
        },
        errors: [
          { file: '_core/core.md', line: 3, column: 42, messageId: 'missing', data: { link: 'link', path: '../taskflow/library.md', hint: '' } },
          { file: '_core/core.md', line: 3, column: 99, messageId: 'missing', data: { link: 'link', path: 'gone.md', hint: '' } },
        ],
      },
      {
        name: 'missing reference',
        files: { 'SKILL.md': skill('Read [the guide](references/guide.md).\n') },
        errors: [{ line: 5, column: 6, endLine: 5, endColumn: 38, message: 'Unexpected link to missing `references/guide.md`, expected an existing file' }],
      },
      {
        name: 'missing image and definition',
        files: { 'SKILL.md': skill('![chart](assets/chart.png)\n\n[ref]: scripts/run.sh\n') },
        errors: [
          { line: 5, column: 1, endColumn: 27, message: 'Unexpected image to missing `assets/chart.png`, expected an existing file' },
          { line: 7, column: 1, endColumn: 22, message: 'Unexpected definition to missing `scripts/run.sh`, expected an existing file' },
        ],
      },
      {
        name: 'wrong letter case',
        files: { 'SKILL.md': skill('[a](References/A.md)\n'), 'references/a.md': 'x' },
        errors: [{ line: 5, column: 1, message: 'Unexpected link to `References/A.md`, expected `references/a.md` (paths are case-sensitive on most hosts)' }],
      },
      {
        name: 'malformed percent-encoding is checked as written',
        files: { 'SKILL.md': skill('[a](references/%E0%A4%A.md)\n') },
        errors: [{ line: 5, column: 1, message: 'Unexpected link to missing `references/%E0%A4%A.md`, expected an existing file' }],
      },
      {
        name: 'a broken link inside a linked reference, reported at the reference',
        files: { 'SKILL.md': skill('[g](references/guide.md)\n'), 'references/guide.md': '# G\n\nRun [the script](scripts/run.sh).\n', 'scripts/run.sh': 'echo' },
        errors: [{ file: 'references/guide.md', line: 3, column: 5, endColumn: 33, message: 'Unexpected link to missing `scripts/run.sh`, expected an existing file (did you mean `../scripts/run.sh`?)' }],
      },
      {
        name: 'a typo in a name: the near sibling is offered',
        files: { 'SKILL.md': skill('[g](references/gude.md)\n'), 'references/guide.md': '# G\n' },
        errors: [{ line: 5, message: 'Unexpected link to missing `references/gude.md`, expected an existing file (did you mean `references/guide.md`?)' }],
      },
      {
        name: 'a file moved to a subfolder: the one file of that name is offered, as the link would be written',
        files: { 'SKILL.md': skill('[g](references/guide.md)\n'), 'references/guide.md': '# G\n\nThe [dump](references/dump.txt).\n', 'references/raw/dump.txt': 'x' },
        errors: [{ file: 'references/guide.md', line: 3, message: 'Unexpected link to missing `references/dump.txt`, expected an existing file (did you mean `raw/dump.txt`?)' }],
      },
      {
        name: 'no guess when two files have the name',
        files: { 'SKILL.md': skill('[d](references/dump.txt)\n'), 'a/dump.txt': 'x', 'b/dump.txt': 'y' },
        errors: [{ line: 5, message: 'Unexpected link to missing `references/dump.txt`, expected an existing file' }],
      },
      {
        name: 'a path under the skill variable is checked in the skill folder',
        hosts: ['claude'],
        files: { 'SKILL.md': skill('[a](${CLAUDE_SKILL_DIR}/references/gone.md)\n') },
        errors: [{ line: 5, column: 1, message: 'Unexpected link to missing `${CLAUDE_SKILL_DIR}/references/gone.md`, expected an existing file' }],
      },
      {
        name: 'a missing file under `{baseDir}` under claude',
        hosts: ['claude'],
        files: { 'SKILL.md': skill('[a]({baseDir}/references/gone.md)\n') },
        errors: [{ line: 5, column: 1, messageId: 'missing', data: { link: 'link', path: '{baseDir}/references/gone.md', hint: '' } }],
      },
      {
        name: '`{baseDir}` is still unknown under a host that does not name the base directory',
        hosts: ['agentskills'],
        files: { 'SKILL.md': skill('[a]({baseDir}/references/a.md)\n'), 'references/a.md': '# A\n' },
        errors: [{ line: 5, column: 1, severity: 'warning', messageId: 'unknownPlaceholder' }],
      },
      {
        name: 'a placeholder from the config is checked in the skill folder',
        config: { placeholders: { '{baseDir}': 'skill' } },
        files: { 'SKILL.md': skill('[a]({baseDir}/references/gone.md)\n') },
        errors: [{ line: 5, column: 1, message: 'Unexpected link to missing `{baseDir}/references/gone.md`, expected an existing file' }],
      },
      {
        name: 'an unknown placeholder: one warning for all its links, never a broken link',
        files: { 'SKILL.md': skill('[a]({root}/a.md) [b]({root}/b.md)\n\n[c](${CLAUDE_SKILL_DIR}/c.md)\n') },
        errors: [
          { line: 5, column: 1, message: "Unexpected unknown placeholder `{root}` in link `{root}/a.md`, expected a variable the host substitutes or one named in the config's `placeholders` (its paths are not checked)" },
          { line: 7, column: 1, message: /^Unexpected unknown placeholder `\$\{CLAUDE_SKILL_DIR\}`/ },
        ],
      },
      {
        name: 'a sibling skill of a plugin that does not exist',
        hosts: ['claude'],
        dir: 'plug/skills/a',
        files: { 'SKILL.md': skill('[b](../gone/SKILL.md)\n') },
        errors: [{ line: 5, column: 1, message: 'Unexpected link to missing `../gone/SKILL.md`, expected an existing file' }],
      },
      {
        name: 'a plugin-root file that does not exist, once the plugin manifest shows the folder',
        hosts: ['claude'],
        dir: 'plug/skills/a',
        files: { 'SKILL.md': skill('[r](${CLAUDE_PLUGIN_ROOT}/references/gone.md) [s](../../references/gone.md)\n'), '../../.claude-plugin/plugin.json': '{"name":"plug"}' },
        errors: [
          { line: 5, column: 1, message: 'Unexpected link to missing `${CLAUDE_PLUGIN_ROOT}/references/gone.md`, expected an existing file' },
          { line: 5, column: 47, message: 'Unexpected link to missing `../../references/gone.md`, expected an existing file' },
        ],
      },
    ],
  },
  { describe, it },
);
