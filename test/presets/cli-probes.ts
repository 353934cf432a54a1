import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { presetConfig, probeTrees } from './helpers.js';

/** One probe case of test/fixtures/presets/<preset>/probes.json: a skill folder and the original checker's verdict. */
export interface Probe {
  id: string;
  original: 'pass' | 'fail';
  why: string;
  source: string;
  /** The skill rule (or exit status) that gives skillc's verdict on a failing probe. */
  skillcRule?: string;
  /** skillc's verdict where it deliberately differs from the original's. */
  skillc?: 'pass' | 'fail';
  /** The original's verdict (and skillc's) where shellcheck is installed, when it differs (tflow's validate.sh runs it when present). */
  withShellcheck?: 'pass' | 'fail';
  difference?: string;
}

export interface ProbeResult {
  verdict: 'pass' | 'fail';
  /** Rules with an error on the probe, or `exit N: message` when the CLI stopped. */
  rules: string[];
  messages: string[];
  /** Rules with a warning (tree probes), and their messages. */
  warnRules?: string[];
  warnings?: string[];
}

export const cli = path.resolve(import.meta.dirname, '../../bin/skillc.js');

export function readProbes(preset: string): { dir: string; probes: Probe[] } {
  const dir = path.join(probeTrees, preset);
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
  const config = presetConfig(preset);
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

/** A probe given as changes to the probe tree's `base/` (for checks of a whole tree, such as a roster). */
export interface TreeProbe extends Probe {
  write?: Record<string, string>;
  remove?: string[];
}

/** Runs the CLI without blocking, so several probes lint at once. */
function runCliAsync(args: string[], cwd: string): Promise<{ status: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [cli, ...args], { cwd, env: { ...process.env, NO_COLOR: '1' } });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (d: string) => (stdout += d));
    child.stderr.setEncoding('utf8').on('data', (d: string) => (stderr += d));
    child.on('close', (status) => resolve({ status, stdout, stderr }));
  });
}

/**
 * Lints each tree probe with the built CLI: the probe tree's `base/` copied to a temporary
 * folder, the probe's files written and removed, then `skillc lint skills`
 * (two probes at a time). With `extend`, the tree gets its own skillc.config.json
 * extending the shipped preset by name (`skillc:<preset>`, `sources: "."`), as a team that adopts it would write, and
 * is linted whole: for presets whose config names folders relative to the tree.
 */
export async function runTreeProbes(preset: string, { extend = false } = {}): Promise<Map<string, ProbeResult>> {
  const { dir, probes } = readProbes(preset);
  const config = presetConfig(preset);
  const results = new Map<string, ProbeResult>();
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), `skillc-probes-${preset}-`));
  const one = async (p: TreeProbe): Promise<void> => {
    const root = path.join(tmp, p.id);
    fs.cpSync(path.join(dir, 'base'), root, { recursive: true });
    for (const r of p.remove ?? []) fs.rmSync(path.join(root, r), { recursive: true, force: true });
    for (const [rel, text] of Object.entries(p.write ?? {})) {
      fs.mkdirSync(path.dirname(path.join(root, rel)), { recursive: true });
      fs.writeFileSync(path.join(root, rel), text);
    }
    if (extend) fs.writeFileSync(path.join(root, 'skillc.config.json'), JSON.stringify({ sources: '.', extends: [`skillc:${preset}`] }));
    const run = await runCliAsync(extend ? ['lint', '--format', 'json'] : ['lint', 'skills', '--config', config, '--format', 'json'], root);
    if (run.status !== 0 && run.status !== 1) throw new Error(`${p.id}: skillc lint exited ${run.status}: ${run.stderr}`);
    const result: ProbeResult = { verdict: run.status === 0 ? 'pass' : 'fail', rules: [], messages: [], warnRules: [], warnings: [] };
    for (const f of (JSON.parse(run.stdout) as JsonReport).files) {
      for (const m of f.messages) {
        if (m.severity === 'warning') {
          if (!result.warnRules!.includes(m.ruleId)) result.warnRules!.push(m.ruleId);
          result.warnings!.push(`${f.path}: ${m.message}`);
        }
        if (m.severity !== 'error') continue;
        if (!result.rules.includes(m.ruleId)) result.rules.push(m.ruleId);
        result.messages.push(`${f.path}: ${m.message}`);
      }
    }
    results.set(p.id, result);
  };
  try {
    const queue = [...(probes as TreeProbe[])];
    const worker = async (): Promise<void> => {
      for (let p = queue.shift(); p; p = queue.shift()) await one(p);
    };
    await Promise.all([worker(), worker()]);
  } finally {
    fs.rmSync(tmp, { recursive: true, force: true });
  }
  return results;
}
