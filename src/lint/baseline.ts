import fs from 'node:fs';
import path from 'node:path';
import type { LintResult } from './result.js';
import { ConfigError } from '../config/config.js';
import { writeFileAtomic } from '../core/atomic-write.js';

/**
 * Bulk suppressions (ESLint's model): a baseline file records, per file and
 * rule, how many problems there were when it was written. Later runs drop a
 * file's problems of a rule while their count stays at or below the recorded
 * one, and report all of them once it grows, so only new problems fail a run.
 */
export const BASELINE_FILE = 'skillc-suppressions.json';

export interface Baseline {
  version: 1;
  /** Path relative to the baseline's folder, with `/` -> rule id -> count. */
  files: Record<string, Record<string, { count: number }>>;
}

export function readBaseline(file: string): Baseline | undefined {
  let text: string;
  try {
    text = fs.readFileSync(file, 'utf8');
  } catch {
    return undefined;
  }
  try {
    const data = JSON.parse(text) as Baseline;
    if (data?.version !== 1 || typeof data.files !== 'object' || data.files === null) throw new Error('expected { "version": 1, "files": { ... } }');
    return data;
  } catch (error) {
    throw new ConfigError(`cannot read the suppressions file: ${error instanceof Error ? error.message : String(error)}`, file);
  }
}

export function writeBaseline(file: string, baseline: Baseline): void {
  const files = Object.fromEntries(
    Object.keys(baseline.files)
      .sort()
      .filter((f) => Object.keys(baseline.files[f]!).length)
      .map((f) => [f, Object.fromEntries(Object.keys(baseline.files[f]!).sort().map((r) => [r, baseline.files[f]![r]!]))]),
  );
  fs.mkdirSync(path.dirname(file), { recursive: true });
  writeFileAtomic(file, `${JSON.stringify({ version: 1, files }, null, 2)}\n`, { durable: true });
}

const key = (file: string, root: string): string => path.relative(root, file).split(path.sep).join('/');

/** Counts of the result's problems by file and rule (every severity). */
export function countProblems(result: LintResult, root: string): Baseline['files'] {
  const out: Baseline['files'] = {};
  for (const f of result.files) {
    for (const d of f.messages) {
      const rules = (out[key(f.path, root)] ??= {});
      rules[d.ruleId] = { count: (rules[d.ruleId]?.count ?? 0) + 1 };
    }
  }
  return out;
}

/** `--suppress-all`: records every current problem, merged over what the file already holds. */
export function suppressAll(result: LintResult, file: string): Baseline {
  const root = path.dirname(file);
  const baseline: Baseline = readBaseline(file) ?? { version: 1, files: {} };
  for (const [f, rules] of Object.entries(countProblems(result, root))) baseline.files[f] = { ...baseline.files[f], ...rules };
  writeBaseline(file, baseline);
  return baseline;
}

/** `--prune-suppressions`: lowers each count to today's, dropping the fixed ones. Files not linted now are kept. */
export function pruneSuppressions(result: LintResult, file: string): { baseline: Baseline; pruned: number } {
  const root = path.dirname(file);
  const baseline = readBaseline(file) ?? { version: 1, files: {} };
  const now = countProblems(result, root);
  const linted = new Set(result.files.map((f) => key(f.path, root)));
  let pruned = 0;
  for (const [f, rules] of Object.entries(baseline.files)) {
    if (!linted.has(f) && fs.existsSync(path.join(root, f))) continue;
    for (const [rule, { count }] of Object.entries(rules)) {
      const current = now[f]?.[rule]?.count ?? 0;
      if (current < count) {
        pruned += count - current;
        if (current === 0) delete rules[rule];
        else rules[rule] = { count: current };
      }
    }
    if (!Object.keys(rules).length) delete baseline.files[f];
  }
  writeBaseline(file, baseline);
  return { baseline, pruned };
}

/**
 * Drops the problems the baseline covers from the result (in place) and
 * recounts it. Returns how many were suppressed and how many recorded
 * problems no longer occur (a hint to prune).
 */
export function applyBaseline(result: LintResult, baseline: Baseline, file: string): { suppressed: number; unused: number } {
  const root = path.dirname(file);
  let suppressed = 0;
  let unused = 0;
  const now = countProblems(result, root);
  for (const f of result.files) {
    const recorded = baseline.files[key(f.path, root)];
    if (!recorded) continue;
    f.messages = f.messages.filter((d) => {
      const allowed = recorded[d.ruleId]?.count ?? 0;
      const count = now[key(f.path, root)]?.[d.ruleId]?.count ?? 0;
      if (count > allowed) return true;
      suppressed++;
      // Kept aside, marked as SARIF's external suppression, so code scanning still sees it.
      (f.suppressed ??= []).push({ ...d, suppressions: [{ kind: 'external', justification: `recorded in ${path.basename(file)}` }] });
      return false;
    });
  }
  const linted = new Set(result.files.map((f) => key(f.path, root)));
  for (const [f, rules] of Object.entries(baseline.files)) {
    if (!linted.has(f)) continue;
    for (const [rule, { count }] of Object.entries(rules)) unused += Math.max(0, count - (now[f]?.[rule]?.count ?? 0));
  }
  const all = result.files.flatMap((f) => f.messages);
  result.errorCount = all.filter((d) => d.severity === 'error').length;
  result.warningCount = all.filter((d) => d.severity === 'warning').length;
  result.infoCount = all.filter((d) => d.severity === 'info').length;
  result.fixableCount = all.filter((d) => d.fix).length;
  return { suppressed, unused };
}
