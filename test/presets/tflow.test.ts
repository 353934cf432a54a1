import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { shellcheckInfo } from '../../src/rules/scripts/shellcheck.js';
import { readProbes, runCli, runProbes } from './cli-probes.js';
import { lintCorpus, presetConfig, probeTrees, lintWithPreset, type Tree } from './helpers.js';

// skillc:tflow (presets/tflow) reproduces tflow's validate.sh (the parity spec parity/tflow.md).
// Its probes/ hold validate.sh's own fixtures and the spec's probe cases, each with
// validate.sh's verdict; every one goes through the built CLI here.
const { probes } = readProbes('tflow');
const results = runProbes('tflow');
const config = presetConfig('tflow');

describe('the tflow preset gives validate.sh verdicts on its probes (through the CLI)', () => {
  it.each(probes.map((p) => [p.id, p] as const))('%s', (_id, p) => {
    const got = results.get(p.id)!;
    expect(got.verdict, `${p.why}: ${got.rules.join(', ')}`).toBe(p.skillc ?? p.original);
    if (p.skillcRule) expect(got.rules.join('\n')).toContain(p.skillcRule);
  });

  it('differs from validate.sh only where probes.json says why', () => {
    const differing = probes.filter((p) => results.get(p.id)!.verdict !== p.original);
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
