import type { Diagnostic as LspDiagnostic, Hover, Position } from 'vscode-languageserver/node.js';
import { RULE_METADATA } from '../rules/metadata.js';

/**
 * Hover over a finding: for each published diagnostic under the cursor, its rule, what the rule
 * checks (its summary, from the generated metadata), whether `--fix` repairs it, and its docs page.
 */

const SUMMARY = new Map(RULE_METADATA.map((r) => [r.id, r]));

const inRange = (d: LspDiagnostic, p: Position): boolean => {
  const { start, end } = d.range;
  const after = p.line > start.line || (p.line === start.line && p.character >= start.character);
  const before = p.line < end.line || (p.line === end.line && p.character <= end.character);
  return after && before;
};

/** Markdown for one diagnostic: `**links/broken** (error): Reports a relative link … [docs](…)`. */
export function hoverText(d: LspDiagnostic): string {
  const id = typeof d.code === 'string' ? d.code : undefined;
  const meta = id ? SUMMARY.get(id) : undefined;
  const head = id ? `**${id}**` : '**skillc**';
  const summary = meta ? meta.description : d.message;
  const fixable = meta?.fixable ? ' `skillc lint --fix` repairs it.' : '';
  const docs = d.codeDescription?.href ? ` [Docs](${d.codeDescription.href})` : '';
  return `${head}: ${summary}${fixable}${docs}`;
}

/** The hover at `position` of a file whose diagnostics were last published as `published`; null when none is under it. */
export function hoverAt(published: readonly LspDiagnostic[], position: Position): Hover | null {
  const here = published.filter((d) => inRange(d, position));
  if (!here.length) return null;
  const seen = new Set<string>();
  const parts = here.map(hoverText).filter((t) => !seen.has(t) && !!seen.add(t));
  return { contents: { kind: 'markdown', value: parts.join('\n\n---\n\n') } };
}
