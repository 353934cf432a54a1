// Build stage, report: build problems as diagnostics beside lint's, each once, counted into the result.
import type { Diagnostic } from '../../model/diagnostic.js';
import { countDiagnostics } from '../../lint/engine.js';
import { docsUrl } from '../../rules/rule.js';
import type { BuildProblem } from '../emit-skill.js';
import type { BuildResult } from './types.js';

/** A build problem as a diagnostic, linking its page as every diagnostic does (docs/problems/build/*.md, or the rule's page for a budget rule run on the expanded skill). */
function toDiagnostic(p: BuildProblem): Diagnostic {
  const r = p.range ?? { start: { line: 1, column: 1 }, end: { line: 1, column: 1 } };
  return { ruleId: p.ruleId, severity: p.severity, message: p.message, file: p.file, line: r.start.line, column: r.start.column, endLine: r.end.line, endColumn: r.end.column, url: docsUrl(p.ruleId) };
}

/** Adds the build's problems to the result. A problem of the source (a bad include, an unreadable file) is met once per host: it is reported once. */
export function reportProblems(result: BuildResult, problems: readonly BuildProblem[]): void {
  const reported = new Set<string>();
  const unique = problems.filter((p) => {
    const key = JSON.stringify([p.file, p.ruleId, p.message, p.range?.start.line, p.range?.start.column]);
    if (reported.has(key)) return false;
    reported.add(key);
    return true;
  });
  const diagnostics = unique.map(toDiagnostic);
  result.diagnostics.push(...diagnostics);
  const counts = countDiagnostics(diagnostics);
  result.errorCount += counts.errorCount;
  result.warningCount += counts.warningCount;
}
