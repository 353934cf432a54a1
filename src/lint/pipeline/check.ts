// Lint stage, check: runs the rules on a parsed skill (skill rules) or on every skill's summary (catalog rules).
import path from 'node:path';
import { SEVERITY_RANK, type Diagnostic } from '../../model/diagnostic.js';
import type { Skill } from '../../model/skill.js';
import type { Catalog } from '../../model/summary.js';
import type { HostProfile } from '../../hosts/index.js';
import type { ResolvedConfig } from '../../config/config.js';
import { docsUrl, reportMessage, type ReportInput } from '../../rules/rule.js';
import { withPathKind } from '../path-kinds.js';
import { scopedSeverity } from '../overrides.js';
import { addTime, nestedTime, timings } from '../timing.js';
import type { ActiveRule, Linter } from './linter.js';
import { WorkBudgetError } from '../../model/work.js';

export type { Linter };


/** Where the check stage collects: the diagnostics, and how many rules threw. */
export interface Collector {
  diagnostics: Diagnostic[];
  internalErrors: number;
}

type Reported = { file: { path: string } };

function toDiagnostic(active: ActiveRule, skill: Reported, input: ReportInput): Diagnostic {
  const range = input.range ?? { start: { line: 1, column: 1 }, end: { line: 1, column: 1 } };
  const file = input.file ?? skill.file.path;
  const d: Diagnostic = {
    ruleId: active.rule.meta.id,
    severity: input.severity && SEVERITY_RANK[input.severity] < SEVERITY_RANK[active.severity] ? input.severity : active.severity,
    message: reportMessage(active.rule.meta, input),
    file,
    line: range.start.line,
    column: range.start.column,
    endLine: range.end.line,
    endColumn: range.end.column,
    url: active.rule.meta.url ?? docsUrl(active.rule.meta.id),
  };
  if (input.fix && input.fix.length && active.rule.meta.fixable) d.fix = { file, edits: input.fix };
  const suggestions = input.suggest?.filter((s) => s.fix.length);
  if (suggestions?.length) d.suggestions = suggestions.map((s) => ({ desc: s.desc, fix: { file, edits: s.fix } }));
  if (input.messageId !== undefined) d.messageId = input.messageId;
  return d;
}

function crashed(active: ActiveRule, skill: Reported, error: unknown): Diagnostic {
  const message = error instanceof Error ? error.message : String(error);
  return {
    ruleId: active.rule.meta.id,
    severity: 'error',
    message: `Rule ${active.rule.meta.id} crashed: ${message}`,
    file: skill.file.path,
    line: 1,
    column: 1,
    endLine: 1,
    endColumn: 1,
    url: active.rule.meta.url ?? docsUrl(active.rule.meta.id),
  };
}

/** Records one report, at the severity the rule has in the reported file (`overrides`), or not at all where it is off. */
function emit(a: ActiveRule, skill: Reported, input: ReportInput, config: ResolvedConfig, out: Collector): void {
  let rule = a;
  if (a.base !== undefined) {
    const severity = scopedSeverity(config, a.rule.meta.id, a.base, input.file ?? skill.file.path, path.dirname(skill.file.path));
    if (severity === 'off') return;
    if (severity !== a.severity) rule = { ...a, severity };
  }
  out.diagnostics.push(toDiagnostic(rule, skill, input));
}

/** Runs every active skill rule on one skill. A rule that throws becomes a diagnostic; the rest still run. */
export function checkSkill(given: Skill, active: readonly ActiveRule[], hosts: readonly HostProfile[], config: ResolvedConfig, out: Collector): void {
  const skill = withPathKind(given, config);
  for (const a of active) {
    if (a.rule.scope !== 'skill') continue;
    const t0 = timings ? performance.now() : 0;
    const n0 = timings ? nestedTime() : 0;
    try {
      a.rule.check({ skill, options: a.options, hosts, config, report: (input) => emit(a, skill, input, config, out) });
      if (timings) addTime(a.rule.meta.id, performance.now() - t0 - (nestedTime() - n0));
    } catch (error) {
      if (error instanceof WorkBudgetError) {
        // The skill's work budget is spent (model/work.ts): its other rules do not run, and file/budget says so.
        const budget = active.find((b) => b.rule.meta.id === 'file/budget');
        if (budget) emit(budget, skill, { message: `${error.message} (stopped in ${a.rule.meta.id})` }, config, out);
        return;
      }
      out.diagnostics.push(crashed(a, skill, error));
      out.internalErrors++;
    }
  }
}

export function checkCatalog(catalog: Catalog, active: readonly ActiveRule[], hosts: readonly HostProfile[], config: ResolvedConfig, out: Collector): void {
  for (const a of active) {
    if (a.rule.scope !== 'catalog') continue;
    const t0 = timings ? performance.now() : 0;
    try {
      a.rule.check({ catalog, options: a.options, hosts, config, report: (skill, input) => emit(a, skill, input, config, out) });
      if (timings) addTime(a.rule.meta.id, performance.now() - t0);
    } catch (error) {
      const first = catalog.skills[0];
      if (first) out.diagnostics.push(crashed(a, first, error));
      out.internalErrors++;
    }
  }
}
