import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { shellcheckInfo } from '../../src/rules/scripts/shellcheck.js';
import { readProbes, runCli, runProbes } from './cli-probes.js';
import { corpus, lintCorpus, presetConfig, probeTrees, lintWithPreset, type Tree } from './helpers.js';

// skillc:tflow (presets/tflow) reproduces tflow's validate.sh (the parity spec parity/tflow.md).
// Its probes/ hold validate.sh's own fixtures and the spec's probe cases, each with
// validate.sh's verdict; every one goes through the built CLI here.
const { probes } = readProbes('tflow');
const results = runProbes('tflow');
const config = presetConfig('tflow');
// validate.sh runs shellcheck when it is installed and fails on any finding: a probe records that verdict where it differs.
const withShellcheck = shellcheckInfo('shellcheck').ok;
const original = (p: (typeof probes)[number]): 'pass' | 'fail' => (withShellcheck && p.withShellcheck) || p.original;

describe('the tflow preset gives validate.sh verdicts on its probes (through the CLI)', () => {
  it.each(probes.map((p) => [p.id, p] as const))('%s', (_id, p) => {
    const got = results.get(p.id)!;
    expect(got.verdict, `${p.why}: ${got.rules.join(', ')}`).toBe((withShellcheck && p.withShellcheck) || (p.skillc ?? p.original));
    if (p.skillcRule) expect(got.rules.join('\n')).toContain(p.skillcRule);
  });

  it('differs from validate.sh only where probes.json says why', () => {
    const differing = probes.filter((p) => results.get(p.id)!.verdict !== original(p));
    expect(differing.map((p) => p.id)).toEqual(probes.filter((p) => p.skillc && p.skillc !== p.original).map((p) => p.id));
    expect(differing.every((p) => (p.difference ?? '').length > 20)).toBe(true);
  });

  it("quotes validate.sh's frontmatter problem, the first one only", () => {
    expect(results.get('p05-doubled-single')!.messages).toEqual([
      "Unexpected frontmatter (description: unsupported quoted-string escaping), expected tflow's frontmatter subset: `key: value` lines with one-line strings, plain or simply quoted",
    ]);
    expect(results.get('p16-allowed-tools')!.messages[0]).toMatch(/^Unexpected frontmatter \(unknown top-level field: allowed-tools\)/);
    expect(results.get('p15-metadata-number')!.messages[0]).toMatch(/^Unexpected frontmatter \(metadata\.version must be a string\)/);
    expect(results.get('p03-crlf')!.messages).toEqual([expect.stringMatching(/^Unexpected frontmatter \(frontmatter must start with --- on line 1\)/)]);
  });
});

describe('tflow probes that need a symlink (made here: git checkouts on Windows turn them into files)', () => {
  function withTree(fn: (root: string) => void): void {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), 'skillc-tflow-'));
    try {
      fs.cpSync(path.join(probeTrees, 'tflow', 'pass-minimal'), path.join(root, 'pass-minimal'), { recursive: true });
      fn(root);
    } finally {
      fs.rmSync(root, { recursive: true, force: true });
    }
  }

  it('a symlink anywhere in the skill fails (symlink-free)', () => {
    withTree((root) => {
      fs.mkdirSync(path.join(root, 'pass-minimal', 'references'));
      fs.symlinkSync('../SKILL.md', path.join(root, 'pass-minimal', 'references', 'alias.md'));
      const r = runCli(['lint', 'pass-minimal', '--config', config], root);
      expect(r.status).toBe(1);
      expect(r.stdout).toContain('links/no-symlinks');
    });
  });

  it('probe 18: the skill named through a symlink to it fails (name-dir-match)', () => {
    withTree((root) => {
      fs.symlinkSync('pass-minimal', path.join(root, 'linked'));
      const r = runCli(['lint', 'linked', '--config', config], root);
      expect(r.status).toBe(1);
      expect(r.stdout).toContain('frontmatter/name-directory');
    });
  });
});

describe('shellcheck as validate.sh runs it', () => {
  const script = (text: string): Tree => ({
    'good-skill/SKILL.md': '---\nname: good-skill\ndescription: Use when a vague request needs a sharper prompt\n---\n\nRun `scripts/x.sh`.\n',
    'good-skill/scripts/x.sh': text,
  });

  it.skipIf(shellcheckInfo('shellcheck').ok)('without shellcheck: one visible warning, the verdict unaffected', async () => {
    const { findings, internalErrors } = await lintWithPreset('tflow', script('#!/bin/sh\necho "$1"\n'));
    expect(internalErrors).toBe(0);
    expect(findings.map((f) => `${f.ruleId} ${f.file} ${f.message}`)).toEqual([
      'scripts/shellcheck good-skill/scripts/x.sh Unexpected unchecked scripts (scripts/x.sh): `shellcheck` is not installed, expected shellcheck on the PATH to check them',
    ]);
  });

  it.skipIf(!shellcheckInfo('shellcheck').ok)('with shellcheck: --shell=sh, leaving out the codes tflow excludes', async () => {
    const { findings } = await lintWithPreset('tflow', script('#!/bin/bash\necho $1\nfoo && bar || baz\necho \'$HOME\'\n'));
    // SC2086 stays; SC2015 (A && B || C) and SC2016 (single-quoted $) are excluded as in validate.sh.
    expect(findings.filter((f) => f.ruleId === 'scripts/shellcheck').map((f) => f.message)).toEqual([
      'Unexpected shellcheck SC2086 (info): Double quote to prevent globbing and word splitting.',
    ]);
  });

  it.skipIf(!shellcheckInfo('shellcheck').ok)('with shellcheck: an info-level finding fails the skill, as validate.sh fails on shellcheck\'s exit status', () => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), 'skillc-tflow-sc-'));
    try {
      const dir = path.join(root, 'skills', 'good-skill');
      fs.mkdirSync(path.join(dir, 'scripts'), { recursive: true });
      fs.writeFileSync(path.join(dir, 'SKILL.md'), '---\nname: good-skill\ndescription: Use when a vague request needs a sharper prompt\n---\n\nRun `scripts/clean.sh`.\n');
      fs.writeFileSync(path.join(dir, 'scripts', 'clean.sh'), '#!/bin/sh\nset -eu\nrm -rf $TMPDIR/x-*\n');
      fs.writeFileSync(path.join(root, 'skillc.config.json'), JSON.stringify({ sources: 'skills', extends: ['skillc:tflow'] }));
      const r = runCli(['lint', '--format', 'json'], root);
      expect(r.status).toBe(1);
      const messages = (JSON.parse(r.stdout) as { files: { messages: { ruleId: string; severity: string; message: string }[] }[] }).files.flatMap((f) => f.messages);
      expect(messages.filter((m) => m.ruleId === 'scripts/shellcheck').map((m) => [m.severity, m.message])).toEqual([['error', 'Unexpected shellcheck SC2086 (info): Double quote to prevent globbing and word splitting.']]);
    } finally {
      fs.rmSync(root, { recursive: true, force: true });
    }
  });
});

describe('the syntax scope: top-level scripts/*.sh only, as validate.sh', () => {
  const tree: Tree = {
    'good-skill/SKILL.md': '---\nname: good-skill\ndescription: Use when a vague request needs a sharper prompt\n---\n\nSource [the helpers](scripts/lib/common.sh).\n',
    'good-skill/scripts/lib/common.sh': '#!/bin/sh\nif then\n',
  };

  it('passes a broken scripts/lib/common.sh (validate.sh parses only scripts/*.sh); skillc:recommended catches it', async () => {
    const preset = await lintWithPreset('tflow', tree);
    expect(preset.findings.filter((f) => f.ruleId === 'scripts/syntax')).toEqual([]);
    const recommended = await lintWithPreset('tflow', tree, { extends: ['skillc:recommended'] });
    expect(recommended.findings.filter((f) => f.ruleId === 'scripts/syntax').map((f) => f.file)).toEqual(['good-skill/scripts/lib/common.sh']);
  });
});

describe('the gateway: artifact schemas from the preset, the SKILL.md left as validate.sh reads it', () => {
  const gateway = path.join(corpus, 'tflow/skills/tflow-gateway');
  const fixtures = path.join(gateway, 'scripts/fixtures');

  it("gate gives validate-artifacts.sh's verdict on every artifact fixture, with no skillc block in the gateway's SKILL.md", () => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), 'skillc-tflow-gate-'));
    try {
      fs.cpSync(gateway, path.join(root, 'skills', 'tflow-gateway'), { recursive: true });
      fs.writeFileSync(path.join(root, 'skillc.config.json'), JSON.stringify({ sources: 'skills', extends: ['skillc:tflow'] }));
      expect(fs.readFileSync(path.join(root, 'skills/tflow-gateway/SKILL.md'), 'utf8')).not.toMatch(/^skillc:/m);
      const cases = fs.readdirSync(fixtures).filter((c) => c.includes('-artifacts-')).sort();
      expect(cases).toHaveLength(7);
      for (const c of cases) {
        const args = fs.readFileSync(path.join(fixtures, c, '.args'), 'utf8').trim().split(/\s+/);
        const r = runCli(['gate', path.join(fixtures, c), ...args, '--skill', 'skills/tflow-gateway'], root);
        expect(r.status, `${c}: ${r.stdout}${r.stderr}`).toBe(c.startsWith('pass-') ? 0 : 1);
      }
      // And the gateway lints clean under the preset (the subset rule sees no skillc block to allow).
      const lint = runCli(['lint', 'skills/tflow-gateway', '--format', 'json'], root);
      const errors = (JSON.parse(lint.stdout) as { files: { messages: { severity: string }[] }[] }).files.flatMap((f) => f.messages).filter((m) => m.severity === 'error');
      expect(errors).toEqual([]);
    } finally {
      fs.rmSync(root, { recursive: true, force: true });
    }
  });
});

describe('the tflow preset on the tflow corpus', () => {
  it('passes the seven shipped skills, as validate.sh does', async () => {
    const { findings, internalErrors } = await lintCorpus('tflow', 'tflow', ['skills']);
    expect(internalErrors).toBe(0);
    // Only the two scripts the corpus copy leaves out (see its SOURCE), which the gateway names.
    expect(findings.map((f) => `${f.file}:${f.line} ${f.ruleId}`)).toEqual([
      'skills/tflow-gateway/SKILL.md:22 links/missing-file',
      'skills/tflow-gateway/SKILL.md:58 links/missing-file',
    ]);
  });
});
