import path from 'node:path';
import type { Range } from '../../model/diagnostic.js';
import type { Directive, Skill } from '../../model/skill.js';
import type { TextFile } from '../../model/text.js';
import { commentsIn, parseDirective } from '../../parse/directives.js';

/** How deep and how wide the include walk goes: a bound, so a pathological tree cannot stall the linter. */
export const INCLUDE_LIMITS = { depth: 32, files: 256 };

export interface Include {
  /** The path as written. */
  path: string;
  range: Range;
}

/** Where an include points, or why it cannot be followed. */
export type IncludeTarget =
  | { ok: true; /** Absolute path. */ abs: string; /** Relative to the skill folder, with `/`. */ rel: string }
  | { ok: false; problem: 'empty' | 'absolute' | 'outside' };

/** Displays an absolute path relative to the skill folder, with `/`. */
export function relToSkill(skill: Skill, abs: string): string {
  return path.relative(skill.dir, abs).split(path.sep).join('/') || '.';
}

function isInside(child: string, parent: string): boolean {
  const rel = path.relative(parent, child);
  return rel === '' || (!rel.startsWith('..') && !path.isAbsolute(rel));
}

/**
 * The folder includes must stay inside: the sources root, or the folder holding
 * the skill when the skill lies outside the sources root (linted by path).
 */
export function includeRoot(skill: Skill, sources: string): string {
  return isInside(skill.dir, sources) ? sources : path.dirname(skill.dir);
}

/** Resolves an include written in the file `fromAbs` (paths are relative to the including file's folder). */
export function resolveInclude(skill: Skill, fromAbs: string, written: string, root: string): IncludeTarget {
  const p = written.trim();
  if (!p) return { ok: false, problem: 'empty' };
  if (path.posix.isAbsolute(p) || path.win32.isAbsolute(p) || p.startsWith('~')) return { ok: false, problem: 'absolute' };
  const abs = path.resolve(path.dirname(fromAbs), p);
  if (!isInside(abs, root)) return { ok: false, problem: 'outside' };
  return { ok: true, abs, rel: relToSkill(skill, abs) };
}

/** Include directives of the SKILL.md, in document order. */
export function skillIncludes(skill: Skill): Include[] {
  return sortDirectives(skill.directives).flatMap((d) => (d.kind === 'include' ? [{ path: d.path, range: d.range }] : []));
}

const FENCE = /^ {0,3}(`{3,}|~{3,})/;

/**
 * Include directives of an included file. It is not parsed as Markdown: comments
 * inside fenced code blocks are skipped by a line scan, which is what matters here.
 */
export function fileIncludes(file: TextFile): Include[] {
  const text = file.text;
  const out: Include[] = [];
  // Blank fenced code so its comments are not taken for directives; offsets are kept.
  let masked = '';
  let fence: string | undefined;
  for (let line = 1; line <= file.lines.lineCount; line++) {
    const start = file.lines.starts[line - 1]!;
    const end = file.lines.starts[line] ?? text.length;
    const chunk = text.slice(start, end);
    const m = FENCE.exec(chunk);
    if (fence) {
      if (m && m[1]![0] === fence[0] && m[1]!.length >= fence.length && chunk.trim() === m[1]) fence = undefined;
      masked += chunk.replace(/[^\r\n]/g, ' ');
    } else if (m) {
      fence = m[1]!;
      masked += chunk.replace(/[^\r\n]/g, ' ');
    } else {
      masked += chunk;
    }
  }
  for (const c of commentsIn(masked)) {
    const d = parseDirective(c.text, file.lines.range(c.start, c.end));
    if (d?.kind === 'include') out.push({ path: d.path, range: d.range });
  }
  return out;
}

/** The includes of a file met in the walk: the SKILL.md's from its model, any other's from its text. */
export function includesOf(skill: Skill, abs: string): Include[] | undefined {
  if (abs === skill.file.path) return skillIncludes(skill);
  const file = skill.bundle.text(relToSkill(skill, abs));
  return file ? fileIncludes(file) : undefined;
}

export function sortDirectives(directives: readonly Directive[]): Directive[] {
  return [...directives].sort((a, b) => (a.range.start.offset ?? 0) - (b.range.start.offset ?? 0) || a.range.start.line - b.range.start.line);
}

/** Shows a directive as written, for messages. */
export const HOST_OPEN = '`<!-- host: ... -->`';
export const HOST_CLOSE = '`<!-- /host -->`';
export const GENERATED_OPEN = '`<!-- generated: ... -->`';
export const GENERATED_CLOSE = '`<!-- /generated -->`';

export type RegionKind = 'host' | 'generated';

export interface RegionProblem {
  kind: RegionKind;
  message: string;
  range: Range;
}

const CLOSE: Record<RegionKind, string> = { host: HOST_CLOSE, generated: GENERATED_CLOSE };
const OPEN: Record<RegionKind, string> = { host: HOST_OPEN, generated: GENERATED_OPEN };
const NOUN: Record<RegionKind, string> = { host: 'host block', generated: 'generated region' };

/**
 * Pairs host blocks and generated regions: a close without an open, an open
 * never closed, a block nested in one of its own kind, and regions that cross.
 */
export function regionProblems(directives: readonly Directive[]): RegionProblem[] {
  const problems: RegionProblem[] = [];
  const open: { kind: RegionKind; range: Range }[] = [];
  for (const d of sortDirectives(directives)) {
    if (d.kind === 'host-open' || d.kind === 'generated-open') {
      const kind: RegionKind = d.kind === 'host-open' ? 'host' : 'generated';
      const outer = open.find((o) => o.kind === kind);
      if (outer) {
        problems.push({
          kind,
          message: `Unexpected nested ${NOUN[kind]}, expected ${CLOSE[kind]} to close the ${NOUN[kind]} opened on line ${outer.range.start.line} first`,
          range: d.range,
        });
      }
      open.push({ kind, range: d.range });
    } else if (d.kind === 'host-close' || d.kind === 'generated-close') {
      const kind: RegionKind = d.kind === 'host-close' ? 'host' : 'generated';
      const top = open[open.length - 1];
      if (top?.kind === kind) {
        open.pop();
        continue;
      }
      let index = -1;
      for (let i = open.length - 1; i >= 0; i--) if (open[i]!.kind === kind) { index = i; break; }
      if (index < 0) {
        problems.push({ kind, message: `Unexpected ${CLOSE[kind]} without an opening ${OPEN[kind]}`, range: d.range });
        continue;
      }
      const inner = top!;
      problems.push({
        kind,
        message: `Unexpected ${CLOSE[kind]} inside the ${NOUN[inner.kind]} opened on line ${inner.range.start.line}, expected ${CLOSE[inner.kind]} first`,
        range: d.range,
      });
      open.splice(index, 1);
    }
  }
  for (const o of open) {
    problems.push({ kind: o.kind, message: `Unexpected unclosed ${NOUN[o.kind]}, expected ${CLOSE[o.kind]} before the end of the file`, range: o.range });
  }
  return problems.sort((a, b) => (a.range.start.offset ?? 0) - (b.range.start.offset ?? 0));
}
