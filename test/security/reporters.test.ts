// Issue #24: what a skill controls (folder names, messages quoting its text) reached the start of a
// stylish line, where the GitHub Actions runner reads `::error …` as a workflow command; the github
// reporter passed control characters through.
import { describe, expect, it } from 'vitest';
import { project, skillc } from '../ecosystem/helpers.js';
import { SKILL } from '../helpers.js';

const hostile = '::error file=x::pwned';

describe('reporters: skill text never speaks to the CI runner', () => {
  it('stylish: a folder named like a workflow command starts no line', () => {
    const root = project({ [`${hostile}/s/SKILL.md`]: SKILL('s', '# T\n\nSee [gone](gone.md).\n') });
    const r = skillc(['lint', '.', '--format', 'stylish'], root);
    expect(r.code).toBe(1);
    expect(r.stdout).toContain('links/broken');
    for (const line of r.stdout.split('\n')) expect(line.trimStart().startsWith('::'), line).toBe(false);
    expect(r.stdout).toContain('\\u003a:error file=x::pwned/s/SKILL.md');
  });

  it('github: one command per finding; control characters are dropped, %, CR and LF escaped', () => {
    // The link's path decodes to a line feed and a `%`: the message quoting it must not end the command.
    const root = project({ 's/SKILL.md': SKILL('s', '# T\n\nSee [gone](gone%0A::error::x\u0085.md) and [pct](a%25b.md).\n') });
    const r = skillc(['lint', 's', '--format', 'github'], root);
    const lines = r.stdout.split('\n').filter(Boolean);
    expect(lines.length).toBeGreaterThan(0);
    for (const line of lines) {
      expect(line).toMatch(/^::(error|warning|notice) file=/);
      // eslint-disable-next-line no-control-regex -- none may get through
      expect(line).not.toMatch(/[\u0000-\u001f\u007f-\u009f]/);
      expect(line.indexOf('::', 2)).toBe(line.indexOf('::', line.indexOf('title=')));
    }
    expect(r.stdout).toContain('`gone%0A::error::x.md`');
    expect(r.stdout).toContain('`a%25b.md`');
  });
});
