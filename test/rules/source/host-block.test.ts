import { describe, it } from 'vitest';
import { BUILT_IN_HOSTS } from '../../../src/hosts/index.js';
import rule from '../../../src/rules/source/host-block.js';
import { testRule } from '../../../src/testing/rule-tester.js';

const FM = '---\nname: my-skill\ndescription: Use when testing.\n---\n';
const HOSTS = Object.keys(BUILT_IN_HOSTS).map((id) => `\`${id}\``).join(', ');

testRule(
  rule,
  {
    valid: [
      { name: 'a block for known hosts', files: { 'SKILL.md': FM + '<!-- host: claude, codex -->\nOnly there.\n<!-- /host -->\n' } },
      { name: 'two blocks in a row', files: { 'SKILL.md': FM + '<!-- host: claude -->\nA.\n<!-- /host -->\n\n<!-- host: codex -->\nB.\n<!-- /host -->\n' } },
      { name: 'a generated region inside a block', files: { 'SKILL.md': FM + '<!-- host: claude -->\n<!-- generated: artifacts -->\nT.\n<!-- /generated -->\n<!-- /host -->\n' } },
      { name: 'a close naming its opener\'s hosts, in any order and spacing', files: { 'SKILL.md': FM + '<!-- host: claude, codex -->\nA.\n<!-- /host:codex,claude -->\n' } },
      { name: 'a companion with well-formed blocks', files: { 'SKILL.md': FM + 'See [p](patterns.md).\n', 'patterns.md': '# P\n\n<!--host: codex , pi-->\nA.\n<!-- /host:codex,pi -->\n' } },
      { name: 'markers in rehearsal fixtures are not checked (never emitted)', files: { 'SKILL.md': FM, 'fixtures/case/notes.md': '<!-- host: nowhere -->\n' } },
      { name: 'directives in inline code are text, and so is a host comment that is no marker', files: { 'SKILL.md': FM + 'Write `<!-- host: claude -->` first.\n\n```md\n<!-- hosted here -->\n```\n' } },
      {
        name: 'closeOrder same and commaLists accept what hermes-taskflow\'s builder accepts',
        options: { closeOrder: 'same', commaLists: true },
        files: { 'SKILL.md': FM + '  <!--host: codex , pi-->  \nA.\n<!-- /host:codex,pi -->\n\n<!-- host: claude -->\nB.\n<!-- /host -->\n' },
      },
      {
        name: 'a fragment the skill includes, with well-formed blocks',
        files: { 'a/SKILL.md': FM + '<!-- include: ../_core/core.md -->\n', '_core/core.md': '# Core\n\n<!-- host: claude -->\nA.\n<!-- /host -->\n' },
      },
      {
        name: 'with hostBlocks.inCodeFences, a marker that is not alone on its line in a fence stays text',
        config: { hostBlocks: { inCodeFences: true } },
        files: { 'SKILL.md': FM + '```html\n<p><!-- host: nowhere --></p>\n```\n' },
      },
    ],
    invalid: [
      {
        name: 'closeOrder same: a close naming the opener\'s hosts in another order; commaLists: `pi codex` is one unknown name',
        options: { closeOrder: 'same', commaLists: true },
        files: { 'SKILL.md': FM + '<!-- host:codex,claude -->\nA.\n<!-- /host:claude,codex -->\n\n<!-- host:pi codex -->\nB.\n<!-- /host -->\n' },
        errors: [
          { line: 7, column: 1, messageId: 'closeMismatch', data: { named: 'claude, codex', hosts: '`codex`, `claude`', line: 5, opened: 'codex, claude' } },
          { line: 9, column: 1, messageId: 'unknownHost', data: { id: 'pi codex', expected: `one of ${HOSTS}` } },
        ],
      },
      {
        name: 'with hostBlocks.inCodeFences, a well-formed block inside a fence is honoured (hermes-taskflow\'s jsonc settings block), and still a warning',
        config: { hostBlocks: { inCodeFences: true } },
        files: { 'SKILL.md': FM, 'configuration.md': '# C\n\n```jsonc\n{\n<!-- host:pi -->\n\t"piChild": {},\n<!-- /host:pi -->\n  "timeout": 600\n}\n```\n' },
        errors: [
          { file: 'configuration.md', line: 5, column: 1, severity: 'warning', messageId: 'markerInCodeHonoured', data: { marker: '<!-- host:pi -->', line: 3 } },
          { file: 'configuration.md', line: 7, column: 1, severity: 'warning', messageId: 'markerInCodeHonoured', data: { marker: '<!-- /host:pi -->', line: 3 } },
        ],
      },
      {
        name: 'a host marker inside a code block: a warning, at the marker, also in a bundled file',
        files: {
          'SKILL.md': FM + 'See [c](configuration.md).\n\n```jsonc\n{\n  <!-- host: pi -->\n  "pi": true\n  <!-- /host -->\n}\n```\n',
          'configuration.md': '# C\n\n- item:\n  ```md\n  <!-- host: nowhere -->\n  ```\n',
        },
        errors: [
          { line: 9, column: 3, endColumn: 20, severity: 'warning', messageId: 'markerInCode', data: { marker: '<!-- host: pi -->', line: 7 } },
          { line: 11, column: 3, endColumn: 17, severity: 'warning', messageId: 'markerInCode', data: { marker: '<!-- /host -->', line: 7 } },
          { file: 'configuration.md', line: 5, column: 3, endColumn: 25, severity: 'warning', messageId: 'markerInCode', data: { marker: '<!-- host: nowhere -->', line: 4 } },
        ],
      },
      {
        name: 'an included fragment is checked as part of the skill, at positions in the fragment (a nested block, an empty list, a wrong close)',
        files: {
          'a/SKILL.md': FM + '<!-- include: ../_core/core.md -->\n',
          '_core/core.md': '# Core\n\n<!-- host: claude -->\nA.\n<!-- host: codex -->\nB.\n<!-- /host -->\n<!-- /host -->\n\n<!-- host:, -->\nC.\n<!-- /host -->\n\n<!-- host: codex, claude -->\nD.\n<!-- /host: claude -->\n',
        },
        errors: [
          { file: '_core/core.md', line: 5, column: 1, messageId: 'nested' },
          { file: '_core/core.md', line: 10, column: 1, messageId: 'emptyList' },
          { file: '_core/core.md', line: 16, column: 1, messageId: 'closeMismatch' },
        ],
      },
      {
        name: 'an unknown host and an empty list',
        files: { 'SKILL.md': FM + '<!-- host: claude, cursorx -->\nA.\n<!-- /host -->\n\n<!-- host: -->\nB.\n<!-- /host -->\n' },
        errors: [
          { line: 5, column: 1, endLine: 5, endColumn: 31, message: `Unexpected unknown host \`cursorx\`, expected one of ${HOSTS}` },
          { line: 9, column: 1, endColumn: 15, message: `Unexpected empty host list, expected one or more of ${HOSTS}` },
        ],
      },
      {
        name: 'a miscased host id',
        files: { 'SKILL.md': FM + '<!-- host: Claude -->\nA.\n<!-- /host -->\n' },
        errors: [{ line: 5, column: 1, message: 'Unexpected unknown host `Claude`, expected `claude`' }],
      },
      {
        name: 'an unclosed block and a stray close',
        files: { 'SKILL.md': FM + '<!-- /host -->\n\n<!-- host: codex -->\nA.\n' },
        errors: [
          { line: 5, column: 1, endColumn: 15, message: 'Unexpected `<!-- /host -->` without an opening `<!-- host: ... -->`' },
          { line: 7, column: 1, endColumn: 21, message: 'Unexpected unclosed host block, expected `<!-- /host -->` before the end of the file' },
        ],
      },
      {
        name: 'a nested block',
        files: { 'SKILL.md': FM + '<!-- host: claude -->\n<!-- host: codex -->\nA.\n<!-- /host -->\n<!-- /host -->\n' },
        errors: [{ line: 6, column: 1, message: 'Unexpected nested host block, expected `<!-- /host -->` to close the host block opened on line 5 first' }],
      },
      {
        name: 'a close naming another list than its opener',
        files: { 'SKILL.md': FM + '<!-- host: claude, codex -->\nA.\n<!-- /host: claude -->\n' },
        errors: [{ line: 7, column: 1, message: 'Unexpected `<!-- /host: claude -->` closing the block for `claude`, `codex` opened on line 5, expected `<!-- /host: claude, codex -->` or `<!-- /host -->`' }],
      },
      {
        name: 'markers in bundled Markdown, reported in that file',
        files: { 'SKILL.md': FM + 'See [r](references/r.md).\n', 'references/r.md': '# R\n\n<!-- host: cursorx -->\nA.\n\n<!-- /host -->\n<!-- /host -->\n' },
        errors: [
          { file: 'references/r.md', line: 3, column: 1, message: `Unexpected unknown host \`cursorx\`, expected one of ${HOSTS}` },
          { file: 'references/r.md', line: 7, column: 1, message: 'Unexpected `<!-- /host -->` without an opening `<!-- host: ... -->`' },
        ],
      },
      {
        name: 'with hostBlocks.inCodeFences, fenced markers are checked: an unknown host, and a block opened in a fence never closed',
        config: { hostBlocks: { inCodeFences: true } },
        files: { 'SKILL.md': FM + '```md\n  <!-- host: nowhere -->  \nA.\n<!-- /host -->\n```\n\n```sh\n<!-- host: pi -->\necho\n```\n' },
        errors: [
          // Honoured by the build, and still text to Markdown: each fenced marker is a warning too.
          { line: 6, column: 3, endColumn: 25, severity: 'warning', messageId: 'markerInCodeHonoured' },
          { line: 6, column: 3, endColumn: 25, message: `Unexpected unknown host \`nowhere\`, expected one of ${HOSTS}` },
          { line: 8, column: 1, severity: 'warning', messageId: 'markerInCodeHonoured' },
          { line: 12, column: 1, severity: 'warning', messageId: 'markerInCodeHonoured' },
          { line: 12, column: 1, message: 'Unexpected unclosed host block, expected `<!-- /host -->` before the end of the file' },
        ],
      },
      {
        name: 'hosts: config: a block for a host the project does not build; commaLists: `pi codex` is one name (hermes-taskflow\'s reading)',
        config: { hosts: ['pi', 'codex'] },
        options: { hosts: 'config', commaLists: true },
        files: { 'SKILL.md': FM + '<!-- host: cursor -->\nA.\n<!-- /host -->\n<!-- host: pi codex -->\nB.\n<!-- /host -->\n<!-- host: pi, codex -->\nC.\n<!-- /host -->\n' },
        errors: [
          { line: 5, message: 'Unexpected unknown host `cursor`, expected one of `pi`, `codex`' },
          { line: 8, message: 'Unexpected unknown host `pi codex`, expected one of `pi`, `codex`' },
        ],
      },
      {
        name: 'a block crossing a generated region',
        files: { 'SKILL.md': FM + '<!-- host: claude -->\n<!-- generated: artifacts -->\nA.\n<!-- /host -->\n<!-- /generated -->\n' },
        errors: [{ line: 8, column: 1, message: 'Unexpected `<!-- /host -->` inside the generated region opened on line 6, expected `<!-- /generated -->` first' }],
      },
    ],
  },
  { describe, it },
);
