import { describe, expect, it } from 'vitest';
import { readProbes, runTreeProbes, type TreeProbe } from './cli-probes.js';

// test/fixtures/presets/orchflows: a small orchflows tree (base/: a package of each
// tier and a pack with its signature table) and the spec's probe cases as changes to it
// (the parity spec parity/orchflows.md, "Probes"), each with validate.py's verdict. Every one
// is linted through the built CLI, from a config that extends the preset, as a team would.
const { probes } = readProbes('orchflows') as { probes: (TreeProbe & { skillcWarn?: string })[] };
const results = await runTreeProbes('orchflows', { extend: true });

describe("the orchflows preset gives validate.py's verdicts on its probes (through the CLI)", () => {
  it.each(probes.map((p) => [p.id, p] as const))('%s', (_id, p) => {
    const got = results.get(p.id)!;
    expect(got.verdict, `${p.why}: ${got.messages.join('; ')}`).toBe(p.skillc ?? p.original);
    if (p.skillcRule) expect(got.rules).toContain(p.skillcRule);
    if (p.skillcWarn) expect(got.warnRules).toContain(p.skillcWarn);
  });

  it('differs from validate.py only where probes.json says why', () => {
    const differing = probes.filter((p) => results.get(p.id)!.verdict !== p.original);
    expect(differing.map((p) => p.id)).toEqual(probes.filter((p) => p.skillc && p.skillc !== p.original).map((p) => p.id));
    expect(differing.every((p) => (p.difference ?? '').length > 20)).toBe(true);
  });

  it('says what validate.py says', () => {
    const m = (id: string): string[] => results.get(id)!.messages;
    // A probe's own warnings: those beyond the base tree's.
    const warned = (id: string): string[] => results.get(id)!.warnings!.filter((w) => !results.get('00-base')!.warnings!.includes(w));
    expect(m('10-carriage').sort()).toEqual([
      "skills/utilities/orch-notes/SKILL.md: Unexpected call to `orch-widget` without carrying its Require item 'a deadline.' (no word for `deadline`), expected orch-notes's body to pass it",
      "skills/utilities/orch-notes/SKILL.md: Unexpected call to `orch-widget` without carrying its Require item 'the widget spec' (no word for `spec`), expected orch-notes's body to pass it",
    ]);
    expect(m('07-cycle')).toContain('skills/workflows/orch-flow/SKILL.md: Unexpected call graph cycle: orch-flow -> orch-investigate -> orch-flow, expected calls that end');
    expect(m('15-craft-61').sort()).toEqual([
      // links/anchor (recommended) agrees on the anchor, by GitHub's slug rather than validate.py's.
      'packs/code/SKILL.md: Unexpected fragment `#lens` for `references/craft.md`, expected a heading (the file has none)',
      'packs/code/SKILL.md: Unexpected lens anchor `#lens` that no heading of references/craft.md has, expected one of (no headings)',
      'packs/code/references/craft.md: Unexpected 61 non-blank lines in references/craft.md, expected at most 60',
    ]);
    expect(m('15-pack-cells')).toEqual([
      'packs/code/SKILL.md: Unexpected signature table without `lens`, `craft`, expected a `| <cell> |` row for each of slicing, executor, assembly, lens, oracle_policy, workspace, required_spec_fields, craft',
    ]);
    expect(m('03-desc-quoted-139')).toEqual(['skills/utilities/orch-notes/SKILL.md: Unexpected description of 141 characters as written (quotes count), expected at most 140']);
    expect(m('16-cell-verbatim')).toEqual([
      "packs/code/SKILL.md: Unexpected clause repeated verbatim in the `workspace` cell of 2 packs (packs/docs/SKILL.md): 'a git branch per slice, rebased on main before review', expected it in one place",
    ]);
    expect(warned('16-cell-near')).toEqual([
      "packs/code/SKILL.md: Unexpected near-duplicate in the `workspace` cell at 0.93 with packs/docs/SKILL.md: 'a git branch per slice, rebased on main before review' ~ 'a git branch per slice, rebased on trunk before review', expected the text in one place",
    ]);
    expect(warned('18-two-skills')).toEqual([
      "skills/kernel/orch-work/SKILL.md: Unexpected cross-tier near-duplicate (within skills) at 1.00 with skills/utilities/orch-notes/SKILL.md: 'Keep every finding with the file and line that shows it' ~ 'Keep every finding with the file and line that shows it', expected the text in one place",
    ]);
    expect(warned('18-one-skill-twice')).toEqual([]);
    expect(warned('19-loop')).toHaveLength(2);
    expect(warned('xpkg-link')).toContain("packs/code/SKILL.md: Unexpected link into orch-work's references/notes.md, which orch-work/SKILL.md does not name, expected a file its own package points to");
    expect(results.get('xpkg-link-named')!.warnRules).not.toContain('orchflows-py/xpkg-links');
    // No compositions/ in the base (validate.py would then need orchflows' scripts/tickets.py): link grading and the templates check are skipped, as validate.py skips them (a warning each).
    expect(results.get('00-base')!.warnings).toEqual([
      'compositions: Unexpected missing compositions/, expected every documentation root (link grading skipped)',
      'compositions: Unexpected missing compositions/, expected the composition templates (their check skipped)',
      // The tree's own documents are graded with the packages (contracts/ here), as validate.py's cross-tier check does.
      "skills/engines/orch-investigate/SKILL.md: Unexpected cross-tier near-duplicate at 0.58 with contracts/result.md: 'Return: status complete or blocked, the result identity, and its verification v…' ~ 'Every engine returns a status, a result and its verification', expected the text in one place",
    ]);
    expect(m('20-friction-orch')).toEqual([
      'templates/host-block.md: Unexpected logger sentence that does not name .orch-friction/, expected the tree scripts/state_root.py returns',
      'templates/host-block.md: Unexpected logger sentence that names .orch/, expected the sink tree outside every worktree',
    ]);
    // scripts/state_root.py read as Python: the real file's `return state_root() / "…"` (the base) and a parenthesised join pass; a nested return, an f-string, `async def` and a syntax error fail.
    expect(m('20-friction-nested-return')).toEqual(['scripts/state_root.py: Unexpected 2 `return <root> / "<tree>"` statements in friction_root ([".orch-friction/","old-friction/"]), expected exactly one, naming the friction tree']);
    expect(m('20-friction-syntax-error')).toEqual(["scripts/state_root.py: Unexpected scripts/state_root.py that does not parse as Python (line 1), expected the friction log's owner to read its location from"]);
    expect(m('20-friction-async')).toEqual(["scripts/state_root.py: Unexpected scripts/state_root.py without a `friction_root` function, expected the friction log's location there"]);
    expect(m('20-broken-link')).toEqual(['docs/guide.md: Unexpected link to plan.md, which does not exist, expected a file or folder of the tree']);
    expect(warned('20-benchmarks-absent')).toEqual([
      'benchmarks: Unexpected missing benchmarks/, expected every documentation root (link grading skipped)',
      // compositions/ holds a README.md only: validate.py's templates check warns and skips.
      'compositions: Unexpected compositions/ that holds no template.md, expected compositions/<name>/template.md (check skipped)',
    ]);
    expect(m('20-names')).toEqual(["README.md: Unexpected `orch-nope`, which names no package or role profile, expected a package's name (or plain text for a name that is not one)"]);
    expect(m('20-agents-words')).toEqual(['AGENTS.md: Unexpected 581 words in AGENTS.md, expected at most 300']);
    expect(m('20-contract-edited')[0]).toMatch(/^contracts\/result.md: Unexpected contract whose bytes do not match its pin/);
    expect(m('20-extra-pin')).toEqual(['tests/pins.json: Unexpected pin `result.md` for a contract that does not exist, expected contracts/result.md']);
  });
});
