import { describe, it } from 'vitest';
import rule from '../../../src/rules/links/escape.js';
import { testRule } from '../../../src/testing/rule-tester.js';

const skill = (body: string) => `---\nname: my-skill\ndescription: Use when testing.\n---\n${body}`;

testRule(
  rule,
  {
    valid: [
      {
        name: 'an included fragment\'s links out of the skill are the build\'s to copy (or, out of the sources root, to refuse)',
        config: { sources: 'src' },
        skills: ['src/a'],
        files: {
          'src/a/SKILL.md': skill('<!-- include: ../_shared/steps.md -->\n'),
          'src/_shared/steps.md': '[n](notes.md) [o](../../outside.md)\n',
          'src/_shared/notes.md': '# N\n',
          'outside.md': '# O\n',
        },
      },
      { name: 'paths inside the folder', files: { 'SKILL.md': skill('[a](references/a.md) [b](references/../scripts/x.sh) [c](./SKILL.md)\n') } },
      { name: 'URLs and fragments', files: { 'SKILL.md': skill('[a](https://x.dev/../a) [b](#x) [c](//cdn.example/x.png) [d]()\n') } },
      { name: 'a symlink inside the folder', files: { 'SKILL.md': skill('x\n'), 'references/a.md': 'x', 'latest.md': { symlink: 'references/a.md' } } },
      {
        name: 'a path in code that does not exist is an example, not a reference',
        files: { 'SKILL.md': skill('Reject `../../etc/passwd` and `../`.\n') },
      },
      {
        name: 'mentions off',
        options: { mentions: false },
        files: { 'a/SKILL.md': skill('See `../common/p.md`.\n'), 'common/p.md': 'x' },
      },
      {
        name: 'a plugin skill links its siblings and the plugin root (Claude Code installs the plugin whole)',
        hosts: ['claude'],
        dir: 'plug/skills/a',
        files: { 'SKILL.md': skill('[b](../b/SKILL.md) [r](../../references/shared.md) [v](${CLAUDE_PLUGIN_ROOT}/lib/x.mjs)\n\nSee `../b/SKILL.md`.\n'), '../b/SKILL.md': 'x' },
      },
      {
        name: 'host and config placeholders that stay inside',
        hosts: ['claude'],
        config: { hosts: ['claude'], placeholders: { '{baseDir}': 'skill' } },
        files: { 'SKILL.md': skill('[a](${CLAUDE_SKILL_DIR}/references/a.md) [b]({baseDir}/scripts/x.sh) [p](${CLAUDE_PROJECT_DIR}/../x.md)\n') },
      },
    ],
    invalid: [
      {
        name: 'a plugin skill linking past its plugin folder',
        hosts: ['claude'],
        dir: 'plug/skills/a',
        files: { 'SKILL.md': skill('[d](../../../../docs/adr/x.md)\n') },
        errors: [{ line: 5, column: 1, message: 'Unexpected link to `../../../../docs/adr/x.md` outside the plugin folder, expected a path inside the plugin folder (a plugin is installed without the files around it)' }],
      },
      {
        name: 'a sibling skill is outside when a host installs skills one by one',
        hosts: ['claude', 'codex'],
        dir: 'plug/skills/a',
        files: { 'SKILL.md': skill('[b](../b/SKILL.md)\n'), '../b/SKILL.md': 'x' },
        errors: [{ line: 5, column: 1, message: 'Unexpected link to `../b/SKILL.md` outside the skill folder, expected the skill\'s name (`b`) instead of a path to it (each skill is installed on its own)' }],
      },
      {
        name: 'another plugin\'s skill, fragment and all: named, not linked',
        hosts: ['claude'],
        dir: 'plug/skills/a',
        files: { 'SKILL.md': skill('[m](../../../other/skills/mise-config/SKILL.md#tokens)\n'), '../../../other/skills/mise-config/SKILL.md': 'x' },
        errors: [{ line: 5, column: 1, message: 'Unexpected link to `../../../other/skills/mise-config/SKILL.md#tokens` outside the plugin folder, expected the skill\'s name (`mise-config`) instead of a path to it (a plugin is installed without the files around it)' }],
      },
      {
        name: 'a path leaving the skill through a placeholder',
        config: { placeholders: { '{baseDir}': 'skill' } },
        files: { 'SKILL.md': skill('[s]({baseDir}/../scanner.sh)\n') },
        errors: [{ line: 5, column: 1, message: 'Unexpected link to `{baseDir}/../scanner.sh` outside the skill folder, expected a path inside the skill folder' }],
      },
      {
        name: 'a placeholder path whose file sits at the plugin root, not in the skill',
        config: { placeholders: { '{baseDir}': 'skill' } },
        dir: 'plug/skills/a',
        files: { 'SKILL.md': skill('Run [the scanner]({baseDir}/scanner.sh).\n'), '../../scanner.sh': 'echo' },
        errors: [{ line: 5, column: 5, message: 'Unexpected link to `{baseDir}/scanner.sh` outside the skill folder: `{baseDir}` is the skill folder and the file is at `../../scanner.sh`, expected a path inside the skill folder' }],
      },
      {
        name: '`{baseDir}/scanner.sh` at the root of a Claude Code plugin, with no config: the plugin variable is the fix',
        hosts: ['claude'],
        dir: 'plug/skills/a',
        files: { 'SKILL.md': skill('Run `{baseDir}/scanner.sh` or [it]({baseDir}/scanner.sh).\n'), '../../scanner.sh': 'echo', '../../.claude-plugin/plugin.json': '{"name":"plug"}' },
        errors: [
          { line: 5, column: 5, severity: 'warning', message: 'Unexpected path `{baseDir}/scanner.sh` outside the skill folder: `{baseDir}` is the skill folder and the file is at `../../scanner.sh`, expected `${CLAUDE_PLUGIN_ROOT}/scanner.sh` (the plugin folder) or the file moved into the skill folder' },
          { line: 5, column: 31, message: 'Unexpected link to `{baseDir}/scanner.sh` outside the skill folder: `{baseDir}` is the skill folder and the file is at `../../scanner.sh`, expected `${CLAUDE_PLUGIN_ROOT}/scanner.sh` (the plugin folder) or the file moved into the skill folder' },
        ],
      },
      {
        name: 'the same in code: a warning, once',
        config: { placeholders: { '{baseDir}': 'skill' } },
        dir: 'plug/skills/a',
        files: { 'SKILL.md': skill('Run `{baseDir}/scanner.sh`, then `{baseDir}/scanner.sh` again and `{baseDir}/gone.sh`.\n'), '../../scanner.sh': 'echo' },
        errors: [{ line: 5, column: 5, message: 'Unexpected path `{baseDir}/scanner.sh` outside the skill folder: `{baseDir}` is the skill folder and the file is at `../../scanner.sh`, expected a path inside the skill folder' }],
      },
      {
        name: 'a home-folder path',
        files: { 'SKILL.md': skill('[n](~/notes/x.md)\n') },
        errors: [{ line: 5, column: 1, message: 'Unexpected link to absolute path `~/notes/x.md`, expected a path inside the skill folder' }],
      },
      {
        name: 'a link in a linked reference that climbs out of the skill',
        files: { 'SKILL.md': skill('[g](references/guide.md)\n'), 'references/guide.md': '# G\n\n[ok](../scripts/run.sh) [out](../../common/x.md)\n', 'scripts/run.sh': 'echo' },
        errors: [{ file: 'references/guide.md', line: 3, column: 25, message: 'Unexpected link to `../../common/x.md` outside the skill folder, expected a path inside the skill folder' }],
      },
      {
        name: 'parent folder',
        files: { 'SKILL.md': skill('Read [p](../common/p.md).\n') },
        errors: [{ line: 5, column: 6, endLine: 5, endColumn: 25, message: 'Unexpected link to `../common/p.md` outside the skill folder, expected a path inside the skill folder' }],
      },
      {
        name: 'absolute path, file: URL and drive letter',
        files: { 'SKILL.md': skill('[a](/etc/x.md)\n[b](file:///home/me/x.md)\n[c](C:\\docs\\x.md)\n\n[d]: <D:/x.png>\n') },
        errors: [
          { line: 5, column: 1, endColumn: 15, message: 'Unexpected link to absolute path `/etc/x.md`, expected a path inside the skill folder' },
          { line: 6, column: 1, message: 'Unexpected link to `file:` URL `file:///home/me/x.md`, expected a path inside the skill folder' },
          { line: 7, column: 1, message: 'Unexpected link to drive path `C:\\docs\\x.md`, expected a path inside the skill folder' },
          { line: 9, column: 1, message: 'Unexpected definition to drive path `D:/x.png`, expected a path inside the skill folder' },
        ],
      },
      {
        name: 'escaping symlink, reported at the link',
        files: { 'a/SKILL.md': skill('x\n'), 'common/p.md': 'x', 'a/references/p.md': { symlink: '../../common/p.md' } },
        errors: [{ file: 'a/references/p.md', line: 1, column: 1, message: 'Unexpected symlink `references/p.md` to `../../common/p.md` outside the skill folder, expected a file inside it' }],
      },
      {
        name: 'an existing ../ path named in code (a warning, once per path)',
        files: { 'a/SKILL.md': skill('Follow `../common/references/p.md` and `../common/none.md`.\n\nAgain: `./../common/references/p.md`.\n'), 'common/references/p.md': 'x' },
        errors: [{ file: 'a/SKILL.md', line: 5, column: 8, endColumn: 35, message: 'Unexpected path `../common/references/p.md` outside the skill folder, expected a path inside the skill folder' }],
      },
    ],
  },
  { describe, it },
);
