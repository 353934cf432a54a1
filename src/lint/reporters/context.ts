import path from 'node:path';
import type { AnyRule } from '../../rules/rule.js';
import type { Diagnostic } from '../../model/diagnostic.js';
import type { LintResult } from '../engine.js';
import { countFiles, groupByFile } from '../pipeline/report.js';

export interface ReporterContext {
  /** Paths are shown relative to this folder, with `/`. */
  cwd: string;
  color: boolean;
  /** The rules that ran, for SARIF's rule table (a lint result's `rules`); default none: rules that reported are listed by id. */
  rules?: readonly AnyRule[] | undefined;
  /** The tool version SARIF names; default this package's. */
  version?: string;
}

/** What a reporter needs of a result: lint's, or the build's diagnostics grouped by file. */
export type ReportInput = Pick<LintResult, 'files' | 'errorCount' | 'warningCount' | 'infoCount' | 'fixableCount'>;

export type Reporter = (result: ReportInput, context: ReporterContext) => string;

/** Groups diagnostics by file (sorted) into a report input. */
export function reportInput(diagnostics: readonly Diagnostic[]): ReportInput {
  const files = groupByFile({ listed: [], diagnostics });
  return { files, ...countFiles(files) };
}

export function relativePath(file: string, cwd: string): string {
  const rel = path.relative(cwd, file) || path.basename(file);
  return rel.split(path.sep).join('/');
}

/** The one terminal sanitiser, shared with every other text output (catalog, rehearse, install). */
export { printable } from '../../model/text.js';

/** A relative path as a URI reference: each segment percent-encoded, so `#`, `?` and `%` in folder names stay path characters. */
export function relativeUri(file: string, cwd: string): string {
  return relativePath(file, cwd)
    .split('/')
    .map((s) => encodeURIComponent(wellFormed(s)))
    .join('/');
}

/** Lone UTF-16 surrogates (which encodeURIComponent rejects) as U+FFFD. */
function wellFormed(s: string): string {
  return s.replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, '\uFFFD');
}
