import { CodeActionKind, type CodeAction, type CodeActionContext, type Diagnostic as LspDiagnostic, type Range as LspRange } from 'vscode-languageserver/node.js';
import type { Diagnostic, TextEdit } from '../model/diagnostic.js';
import { LineIndex } from '../model/text.js';

/**
 * The code actions of an open file: a quick fix for each distinct fix and suggestion of the
 * diagnostics under the cursor (one action for one edit, however many diagnostics offer it),
 * and "fix all" (`source.fixAll.skillc`, as ESLint's `source.fixAll.eslint`): every safe fix of
 * the file that does not overlap an earlier one, in one edit, as one pass of `--fix`.
 */

/** The code action kind of "fix all": editors run it on save (`editor.codeActionsOnSave`). */
export const FIX_ALL_KIND = `${CodeActionKind.SourceFixAll}.skillc`;

/** What a published diagnostic carries for its code actions (edits are offsets into the published text). */
export interface FixData {
  ruleId: string;
  /** The rule's safe fix, the one `--fix` applies. */
  edits?: TextEdit[];
  /** Edits the rule proposes for the user to choose (`links/broken`'s did-you-mean). */
  suggestions?: { desc: string; edits: TextEdit[] }[];
}

/** The data a diagnostic of `file` carries, when it has a fix or a suggestion for that file. */
export function fixData(d: Diagnostic, file: string): FixData | undefined {
  const data: FixData = { ruleId: d.ruleId };
  if (d.fix && d.fix.file === file && d.fix.edits.length) data.edits = d.fix.edits;
  const suggestions = (d.suggestions ?? []).filter((s) => s.fix.file === file && s.fix.edits.length).map((s) => ({ desc: s.desc, edits: s.fix.edits }));
  if (suggestions.length) data.suggestions = suggestions;
  return data.edits || data.suggestions ? data : undefined;
}

/** The kinds the server offers (`codeActionProvider.codeActionKinds`). */
export const CODE_ACTION_KINDS = [CodeActionKind.QuickFix, FIX_ALL_KIND];

const editKey = (edits: readonly TextEdit[]): string => JSON.stringify([...edits].sort((a, b) => a.range[0] - b.range[0] || a.range[1] - b.range[1]).map((e) => [e.range[0], e.range[1], e.text]));

/** Whether the client asked for actions of `kind` (no `only`: every kind). */
const wanted = (context: CodeActionContext, kind: string): boolean => !context.only || context.only.some((k) => kind === k || kind.startsWith(`${k}.`));

/** The safe fixes of the file's published diagnostics, in order, leaving out each that overlaps one kept before it. */
export function fixAllEdits(published: readonly LspDiagnostic[]): TextEdit[] {
  const fixes = published
    .map((d) => (d.data as FixData | undefined)?.edits)
    .filter((e): e is TextEdit[] => !!e?.length)
    .map((edits) => ({ edits, start: Math.min(...edits.map((e) => e.range[0])), end: Math.max(...edits.map((e) => e.range[1])) }))
    .sort((a, b) => a.start - b.start || a.end - b.end);
  const out: TextEdit[] = [];
  const seen = new Set<string>();
  let reach = -1;
  let insertAt = -1;
  for (const f of fixes) {
    const key = editKey(f.edits);
    if (seen.has(key)) continue;
    // Two inserts at one offset have no order of their own: the second waits for the next pass, as under --fix.
    if (f.start < reach || (f.start === f.end && f.start === insertAt)) continue;
    seen.add(key);
    out.push(...f.edits);
    reach = f.end;
    insertAt = f.start === f.end ? f.start : -1;
  }
  return out;
}

/**
 * The actions for a code-action request on a file whose text is `text`: `context.diagnostics`
 * are the ones under the cursor, `published` every diagnostic last published for the file.
 */
export function codeActions(uri: string, text: string, context: CodeActionContext, published: readonly LspDiagnostic[]): CodeAction[] {
  const lines = new LineIndex(text);
  const range = (e: TextEdit): LspRange => {
    const a = lines.pointAt(e.range[0]);
    const b = lines.pointAt(e.range[1]);
    return { start: { line: a.line - 1, character: a.column - 1 }, end: { line: b.line - 1, character: b.column - 1 } };
  };
  const edit = (edits: readonly TextEdit[]): CodeAction['edit'] => ({ changes: { [uri]: edits.map((e) => ({ range: range(e), newText: e.text })) } });
  const actions: CodeAction[] = [];
  const byEdit = new Map<string, CodeAction>();
  const offer = (title: string, edits: TextEdit[], d: LspDiagnostic, preferred: boolean): void => {
    const key = editKey(edits);
    const known = byEdit.get(key);
    // One action for one edit: the diagnostics that offer it are listed on it.
    if (known) {
      if (!known.diagnostics!.includes(d)) known.diagnostics!.push(d);
      return;
    }
    const action: CodeAction = { title, kind: CodeActionKind.QuickFix, diagnostics: [d], edit: edit(edits) };
    if (preferred) action.isPreferred = true;
    byEdit.set(key, action);
    actions.push(action);
  };
  if (wanted(context, CodeActionKind.QuickFix)) {
    for (const d of context.diagnostics) {
      const data = d.data as FixData | undefined;
      if (!data) continue;
      if (data.edits?.length) offer(`Fix: ${d.message} (${data.ruleId})`, data.edits, d, true);
      for (const s of data.suggestions ?? []) offer(`${s.desc} (${data.ruleId})`, s.edits, d, false);
    }
  }
  if (wanted(context, FIX_ALL_KIND)) {
    const all = fixAllEdits(published);
    // With one fix in the file, "fix all" is the quick fix already listed: not offered twice.
    if (all.length && !byEdit.has(editKey(all))) actions.push({ title: 'Fix all skillc problems that have a safe fix', kind: FIX_ALL_KIND, edit: edit(all) });
  }
  return actions;
}
