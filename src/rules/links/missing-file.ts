import path from 'node:path';
import type { Range } from '../../model/diagnostic.js';
import { defineSkillRule } from '../rule.js';
import { parsed } from '../../model/queries.js';
import { show } from '../util.js';
import { isScript } from './script-refs.js';
import { checkable, locate, scopeOf, splitPlaceholder, strayedTo } from './scope.js';
import { nearFile, skillIndex, type Mention, type SkillIndex, type TextSource } from './skill-index.js';

/**
 * Words on a line that make a path something to create, an output, or an example rather than a
 * file the skill ships: a linter that reports "missing" for a file the skill tells the agent to
 * write would be wrong every time.
 */
const MADE_NOT_SHIPPED =
  /\b(?:creat\w*|generat\w*|writ(?:e|es|ten|ing)|sav(?:e|es|ed|ing)|outputs?|produc(?:e|es|ed|ing)|emit\w*|export\w*|touch|mkdir|cp|mv|tee|renam\w*|cop(?:y|ies|ied)|mov(?:e|es|ed))\b/i;
/** Words that make a path on a line an illustration; a listing of the skill's own files may use them to describe one (`the report template`). */
const ILLUSTRATION = /\b(?:add(?:s|ed|ing)?|new|e\.g|i\.e|for example|for instance|examples?|placeholder|template|like)\b/i;
/**
 * E-mail addresses and URLs on a line, and bare reserved example domains: `user@example.com` or
 * `https://example.com/x` beside a path do not make the path an example.
 */
// An address starts where a run of its characters does (the lookbehind): tried at every offset of a long run, it was quadratic.
const ADDRESSES = /(?<![\w.+-])[\w.+-]+@[\w-]+(?:\.[\w-]+)+|\b[a-z][a-z0-9+.-]*:\/\/\S+|\b(?:[\w-]+\.)*example\.(?:com|org|net)\S*/gi;
const withoutAddresses = (line: string): string => (line.includes('@') || line.includes('example.') || line.includes('://') ? line.replace(ADDRESSES, ' ') : line);
/** A redirect or output flag right before the path (`> out/report.md`, `-o dist/x.json`). */
const OUTPUT_FLAG = /(?:>>?|\s-o|--out\w*|--dest\w*|--target)[\s=]*['"`]?$/;
/** An extension of letters or digits, starting with a letter. */
const EXTENSION = /^[A-Za-z][A-Za-z0-9]{0,9}$/;

/**
 * A file name: a last segment with a letter, digit or `_` before an extension. Read from the
 * last `/` and `.` rather than with one regex (`[^/]*[A-Za-z0-9_][^/]*\.`), which backtracked
 * quadratically over a long segment without a dot (issue #24).
 */
function isFileName(p: string): boolean {
  const last = p.slice(p.lastIndexOf('/') + 1);
  const dot = last.lastIndexOf('.');
  return dot >= 0 && EXTENSION.test(last.slice(dot + 1)) && /[A-Za-z0-9_]/.test(last.slice(0, dot));
}
/** A segment that marks a path as made up for illustration (`my-skill/`, `foo.md`, `references/X.md`). */
const ILLUSTRATIVE = /^(?:[a-z]|xx?x?|foo|bar|baz|qux|example\w*|sample\w*|dummy|my[-_]\w*|your[-_]\w*|some[-_]\w*|other[-_]\w*|sibling\w*|parent|path|to|file|filename|(?:\w+[-_])?names?|(?:\w+[-_])?placeholder|something|whatever|skill-[a-z])$/i;
/** Fences whose content is an example document, a file tree or output, not instructions to follow. */
const EXAMPLE_FENCE = /^(?:md|markdown|mdx|text|txt|plaintext|tree|console|output)$/i;
/** Folders skills ship under by the spec's convention that a user's project rarely has. */
const SKILL_FOLDERS = new Set(['references']);

export interface Options {
  mentions: 'directed' | 'all';
}

export default defineSkillRule<Options>(
  {
    id: 'links/missing-file',
    description: 'Reports a bundled file named in prose or code (`references/x.md`, `python scripts/check.py`) that does not exist, in SKILL.md and in the Markdown files it names.',
    severity: 'warning',
    fixable: false,
    schema: {
      type: 'object',
      properties: { mentions: { enum: ['directed', 'all'] } },
      additionalProperties: false,
    },
    defaultOptions: { mentions: 'directed' },
    messages: {
      missing: 'Unexpected mention of missing `{{path}}`, expected {{expected}}',
    },
  },
  ({ skill, options, hosts, config, report }) => {
    if (!parsed(skill)) return;
    const index = skillIndex(skill);
    const scope = scopeOf(skill, hosts, config);
    const named = new Set(index.sources.flatMap((o) => (o.included ? [] : [o.rel])));
    for (const source of index.sources) {
      // A fragment inside the skill folder that SKILL.md names is checked as that file too: once is enough.
      if (source.included && named.has(source.rel)) continue;
      const text = source.file.text;
      // An included fragment's names resolve from the skill folder, like SKILL.md's, whose part it becomes: reported
      // in the fragment, naming the skill (another skill including it may have the file).
      const reportFile = source.included ? source.file.path : source.reportFile;
      const inSkill = source.included ? ` of \`${show(skill.dirName, 40)}\`, which includes this file` : '';
      const outline = outlineRanges(skill, source);
      const skip = merged(outline.skip);
      const seen = new Set<string>();
      let j = 0;
      skill.work?.charge(3 * text.length);
      let k = 0;
      for (const m of source.mentions) {
        skill.work?.charge(16);
        // Mentions come in text order and the ranges are sorted and disjoint: one pass over both.
        while (j < skip.length && skip[j]![1] <= m.start) j++;
        if ((j < skip.length && skip[j]![0] <= m.start) || isLinkTarget(text, m.start, m.end)) continue;
        while (k < outline.listings.length && outline.listings[k]![1] <= m.start) k++;
        // An item of a list of the skill's own files (`## Templates`, `- \`templates/report.md\` ...`): each names a file it ships.
        const listed = k < outline.listings.length && outline.listings[k]![0] <= m.start && isListItemHead(text, m);
        const before = text.slice(Math.max(lineStart(text, m.start), m.start - 80), m.start);
        const problem = check(m, source, index, scope, skill.bundle.exists, { listed, interpreter: INTERPRETER.test(before) });
        if (!problem || seen.has(problem.rel)) continue;
        // Its line and lead-in are read, each at most WINDOW characters around it.
        skill.work?.charge(8 * WINDOW);
        if (isNotShipped(text, m, listed, listed && isScript(problem.rel))) continue;
        if (options.mentions === 'directed' && !problem.certain && !listed && !isDirected(text, m)) continue;
        seen.add(problem.rel);
        const range: Range = source.file.lines.range(m.start, m.end);
        report({
          messageId: 'missing', data: { path: show(m.path, 60), expected: problem.expected.replace(/^(an existing file(?: of the plugin)?)/, `$1${inSkill}`) },
          range,
          ...(reportFile ? { file: reportFile } : {}),
        });
      }
    }
  },
);

/** A section that shows examples, or has the agent create files (`## Phase 5: Create mise Task`): its paths are not shipped. */
const ASIDE_HEADING = /\b(?:examples?|creat\w*|writ(?:e|es|ing)|generat\w*|scaffold\w*|new)\b/i;
/** A section that lists the skill's own files: `## Templates`, `## References`, `## Bundled scripts`, `## Supporting files`. */
const LISTING_HEADING = /\b(?:references|reference (?:files|docs|documentation|material)|resources|templates|assets|scripts|(?:bundled|supporting|skill|included|additional|helper) files|files in this skill)\b/i;
/** Folders a listing of the skill's own files names: one the skill lacks was never written. */
const LISTED_FOLDERS = new Set(['references', 'templates', 'assets', 'scripts', 'resources']);
/** An interpreter (or runner) right before a path: it runs that file, so the path must name one exactly. */
const INTERPRETER = /\b(?:python[23]?|py|node|bash|sh|zsh|ruby|perl|php|pwsh|bun(?:\s+run)?|deno\s+run|tsx|ts-node|uv\s+run)[ \t]+(?:-{1,2}[\w-]+[ \t]+)*['"`]?$/;

/** True when the mention is the first thing of a list item or table row (`- \`templates/report.md\` — ...`). */
function isListItemHead(text: string, m: Mention): boolean {
  return /^[ \t]*(?:[-*+]|\d+[.)]|\|)[ \t]*(?:(?:\*\*|__)[ \t]*)?(?:[`[][ \t]*)?$/.test(text.slice(lineStart(text, m.start), m.start));
}

/** Sorted, disjoint ranges covering the same offsets. */
function merged(ranges: [number, number][]): [number, number][] {
  const out: [number, number][] = [];
  for (const r of ranges.sort((a, b) => a[0] - b[0])) {
    const last = out[out.length - 1];
    if (last && r[0] <= last[1]) last[1] = Math.max(last[1], r[1]);
    else out.push([r[0], r[1]]);
  }
  return out;
}

/**
 * Offsets where a path is no mention: links (links/broken's), HTML comments (directives and notes),
 * fences of example documents, and sections whose heading says they are examples or create files (`## Real-World Example`).
 */
function outlineRanges(skill: Parameters<typeof skillIndex>[0], source: TextSource): { skip: [number, number][]; listings: [number, number][] } {
  // SKILL.md's links are parsed already; a reference's are told by their syntax (isLinkTarget), not by parsing it.
  const links = source.rel === 'SKILL.md' ? skill.links : [];
  const out: [number, number][] = [];
  // Fenced blocks of example documents, trees and output, found by their fence lines (the only outline a reference has).
  const text = source.file.text;
  // `[^\n]*$` always matches once the fence is read, so nothing backtracks: linear.
  // eslint-disable-next-line regexp/no-super-linear-backtracking -- see the line above
  const fence = /^ {0,3}(`{3,}|~{3,})[ \t]*([^\s`]*)[^\n]*$/gm;
  const fences: [number, number][] = [];
  let open: { marker: string; lang: string; start: number } | undefined;
  for (let m = fence.exec(text); m; m = fence.exec(text)) {
    if (!open) open = { marker: m[1]!, lang: m[2]!, start: m.index };
    else if (m[1]![0] === open.marker[0] && m[1]!.length >= open.marker.length && !m[2]) {
      fences.push([open.start, m.index + m[0].length]);
      // An example document: a fence of Markdown or text, or one that opens with frontmatter (a sample SKILL.md).
      const first = text.slice(text.indexOf('\n', open.start) + 1, text.indexOf('\n', text.indexOf('\n', open.start) + 1));
      if (EXAMPLE_FENCE.test(open.lang) || first.trim() === '---') out.push([open.start, m.index + m[0].length]);
      open = undefined;
    }
  }
  // ATX headings outside fences (a `#` comment in a bash block is no heading).
  let f = 0;
  const headings: { at: number; depth: number; example: boolean; listing: boolean }[] = [];
  // `.*$` (multiline) always matches at the line's end once `.*` is read, so nothing backtracks: linear.
  // eslint-disable-next-line regexp/no-super-linear-backtracking -- see the line above
  for (const h of text.matchAll(/^ {0,3}(#{1,6})[ \t]+(.*)$/gm)) {
    while (f < fences.length && fences[f]![1] <= h.index) f++;
    if (f < fences.length && fences[f]![0] <= h.index) continue;
    const aside = ASIDE_HEADING.test(h[2]!);
    headings.push({ at: h.index, depth: h[1]!.length, example: aside, listing: !aside && LISTING_HEADING.test(h[2]!) });
  }
  // An aside section runs to the next heading of its level or higher: one pass with a stack of the
  // sections still open (a scan ahead from each heading was quadratic in the headings, issue #24).
  // A listing runs to the next heading of any level (its own sub-sections are asides as often as listings).
  const listings: [number, number][] = [];
  const sections: { at: number; depth: number }[] = [];
  headings.forEach((h, k) => {
    if (h.listing) listings.push([h.at, headings[k + 1]?.at ?? text.length]);
    while (sections.length && sections[sections.length - 1]!.depth >= h.depth) out.push([sections.pop()!.at, h.at]);
    if (h.example) sections.push(h);
  });
  for (const h of sections) out.push([h.at, text.length]);
  for (const l of links) if (l.range.start.offset !== undefined && l.range.end.offset !== undefined) out.push([l.range.start.offset, l.range.end.offset]);
  if (source.rel === 'SKILL.md') for (const c of skill.comments) if (c.range.start.offset !== undefined && c.range.end.offset !== undefined) out.push([c.range.start.offset, c.range.end.offset]);
  else {
    // HTML comments of a reference or fragment (notes, directives), found by their markers: one pass, however many open.
    for (let at = text.indexOf('<!--'); at >= 0; ) {
      const end = text.indexOf('-->', at + 4);
      if (end < 0) break;
      out.push([at, end + 3]);
      at = text.indexOf('<!--', end + 3);
    }
  }
  return { skip: out, listings };
}

/** Words that make a whole list or paragraph illustrative, when its lead-in says so (`**Example analysis**:`). */
const EXAMPLE_LEAD = /\b(?:e\.g|for example|for instance|examples?|illustrat\w*|hypothetical|sample)\b/i;

/** How far around a mention its line and paragraph are read: a hostile 1 MB line must not make each mention cost O(n). */
const WINDOW = 400;
const MAX_LEAD_LINES = 40;

/** The start of the line holding `pos`, looked for at most WINDOW characters back (the window's start if none). */
function lineStart(text: string, pos: number): number {
  const floor = Math.max(0, pos - WINDOW);
  const i = text.slice(floor, pos).lastIndexOf('\n');
  return i < 0 ? floor : floor + i + 1;
}

/** The line holding [from, to), clipped to WINDOW characters either side. */
function lineAround(text: string, from: number, to: number): { start: number; text: string } {
  const start = lineStart(text, from);
  const after = text.slice(to, to + WINDOW);
  const nl = after.indexOf('\n');
  return { start, text: text.slice(start, nl < 0 ? to + after.length : to + nl) };
}

/** True when the word at [start, end) is a link destination (`](x)`, `](<x>)`, `[label]: x`) or a link's own text. */
function isLinkTarget(text: string, start: number, end = start): boolean {
  if (/\]\(<?$/.test(text.slice(Math.max(0, start - 3), start))) return true;
  // The text of a link that names its own target (`` [`x.md`](x.md) ``): the link is links/broken's.
  if (/^`?\]\(/.test(text.slice(end, end + 3))) return true;
  const line = lineAround(text, start, start);
  return /^[ \t]*\[[^\]\n]+\]:[ \t]*<?$/.test(text.slice(line.start, start));
}

/**
 * A verb or command right before the path that sends the agent to it: "Read `references/x.md`",
 * "see", "load", "consult", "details in", "run `python scripts/x.py`", `bash scripts/x.sh`.
 * A path merely listed (a table of another project's files, a path in passing) is not one.
 */
const DIRECTED =
  /\b(?:read|reads|reading|see|load|open|consult|follow|check|review|refer to|use|using|run|runs|execute|exec|source|call|invoke|apply|import|in|from|at|cat|less|python3?|bash|sh|zsh|node|bun|deno|tsx|npx|ruby|perl|pwsh)[ \t]*[`'"(]*$/i;

function isDirected(text: string, m: Mention): boolean {
  return DIRECTED.test(text.slice(Math.max(lineStart(text, m.start), m.start - 80), m.start));
}

/**
 * True when the line (or its paragraph's lead-in) makes the path something to create, an output or
 * an example. For the head of an item in a listing of the skill's files, the rest of the item
 * describes the file: a description may call it a template (`listed`), and a script's may say what
 * it generates (`listedScript`).
 */
function isNotShipped(text: string, m: Mention, listed: boolean, listedScript: boolean): boolean {
  const line = lineAround(text, m.start, m.end);
  const words = withoutAddresses(line.text);
  if ((!listedScript && MADE_NOT_SHIPPED.test(words)) || (!listed && ILLUSTRATION.test(words)) || OUTPUT_FLAG.test(text.slice(line.start, m.start))) return true;
  // The block's lead-in: the first line of the paragraph or list, or the line ending in `:` just before it.
  let start = lineStart(text, m.start);
  for (let k = 0; start > 0 && text[start - 1] === '\n' && k < MAX_LEAD_LINES; k++) {
    const prev = lineStart(text, start - 1);
    if (text.slice(prev, start - 1).trim() === '') break;
    start = prev;
  }
  const lead = withoutAddresses(lineAround(text, start, start).text);
  if (EXAMPLE_LEAD.test(lead) && !lead.trimStart().startsWith('|')) return true;
  let before = start - 1;
  for (let k = 0; before > 0 && k < WINDOW && /\s/.test(text[before - 1]!); k++) before--;
  const prevLine = withoutAddresses(lineAround(text, before, before).text);
  return prevLine.trimEnd().endsWith(':') && EXAMPLE_LEAD.test(prevLine);
}

/** Why a mention names a missing file of the skill (with what to write instead), or undefined. */
function check(
  m: Mention,
  source: TextSource,
  index: SkillIndex,
  scope: ReturnType<typeof scopeOf>,
  exists: (rel: string) => boolean,
  how: { listed: boolean; interpreter: boolean },
): { rel: string; expected: string; certain?: boolean } | undefined {
  const p = m.path;
  // URLs, absolute and home paths, globs, packages, emails, variables: not a file of the skill.
  if (/^[a-z][a-z0-9+.-]*:/i.test(p) || p.startsWith('/') || p.startsWith('~') || p.startsWith('//') || /[*?{}[\]@]/.test(p.replace(/^\$?\{[^}]*\}/, ''))) return undefined;
  const placeholder = splitPlaceholder(p);
  if (!placeholder && p.includes('$')) return undefined;
  if (!isFileName(p)) return how.interpreter ? checkRunWithoutExtension(p, placeholder, index, scope, exists) : undefined;
  const written = (placeholder ? placeholder.rest : p).split('/');
  if (written.some((seg) => ILLUSTRATIVE.test(seg.replace(/\.[^.]*$/, '')))) return undefined;
  const place = locate(scope, '', p);
  if (place.where === 'plugin') {
    // Only a path written from the skill outwards (`../`, `${CLAUDE_PLUGIN_ROOT}/`) is meant as one.
    if (!placeholder && !p.startsWith('../')) return undefined;
    if (source.from && !placeholder) {
      const own = locate(scope, source.from, p);
      if (own.where === 'skill' && (index.files.has(own.rel) || index.dirs.has(own.rel))) return undefined;
    }
    // A folder that is not there either makes the path an illustration (`../corpus/<date>.md`), not a pointer.
    if (!checkable(scope, place.rel) || exists(place.rel) || !exists(path.posix.dirname(place.rel))) return undefined;
    return { rel: place.rel, expected: 'an existing file of the plugin', certain: !!placeholder };
  }
  if (place.where !== 'skill') return undefined;
  const rel = place.rel;
  if (index.files.has(rel) || index.dirs.has(rel)) return undefined;
  // Names in a reference may be written from its own folder.
  if (source.from && !placeholder) {
    const own = locate(scope, source.from, p);
    if (own.where !== 'skill' || index.files.has(own.rel) || index.dirs.has(own.rel)) return undefined;
  }
  const segments = rel.split('/');
  const variant = index.lower.get(rel.toLowerCase());
  // A case-only mismatch names the skill's own file for sure.
  if (variant) return { rel, expected: `\`${show(variant, 60)}\` (paths are case-sensitive on most hosts)`, certain: true };
  if (segments.length === 1) return undefined; // a bare name is only checked for its letter case
  if (scope.inPlugin && !placeholder) {
    // In a plugin, `references/x.md` may be the plugin's own shared folder: checked there when the plugin is known,
    // not judged when it is not (only part of it is here) and the skill has no such folder.
    const atRoot = `${scope.inPlugin.split('/').map(() => '..').join('/')}/${rel}`;
    if (scope.pluginKnown ? exists(atRoot) : !index.dirs.has(segments[0]!)) return undefined;
  }
  // Anchored to the skill: written with a skill placeholder, or under a folder the skill has (or references/),
  // or listed among the skill's own files under a folder skills ship (`templates/`, never written).
  if (!placeholder && !index.dirs.has(segments[0]!) && !SKILL_FOLDERS.has(segments[0]!) && !(how.listed && LISTED_FOLDERS.has(segments[0]!))) {
    const folder = index.lower.get(segments[0]!.toLowerCase());
    if (!folder || !index.dirs.has(folder)) return undefined;
  }
  if (exists(rel)) return undefined; // the listing is capped; the disk has the last word
  if (strayedTo(place, exists)) return undefined; // there, above the skill: links/escape's
  const near = nearFile(rel, index);
  return { rel, expected: near ? `an existing file (did you mean \`${show(near, 60)}\`?)` : 'an existing file', certain: !!placeholder };
}

const stems = new WeakMap<SkillIndex, Map<string, string[]>>();
/** Bundled files by their path without the extension (`scripts/check_fields` -> `scripts/check_fields.py`), built once per skill. */
function byStem(index: SkillIndex): Map<string, string[]> {
  let map = stems.get(index);
  if (map) return map;
  map = new Map();
  for (const f of index.files.keys()) {
    const stem = f.replace(/\.[^./]*$/, '');
    if (stem === f) continue;
    const list = map.get(stem);
    if (list) list.push(f);
    else map.set(stem, [f]);
  }
  stems.set(index, map);
  return map;
}

/**
 * A path run by an interpreter without the extension its file has (`python scripts/check_fields` for
 * `scripts/check_fields.py`): the command fails as written. Only under a folder the skill has, and
 * named with the file the author meant when one file of the folder has that name.
 */
function checkRunWithoutExtension(
  p: string,
  placeholder: ReturnType<typeof splitPlaceholder>,
  index: SkillIndex,
  scope: ReturnType<typeof scopeOf>,
  exists: (rel: string) => boolean,
): { rel: string; expected: string; certain?: boolean } | undefined {
  if (!p.includes('/') || p.slice(p.lastIndexOf('/') + 1).includes('.')) return undefined; // no extension: a dot in the last segment
  const written = (placeholder ? placeholder.rest : p).split('/');
  if (written.some((seg) => ILLUSTRATIVE.test(seg))) return undefined;
  const place = locate(scope, '', p);
  if (place.where !== 'skill') return undefined;
  const rel = place.rel;
  const segments = rel.split('/');
  if (segments.length < 2 || !index.dirs.has(segments[0]!) || index.files.has(rel) || index.dirs.has(rel) || exists(rel)) return undefined;
  const same = byStem(index).get(rel) ?? [];
  return { rel, expected: same.length === 1 ? `an existing file (did you mean \`${show(same[0]!, 60)}\`?)` : 'an existing file', certain: true };
}
