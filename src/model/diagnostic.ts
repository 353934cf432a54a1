/** One diagnostic type everywhere: lint, build, gate and rehearse all speak it. */

export type Severity = 'error' | 'warning' | 'info';

/** 1-based line and column, as editors and remark-lint count them. */
export interface Point {
  line: number;
  column: number;
  /** 0-based UTF-16 offset into the file text, when known. */
  offset?: number;
}

export interface Range {
  start: Point;
  end: Point;
}

/** Replace the text between two 0-based offsets of `file` (ESLint's fix shape). */
export interface TextEdit {
  range: [number, number];
  text: string;
}

export interface Fix {
  /** Absolute path of the file the edits apply to. */
  file: string;
  edits: TextEdit[];
}

/**
 * An edit a rule proposes but `--fix` never applies (ESLint's suggestions): the editor offers it
 * as a quick fix, and the user chooses (the file `links/broken` most likely meant).
 */
export interface Suggestion {
  /** What it does, shown as the quick fix's title: "Change the link to `references/x.md`". */
  desc: string;
  fix: Fix;
}

export interface Diagnostic {
  ruleId: string;
  severity: Severity;
  message: string;
  /** Absolute path of the file the diagnostic is about. */
  file: string;
  line: number;
  column: number;
  endLine: number;
  endColumn: number;
  url?: string;
  fix?: Fix;
  suggestions?: Suggestion[];
  /** The source of the finding, e.g. `skillc` or a plugin name (remark-lint's `source`). */
  source?: string;
  /** The id of the rule's `meta.messages` entry the message came from, when it reported one (ESLint's `messageId`). */
  messageId?: string;
  /**
   * On a suppressed finding (a `FileResult`'s `suppressed`, never its `messages`): what suppressed it,
   * as SARIF says it: `inSource` for a skillc-disable directive, `external` for the suppressions file.
   */
  suppressions?: { kind: 'inSource' | 'external'; justification?: string }[];
}

export const SEVERITY_RANK: Record<Severity, number> = { info: 0, warning: 1, error: 2 };

export function compareDiagnostics(a: Diagnostic, b: Diagnostic): number {
  return (
    (a.file < b.file ? -1 : a.file > b.file ? 1 : 0) ||
    a.line - b.line ||
    a.column - b.column ||
    (a.ruleId < b.ruleId ? -1 : a.ruleId > b.ruleId ? 1 : 0) ||
    (a.message < b.message ? -1 : a.message > b.message ? 1 : 0)
  );
}
