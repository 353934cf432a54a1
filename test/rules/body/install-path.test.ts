import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { BUILT_IN_HOSTS, type HostTable } from '../../../src/hosts/index.js';
import rule, { installPathMatches, installPathPattern, linesNaming } from '../../../src/rules/body/install-path.js';
import { testRule } from '../../../src/testing/rule-tester.js';

const skill = (body: string) => `---\nname: pdf-fill\ndescription: Use when filling PDF forms.\n---\n${body}\n`;

testRule(
  rule,
  {
    valid: [
      { name: 'a path relative to the skill, and the host variable', hosts: ['claude'], dir: 'pdf-fill', files: { 'SKILL.md': skill('Run `python scripts/fill.py` or `python ${CLAUDE_SKILL_DIR}/scripts/fill.py`.') } },
      { name: "another skill's install location", dir: 'pdf-fill', files: { 'SKILL.md': skill('Save the new skill to `~/.claude/skills/other-skill/SKILL.md`.') } },
      { name: 'install and removal lines name the folder on purpose', dir: 'pdf-fill', files: { 'SKILL.md': skill('```bash\ncp -r pdf-fill ~/.claude/skills/pdf-fill/\nmkdir -p ~/.claude/skills/pdf-fill/scripts\nrm -rf ~/.claude/skills/pdf-fill/cache\n```') } },
      // The line pre-filter (issue 30): `/<name>/` on one line and an install root on another is no path.
      { name: 'the root and the name on different lines', dir: 'pdf-fill', files: { 'SKILL.md': skill('Skills live in ~/.claude/skills\n/pdf-fill/scripts/fill.py is ours.'), 'references/r.md': '.claude/skills\n/pdf-fill/scripts/a.sh\n' } },
      { name: 'a project folder glued to a word, and the name in another case', dir: 'pdf-fill', files: { 'SKILL.md': skill('See x.claude/skills/pdf-fill/scripts/a.sh and ~/.claude/skills/PDF-fill/scripts/a.sh.') } },
      { name: 'the name as a path segment with no install root before it', dir: 'pdf-fill', files: { 'SKILL.md': skill('Copy it to backup/pdf-fill/scripts/a.sh, then /srv/pdf-fill/x.') } },
      { name: 'the skill folder or its SKILL.md alone', dir: 'pdf-fill', files: { 'SKILL.md': skill('Installed at `~/.claude/skills/pdf-fill/` (see `~/.claude/skills/pdf-fill/SKILL.md`).') } },
    ],
    invalid: [
      {
        name: "the skill's own files under a user folder, a project folder and claude.ai's container (issue 27)",
        hosts: ['claude'],
        dir: 'pdf-fill',
        files: {
          'SKILL.md': skill('```bash\npython ~/.claude/skills/pdf-fill/scripts/fill.py form.pdf\n```\n\nRead /mnt/skills/user/pdf-fill/references/fields.md first.'),
          'references/setup.md': '# Setup\n\nRun `.agents/skills/pdf-fill/scripts/check.sh`.\n',
        },
        errors: [
          { line: 6, column: 8, severity: 'warning', messageId: 'installPath', data: { path: '~/.claude/skills/pdf-fill/scripts/fill.py', expected: '`${CLAUDE_SKILL_DIR}/scripts/fill.py` (or `scripts/fill.py` relative to the skill)' } },
          { line: 9, column: 6, messageId: 'installPath', data: { path: '/mnt/skills/user/pdf-fill/references/fields.md', expected: '`${CLAUDE_SKILL_DIR}/references/fields.md` (or `references/fields.md` relative to the skill)' } },
          { file: 'references/setup.md', line: 3, column: 6, messageId: 'installPath' },
        ],
      },
      {
        // The line pre-filter (issue 30): the cases at its edge.
        name: "a project folder at a file's start, at a line's start, two on a line, a last line with no line break, CRLF lines",
        hosts: ['claude'],
        dir: 'pdf-tools',
        files: {
          'SKILL.md': skill('Run it:\r\n.claude/skills/pdf-fill/scripts/a.sh\r\nthen ~/.claude/skills/pdf-tools/b.py and ~/.claude/skills/pdf-fill/c.py'),
          'references/r.md': '.agents/skills/pdf-fill/scripts/check.sh',
        },
        errors: [
          { line: 6, column: 1, messageId: 'installPath', data: { path: '.claude/skills/pdf-fill/scripts/a.sh', expected: '`${CLAUDE_SKILL_DIR}/scripts/a.sh` (or `scripts/a.sh` relative to the skill)' } },
          { line: 7, column: 6, messageId: 'installPath', data: { path: '~/.claude/skills/pdf-tools/b.py', expected: '`${CLAUDE_SKILL_DIR}/b.py` (or `b.py` relative to the skill)' } },
          { line: 7, column: 42, messageId: 'installPath', data: { path: '~/.claude/skills/pdf-fill/c.py', expected: '`${CLAUDE_SKILL_DIR}/c.py` (or `c.py` relative to the skill)' } },
          { file: 'references/r.md', line: 1, column: 1, messageId: 'installPath' },
        ],
      },
      {
        name: 'under a host with no skill variable the expected path is relative',
        hosts: ['codex'],
        dir: 'pdf-fill',
        files: { 'SKILL.md': skill('Run `bash $HOME/.codex/skills/pdf-fill/scripts/run.sh`.') },
        errors: [{ line: 5, messageId: 'installPath', data: { path: '$HOME/.codex/skills/pdf-fill/scripts/run.sh', expected: '`scripts/run.sh`, relative to the skill folder' } }],
      },
    ],
  },
  { describe, it },
);

/** The matches of the whole-text scan the rule made before its line pre-filter (issue 30). */
function fullScan(text: string, table: HostTable, names: string[]): [number, string, string][] {
  const { re } = installPathPattern(table, names);
  re.lastIndex = 0;
  const out: [number, string, string][] = [];
  let m: RegExpExecArray | null;
  while ((m = re.exec(text))) out.push([m.index, m[0], m[2]!]);
  return out;
}

describe('body/install-path line pre-filter', () => {
  const NAMES = ['pdf-fill', 'pdf', 'a.b'];
  const PIECE = fc.constantFrom(
    '~', '$HOME', '${HOME}', '%USERPROFILE%', '/home/u', '/Users/u', '/', './', '.', '.claude/skills', '.agents/skills', '.codex/skills', '/mnt/skills/user', '/x\ny',
    ...NAMES, 'pdfxfill', 'scripts', 'x.py', 'SKILL.md', '\n', '\r\n', ' ', '\t', '"', "'", '`', '(', ')', '=', ':', ',', '|', 'a', '-', '_',
  );
  const TEXT = fc.array(PIECE, { maxLength: 60 }).map((p) => p.join(''));
  const TABLES: HostTable[] = [BUILT_IN_HOSTS, { claude: BUILT_IN_HOSTS.claude! }, { ...BUILT_IN_HOSTS, odd: { ...BUILT_IN_HOSTS.claude!, id: 'odd', runtimeSkillRoots: ['/x\ny/'] } }];

  it('finds what a scan of the whole text finds, at the same offsets', () => {
    fc.assert(
      fc.property(TEXT, fc.subarray(NAMES, { minLength: 1 }), fc.constantFrom(...TABLES), (text, names, table) => {
        const found = installPathMatches(text, table, names).map((m): [number, string, string] => [m.index, m[0], m[2]!]);
        expect(found).toEqual(fullScan(text, table, names));
      }),
      { numRuns: 3000 },
    );
  });

  it('scans the whole text when a root holds a line break (a custom host may name one)', () => {
    const text = 'see /x\ny/pdf/scripts/a.sh and ~/.claude/skills/pdf/b.sh';
    expect(installPathMatches(text, TABLES[2]!, ['pdf']).map((m) => m[0])).toEqual(['/x\ny/pdf/scripts/a.sh', '~/.claude/skills/pdf/b.sh']);
    expect(fullScan(text, TABLES[2]!, ['pdf']).map((m) => m[1])).toEqual(['/x\ny/pdf/scripts/a.sh', '~/.claude/skills/pdf/b.sh']);
  });

  it('names each line holding a name once, in order', () => {
    fc.assert(
      fc.property(TEXT, fc.subarray(NAMES, { minLength: 1 }), (text, names) => {
        const lines = linesNaming(text, names);
        const expected: [number, number][] = [];
        let start = 0;
        for (const line of text.split('\n')) {
          if (names.some((n) => line.includes(`/${n}/`))) expected.push([start, start + line.length]);
          start += line.length + 1;
        }
        expect(lines).toEqual(expected);
      }),
      { numRuns: 2000 },
    );
  });

  it('builds one pattern per host table and set of names', () => {
    expect(installPathPattern(BUILT_IN_HOSTS, ['pdf-fill']).re).toBe(installPathPattern(BUILT_IN_HOSTS, ['pdf-fill']).re);
    expect(installPathPattern(BUILT_IN_HOSTS, ['pdf-fill']).re).not.toBe(installPathPattern(BUILT_IN_HOSTS, ['pdf']).re);
    expect(installPathPattern(BUILT_IN_HOSTS, ['pdf-fill']).re).not.toBe(installPathPattern({ ...BUILT_IN_HOSTS }, ['pdf-fill']).re);
  });
});
