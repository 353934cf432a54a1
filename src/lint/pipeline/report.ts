// Lint stage, report: diagnostics grouped by file, suppressions applied, sorted and counted.
import { compareDiagnostics, type Diagnostic, type Severity } from '../../model/diagnostic.js';
import type { Skill } from '../../model/skill.js';
import { applySuppressions } from '../suppressions.js';

export interface FileResult {
  /** Absolute path. */
  path: string;
  messages: Diagnostic[];
  /** The fixed text, when fixes were applied or computed. */
  output?: string;
  /** Findings a suppression removed from `messages`, each with its `suppressions` (SARIF keeps them: code scanning sees them). */
  suppressed?: Diagnostic[];
  /** `build --check`: a short unified diff of the built file against the file on disk. */
  diff?: string;
}

export interface Counts {
  errorCount: number;
  warningCount: number;
  infoCount: number;
  fixableCount: number;
}

export interface GroupOptions {
  /** Every reported SKILL.md, listed even when clean. */
  listed: readonly string[];
  diagnostics: readonly Diagnostic[];
  /** The skills whose suppression directives apply (each a listed file), with the rules they may name. */
  suppress?: { skills: readonly Skill[]; knownRules: ReadonlySet<string>; unusedSeverity: Severity | 'off' };
  /** Leaves diagnostics out (of skills not reported). */
  keep?: (d: Diagnostic) => boolean;
  /** Fixed text by file. */
  outputs?: ReadonlyMap<string, string>;
}

/** Groups diagnostics by file, applies each SKILL.md's suppressions, and sorts files by path and messages by position. */
export function groupByFile(o: GroupOptions): FileResult[] {
  const byFile = new Map<string, Diagnostic[]>();
  for (const file of o.listed) byFile.set(file, []);
  for (const d of o.diagnostics) {
    if (o.keep && !o.keep(d)) continue;
    const list = byFile.get(d.file);
    if (list) list.push(d);
    else byFile.set(d.file, [d]);
  }
  const suppressed = new Map<string, Diagnostic[]>();
  for (const skill of o.suppress?.skills ?? []) {
    const dropped: Diagnostic[] = [];
    byFile.set(skill.file.path, applySuppressions(skill, byFile.get(skill.file.path)!, o.suppress!.knownRules, o.suppress!.unusedSeverity, dropped));
    if (dropped.length) suppressed.set(skill.file.path, dropped.sort(compareDiagnostics));
  }
  return [...byFile.entries()]
    .map(([file, messages]) => {
      const r: FileResult = { path: file, messages: withoutRepeats(messages.sort(compareDiagnostics)) };
      const dropped = suppressed.get(file);
      if (dropped) r.suppressed = dropped;
      const output = o.outputs?.get(file);
      if (output !== undefined) r.output = output;
      return r;
    })
    .sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
}

/**
 * A sorted file's diagnostics with exact repeats left out: a fragment several skills include is
 * linted as part of each, and the same finding at the same place is one finding.
 */
function withoutRepeats(sorted: Diagnostic[]): Diagnostic[] {
  if (sorted.length < 2) return sorted;
  const seen = new Set<string>();
  return sorted.filter((d) => {
    const key = `${d.line}:${d.column}:${d.endLine}:${d.endColumn}:${d.severity}:${d.ruleId}:${d.message}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/** How many diagnostics of each severity, and how many fixable. */
export function countDiagnostics(diagnostics: readonly Diagnostic[]): Counts {
  const counts: Counts = { errorCount: 0, warningCount: 0, infoCount: 0, fixableCount: 0 };
  for (const d of diagnostics) {
    if (d.severity === 'error') counts.errorCount++;
    else if (d.severity === 'warning') counts.warningCount++;
    else if (d.severity === 'info') counts.infoCount++;
    if (d.fix) counts.fixableCount++;
  }
  return counts;
}

/** The counts over every file's messages. */
export function countFiles(files: readonly FileResult[]): Counts {
  const counts: Counts = { errorCount: 0, warningCount: 0, infoCount: 0, fixableCount: 0 };
  for (const f of files) {
    const c = countDiagnostics(f.messages);
    counts.errorCount += c.errorCount;
    counts.warningCount += c.warningCount;
    counts.infoCount += c.infoCount;
    counts.fixableCount += c.fixableCount;
  }
  return counts;
}
