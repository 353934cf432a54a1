import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { corpus, lintCorpus, lintWithPreset, presetRules, type Tree } from './helpers.js';

// docs/examples/supermodo: one not-ok fixture per check of supermodo's skill checker (see its README).
const skill = (name: string, body: string): string => `---\nname: ${name}\ndescription: Use when testing ${name}.\n---\n\n${body}`;
const protocols: Tree = {
  'protocols/SKILL.md': skill('protocols', '# Protocols\n\nShared: [questions](references/questions.md).\n'),
  'protocols/references/questions.md': '# Questions\n\nAsk in chat unless configured.\n',
};

async function only(files: Tree, ruleId: string) {
  const { findings, internalErrors } = await lintWithPreset('supermodo', { ...protocols, ...files });
  expect(internalErrors).toBe(0);
  return findings.filter((f) => f.ruleId === ruleId);
}

describe('docs/examples/supermodo preset', () => {
  it('passes well-formed skills', async () => {
    const { findings, internalErrors } = await lintWithPreset('supermodo', {
      ...protocols,
      'hunt/SKILL.md': skill('hunt', '# Hunt\n\nAsk on the configured transport (`AskUserQuestion`\nonly when set; see ../protocols/references/questions.md).\n'),
    });
    expect(internalErrors).toBe(0);
    expect(findings.filter((f) => !f.ruleId.startsWith('links/'))).toEqual([]);
  });

  it('SKILL.md over 40 KB', async () => {
    const found = await only({ 'big/SKILL.md': skill('big', `# Big\n\n${'word '.repeat(8200)}\n`) }, 'body/budget');
    expect(found.map((f) => f.message)).toEqual(['Unexpected 41,062 bytes in SKILL.md, expected at most 40,960']);
  });

  it('AskUserQuestion more than 3 lines from the transport', async () => {
    const body = '# Hunt\n\nUse `AskUserQuestion` now.\n\na\n\nb\n\nc\n\nper `questions.transport`.\n';
    const found = await only({ 'hunt/SKILL.md': skill('hunt', body) }, 'supermodo/ask-user-question');
    expect(found.map((f) => `${f.line} ${f.message}`)).toEqual([
      '8 Unexpected `AskUserQuestion` more than 3 lines from `transport`, `questions.md`, `perSkill`, expected the question transport named beside it (questions go to chat unless configured)',
    ]);
  });

  it('AskUserQuestion in allowed-tools is not a mention', async () => {
    const text = '---\nname: hunt\ndescription: Use when testing hunt.\nallowed-tools: Read AskUserQuestion\n---\n\n# Hunt\n';
    expect(await only({ 'hunt/SKILL.md': text }, 'supermodo/ask-user-question')).toEqual([]);
  });

  it('a local copy of a shared protocol file, by name or by content', async () => {
    const found = await only(
      {
        'hunt/SKILL.md': skill('hunt', '# Hunt\n\nSee [q](references/questions.md) and [c](references/copy.md).\n'),
        'hunt/references/questions.md': '# My questions\n',
        'hunt/references/copy.md': '# Questions\n\nAsk in chat unless configured.\n',
      },
      'supermodo/shared-protocol-copy',
    );
    expect(found.map((f) => `${f.file} ${f.message}`)).toEqual([
      'hunt/references/copy.md Unexpected local copy `references/copy.md` of the shared `protocols/references/questions.md` (same content), expected a pointer to `../protocols/references/questions.md`',
      'hunt/references/questions.md Unexpected local copy `references/questions.md` of the shared `protocols/references/questions.md` (same name), expected a pointer to `../protocols/references/questions.md`',
    ]);
  });

  it("frontmatter basics stay on, as Claude Code (the preset's host) reads them", async () => {
    // Claude Code takes the command from the folder and caps no description (issue 13): a name other
    // than the folder and a 1,030-character description are fine there; a malformed name is not.
    const ok = await lintWithPreset('supermodo', { ...protocols, 'hunt/SKILL.md': `---\nname: hunter\ndescription: Use when ${'x'.repeat(1020)}\n---\n\n# Hunt\n` });
    expect(ok.findings.map((f) => f.ruleId).filter((r) => r.startsWith('frontmatter/'))).toEqual([]);
    const bad = await lintWithPreset('supermodo', { ...protocols, 'hunt/SKILL.md': `---\nname: Hunt_er\ndescription: Use when hunting.\nuser-invocable: maybe\n---\n\n# Hunt\n` });
    expect(bad.findings.map((f) => f.ruleId).filter((r) => r.startsWith('frontmatter/')).sort()).toEqual(['frontmatter/field-type', 'frontmatter/name-format']);
  });
});

describe.skipIf(!fs.existsSync(corpus))('the supermodo preset on ../shared/corpus/supermodo', () => {
  it('gives exactly the findings explained in docs/examples/supermodo/FINDINGS.md', async () => {
    const { findings, internalErrors } = await lintCorpus('supermodo', 'supermodo', ['skills']);
    expect(internalErrors).toBe(0);
    const mine = presetRules('supermodo');
    expect(findings.filter((f) => mine.has(f.ruleId)).map((f) => `${f.file}:${f.line} ${f.ruleId}`)).toEqual([
      'skills/hunt/SKILL.md:447 supermodo/ask-user-question',
      'skills/refactor/SKILL.md:443 supermodo/ask-user-question',
      'skills/tdd/SKILL.md:320 supermodo/ask-user-question',
      'skills/tests/SKILL.md:30 supermodo/ask-user-question',
      'skills/work/SKILL.md:31 supermodo/ask-user-question',
    ]);
  });
});
