import { describe, expect, it } from 'vitest';
import { lintWithPreset, type Tree } from './helpers.js';

// docs/examples/orchflows: one not-ok fixture per check of orchflows' validator (see its README).
const anchors = 'Require: a clean tree.\n\n1. Do the work.\n\nNever: skip review.\n\nReturn the diff.\n';
const skill = (name: string, kind: string, body: string, role = 'none', description = `Use when testing ${name}.`): string =>
  `---\nname: ${name}\ndescription: ${description}\nrole: ${role}\nskillc:\n  kind: ${kind}\n---\n\n# ${name}\n\n${body}`;
const words = (n: number): string => `${Array.from({ length: n }, (_, i) => `w${i}`).join(' ')}\n`;

async function only(files: Tree, ruleId: string) {
  const { findings, internalErrors } = await lintWithPreset('orchflows', files);
  expect(internalErrors).toBe(0);
  return findings.filter((f) => f.ruleId === ruleId);
}

describe('docs/examples/orchflows preset', () => {
  it('passes well-formed skills of each kind (and loads its TypeScript plugin)', async () => {
    const { findings, internalErrors } = await lintWithPreset('orchflows', {
      'orch-work/SKILL.md': skill('orch-work', 'kernel', anchors),
      'orch-review/SKILL.md': skill('orch-review', 'workflow', anchors, 'planner'),
      'code-pack/SKILL.md': skill('code-pack', 'pack', 'Facts about code.\n', 'worker'),
    });
    expect(internalErrors).toBe(0);
    expect(findings.filter((f) => f.ruleId !== 'frontmatter/unknown-key')).toEqual([]);
  });

  for (const [kind, max, scope] of [['kernel', 300, 'the body'], ['workflow', 450, 'the body'], ['pack', 150, 'the body'], ['standard', 1200, 'SKILL.md']] as const) {
    it(`${kind} word budget: ${max}`, async () => {
      const role = kind === 'workflow' ? 'planner' : 'none';
      const body = kind === 'kernel' || kind === 'workflow' ? anchors + words(max) : words(max);
      const found = await only({ [`s-${kind}/SKILL.md`]: skill(`s-${kind}`, kind, body, role) }, 'body/budget');
      expect(found.map((f) => f.message)).toEqual([expect.stringMatching(new RegExp(`^Unexpected [\\d,]+ words in ${scope}, expected at most ${max.toLocaleString('en-US')} for kind \`${kind}\`$`))]);
    });
  }

  it('link targets are left out of word counts', async () => {
    const body = `${anchors}${Array.from({ length: 90 }, (_, i) => `[w${i}](https://example.com/a/b/c/d)`).join(' ')}\n`;
    expect(await only({ 's/SKILL.md': skill('s', 'kernel', body) }, 'body/budget')).toEqual([]);
  });

  it('skills need Require:, Never: and Return', async () => {
    const found = await only({ 's/SKILL.md': skill('s', 'kernel', 'Require: x.\n\nDo it.\n') }, 'body/line-anchors');
    expect(found.map((f) => f.message)).toEqual([
      'Unexpected body without a line starting `Never:` for kind `kernel`, expected one',
      'Unexpected body without a line starting `Return` for kind `kernel`, expected one',
    ]);
  });

  it('packs must not have them', async () => {
    const found = await only({ 'p/SKILL.md': skill('p', 'pack', anchors, 'worker') }, 'body/line-anchors');
    expect(found).toHaveLength(3);
  });

  it('role: planner, worker or none; kernel none; workflow not none', async () => {
    const found = await only(
      {
        'a/SKILL.md': skill('a', 'kernel', anchors, 'planner'),
        'b/SKILL.md': skill('b', 'workflow', anchors, 'none'),
        'c/SKILL.md': skill('c', 'pack', 'Facts.\n', 'boss'),
      },
      'frontmatter/field-values',
    );
    expect(found.map((f) => `${f.file} ${f.message}`)).toEqual([
      'a/SKILL.md Unexpected `role: planner`, expected none for kind `kernel`',
      'b/SKILL.md Unexpected `role: none`, expected a value other than none for kind `workflow`',
      'c/SKILL.md Unexpected `role: boss`, expected one of planner, worker, none',
    ]);
  });

  it('description at most 140 characters', async () => {
    const found = await only({ 's/SKILL.md': skill('s', 'kernel', anchors, 'none', `Use when ${'x'.repeat(140)}`) }, 'frontmatter/description-length');
    expect(found.map((f) => f.message)).toEqual(['Unexpected description of 149 characters, expected at most 140 (the house limit)']);
  });

  it('near-duplicate passages between skills', async () => {
    const passage = 'Launch a fresh maker with the assignment and the applicable guidance, then wait for its result before any review starts.\n';
    const found = await only(
      {
        'a/SKILL.md': skill('a', 'kernel', `${anchors}\n${passage}`),
        'b/SKILL.md': skill('b', 'kernel', `${anchors}\n${passage.replace('starts.', 'starts, always.')}`),
      },
      'orchflows/near-duplicate',
    );
    expect(found.map((f) => `${f.file}:${f.line} ${f.message.replace(/\d+%/, 'N%')}`)).toEqual([
      'a/SKILL.md:19 Unexpected passage N% the same as `b/SKILL.md` line 19, expected shared text in one place (a reference file or a standard both point to)',
      'b/SKILL.md:19 Unexpected passage N% the same as `a/SKILL.md` line 19, expected shared text in one place (a reference file or a standard both point to)',
    ]);
  });
});
