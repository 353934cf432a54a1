import fs from 'node:fs';
import path from 'node:path';
import GithubSlugger from 'github-slugger';
import type { Nodes, Root, RootContent } from 'mdast';
import { toString } from 'mdast-util-to-string';
import type { Range } from '../model/diagnostic.js';
import type { BundledFile, BundleReader, CodeFence, Directive, Heading, HtmlComment, InlineCode, Link, ReadProblem, Section, Skill } from '../model/skill.js';
import { type LineIndex, textFile, type TextFile } from '../model/text.js';
import { bundleReader, type ByteSource, decodeText, listBundle, readRegularFile } from './bundle.js';
import { commentsIn, parseDirective } from './directives.js';
import { parseFrontmatter, scanFence } from './frontmatter.js';
import { LIMITS } from './limits.js';
import { markdownOverLimit, parseMarkdown } from './markdown.js';
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
  let tree: Root;
  skill.work.charge(text.length);
  try {
    tree = parseMarkdown(shift ? text.slice(1) : text);
  } catch (error) {
    skill.readProblem = { kind: 'parse', message: `Cannot parse Markdown: ${error instanceof Error ? error.message : String(error)}` };
    return skill;
  }
  collect(tree, skill, file.lines, shift);
  return skill;
}

function rangeOf(node: Nodes, lines: LineIndex, shift: number): Range {
  const p = node.position!;
  return lines.range((p.start.offset ?? 0) + shift, (p.end.offset ?? 0) + shift);
}

/** Walks the tree once, filling the model. Iterative, so depth costs no stack. */
function collect(tree: Root, skill: Skill, lines: LineIndex, shift: number): void {
  const slugger = new GithubSlugger();
  const stack: Nodes[] = [tree];
  while (stack.length) {
    const node = stack.pop()!;
    switch (node.type) {
      case 'heading': {
        const text = toString(node, { includeHtml: false }).trim();
        skill.headings.push({ depth: node.depth, text, slug: slugger.slug(text), range: rangeOf(node, lines, shift) });
        break;
      }
      case 'link':
        skill.links.push({ kind: 'link', url: node.url, text: toString(node), range: rangeOf(node, lines, shift) });
        break;
      case 'image':
        skill.links.push({ kind: 'image', url: node.url, text: node.alt ?? '', range: rangeOf(node, lines, shift) });
        break;
      case 'definition':
        skill.links.push({ kind: 'definition', url: node.url, text: node.label ?? '', range: rangeOf(node, lines, shift) });
        break;
      case 'code': {
        const range = rangeOf(node, lines, shift);
        const fenced = /^(`{3,}|~{3,})/.test(lines.lineText(range.start.line).trimStart());
        if (fenced) skill.codeFences.push({ lang: node.lang ?? undefined, meta: node.meta ?? undefined, value: node.value, range, valueLine: range.start.line + 1 });
        break;
      }
      case 'inlineCode':
        skill.inlineCode.push({ value: node.value, range: rangeOf(node, lines, shift) });
        break;
      case 'html': {
        const base = (node.position!.start.offset ?? 0) + shift;
        for (const c of commentsIn(node.value)) {
          const comment: HtmlComment = { text: c.text.trim(), range: lines.range(base + c.start, base + c.end) };
          skill.comments.push(comment);
          const d = parseDirective(c.text, comment.range);
          if (d) skill.directives.push(d);
        }
        break;
      }
    }
    if ('children' in node) {
      const children = node.children as Nodes[];
      for (let i = children.length - 1; i >= 0; i--) stack.push(children[i]!);
    }
  }
  skill.headings.sort((a, b) => a.range.start.offset! - b.range.start.offset!);
  skill.sections = buildSections(tree.children, skill.headings, lines, shift);
}

/** Nests headings into sections and marks the ones with no content of their own. */
function buildSections(blocks: RootContent[], headings: Heading[], lines: LineIndex, shift: number): Section[] {
  const byOffset = new Map(headings.map((h) => [h.range.start.offset!, h]));
  const flat: { section: Section; lastEnd: number }[] = [];
  const roots: Section[] = [];
  const open: Section[] = [];
  let current: { section: Section; lastEnd: number } | undefined;
  for (const block of blocks) {
    if (block.type === 'yaml') continue;
    const start = (block.position?.start.offset ?? 0) + shift;
    const end = (block.position?.end.offset ?? 0) + shift;
    const heading = block.type === 'heading' ? byOffset.get(start) : undefined;
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
    const shift = file.text.charCodeAt(0) === 0xfeff ? 1 : 0;
    collect(parseMarkdown(shift ? file.text.slice(1) : file.text), skill, file.lines, shift);
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
