import fs from 'node:fs';
import path from 'node:path';
import GithubSlugger from 'github-slugger';
import type { Range } from '../model/diagnostic.js';
import type { BundledFile, BundleReader, CodeFence, Directive, Heading, HtmlComment, InlineCode, Link, ReadProblem, Section, Skill } from '../model/skill.js';
import { type LineIndex, textFile, type TextFile } from '../model/text.js';
import { bundleReader, type ByteSource, decodeText, listBundle, readRegularFile } from './bundle.js';
import { commentsIn, parseDirective } from './directives.js';
import { parseFrontmatter, scanFence } from './frontmatter.js';
import { LIMITS } from './limits.js';
import { markdownOverLimit } from './markdown.js';
import { markdownOutline, type OutlineBlock } from './outline.js';
import { WORK_BASE, WORK_PER_BYTE, WorkMeter } from '../model/work.js';

export interface ParseInput {
  /** Absolute path of the skill folder. */
  dir: string;
  /** Text of its SKILL.md. */
  text: string;
  /** Set when the file could not be read as text; parsing then stops short. */
  readProblem?: ReadProblem;
  bundled?: BundledFile[];
  bundle?: BundleReader;
}

export interface ReadSkillOptions {
  /** Wraps the bundle reader rules read through (the lint cache tracks what they read). */
  wrapBundle?: (reader: BundleReader) => BundleReader;
  /** Where bundled files' bytes come from (default the disk); the cache hashes what this served. */
  source?: ByteSource;
  /** Called with the SKILL.md bytes the parse got, so whoever hashes them hashes what was parsed. */
  onBytes?: (bytes: Buffer) => void;
}

/** Reads and parses one skill folder. Never throws: problems land in `readProblem`. */
export function readSkill(dir: string, options: ReadSkillOptions = {}): Skill {
  const abs = path.resolve(dir);
  const file = path.join(abs, 'SKILL.md');
  let text = '';
  let readProblem: ReadProblem | undefined;
  // The one reader (parse/bundle.ts): a SKILL.md that is a link out of its skill is never read.
  let real: string;
  try {
    real = fs.realpathSync.native(abs);
  } catch {
    real = abs;
  }
  const read = readRegularFile(file, LIMITS.maxFileBytes, { within: real, realDirs: new Map([[abs, real]]) });
  if ('bytes' in read) {
    options.onBytes?.(read.bytes);
    const decoded = decodeText(read.bytes);
    text = decoded.text;
    if (decoded.problem === 'binary') {
      readProblem = { kind: 'binary', message: 'Unexpected NUL byte: SKILL.md looks binary, expected UTF-8 text' };
      text = '';
    } else if (decoded.problem === 'encoding') {
      readProblem = { kind: 'encoding', message: 'Unexpected invalid UTF-8, expected UTF-8 text (hosts may drop or mangle the skill)' };
    }
  } else if (read.problem === 'symlink') {
    readProblem = { kind: 'not-a-file', message: 'Unexpected SKILL.md that is a symbolic link to outside the skill folder, expected a regular file (skillc does not read through it)' };
  } else if (read.problem === 'not-a-file') {
    readProblem = { kind: 'not-a-file', message: 'Unexpected SKILL.md that is not a regular file' };
  } else if (read.problem === 'too-large') {
    readProblem = { kind: 'too-large', message: `Unexpected SKILL.md of ${read.size} bytes, expected at most ${LIMITS.maxFileBytes}` };
  } else {
    readProblem = { kind: 'unreadable', message: `Cannot read SKILL.md (${read.code ?? 'EIO'})` };
  }
  const input: ParseInput = { dir: abs, text };
  if (readProblem) input.readProblem = readProblem;
  if (options.wrapBundle || options.source) {
    const reader = bundleReader(abs, outlineOfFile, options.source);
    input.bundle = options.wrapBundle ? options.wrapBundle(reader) : reader;
  }
  return parseSkill(input);
}

/**
 * Parses a skill whose SKILL.md bytes come from a tree that is not the disk (the git index,
 * memory), with the read problems `readSkill` reports for the same bytes.
 */
export function parseSkillBytes(dir: string, bytes: Buffer, bundled: BundledFile[], bundle: BundleReader): Skill {
  const decoded = decodeText(bytes);
  const input: ParseInput = { dir, text: decoded.problem === 'binary' ? '' : decoded.text, bundled, bundle };
  if (bytes.length > LIMITS.maxFileBytes) input.readProblem = { kind: 'too-large', message: `Unexpected SKILL.md of ${bytes.length} bytes, expected at most ${LIMITS.maxFileBytes}` };
  else if (decoded.problem === 'binary') input.readProblem = { kind: 'binary', message: 'Unexpected NUL byte: SKILL.md looks binary, expected UTF-8 text' };
  else if (decoded.problem === 'encoding') input.readProblem = { kind: 'encoding', message: 'Unexpected invalid UTF-8, expected UTF-8 text (hosts may drop or mangle the skill)' };
  return parseSkill(input);
}

/** A model with nothing collected yet; the parse fills it in. */
function emptySkill(dir: string, file: TextFile, bundled: BundledFile[], bundle: BundleReader): Skill {
  return { dir, dirName: path.basename(dir), file, bodyOffset: 0, headings: [], sections: [], links: [], codeFences: [], inlineCode: [], comments: [], directives: [], bundled, bundle };
}

/** Builds the typed model of one skill from its SKILL.md text. Pure apart from lazy bundle reads. */
export function parseSkill(input: ParseInput): Skill {
  const { dir, text } = input;
  const skill = emptySkill(dir, textFile(path.join(dir, 'SKILL.md'), text), input.bundled ?? listBundle(dir), input.bundle ?? bundleReader(dir, outlineOfFile));
  const file = skill.file;
  // The skill's work budget: a share per byte of everything its rules may read (model/work.ts).
  let bytes = text.length;
  for (const b of skill.bundled) if (b.kind === 'file' && b.size <= LIMITS.maxBundledTextBytes) bytes += b.size;
  skill.work = new WorkMeter(WORK_BASE + WORK_PER_BYTE * Math.min(bytes, text.length + LIMITS.maxSkillTextBytes));
  if (input.readProblem) skill.readProblem = input.readProblem;
  if (input.readProblem && input.readProblem.kind !== 'encoding') return skill;

  const scan = scanFence(text, file.lines);
  if (scan.problem) skill.fenceProblem = scan.problem;
  const fm = parseFrontmatter(text, file.lines, scan);
  if (fm) {
    skill.frontmatter = fm;
    skill.bodyOffset = scan.raw!.blockEnd;
    const data = fm.data;
    if (data && typeof data === 'object' && !Array.isArray(data)) {
      const d = data as Record<string, unknown>;
      if (typeof d.name === 'string') skill.name = d.name;
      if (typeof d.description === 'string') skill.description = d.description;
      const sk = d.skillc;
      if (sk && typeof sk === 'object' && !Array.isArray(sk)) skill.skillc = sk as Record<string, unknown>;
    }
  }

  const over = markdownOverLimit(text);
  if (over) {
    skill.readProblem = { kind: 'parse', message: `Unexpected ${over}; the Markdown body was not parsed` };
    return skill;
  }
  // The BOM is stripped by micromark; parse without it and shift offsets back.
  const shift = text.charCodeAt(0) === 0xfeff ? 1 : 0;
  // The parse reads every byte once: it is charged to the skill's work meter like any rule (model/work.ts).
  skill.work.charge(text.length);
  try {
    collect(text, skill, file.lines, shift);
  } catch (error) {
    // The outline is made whole before the model is filled: a failed parse leaves nothing half-collected.
    skill.readProblem = { kind: 'parse', message: `Cannot parse Markdown: ${error instanceof Error ? error.message : String(error)}` };
  }
  return skill;
}

/**
 * Fills the model's Markdown parts from the outline of its text (`shift`: a BOM stripped before
 * the parse, added back to every offset). Throws only when the parser fails.
 */
function collect(text: string, skill: Skill, lines: LineIndex, shift: number): void {
  const outline = markdownOutline(shift ? text.slice(1) : text);
  const range = (start: number, end: number): Range => lines.range(start + shift, end + shift);
  const slugger = new GithubSlugger();
  for (const h of outline.headings) {
    const text = h.text.trim();
    skill.headings.push({ depth: h.depth, text, slug: slugger.slug(text), range: range(h.start, h.end) });
  }
  for (const l of outline.links) skill.links.push({ kind: l.kind, url: l.url, text: l.text, range: range(l.start, l.end) });
  for (const c of outline.code) {
    const r = range(c.start, c.end);
    // Fenced as the line shows it: an indented block whose first line is a fence marker counts, a fence after a list marker does not.
    if (!/^(`{3,}|~{3,})/.test(lines.lineText(r.start.line).trimStart())) continue;
    skill.codeFences.push({ lang: c.lang, meta: c.meta, value: c.value, range: r, valueLine: r.start.line + 1 });
  }
  for (const c of outline.inlineCode) skill.inlineCode.push({ value: c.value, range: range(c.start, c.end) });
  for (const node of outline.html) {
    const base = node.start + shift;
    for (const c of commentsIn(node.value)) {
      const comment: HtmlComment = { text: c.text.trim(), range: lines.range(base + c.start, base + c.end) };
      skill.comments.push(comment);
      const d = parseDirective(c.text, comment.range);
      if (d) skill.directives.push(d);
    }
  }
  skill.sections = buildSections(outline.blocks, skill.headings, lines, shift);
}

/** Nests headings into sections and marks the ones with no content of their own. */
function buildSections(blocks: readonly OutlineBlock[], headings: Heading[], lines: LineIndex, shift: number): Section[] {
  const byOffset = new Map(headings.map((h) => [h.range.start.offset!, h]));
  const flat: { section: Section; lastEnd: number }[] = [];
  const roots: Section[] = [];
  const open: Section[] = [];
  let current: { section: Section; lastEnd: number } | undefined;
  for (const block of blocks) {
    const start = block.start + shift;
    const end = block.end + shift;
    const heading = block.heading ? byOffset.get(start) : undefined;
    if (heading) {
      const section: Section = { heading, range: heading.range, empty: true, children: [] };
      while (open.length && open[open.length - 1]!.heading.depth >= heading.depth) open.pop();
      const parent = open[open.length - 1];
      if (parent) parent.children.push(section);
      else roots.push(section);
      open.push(section);
      current = { section, lastEnd: end };
      flat.push(current);
    } else if (current) {
      current.section.empty = false;
      current.lastEnd = end;
    }
  }
  // A section runs to the end of the last block before the next heading of its level or higher.
  for (let i = 0; i < flat.length; i++) {
    const { section } = flat[i]!;
    let endOffset = flat[i]!.lastEnd;
    for (let j = i + 1; j < flat.length; j++) {
      if (flat[j]!.section.heading.depth <= section.heading.depth) break;
      endOffset = flat[j]!.lastEnd;
    }
    section.range = lines.range(section.heading.range.start.offset!, endOffset);
    if (section.children.length) section.empty = false;
  }
  return roots;
}

/** The parts of a Markdown fragment (an included file, a reference) that transforms and rules need. */
export interface Fragment {
  headings: Heading[];
  links: Link[];
  directives: Directive[];
  codeFences: CodeFence[];
  inlineCode: InlineCode[];
  comments: HtmlComment[];
}

/** Parses a Markdown file that is not a SKILL.md: its headings, links and directives. */
export function parseFragment(file: TextFile): Fragment {
  const skill = emptySkill(path.dirname(file.path), file, [], { text: () => undefined, headings: () => undefined, links: () => undefined, codeFences: () => undefined, directives: () => undefined, exists: () => false });
  if (markdownOverLimit(file.text)) return skill;
  try {
    collect(file.text, skill, file.lines, file.text.charCodeAt(0) === 0xfeff ? 1 : 0);
  } catch {
    return { headings: [], links: [], directives: [], codeFences: [], inlineCode: [], comments: [] };
  }
  return { headings: skill.headings, links: skill.links, directives: skill.directives, codeFences: skill.codeFences, inlineCode: skill.inlineCode, comments: skill.comments };
}

/** Headings of a bundled Markdown file, for anchor checks. */
export function headingsOfFile(file: TextFile): Heading[] {
  return parseFragment(file).headings;
}

/** Headings, links, code fences and directives of a bundled Markdown file (what a bundle reader hands rules), from one parse. */
export function outlineOfFile(file: TextFile): Fragment {
  return parseFragment(file);
}

export type { Directive, InlineCode, Link, CodeFence };
