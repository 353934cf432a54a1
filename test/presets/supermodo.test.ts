import { describe, expect, it } from 'vitest';
import { readProbes, runTreeProbes } from './cli-probes.js';
import { lintCorpus, lintWithPreset } from './helpers.js';

// skillc:supermodo (presets/supermodo) reproduces supermodo's scripts/check.ts skill checks
// (the parity spec parity/supermodo.md). Its probes/ hold a small tree with supermodo's
// roster (base/) and the spec's probe cases as changes to it, each with
// check.ts's verdict; every one goes through the built CLI here.
const { probes } = readProbes('supermodo');
const results = await runTreeProbes('supermodo');

describe("the supermodo preset gives check.ts's verdicts on its probes (through the CLI)", () => {
  it.each(probes.map((p) => [p.id, p] as const))('%s', (_id, p) => {
    const got = results.get(p.id)!;
    expect(got.verdict, `${p.why}: ${got.messages.join('; ')}`).toBe(p.skillc ?? p.original);
    if (p.skillcRule) expect(got.rules).toContain(p.skillcRule);
  });

  it('differs from check.ts only where probes.json says why', () => {
    const differing = probes.filter((p) => results.get(p.id)!.verdict !== p.original);
    expect(differing.map((p) => p.id)).toEqual(probes.filter((p) => p.skillc && p.skillc !== p.original).map((p) => p.id));
    expect(differing.every((p) => (p.difference ?? '').length > 20)).toBe(true);
  });

  it('names what check.ts names', () => {
    expect(results.get('02-remove-tdd')!.messages).toEqual(['skills/tdd/SKILL.md: Unexpected missing skill folder `tdd/`, expected every skill of the roster']);
    expect(results.get('03-hidden-dir')!.messages.sort()).toEqual([
      'skills/.cache/SKILL.md: Unexpected folder `.cache/` without a SKILL.md, expected a skill',
      'skills/.cache/SKILL.md: Unexpected skill folder `.cache/`, expected only the roster\'s skills (add it to the roster or move it out)',
    ]);
    expect(results.get('07-name-mismatch')!.messages).toContain('skills/commit/SKILL.md: Unexpected name "commits" (check.ts: != folder "commit"), expected the folder name');
    expect(results.get('10-size-40961')!.messages).toContain('skills/commit/SKILL.md: Unexpected 40,961 bytes in SKILL.md, expected at most 40,960');
    expect(results.get('16-gate-4-above')!.messages).toEqual([
      'skills/commit/SKILL.md: Unexpected `AskUserQuestion` not gated on the question transport, expected `transport`, `questions.md` or `perSkill` within 3 lines (questions go to chat unless configured)',
    ]);
  });
});

describe('the supermodo preset on the supermodo corpus', () => {
  it('passes its sixteen skills, as check.ts does (warnings only)', async () => {
    const { findings, internalErrors } = await lintCorpus('supermodo', 'supermodo', ['skills']);
    expect(internalErrors).toBe(0);
    const own = findings.filter((f) => f.ruleId.startsWith('supermodo/') || f.ruleId === 'body/budget');
    expect(own).toEqual([]);
  });
});

describe("supermodo's later check.ts (after v0.6.0): preset options, on in skillc:supermodo@24de10fe", () => {
  const fm = (name: string, description: string): string => `---\nname: ${name}\ndescription: ${description}\n---\n`;
  const own = (rules: Record<string, unknown> = {}) => ({ extends: ['skillc:supermodo@24de10fe'], rules: { 'supermodo/roster': 'off', ...rules } });
  const ids = (r: Awaited<ReturnType<typeof lintWithPreset>>, rule: string): string[] => r.findings.filter((f) => f.ruleId === rule).map((f) => `${f.file}: ${f.message}`);

  it('skill-limits: a description over 1,024 characters and a SKILL.md over 500 lines fail; a folded block measures its first line, as check.ts does', async () => {
    const r = await lintWithPreset(
      'supermodo',
      {
        'long/SKILL.md': fm('long', `Use when ${'x'.repeat(1020)}`),
        'folded/SKILL.md': `---\nname: folded\ndescription: >\n  Use when the first line is short.\n  ${'y'.repeat(1100)}\n---\n`,
        // check.ts counts split('\n').length: 499 newlines pass (500 lines), 500 newlines fail (501).
        'at-limit/SKILL.md': fm('at-limit', 'Use when testing.') + 'line\n'.repeat(495),
        'over/SKILL.md': fm('over', 'Use when testing.') + 'line\n'.repeat(496),
      },
      own(),
    );
    expect(r.internalErrors).toBe(0);
    expect(ids(r, 'supermodo/skill-limits').sort()).toEqual([
      'long/SKILL.md: Unexpected description of 1029 characters (check.ts: spec max 1024), expected at most 1024: cut the workflow summary, keep the triggers',
      'over/SKILL.md: Unexpected 501 lines in SKILL.md (check.ts: >500), expected at most 500: move detail into references/ and point at it',
    ]);
  });

  it('required-text and rules-master, as the later check.ts has them (off by default)', async () => {
    const r = await lintWithPreset(
      'supermodo',
      {
        'protocols/SKILL.md': fm('protocols', 'Use when testing.'),
        'protocols/references/rules.md': '# Rules\n',
        'work/SKILL.md': fm('work', 'Use when testing.') + '> **Docs names come from config.**\n\nRead [the rules](../protocols/references/rules.md).\n',
        'hunt/SKILL.md': fm('hunt', 'Use when testing.') + 'Read protocols/references/rules.md.\n',
      },
      own({ 'supermodo/required-text': 'error', 'supermodo/rules-master': 'error' }),
    );
    expect(ids(r, 'supermodo/required-text')).toEqual(['hunt/SKILL.md: Unexpected SKILL.md without "Docs names come from config", expected it in every skill that builds docs paths (it writes to the default names in a project that renamed them)']);
    expect(ids(r, 'supermodo/rules-master')).toEqual(["hunt/SKILL.md: Unexpected SKILL.md with no reference resolving to protocols/references/rules.md, expected one: every skill reads project rules (exempt a skill in the rule's `exempt` with a reason)"]);
  });
});
