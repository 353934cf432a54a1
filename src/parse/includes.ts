import path from 'node:path';
import type { Range } from '../model/diagnostic.js';
import type { Directive } from '../model/skill.js';
import { textFile } from '../model/text.js';
import { decodeText, diskSource } from './bundle.js';
import { LIMITS } from './limits.js';
import { parseFragment } from './skill.js';
import { isInside, staysInside } from '../core/paths.js';

/**
 * The one include walker: `source/include-missing` and `source/include-cycle` (lint) and the
 * build's expansion all walk includes through `includeTree`, so one limit set and one
 * absolute/symlink policy decide what may be included. Before it, lint followed 32 levels
 * and build 16, and lint let an include through a symlink out of the sources root pass.
 */

/**
 * How deep and how wide the walk goes: a bound, so a pathological tree cannot stall the linter
 * or blow up the built text (a fragment included twice is expanded twice, so `files` counts
 * every include followed, not distinct files).
 */
export const INCLUDE_LIMITS = { depth: 16, files: 256 } as const;

export interface Include {
  /** The path as written. */
  path: string;
  range: Range;
}

export type IncludeProblemKind = 'empty' | 'absolute' | 'outside' | 'symlink' | 'missing' | 'not-text' | 'cycle' | 'depth' | 'too-many';

/** One include directive met in the walk, and what became of it. */
export interface IncludeStep {
  /** The file holding the directive (absolute). */
  from: string;
  include: Include;
  /** The files being included when this directive was met, the entry file first, `from` last. */
  chain: readonly string[];
  /** Where the directive points (absolute), when the path resolves. */
  target?: string;
  /** The included text, when it was followed. */
  text?: string;
  /** Directives of `text`, in document order (the rest of the walk hangs here). */
  children: IncludeStep[];
  /** Why it was not followed; `cycle` lists the loop's files as shown in the message. */
  problem?: { kind: IncludeProblemKind; message: string; cycle?: string[] };
}

/** The message of an include cycle; `more` is added after the loop (a rule counting further loops). */
export function cycleMessage(cycle: readonly string[], more = ''): string {
  return `Unexpected include cycle ${cycle.join(' -> ')}${more}, expected includes to form no loop`;
}

/** Where the walk reads included files: the disk (build), or a skill's bundle reader (lint, `--staged`). */
export interface IncludeSource {
  /** The file's text, or undefined when it is missing, not a regular file, too large or binary. */
  text(abs: string): string | undefined;
  exists(abs: string): boolean;
  /** The file's directives, when the source keeps a parse per file (a bundle reader), so a file is parsed once per run. */
  directives?(abs: string): Directive[] | undefined;
}

/** Reads from disk with the same size bound and text test as a bundle reader. */
export const diskIncludes: IncludeSource = {
  text(abs) {
    const bytes = diskSource.read(abs, LIMITS.maxBundledTextBytes);
    if (!bytes) return undefined;
    const decoded = decodeText(bytes);
    return decoded.problem === 'binary' ? undefined : decoded.text;
  },
  exists: (abs) => diskSource.exists(abs),
};

/**
 * The folder includes must stay inside: the sources root, or the folder holding
 * the skill when the skill lies outside the sources root (linted by path).
 */
export function includeRoot(skillDir: string, sources: string): string {
  return isInside(skillDir, sources) ? sources : path.dirname(skillDir);
}

/** Include directives among `directives`, in document order. */
export function includesIn(directives: readonly Directive[]): Include[] {
  return sortDirectives(directives).flatMap((d) => (d.kind === 'include' ? [{ path: d.path, range: d.range }] : []));
}

export function sortDirectives(directives: readonly Directive[]): Directive[] {
  return [...directives].sort((a, b) => (a.range.start.offset ?? 0) - (b.range.start.offset ?? 0) || a.range.start.line - b.range.start.line);
}


/** Where an include points, or why it cannot be followed, before anything is read. */
export function resolveInclude(fromAbs: string, written: string, root: string): { abs: string } | { problem: 'empty' | 'absolute' | 'outside' | 'symlink' } {
  const p = written.trim();
  if (!p) return { problem: 'empty' };
  if (path.posix.isAbsolute(p) || path.win32.isAbsolute(p) || p.startsWith('~')) return { problem: 'absolute' };
  const abs = path.resolve(path.dirname(fromAbs), p);
  if (!isInside(abs, root)) return { problem: 'outside' };
  if (!staysInside(abs, root)) return { problem: 'symlink' };
  return { abs };
}

/** Shows a walked file relative to the entry file's folder, with `/` (the entry file shows as its name). */
function show(entry: string, abs: string): string {
  return path.relative(path.dirname(entry), abs).split(path.sep).join('/') || '.';
}

function message(kind: IncludeProblemKind, written: string, cycle: string[]): string {
  const shown = `\`${written.trim()}\``;
  switch (kind) {
    case 'empty':
      return 'Unexpected empty include path, expected `<!-- include: path -->` with a path relative to the including file';
    case 'absolute':
      return `Unexpected absolute include path ${shown}, expected a path relative to the including file`;
    case 'outside':
      return `Unexpected include path ${shown} outside the sources root, expected a file inside it`;
    case 'symlink':
      return `Unexpected include path ${shown} through a symlink to outside the sources root, expected a file inside it`;
    case 'missing':
      return `Unexpected include of missing file ${shown}, expected an existing file relative to the including file`;
    case 'not-text':
      return `Unexpected include of ${shown}, expected a text file`;
    case 'cycle':
      return cycleMessage(cycle);
    case 'depth':
      return `Unexpected include of ${shown} nested more than ${INCLUDE_LIMITS.depth} deep, expected at most ${INCLUDE_LIMITS.depth} levels of includes`;
    case 'too-many':
      return `Unexpected include of ${shown} after ${INCLUDE_LIMITS.files} includes were followed, expected at most ${INCLUDE_LIMITS.files}`;
  }
}

/**
 * Walks the includes of `entry` (whose own directives are `includes`), depth first in
 * document order. A fragment included twice is walked twice (the build expands it twice);
 * the walk stops at a cycle, past `INCLUDE_LIMITS.depth` and after `INCLUDE_LIMITS.files`
 * includes followed. Directives of an included file are found by parsing it as Markdown,
 * as SKILL.md's are, so a directive in a code block is text everywhere.
 */
export function includeTree(entry: string, includes: readonly Include[], root: string, source: IncludeSource = diskIncludes): IncludeStep[] {
  let followed = 0;
  let exhausted = false;
  const walk = (from: string, list: readonly Include[], chain: string[]): IncludeStep[] => {
    const steps: IncludeStep[] = [];
    for (const include of list) {
      if (exhausted) break;
      const step: IncludeStep = { from, include, chain, children: [] };
      steps.push(step);
      const fail = (kind: IncludeProblemKind, cycle: string[] = []): void => {
        step.problem = { kind, message: message(kind, include.path, cycle) };
        if (kind === 'cycle') step.problem.cycle = cycle;
      };
      const r = resolveInclude(from, include.path, root);
      if ('problem' in r) {
        fail(r.problem);
        continue;
      }
      step.target = r.abs;
      if (chain.includes(r.abs)) {
        fail('cycle', [...chain.slice(chain.indexOf(r.abs)), r.abs].map((p) => show(entry, p)));
        continue;
      }
      if (chain.length > INCLUDE_LIMITS.depth) {
        fail('depth');
        continue;
      }
      if (followed >= INCLUDE_LIMITS.files) {
        fail('too-many');
        exhausted = true;
        continue;
      }
      const text = source.text(r.abs);
      if (text === undefined) {
        fail(source.exists(r.abs) ? 'not-text' : 'missing');
        continue;
      }
      followed++;
      step.text = text;
      const directives = source.directives?.(r.abs) ?? parseFragment(textFile(r.abs, text)).directives;
      step.children = walk(r.abs, includesIn(directives), [...chain, r.abs]);
    }
    return steps;
  };
  return walk(entry, includes, [entry]);
}

/** Every step of a tree, depth first in document order. */
export function* allSteps(steps: readonly IncludeStep[]): Generator<IncludeStep> {
  for (const s of steps) {
    yield s;
    yield* allSteps(s.children);
  }
}
