import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { DiagnosticSeverity, type Diagnostic as LspDiagnostic, type Range as LspRange } from 'vscode-languageserver/node.js';
import type { Diagnostic } from '../model/diagnostic.js';
import { LineIndex } from '../model/text.js';
import { CONFIG_FILES, ConfigError } from '../config/config.js';
import { loadLintConfig } from '../lint/pipeline/configure.js';
import { CASE_FILE, loadCase } from '../rehearse/case.js';
import { fixData } from './actions.js';

/**
 * Diagnostics for the files of a skill project other than SKILL.md: a Markdown file in a skill
 * folder (the findings of its skill's lint that sit in that file), a rehearsal `case.yaml`
 * (what `skillc rehearse` refuses in it) and the config file (what loading it refuses). Each is
 * checked as its skill, case or config is read by the CLI, from disk: on open and on save.
 */

const SEVERITY: Record<Diagnostic['severity'], DiagnosticSeverity> = {
  error: DiagnosticSeverity.Error,
  warning: DiagnosticSeverity.Warning,
  info: DiagnosticSeverity.Information,
};

/** skillc's 1-based points -> LSP's 0-based positions (both count UTF-16 code units). */
export function toLspRange(r: { line: number; column: number; endLine: number; endColumn: number }): LspRange {
  return { start: { line: r.line - 1, character: r.column - 1 }, end: { line: r.endLine - 1, character: r.endColumn - 1 } };
}

/** A lint finding in `file` as the editor shows it, with its fix and suggestions for the code actions. */
export function toLspDiagnostic(d: Diagnostic, file: string): LspDiagnostic {
  const out: LspDiagnostic = { range: toLspRange(d), severity: SEVERITY[d.severity], source: 'skillc', code: d.ruleId, message: d.message };
  if (d.url) out.codeDescription = { href: d.url };
  const data = fixData(d, file);
  if (data) out.data = data;
  return out;
}

/** Folders a Markdown file may sit below its SKILL.md (`references/api/x.md`: 2). */
const MAX_DEPTH = 8;

/** The skill folder holding `file` (the nearest parent with a SKILL.md), never the filesystem root or the home folder. */
export function skillFolderOf(file: string): string | undefined {
  let dir = path.dirname(file);
  for (let i = 0; i <= MAX_DEPTH; i++) {
    if (dir === path.parse(dir).root || dir === os.homedir()) return undefined;
    if (fs.existsSync(path.join(dir, 'SKILL.md'))) return dir;
    const up = path.dirname(dir);
    if (up === dir) return undefined;
    dir = up;
  }
  return undefined;
}

export type ProjectFile = { kind: 'reference'; skillDir: string } | { kind: 'case'; caseDir: string; skillDir: string } | { kind: 'config' };

/** What a file other than a SKILL.md is to skillc, or undefined when skillc has nothing to say about it. */
export function projectFile(file: string): ProjectFile | undefined {
  const base = path.basename(file);
  if (base === 'SKILL.md') return undefined;
  if (CONFIG_FILES.includes(base)) return { kind: 'config' };
  const caseDir = path.dirname(file);
  // <skill>/fixtures/<case>/case.yaml, as `skillc rehearse` finds cases.
  if (base === CASE_FILE && path.basename(path.dirname(caseDir)) === 'fixtures') {
    const skillDir = path.dirname(path.dirname(caseDir));
    if (fs.existsSync(path.join(skillDir, 'SKILL.md'))) return { kind: 'case', caseDir, skillDir };
  }
  if (/\.(md|markdown)$/i.test(base)) {
    const skillDir = skillFolderOf(file);
    if (skillDir) return { kind: 'reference', skillDir };
  }
  return undefined;
}

const at = (lines: LineIndex, offset: number): LspRange => {
  const p = lines.pointAt(Math.max(0, Math.min(offset, lines.text.length)));
  return toLspRange({ line: p.line, column: p.column, endLine: p.line, endColumn: p.column });
};

/** Where a config or case message points: `at position N` (JSON), the unknown key it names, `at line L, column C` (YAML), `case.yaml:L:C`, else the start. */
export function messageRange(text: string, message: string): LspRange {
  const lines = new LineIndex(text);
  const offset = /\bat position (\d+)/.exec(message);
  if (offset) return at(lines, Number(offset[1]));
  const key = /\b(?:unknown key|additional properties) '([^']{1,200})'/.exec(message);
  if (key) {
    const quoted = text.indexOf(JSON.stringify(key[1]));
    const bare = new RegExp(`^[ \\t-]*${key[1]!.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\s*:`, 'm').exec(text);
    const found = quoted >= 0 ? quoted : bare ? bare.index + bare[0].indexOf(key[1]!) : -1;
    if (found >= 0) {
      const a = lines.pointAt(found);
      const b = lines.pointAt(found + (quoted >= 0 ? key[1]!.length + 2 : key[1]!.length));
      return toLspRange({ line: a.line, column: a.column, endLine: b.line, endColumn: b.column });
    }
  }
  const lc = /\bat line (\d+), column (\d+)/.exec(message) ?? /\bcase\.yaml:(\d+):(\d+)/.exec(message);
  if (lc) {
    const line = Math.max(1, Math.min(Number(lc[1]), lines.lineCount));
    const start = lines.offsetAt(line, Math.max(1, Number(lc[2])));
    return at(lines, start);
  }
  return at(lines, 0);
}

const problem = (text: string, message: string): LspDiagnostic => ({ range: messageRange(text, message), severity: DiagnosticSeverity.Error, source: 'skillc', message });

/** What loading the config file refuses (nothing when it loads, or when the folder's config is another file). */
export function configDiagnostics(file: string, text: string): LspDiagnostic[] {
  try {
    loadLintConfig(path.dirname(file), {});
    return [];
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    if (error.file && path.resolve(error.file) !== file) return [];
    const prefix = error.file ? `${error.file}: ` : '';
    return [problem(text, error.message.startsWith(prefix) ? error.message.slice(prefix.length) : error.message)];
  }
}

/** What `skillc rehearse` refuses in a case's `case.yaml`. */
export function caseDiagnostics(caseDir: string, skillDir: string, text: string): LspDiagnostic[] {
  const loaded = loadCase(caseDir, skillDir);
  return loaded.problem ? [problem(text, loaded.problem)] : [];
}

/** The findings of a skill's lint that sit in `file`. */
export function findingsIn(file: string, files: readonly { path: string; messages: readonly Diagnostic[] }[]): LspDiagnostic[] {
  return files.filter((f) => f.path === file).flatMap((f) => f.messages.map((d) => toLspDiagnostic(d, file)));
}
