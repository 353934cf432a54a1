import { describe, it } from 'vitest';
import rule from '../../../src/rules/links/anchor.js';
import { testRule } from '../../../src/testing/rule-tester.js';

const skill = (body: string) => `---\nname: my-skill\ndescription: Use when testing.\n---\n${body}`;

testRule(
  rule,
  {
    valid: [
      {
        name: 'a linked reference: its own headings, and another file\'s',
        files: { 'SKILL.md': skill('# Top\n\n[a](references/a.md)\n'), 'references/a.md': '# A\n\n## Setup\n\nSee [setup](#setup), [top](../SKILL.md#top) and [b](b.md#bee).\n', 'references/b.md': '# Bee\n' },
      },
      { name: 'heading of SKILL.md', files: { 'SKILL.md': skill('# Use it\n\n## Step two: run\n\nSee [two](#step-two-run) and [top](#use-it).\n') } },
      { name: 'heading of a reference', files: { 'SKILL.md': skill('[a](references/a.md#the-loop)\n'), 'references/a.md': '# Title\n\n## The loop\n' } },
      { name: 'duplicate headings get -1', files: { 'SKILL.md': skill('## Notes\n\n## Notes\n\n[second](#notes-1)\n') } },
      { name: 'GitHub user-content- prefix and HTML anchors', files: { 'SKILL.md': skill('## Notes\n\n<a id="custom"></a>\n\n[a](#user-content-notes) [b](#custom)\n') } },
      { name: 'non-Markdown targets, missing files and external URLs are skipped', files: { 'SKILL.md': skill('[a](scripts/run.py#L3) [b](references/gone.md#x) [c](https://x.dev/a.md#b) [d](#)\n'), 'scripts/run.py': 'x' } },
      {
        name: 'an explicit heading id ({#id}), and a link through a host variable',
        hosts: ['claude'],
        files: { 'SKILL.md': skill('## GitHub Token Patterns {#tokens}\n\n[t](#tokens) [r](${CLAUDE_SKILL_DIR}/references/a.md#loop)\n'), 'references/a.md': '## Loop {#loop .unnumbered}\n' },
      },
      { name: 'an unknown placeholder is not followed', files: { 'SKILL.md': skill('[r]({root}/references/a.md#nowhere)\n'), 'references/a.md': '# A\n' } },
    ],
    invalid: [
      {
        name: 'a fragment\'s own #fragment means the file it is expanded into; SKILL.md may name a fragment\'s heading',
        files: {
          'a/SKILL.md': skill('[s](#shared-steps)\n\n<!-- include: ../_shared/steps.md -->\n\n## Own\n'),
          '_shared/steps.md': '## Shared steps\n\nBack to [own](#own), on to [nowhere](#nowhere).\n',
        },
        errors: [{ file: '_shared/steps.md', line: 3, column: 28, messageId: 'fragment', data: { fragment: 'nowhere', file: 'SKILL.md', expected: 'an existing heading' } }],
      },
      {
        name: 'a stale fragment in a sibling skill of a plugin',
        hosts: ['claude'],
        dir: 'plug/skills/a',
        files: { 'SKILL.md': skill('[b](../b/SKILL.md#old-name)\n'), '../b/SKILL.md': '# New name\n' },
        errors: [{ line: 5, column: 1, message: 'Unexpected fragment `#old-name` for `../b/SKILL.md`, expected an existing heading' }],
      },
      {
        name: 'a fragment inside a linked reference: #x is the reference\'s own heading',
        files: { 'SKILL.md': skill('# Setup\n\n[a](references/a.md)\n'), 'references/a.md': '# A\n\nSee [setup](#setup).\n' },
        errors: [{ file: 'references/a.md', line: 3, column: 5, message: 'Unexpected fragment `#setup` for `references/a.md`, expected an existing heading' }],
      },
      {
        name: 'no such heading in SKILL.md, near one suggested',
        files: { 'SKILL.md': skill('## Procedure\n\nSee [steps](#procedur).\n') },
        errors: [{ line: 7, column: 5, endLine: 7, endColumn: 23, message: 'Unexpected fragment `#procedur` for `SKILL.md`, expected `#procedure`' }],
      },
      {
        name: 'letter case',
        files: { 'SKILL.md': skill('## Procedure\n\n[s](#Procedure)\n') },
        errors: [{ line: 7, column: 1, message: 'Unexpected fragment `#Procedure` for `SKILL.md`, expected `#procedure`' }],
      },
      {
        name: 'no such heading in a reference',
        files: { 'SKILL.md': skill('[a](references/a.md#setup)\n'), 'references/a.md': '# Title\n\n## Usage\n' },
        errors: [{ line: 5, column: 1, endColumn: 27, message: 'Unexpected fragment `#setup` for `references/a.md`, expected an existing heading' }],
      },
      {
        name: 'a fragment that is the start of one heading: that heading is suggested',
        files: { 'SKILL.md': skill('[a](references/a.md#inv-8)\n'), 'references/a.md': '# Invariants\n\n## INV-8: Monitor by stable ids\n\n## INV-9: Retry\n' },
        errors: [{ line: 5, column: 1, message: 'Unexpected fragment `#inv-8` for `references/a.md`, expected `#inv-8-monitor-by-stable-ids`' }],
      },
      {
        name: 'the start of two headings: no guess',
        files: { 'SKILL.md': skill('[a](references/a.md#inv)\n'), 'references/a.md': '## INV-8: Monitor by stable ids\n\n## INV-9: Retry after a crash\n' },
        errors: [{ line: 5, column: 1, message: 'Unexpected fragment `#inv` for `references/a.md`, expected an existing heading' }],
      },
      {
        name: 'a reference without headings, percent-decoded fragment',
        files: { 'SKILL.md': skill('[a](./references/a.md#caf%C3%A9)\n'), 'references/a.md': 'plain text\n' },
        errors: [{ line: 5, column: 1, message: 'Unexpected fragment `#café` for `references/a.md`, expected a heading (the file has none)' }],
      },
    ],
  },
  { describe, it },
);
