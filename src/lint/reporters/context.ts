import path from 'node:path';
import type { AnyRule } from '../../rules/rule.js';
import type { LintResult } from '../engine.js';

export interface ReporterContext {
  /** Paths are shown relative to this folder, with `/`. */
  cwd: string;
  color: boolean;
  /** The rules that ran, for SARIF's rule table. */
  rules: readonly AnyRule[];
  version: string;
}

export type Reporter = (result: LintResult, context: ReporterContext) => string;

export function relativePath(file: string, cwd: string): string {
  const rel = path.relative(cwd, file) || path.basename(file);
  return rel.split(path.sep).join('/');
}
