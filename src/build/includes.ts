import path from 'node:path';
import type { Range } from '../model/diagnostic.js';
import type { Directive, Link } from '../model/skill.js';
import { textFile } from '../model/text.js';
import { includeRoot, includesIn, includeTree, type IncludeStep } from '../parse/includes.js';
import { parseFragment } from '../parse/skill.js';
import { isInside, staysInside } from '../core/paths.js';
import { classifyUrl } from '../parse/links.js';

export interface IncludeProblem {
  message: string;
  /** The SKILL.md or fragment holding the directive. */
  file: string;
  range: Range;
}

export interface Expansion {
  text: string;
  problems: IncludeProblem[];
  /** Every fragment read (absolute), for hashing. */
  included: string[];
  /** Files outside the skill folder that included links point at: copied into the output. */
  copies: { from: string; to: string }[];
}

/** Where files referenced by included fragments from outside the skill land in its output. */
export const INCLUDED_ASSETS = '_included';



/** A replacement of `text.slice(start, end)`. */
interface Edit {
  start: number;
  end: number;
  text: string;
}

function applyEdits(text: string, edits: Edit[]): string {
  let result = '';
  let cursor = 0;
  for (const e of [...edits].sort((a, b) => a.start - b.start)) {
    if (e.start < cursor) continue;
    result += text.slice(cursor, e.start) + e.text;
    cursor = e.end;
  }
  return result + text.slice(cursor);
}

/**
 * Replaces each `<!-- include: path -->` with the file's text, recursively. What may be
 * included (paths, limits, symlinks) is decided by the one include walker in parse/includes,
 * which lint's include rules use too. Links in an included fragment are rewritten so they
 * resolve from the skill folder.
 */
export function expandIncludes(file: string, text: string, directives: readonly Directive[], skillDir: string, sourcesRoot: string): Expansion {
  const result: Expansion = { text, problems: [], included: [], copies: [] };
  const root = includeRoot(skillDir, sourcesRoot);
  const steps = includeTree(file, includesIn(directives), root);
  result.text = applyEdits(text, includeEdits(steps, skillDir, root, result));
  return result;
}

/** The edits putting each include in place: the fragment, its links rewritten and its own includes expanded. */
function includeEdits(steps: readonly IncludeStep[], skillDir: string, root: string, out: Expansion): Edit[] {
  const edits: Edit[] = [];
  for (const step of steps) {
    const range = step.include.range;
    if (step.problem) out.problems.push({ message: step.problem.message, file: step.from, range });
    if (step.text === undefined || !step.target) continue;
    out.included.push(step.target);
    // Each fragment's own links are rewritten from its own folder, its includes' from theirs: none twice.
    const links = path.dirname(step.target) !== skillDir ? rewriteLinks(step.text, step.target, skillDir, root, out) : [];
    const body = applyEdits(step.text, [...links, ...includeEdits(step.children, skillDir, root, out)]);
    edits.push({ start: range.start.offset!, end: range.end.offset!, text: body.replace(/\r?\n$/, '') });
  }
  return edits;
}

/** Edits rewriting relative links of an included fragment so they resolve from the skill folder. */
function rewriteLinks(text: string, fragment: string, skillDir: string, root: string, out: Expansion): Edit[] {
  const links: Link[] = parseFragment(textFile(fragment, text)).links;
  const edits: Edit[] = [];
  for (const link of links) {
    if (classifyUrl(link.url).kind !== 'relative') continue;
    const [pathPart, ...rest] = link.url.split('#');
    const suffix = rest.length ? `#${rest.join('#')}` : '';
    let decoded: string;
    try {
      decoded = decodeURIComponent(pathPart!);
    } catch {
      continue;
    }
    const target = path.resolve(path.dirname(fragment), decoded);
    if (!isInside(target, root) || !staysInside(target, root)) {
      out.problems.push({ message: `Unexpected link to \`${link.url}\` outside the sources root in an included file, expected a file inside it`, file: fragment, range: link.range });
      continue;
    }
    let rel = path.relative(skillDir, target).split(path.sep).join('/');
    if (!isInside(target, skillDir)) {
      // Outside the skill: ship a copy inside it, so the output is self-contained.
      const to = `${INCLUDED_ASSETS}/${path.relative(root, target).split(path.sep).join('/')}`;
      if (!out.copies.some((c) => c.to === to)) out.copies.push({ from: target, to });
      rel = to;
    }
    const start = link.range.start.offset!;
    const source = text.slice(start, link.range.end.offset);
    const at = source.lastIndexOf(link.url);
    if (at < 0) continue;
    edits.push({ start: start + at, end: start + at + link.url.length, text: encodeURI(rel) + suffix });
  }
  return edits;
}
