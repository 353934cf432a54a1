import fs from 'node:fs';
import path from 'node:path';
import type { Range } from '../model/diagnostic.js';
import type { Directive, Link } from '../model/skill.js';
import { textFile } from '../model/text.js';
import { isInside } from '../parse/bundle.js';
import { LIMITS } from '../parse/limits.js';
import { parseFragment } from '../parse/skill.js';

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

const MAX_INCLUDE_DEPTH = 16;
/** Where files referenced by included fragments from outside the skill land in its output. */
export const INCLUDED_ASSETS = '_included';

/** False when `p` exists and, symlinks resolved, lies outside `root` (a missing path is left to the read). */
function staysInside(p: string, root: string): boolean {
  try {
    return isInside(fs.realpathSync(p), fs.realpathSync(root));
  } catch {
    return true;
  }
}

function isRelativeUrl(url: string): boolean {
  return url !== '' && !url.startsWith('#') && !/^[a-z][a-z0-9+.-]*:/i.test(url) && !url.startsWith('/') && !url.startsWith('\\');
}

/**
 * Replaces each `<!-- include: path -->` with the file's text, recursively. Paths
 * are relative to the including file and must stay inside the sources root.
 * Links in an included fragment are rewritten so they resolve from the skill folder.
 */
export function expandIncludes(file: string, text: string, directives: readonly Directive[], skillDir: string, sourcesRoot: string): Expansion {
  const result: Expansion = { text, problems: [], included: [], copies: [] };
  result.text = expand(file, text, directives, [file], skillDir, sourcesRoot, result);
  return result;
}

function expand(file: string, text: string, directives: readonly Directive[], stack: string[], skillDir: string, root: string, out: Expansion): string {
  let result = '';
  let cursor = 0;
  for (const d of directives) {
    if (d.kind !== 'include') continue;
    const start = d.range.start.offset!;
    const end = d.range.end.offset!;
    const fail = (message: string): void => void out.problems.push({ message, file, range: d.range });
    const target = path.resolve(path.dirname(file), d.path);
    let replacement: string | undefined;
    if (!d.path) fail('Unexpected empty include path');
    else if (path.isAbsolute(d.path) || /^[a-z]:[\\/]/i.test(d.path)) fail(`Unexpected absolute include path \`${d.path}\`, expected a path relative to the including file`);
    else if (!isInside(target, root)) fail(`Unexpected include \`${d.path}\` outside the sources root`);
    else if (!staysInside(target, root)) fail(`Unexpected include \`${d.path}\` through a symlink to outside the sources root`);
    else if (stack.includes(target)) fail(`Unexpected include cycle: ${[...stack.slice(stack.indexOf(target)), target].map((p) => path.relative(root, p)).join(' -> ')}`);
    else if (stack.length > MAX_INCLUDE_DEPTH) fail(`Unexpected include nesting deeper than ${MAX_INCLUDE_DEPTH}`);
    else {
      let body: string | undefined;
      try {
        const st = fs.statSync(target);
        if (!st.isFile()) fail(`Unexpected include \`${d.path}\`, expected a file`);
        else if (st.size > LIMITS.maxFileBytes) fail(`Unexpected include \`${d.path}\` of ${st.size} bytes`);
        else body = fs.readFileSync(target, 'utf8');
      } catch {
        fail(`Cannot find included file \`${d.path}\``);
      }
      if (body !== undefined) {
        out.included.push(target);
        // Rewrite this fragment's own links before its includes are expanded: the nested
        // fragments rewrite theirs from their own folder, and must not be rewritten twice.
        if (path.dirname(target) !== skillDir) body = rewriteLinks(body, target, skillDir, root, out);
        const fragment = parseFragment(textFile(target, body));
        const expanded = expand(target, body, fragment.directives, [...stack, target], skillDir, root, out);
        replacement = expanded.replace(/\r?\n$/, '');
      }
    }
    result += text.slice(cursor, start) + (replacement ?? text.slice(start, end));
    cursor = end;
  }
  return result + text.slice(cursor);
}

/** Rewrites relative links of an included fragment so they resolve from the skill folder. */
function rewriteLinks(text: string, fragment: string, skillDir: string, root: string, out: Expansion): string {
  const links: Link[] = parseFragment(textFile(fragment, text)).links;
  let result = '';
  let cursor = 0;
  for (const link of links) {
    if (!isRelativeUrl(link.url)) continue;
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
    if (rel.startsWith('..')) {
      // Outside the skill: ship a copy inside it, so the output is self-contained.
      const to = `${INCLUDED_ASSETS}/${path.relative(root, target).split(path.sep).join('/')}`;
      if (!out.copies.some((c) => c.to === to)) out.copies.push({ from: target, to });
      rel = to;
    }
    const start = link.range.start.offset!;
    const source = text.slice(start, link.range.end.offset!);
    const at = source.lastIndexOf(link.url);
    if (at < 0) continue;
    result += text.slice(cursor, start + at) + encodeURI(rel) + suffix;
    cursor = start + at + link.url.length;
  }
  return result + text.slice(cursor);
}
