import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { examples } from './helpers.js';

/** One probe case of docs/examples/<preset>/probes/probes.json: a skill folder and the original checker's verdict. */
export interface Probe {
  id: string;
  original: 'pass' | 'fail';
  why: string;
  source: string;
  /** The skill rule (or exit status) that gives skillc's verdict on a failing probe. */
  skillcRule?: string;
  /** skillc's verdict where it deliberately differs from the original's. */
  skillc?: 'pass' | 'fail';
  difference?: string;
}

export interface ProbeResult {
  verdict: 'pass' | 'fail';
  /** Rules with an error on the probe, or `exit N: message` when the CLI stopped. */
  rules: string[];
  messages: string[];
}

export const cli = path.resolve(import.meta.dirname, '../../bin/skillc.js');

export function readProbes(preset: string): { dir: string; probes: Probe[] } {
  const dir = path.join(examples, preset, 'probes');
  return { dir, probes: JSON.parse(fs.readFileSync(path.join(dir, 'probes.json'), 'utf8')) as Probe[] };
}

export function runCli(args: string[], cwd: string): { status: number | null; stdout: string; stderr: string } {
  const r = spawnSync(process.execPath, [cli, ...args], { cwd, encoding: 'utf8', env: { ...process.env, NO_COLOR: '1' } });
  return { status: r.status, stdout: r.stdout, stderr: r.stderr };
}

interface JsonReport {
  files: { path: string; messages: { ruleId: string; severity: string; message: string }[] }[];
}

/**
 * Lints every probe of a preset with the built CLI, as a user of the preset
 * would: one run over the folder of probes, and one run per probe folder that
 * holds no SKILL.md (those are about what the CLI does with such a folder).
 */
export function runProbes(preset: string): Map<string, ProbeResult> {
  const { dir, probes } = readProbes(preset);
  const config = path.join(examples, preset, 'skillc.config.json');
  const results = new Map<string, ProbeResult>();
  for (const p of probes) results.set(p.id, { verdict: 'pass', rules: [], messages: [] });
  const run = runCli(['lint', '.', '--config', config, '--format', 'json'], dir);
  if (run.status !== 0 && run.status !== 1) throw new Error(`skillc lint exited ${run.status}: ${run.stderr}`);
  const report = JSON.parse(run.stdout) as JsonReport;
  for (const f of report.files) {
    const id = path.relative(dir, path.resolve(dir, f.path)).split(path.sep)[0]!;
    const result = results.get(id);
    if (!result) throw new Error(`a finding outside the probes: ${f.path}`);
    for (const m of f.messages) {
      if (m.severity !== 'error') continue;
      result.verdict = 'fail';
      if (!result.rules.includes(m.ruleId)) result.rules.push(m.ruleId);
      result.messages.push(m.message);
    }
  }
  for (const p of probes) {
    if (fs.existsSync(path.join(dir, p.id, 'SKILL.md'))) continue;
    const one = runCli(['lint', p.id, '--config', config], dir);
    results.set(p.id, { verdict: one.status === 0 ? 'pass' : 'fail', rules: [`exit ${one.status}: ${one.stderr.split('\n')[0]!.replace(/^skillc lint: /, '')}`], messages: [] });
  }
  return results;
}
