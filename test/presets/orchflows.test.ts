import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { lint } from '../../src/lint/engine.js';
import type { Finding } from './helpers.js';

// skillc:orchflows (presets/orchflows): orchflows' validate.py decides a package's kind by its folder
// (skills/<tier>/<name>, packs/<name>) and rejects a `skillc:` key, so the preset maps
// folders to kinds in config. Fixtures follow the parity spec parity/orchflows.md's probes.
type Files = Record<string, string>;
const anchors = 'Require: a clean tree.\n\n1. Do the work.\n\nNever: skip review.\n\nReturn the diff.\n';
// A pack passes `null`: it has no role (validate.py rejects a pack's role key).
const pkg = (name: string, body: string, role: string | null = 'none', description = `Use when testing ${name}.`): string =>
  `---\nname: ${name}\ndescription: ${description}\n${role === null ? '' : `role: ${role}\n`}---\n\n${body}`;
const words = (n: number): string => `${Array.from({ length: n }, (_, i) => `w${i}`).join(' ')}\n`;

async function lintTree(files: Files): Promise<Finding[]> {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'skillc-orchflows-'));
  try {
    for (const [rel, text] of Object.entries(files)) {
      fs.mkdirSync(path.dirname(path.join(root, rel)), { recursive: true });
      fs.writeFileSync(path.join(root, rel), text);
    }
    fs.writeFileSync(path.join(root, 'skillc.config.json'), JSON.stringify({ sources: '.', extends: ['skillc:orchflows'] }));
    const result = await lint({ cwd: root });
    expect(result.internalErrors).toBe(0);
    return result.files.flatMap((f) => f.messages.map((m) => ({ file: path.relative(root, f.path), line: m.line, ruleId: m.ruleId, message: m.message })));
  } finally {
    fs.rmSync(root, { recursive: true, force: true });
  }
}
const only = async (files: Files, ruleId: string): Promise<Finding[]> => (await lintTree(files)).filter((f) => f.ruleId === ruleId);

describe('the skillc:orchflows preset: kinds by folder', () => {
  it('passes well-formed packages of each tier, with no skillc: key', async () => {
    const findings = await lintTree({
      'skills/kernel/orch-work/SKILL.md': pkg('orch-work', anchors),
      'skills/engines/orch-scan/SKILL.md': pkg('orch-scan', anchors),
      'skills/workflows/orch-review/SKILL.md': pkg('orch-review', anchors, 'planner'),
      'skills/instances/orch-fix/SKILL.md': pkg('orch-fix', anchors, 'worker'),
      'skills/utilities/orch-notes/SKILL.md': pkg('orch-notes', anchors),
      'packs/code/SKILL.md': pkg('code', 'Facts about code.\n', null),
    });
    // A pack's signature table and the files around the packages are probes/' business; this tree has neither.
    expect(findings.filter((f) => f.ruleId !== 'orchflows-py/pack-signature' && f.ruleId !== 'orchflows-py/tree')).toEqual([]);
  });

  for (const [tier, kind, max] of [['kernel', 'kernel', 300], ['instances', 'instance', 300], ['utilities', 'utility', 300], ['engines', 'engine', 450], ['workflows', 'workflow', 450]] as const) {
    it(`probe 1: ${tier} body of ${max} words passes, ${max + 1} fails`, async () => {
      const role = kind === 'workflow' ? 'planner' : 'none';
      // The anchors are 14 tokens, `1.` included: validate.py counts every whitespace-separated token.
      const at = (n: number): Files => ({ [`skills/${tier}/s/SKILL.md`]: pkg('s', anchors + words(n - 14), role) });
      expect(await only(at(max), 'body/budget')).toEqual([]);
      expect((await only(at(max + 1), 'body/budget')).map((f) => f.message)).toEqual([`Unexpected ${max + 1} words in the body, expected at most ${max} for kind \`${kind}\``]);
    });
  }

  it('probe 1: a pack over 150 words', async () => {
    expect((await only({ 'packs/p/SKILL.md': pkg('p', words(151), null) }, 'body/budget')).map((f) => f.message)).toEqual([
      'Unexpected 151 words in the body, expected at most 150 for kind `pack`',
    ]);
  });

  it('probe 2: `[a b](c d e f g)` counts 2 words, `| a | b |` 5', async () => {
    const body = (line: string, n: number): Files => ({ 'packs/p/SKILL.md': pkg('p', `${line}\n${words(n)}`, null) });
    expect(await only(body('[a b](c d e f g)', 148), 'body/budget')).toEqual([]);
    expect(await only(body('[a b](c d e f g)', 149), 'body/budget')).toHaveLength(1);
    expect(await only(body('| a | b |', 145), 'body/budget')).toEqual([]);
    expect(await only(body('| a | b |', 146), 'body/budget')).toHaveLength(1);
  });

  it('probe 4: skills need Require:, Never: and Return at column 0', async () => {
    const found = await only({ 'skills/kernel/s/SKILL.md': pkg('s', ' Require: x.\n\nNever: y.\n\nReturns y\n') }, 'body/line-anchors');
    expect(found.map((f) => f.message)).toEqual([
      'Unexpected body without a line starting `Require:` for kind `kernel`, expected one',
      'Unexpected body without a line starting `Return` for kind `kernel`, expected one',
    ]);
  });

  it('packs must not have them', async () => {
    expect(await only({ 'packs/p/SKILL.md': pkg('p', anchors.replace('Return the diff', 'Return: the diff'), null) }, 'body/line-anchors')).toHaveLength(3);
  });

  it('probe 6: engines only none; workflows not none; role judge', async () => {
    const found = await only(
      {
        'skills/engines/a/SKILL.md': pkg('a', anchors, 'worker'),
        'skills/workflows/b/SKILL.md': pkg('b', anchors, 'none'),
        'skills/utilities/c/SKILL.md': pkg('c', anchors, 'judge'),
      },
      'frontmatter/field-values',
    );
    expect(found.map((f) => `${f.file} ${f.message}`)).toEqual([
      'skills/engines/a/SKILL.md Unexpected `role: worker`, expected none for kind `engine`',
      'skills/utilities/c/SKILL.md Unexpected `role: judge`, expected one of planner, worker, none for kind `utility`',
      'skills/workflows/b/SKILL.md Unexpected `role: none`, expected one of planner, worker for kind `workflow`',
    ]);
  });

  it('probe 3: description of 140 passes, 141 fails', async () => {
    const d = (n: number): Files => ({ 'skills/kernel/s/SKILL.md': pkg('s', anchors, 'none', `Use when ${'x'.repeat(n - 9)}`) });
    expect(await only(d(140), 'orchflows-py/frontmatter')).toEqual([]);
    expect((await only(d(141), 'orchflows-py/frontmatter')).map((f) => f.message)).toEqual(['Unexpected description of 141 characters as written (quotes count), expected at most 140']);
  });

  it('a skillc.kind in the frontmatter wins over the folder', async () => {
    const text = `---\nname: s\ndescription: Use when testing s.\nrole: none\nskillc:\n  kind: pack\n---\n\n${words(151)}`;
    expect((await only({ 'skills/kernel/s/SKILL.md': text }, 'body/budget')).map((f) => f.message)).toEqual(['Unexpected 151 words in the body, expected at most 150 for kind `pack`']);
  });

  it('near-duplicate clauses between skills: one warning, on the first (validate.py cross-tier, within skills)', async () => {
    const passage = 'Launch a fresh maker with the assignment and the applicable guidance, then wait for its result before any review starts.\n';
    const found = await only(
      {
        'skills/kernel/a/SKILL.md': pkg('a', `${anchors}\n${passage}`),
        'skills/kernel/b/SKILL.md': pkg('b', `${anchors}\n${passage.replace('starts.', 'starts, always.')}`),
      },
      'orchflows/near-duplicate',
    );
    expect(found.map((f) => `${f.file} ${f.message.split(':')[0]}`)).toEqual(['skills/kernel/a/SKILL.md Unexpected cross-tier near-duplicate (within skills) at 0.97 with skills/kernel/b/SKILL.md']);
  });
});

describe('the skillc:orchflows preset: the call graph', () => {
  it('probe 7: a <-> b is a cycle, reported once on its first node', async () => {
    const found = await only(
      {
        'skills/workflows/orch-a/SKILL.md': pkg('orch-a', `${anchors}\nThen run \`orch-b\`.\n`, 'planner'),
        'skills/workflows/orch-b/SKILL.md': pkg('orch-b', `${anchors}\nThen run \`orch-a\`.\n`, 'planner'),
      },
      'orchflows-py/call-graph',
    );
    expect(found.map((f) => `${f.file} ${f.message}`)).toEqual([
      'skills/workflows/orch-a/SKILL.md Unexpected call graph cycle: orch-a -> orch-b -> orch-a, expected calls that end',
    ]);
  });

  it('probe 8: `orch-zzz` and `orch-b-` do not resolve; role profiles always do', async () => {
    const found = await only(
      {
        'skills/workflows/orch-a/SKILL.md': pkg('orch-a', `${anchors}\nUse \`orch-zzz\`, \`orch-b-\`, \`orch-planner\` and \`orch-b\`.\n`, 'planner'),
        'skills/utilities/orch-b/SKILL.md': pkg('orch-b', anchors),
      },
      'orchflows-py/call-graph',
    );
    expect(found.map((f) => f.message.replace(/ that does not.*/, ''))).toEqual(['Unexpected call edge `orch-zzz`', 'Unexpected call edge `orch-b-`']);
  });

  it('probe 9: a kernel skill citing `orch-b`', async () => {
    const found = await only(
      { 'skills/kernel/orch-k/SKILL.md': pkg('orch-k', `${anchors}\nSee \`orch-b\`.\n`), 'skills/utilities/orch-b/SKILL.md': pkg('orch-b', anchors) },
      'orchflows-py/call-graph',
    );
    expect(found.map((f) => `${f.file} ${f.message.split(' (')[0]}`)).toEqual(['skills/kernel/orch-k/SKILL.md Unexpected call edges from a kernel package']);
  });
});

describe('the skillc:orchflows preset: loops and the result envelope', () => {
  it('probe 12: orch-investigate `Return: a summary. Then status.` fails, `Return: the ticket.` passes', async () => {
    const engine = (ret: string): Files => ({ 'skills/engines/orch-investigate/SKILL.md': pkg('orch-investigate', anchors.replace('Return the diff.', ret)) });
    expect((await only(engine('Return: a summary. Then status.'), 'orchflows-py/envelope')).map((f) => f.message)).toEqual([
      'Unexpected Return without the result envelope ("Return: a summary."), expected its first sentence to name the status, the result and the verification (or a ticket)',
    ]);
    expect(await only(engine('Return: the ticket.'), 'orchflows-py/envelope')).toEqual([]);
    expect(await only(engine('Return: status complete, the result identity and its verification verdict.'), 'orchflows-py/envelope')).toEqual([]);
  });

  it('probe 19: iterate without bound and exit terms gives 2 warnings (verdict unaffected)', async () => {
    const found = await only({ 'skills/kernel/s/SKILL.md': pkg('s', `${anchors}\nIterate over the findings.\n`) }, 'orchflows-py/loop-lint');
    expect(found.map((f) => f.message.split(' (')[0])).toEqual(['Unexpected loop', 'Unexpected loop']);
    const bounded = await only({ 'skills/kernel/s/SKILL.md': pkg('s', `${anchors}\nIterate within the budget; exit when stalled.\n`) }, 'orchflows-py/loop-lint');
    expect(bounded).toEqual([]);
  });
});
