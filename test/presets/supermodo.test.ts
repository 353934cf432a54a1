import { describe, expect, it } from 'vitest';
import { readProbes, runTreeProbes } from './cli-probes.js';
import { lintCorpus } from './helpers.js';

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
