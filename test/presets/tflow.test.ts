import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { shellcheckInfo } from '../../src/rules/scripts/shellcheck.js';
import { corpus, lintCorpus, lintWithPreset, presetRules, type Tree } from './helpers.js';

// docs/examples/tflow: one not-ok fixture per check of tflow's validate.sh (see its README).
const skill = (name: string, description: string, body = '# Title\n\nSee [notes](references/notes.md).\n', extra = ''): string =>
  `---\nname: ${name}\ndescription: ${description}\nlicense: MIT\n${extra}---\n\n${body}`;
const ok = (name = 'good-skill'): Tree => ({
  [`${name}/SKILL.md`]: skill(name, 'Use when a vague request needs a sharper prompt before any work starts'),
  [`${name}/references/notes.md`]: '# Notes\n\nFinished.\n',
});

async function only(files: Tree, ruleId: string) {
  const { findings, internalErrors } = await lintWithPreset('tflow', files);
  expect(internalErrors).toBe(0);
  return findings.filter((f) => f.ruleId === ruleId);
}

describe('docs/examples/tflow preset', () => {
  it('passes a well-formed tflow skill', async () => {
    const { findings, internalErrors } = await lintWithPreset('tflow', ok());
    expect(internalErrors).toBe(0);
    expect(findings).toEqual([]);
  });

  it('description must start with "Use when"', async () => {
    const found = await only({ ...ok(), 'good-skill/SKILL.md': skill('good-skill', 'Sharpens prompts. Use when asked') }, 'frontmatter/description-prefix');
    expect(found.map((f) => f.message)).toEqual(['Unexpected description starting "Sharpens prompts. Use w…", expected it to start with "Use when"']);
  });

  it('description bans process verbs in any inflection, and allows trigger', async () => {
    const found = await only(
      { ...ok(), 'good-skill/SKILL.md': skill('good-skill', 'Use when a hook triggers and someone runs, built or is deploying a packaged release') },
      'frontmatter/description-words',
    );
    expect(found.map((f) => f.message.replace(/ in the description.*/, ''))).toEqual([
      'Unexpected "runs" (a form of "run")',
      'Unexpected "built" (a form of "build")',
      'Unexpected "deploying" (a form of "deploy")',
      'Unexpected "packaged" (a form of "package")',
    ]);
  });

  it('no @path force-loads', async () => {
    const found = await only({ ...ok(), 'good-skill/SKILL.md': skill('good-skill', 'Use when testing', 'Load @references/notes.md now.\n') }, 'body/banned-syntax');
    expect(found.map((f) => f.message)).toEqual([expect.stringMatching(/^Unexpected force-load `@references\/notes\.md` for agentskills/)]);
  });

  it('no hard-coded install paths in scripts', async () => {
    const found = await only({ ...ok(), 'good-skill/scripts/x.sh': 'set -eu\ncp -R . "$HOME/.claude/skills/x"\n' }, 'body/banned-syntax');
    expect(found).toEqual([expect.objectContaining({ file: 'good-skill/scripts/x.sh', line: 2, message: expect.stringMatching(/^Unexpected install path `\$HOME\/\.claude\/`/) })]);
  });

  it('no symlinks in a skill', async () => {
    const found = await only({ ...ok(), 'good-skill/references/link.md': { symlink: 'notes.md' } }, 'links/no-symlinks');
    expect(found.map((f) => f.file)).toEqual(['good-skill/references/link.md']);
  });

  it('no leftover placeholders in SKILL.md or references', async () => {
    const found = await only(
      {
        'good-skill/SKILL.md': skill('good-skill', 'Use when testing', '# Title\n\nTODO: finish. See [notes](references/notes.md).\n'),
        'good-skill/references/notes.md': '# __SKILL_NAME__\n\nExamples coming soon. FIXME\n\nA placeholder.\n',
      },
      'body/placeholder',
    );
    expect(found.map((f) => `${f.file}:${f.line} ${f.message}`)).toEqual([
      'good-skill/SKILL.md:9 Unexpected placeholder `TODO`, expected finished text',
      'good-skill/references/notes.md:1 Unexpected placeholder `__SKILL_NAME__`, expected finished text',
      'good-skill/references/notes.md:3 Unexpected placeholder `coming soon`, expected finished text',
      'good-skill/references/notes.md:3 Unexpected placeholder `FIXME`, expected finished text',
      'good-skill/references/notes.md:5 Unexpected placeholder `placeholder`, expected finished text',
    ]);
  });

  it('scripts must pass sh -n', async () => {
    const found = await only({ ...ok(), 'good-skill/scripts/x.sh': '#!/bin/sh\nif then\n' }, 'scripts/syntax');
    expect(found).toEqual([expect.objectContaining({ file: 'good-skill/scripts/x.sh', line: 2 })]);
  });

  it.skipIf(!shellcheckInfo('shellcheck').ok)('shellcheck, leaving out the codes tflow excludes', async () => {
    const script = '#!/bin/sh\necho $1\nfoo && bar || baz\necho \'$HOME\'\n';
    const found = await only({ ...ok(), 'good-skill/scripts/x.sh': script }, 'scripts/shellcheck');
    // SC2086 stays; SC2015 (A && B || C) and SC2016 (single-quoted $) are excluded as in validate.sh.
    expect(found.map((f) => f.message)).toEqual(['Unexpected shellcheck SC2086 (info): Double quote to prevent globbing and word splitting.']);
  });

  it('frontmatter stays in the single-line YAML subset', async () => {
    const fm = '---\nname: good-skill\ndescription: >\n  Use when testing\nlicense: MIT # licence\ncompatibility:\n  hosts: all\nmetadata:\n  version: 1\n  tags: [a, b]\n---\n\nSee [notes](references/notes.md).\n';
    const found = await only({ ...ok(), 'good-skill/SKILL.md': fm }, 'tflow/frontmatter-subset');
    expect(found.map((f) => `${f.line} ${f.message.replace(/, expected.*/, '')}`)).toEqual([
      '3 Unexpected a block scalar in the frontmatter',
      '4 Unexpected a multiline value in the frontmatter',
      '5 Unexpected a comment in the frontmatter',
      '6 Unexpected a mapping-valued `compatibility` in the frontmatter',
      '7 Unexpected a multiline value in the frontmatter',
      '9 Unexpected a non-string `metadata.version` in the frontmatter',
      '10 Unexpected an inline collection in `metadata.tags` in the frontmatter',
    ]);
  });

  it('no runtime-only frontmatter (when_to_use, model) in portable source', async () => {
    const found = await only({ ...ok(), 'good-skill/SKILL.md': skill('good-skill', 'Use when testing', 'See [notes](references/notes.md).\n', 'model: opus\n') }, 'frontmatter/unknown-key');
    expect(found.map((f) => f.line)).toEqual([5]);
  });

  it('name matches its folder', async () => {
    const found = await only({ ...ok(), 'good-skill/SKILL.md': skill('other-name', 'Use when testing') }, 'frontmatter/name-directory');
    expect(found).toHaveLength(1);
  });
});

describe('the tflow preset on the tflow corpus', () => {
  it('finds nothing in the seven tflow skills (they pass validate.sh)', async () => {
    const { findings, internalErrors } = await lintCorpus('tflow', 'tflow', ['skills']);
    expect(internalErrors).toBe(0);
    expect(findings).toEqual([]);
  });

  it("flags the skill creator's scaffold template, which is placeholders by design (docs/examples/tflow/FINDINGS.md)", async () => {
    const { findings } = await lintCorpus('tflow', 'tflow', ['skills/tflow-skill-creator/assets/scaffold']);
    const mine = presetRules('tflow');
    expect(findings.filter((f) => mine.has(f.ruleId)).map((f) => `${f.file}:${f.line} ${f.ruleId}`)).toEqual([
      'skills/tflow-skill-creator/assets/scaffold/SKILL.md:2 body/placeholder',
      'skills/tflow-skill-creator/assets/scaffold/SKILL.md:10 body/placeholder',
    ]);
  });
});
