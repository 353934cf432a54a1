import type { Document } from 'yaml';
import type { Range } from './diagnostic.js';
import type { TextFile } from './text.js';
import type { WorkMeter } from './work.js';

/** Why the file could not be read or parsed as text (reported by the `file/*` rules). */
export interface ReadProblem {
  kind: 'unreadable' | 'not-a-file' | 'too-large' | 'binary' | 'encoding' | 'parse' | 'budget';
  message: string;
  range?: Range;
}

/** A YAML problem with its position in the SKILL.md (not in the frontmatter block). */
export interface YamlIssue {
  code: string;
  message: string;
  range: Range;
}

export type ScalarStyle = 'plain' | 'single' | 'double' | 'block' | 'flow' | 'other';

/** One top-level frontmatter key with where its key and value sit in the SKILL.md. */
export interface FrontmatterField {
  key: string;
  value: unknown;
  keyRange: Range;
  /** Range of the value; equals keyRange's end when the value is empty. */
  valueRange: Range;
  /** Offsets of the value in the SKILL.md, for fixes. */
  valueOffsets: [number, number];
  /** How the value was written: plain, quoted, block scalar, or a flow/block collection. */
  style: ScalarStyle;
  /** For a collection value: its nested fields (for `metadata`, `skillc`, ...). */
  children?: FrontmatterField[];
}

export interface Frontmatter {
  /** Range of the whole block, fences included. */
  range: Range;
  /** The YAML between the fences. */
  raw: string;
  /** Offset of `raw` in the SKILL.md. */
  rawOffset: number;
  /** The parsed document, for rules that need YAML nodes. */
  document: Document.Parsed;
  /** The value as JavaScript; undefined when the YAML has errors. */
  data: unknown;
  /** Top-level fields when the document is a mapping. */
  fields: FrontmatterField[];
  errors: YamlIssue[];
  warnings: YamlIssue[];
}

/** What is wrong with the frontmatter fence itself (reported by `frontmatter/missing`). */
export interface FrontmatterFenceProblem {
  kind: 'absent' | 'bom' | 'leading-blank' | 'unclosed';
  range: Range;
}

export interface Heading {
  depth: number;
  text: string;
  slug: string;
  range: Range;
}

export interface Section {
  heading: Heading;
  /** From the heading to the line before the next heading of the same or a higher level. */
  range: Range;
  /** True when no content (other than sub-headings' sections) follows the heading. */
  empty: boolean;
  children: Section[];
}

export interface Link {
  kind: 'link' | 'image' | 'definition';
  url: string;
  /** The link text (empty for images and definitions). */
  text: string;
  range: Range;
}

export interface CodeFence {
  lang: string | undefined;
  meta: string | undefined;
  value: string;
  range: Range;
  /** 1-based line of the first line of `value`. */
  valueLine: number;
}

export interface InlineCode {
  value: string;
  range: Range;
}

export interface HtmlComment {
  /** The text between `<!--` and `-->`, trimmed. */
  text: string;
  range: Range;
}

export type Directive =
  | { kind: 'include'; path: string; range: Range }
  | { kind: 'host-open'; hosts: string[]; range: Range }
  /** `hosts` when the close names its list (`<!-- /host: a, b -->`): it must name the opener's hosts. */
  | { kind: 'host-close'; hosts?: string[]; range: Range }
  | { kind: 'generated-open'; name: string; range: Range }
  | { kind: 'generated-close'; range: Range }
  | { kind: 'disable' | 'enable' | 'disable-next-line' | 'disable-line'; rules: string[]; range: Range; /** The text after ` -- `. */ reason?: string };

export type BundledKind = 'file' | 'directory' | 'symlink' | 'other';

/** A file or folder inside the skill folder other than SKILL.md. */
export interface BundledFile {
  /** Path relative to the skill folder, with `/`. */
  relPath: string;
  /** Absolute path. */
  path: string;
  kind: BundledKind;
  size: number;
  executable: boolean;
  /** For a symlink: its resolved real path, or undefined when it dangles or loops. */
  symlinkTarget?: string;
  /** For a symlink: true when its target lies outside the skill folder. */
  escapes?: boolean;
  /** For a symlink: true when it loops (ELOOP) or points at a folder that contains it. */
  loop?: boolean;
}

/** Text of bundled files, read on demand by the parse stage (rules never touch the disk). */
export interface BundleReader {
  /** The text of a bundled regular file, or undefined when missing, binary or too large. */
  text(relPath: string): TextFile | undefined;
  /** The headings of a bundled Markdown file, for anchor checks. */
  headings(relPath: string): Heading[] | undefined;
  /** The links, images and definitions of a bundled Markdown file, for link checks. */
  links(relPath: string): Link[] | undefined;
  /** The fenced code blocks of a bundled Markdown file, for rules that read prose and code differently. */
  codeFences(relPath: string): CodeFence[] | undefined;
  /** The skillc directives (includes, host blocks, generated regions) of a bundled Markdown file. */
  directives(relPath: string): Directive[] | undefined;
  /** True when a path (relative to the skill folder, may contain `..`) exists on disk. A plain function: rules pass it around. */
  exists: (relPath: string) => boolean;
}

export interface Skill {
  /** Absolute path of the skill folder. */
  dir: string;
  /** The folder's own name. */
  dirName: string;
  /** The SKILL.md. */
  file: TextFile;
  readProblem?: ReadProblem;
  frontmatter?: Frontmatter;
  fenceProblem?: FrontmatterFenceProblem;
  /** `name` when it is a string. */
  name?: string;
  /** `description` when it is a string. */
  description?: string;
  /** The compile-time `skillc:` block when it is a mapping. */
  skillc?: Record<string, unknown>;
  /** Offset where the body (after the frontmatter) starts. */
  bodyOffset: number;
  headings: Heading[];
  /** Section tree: the top-level sections, each with its children. */
  sections: Section[];
  links: Link[];
  codeFences: CodeFence[];
  inlineCode: InlineCode[];
  comments: HtmlComment[];
  directives: Directive[];
  /** Files and folders in the skill folder, SKILL.md excluded, sorted by path. */
  bundled: BundledFile[];
  bundle: BundleReader;
  /** The work done on it so far, and its budget (model/work.ts); set by the parse stage. */
  work?: WorkMeter;
}
