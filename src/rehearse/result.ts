/** What rehearsing a case found: its checks in the order they ran, and its verdict. */
import type { Capture } from './captures.js';

export type CheckId =
  | 'case'
  | 'expect'
  | 'trace'
  | 'command'
  | 'exit'
  | 'stdout'
  | 'stderr'
  | 'timeout'
  | 'gate'
  | 'effects'
  | 'budget'
  | 'fail-closed'
  | 'delegation'
  | 'captures'
  | 'sandbox';

export interface Check {
  id: CheckId;
  ok: boolean;
  /** In the remark-lint voice. */
  message: string;
  /** What was seen: output, a diff line, the offending path. */
  evidence?: string;
  step?: string;
  /** Line in trace.jsonl. */
  line?: number;
  /**
   * The check compares with what the case expects (its stdout, stderr, exit
   * status or golden captures): failing it means the case did not get its
   * expected outcome, whatever the verdict.
   */
  expectation?: boolean;
}

export interface CaseResult {
  skill: string;
  case: string;
  /** The case folder, relative to the working folder, with `/`. */
  path: string;
  kind: 'script' | 'workflow' | 'unknown';
  expected?: 'pass' | 'fail';
  /** `error`: the case could not be rehearsed (malformed case.yaml or trace); it never meets an expectation. */
  actual: 'pass' | 'fail' | 'error';
  /** The case got its expected verdict. */
  ok: boolean;
  firstFailure?: Check;
  checks: Check[];
  captures: Capture[];
  /** `--update` rewrote the golden captures. */
  updated?: boolean;
  ms: number;
}

export interface RehearsalReport {
  version: 1;
  /** How children were kept off the network. */
  network: 'namespace' | 'none';
  /**
   * How commands ran: in bubblewrap; with no sandbox (`--unsandboxed`); or not
   * at all (`refused`: no sandbox, and no --unsandboxed).
   */
  sandbox: 'bwrap' | 'none' | 'refused';
  /** Why no sandbox was used. */
  sandboxProblem?: string;
  cases: CaseResult[];
  summary: { cases: number; ok: number; mismatched: number; errors: number };
}
