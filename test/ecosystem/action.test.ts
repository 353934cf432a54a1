import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { parse as parseYaml } from 'yaml';
import { describe, expect, it } from 'vitest';
import { CONFIG, SKILL, project, repo } from './helpers.js';

interface Step {
  id?: string;
  if?: string;
  shell: string;
  env?: Record<string, string>;
  run: string;
  'working-directory'?: string;
}
const action = parseYaml(fs.readFileSync(path.join(repo, 'action.yml'), 'utf8')) as {
  inputs: Record<string, { default?: string }>;
  runs: { using: string; steps: Step[] };
};

/**
 * Runs the composite action's steps with bash as the runner would: `${{ }}`
 * expressions resolved from the inputs, GITHUB_OUTPUT a file, outputs passed on.
 */
function runAction(cwd: string, inputs: Record<string, string>) {
  const values: Record<string, string> = Object.fromEntries(Object.entries(action.inputs).map(([k, v]) => [k, v.default ?? '']));
  Object.assign(values, inputs);
  const outputs: Record<string, Record<string, string>> = {};
  const expr = (s: string): string =>
    s.replace(/\$\{\{\s*([^}]+?)\s*\}\}/g, (_, e: string) => {
      if (e === 'github.action_path') return repo;
      let m = /^inputs\.([\w-]+)$/.exec(e);
      if (m) return values[m[1]!] ?? '';
      m = /^steps\.([\w-]+)\.outputs\.([\w-]+)$/.exec(e);
      if (m) return outputs[m[1]!]?.[m[2]!] ?? '';
      throw new Error(`unknown expression ${e}`);
    });
  let stdout = '';
  let code = 0;
  for (const step of action.runs.steps) {
    if (step.if) {
      const m = /^inputs\.([\w-]+) == '(.*)'$/.exec(step.if)!;
      if (values[m[1]!] !== m[2]) continue;
    }
    const out = path.join(cwd, `.github-output-${step.id ?? 'x'}`);
    fs.writeFileSync(out, '');
    const env = Object.fromEntries(Object.entries(step.env ?? {}).map(([k, v]) => [k, expr(v)]));
    const r = spawnSync('bash', ['-e', '-c', step.run], { cwd: path.resolve(cwd, expr(step['working-directory'] ?? '.')), encoding: 'utf8', env: { PATH: process.env.PATH ?? '', NO_COLOR: '1', GITHUB_OUTPUT: out, ...env } });
    stdout += r.stdout + r.stderr;
    if (step.id) outputs[step.id] = Object.fromEntries(fs.readFileSync(out, 'utf8').split('\n').filter(Boolean).map((l) => [l.slice(0, l.indexOf('=')), l.slice(l.indexOf('=') + 1)]));
    if (r.status !== 0) {
      code = r.status ?? 1;
      break;
    }
  }
  return { code, stdout, outputs };
}

describe('GitHub Action (action.yml)', () => {
  it('is a composite action over the CLI', () => {
    expect(action.runs.using).toBe('composite');
    expect(Object.keys(action.inputs)).toEqual(expect.arrayContaining(['sarif-file', 'build-check', 'paths', 'host']));
  });

  it('annotates problems, writes SARIF, and fails on errors', () => {
    const root = project({ 'skillc.config.json': CONFIG(['agentskills']), 'skills-src/a/SKILL.md': SKILL('a', '# A\n\n[x](nope.md)\n') });
    const r = runAction(root, { 'sarif-file': 'skillc.sarif' });
    expect(r.code).toBe(1);
    expect(r.stdout).toMatch(/^::error file=skills-src\/a\/SKILL\.md,line=\d+/m);
    const sarif = JSON.parse(fs.readFileSync(path.join(root, 'skillc.sarif'), 'utf8'));
    expect(sarif.version).toBe('2.1.0');
    expect(r.outputs.lint!['sarif-file']).toBe('skillc.sarif');
  });

  it('passes a clean project and runs the build check when asked', () => {
    const root = project({ 'skillc.config.json': CONFIG(['agentskills']), 'skills-src/a/SKILL.md': SKILL('a') });
    expect(runAction(root, {}).code).toBe(0);
    const drift = runAction(root, { 'build-check': 'true' });
    expect(drift.code).toBe(1);
    expect(drift.stdout).toContain('is out of date');
  });
});
