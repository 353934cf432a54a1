import type { HostProfile } from '../hosts/profile.js';
import type { ResolvedConfig } from '../config/config.js';
import { lintSkill, resolveRules } from '../lint/engine.js';
import { BUILTIN_RULES } from '../rules/index.js';
import type { BuildProblem, PreparedSkill } from './emit-skill.js';

/**
 * The rules that also apply to what a skill becomes once its includes are in: the body budgets,
 * and the host blocks, whose markers an included fragment may hold (hermes-taskflow's core keeps
 * 36): a block nested, unclosed or naming an unknown host there would otherwise ship.
 */
const BUDGET_RULES = new Set(['body/max-lines', 'body/max-tokens', 'body/max-words', 'source/host-block']);

/**
 * Lint sees the source, where an include is one line; the host sees the
 * expanded text. Re-runs the body budgets and the host-block check on the expanded
 * skill and reports their findings at the first include, so a large fragment, or one
 * with broken host markers, cannot slip past them.
 */
export function expandedBudgetProblems(prepared: PreparedSkill, config: ResolvedConfig, hosts: readonly HostProfile[]): BuildProblem[] {
  if (!prepared.included.length || prepared.expanded === prepared.skill) return [];
  const active = resolveRules(config, BUILTIN_RULES).filter((a) => BUDGET_RULES.has(a.rule.meta.id));
  const { diagnostics } = lintSkill(prepared.expanded, { config, hosts, active });
  const include = prepared.skill.directives.find((d) => d.kind === 'include');
  return diagnostics.map((d) => {
    const problem: BuildProblem = { severity: d.severity, ruleId: d.ruleId, file: prepared.skill.file.path, message: `${d.message} (once includes are expanded)` };
    if (include) problem.range = include.range;
    return problem;
  });
}
