// What a Markdown text holds that rules read (headings, links, code, code spans, HTML, the
// top-level blocks), gathered in one walk over micromark's events, without building an mdast.
//
// remark-parse builds the mdast with mdast-util-from-markdown, which spends about a third of
// the parse (and most of its garbage: a tree node, a position object and a context copy per
// event) on a tree the model then throws away (issue #30). This walk reads the same events and
// keeps only what `parseSkill` collects, with from-markdown's own rules for what ends up where:
// a text's value is the events' source slice, character escapes and references decoded; line
// endings count only inside headings, paragraphs, emphasis and buffered strings; a link or image
// followed by no resource is a reference (even when the flag was set by an earlier label, as
// from-markdown keeps it); whatever sits inside an image's label is folded into its alt text and
// is not in the tree. `test/parse/outline.test.ts` checks the model against the mdast walk it
// replaced, on the fixture corpora and on generated Markdown.
import { decodeNamedCharacterReference } from 'decode-named-character-reference';
import { decodeNumericCharacterReference } from 'micromark-util-decode-numeric-character-reference';
import { markdownEvents, type MarkdownEvent } from './markdown.js';

export interface OutlineHeading {
  depth: number;
  /** The heading's text without HTML (mdast-util-to-string with `includeHtml: false`), untrimmed. */
  text: string;
  start: number;
  end: number;
}

export interface OutlineLink {
  kind: 'link' | 'image' | 'definition';
  url: string;
  text: string;
  start: number;
  end: number;
}

export interface OutlineCode {
  /** An indented block: kept only when its first line starts with a fence marker (as the model keeps mdast code nodes). */
  indented: boolean;
  lang: string | undefined;
  meta: string | undefined;
  value: string;
  start: number;
  end: number;
}

export interface OutlineSpan {
  value: string;
  start: number;
  end: number;
}

export interface OutlineBlock {
  heading: boolean;
  start: number;
  end: number;
}

/** Offsets are into the parsed text (after a stripped BOM). Every list is in document order. */
export interface MarkdownOutline {
  headings: OutlineHeading[];
  links: OutlineLink[];
  code: OutlineCode[];
  inlineCode: OutlineSpan[];
  /** HTML nodes (flow and inline), for comments and directives. */
  html: OutlineSpan[];
  /** The document's top-level blocks other than the frontmatter, for sections. */
  blocks: OutlineBlock[];
}

const enum Kind {
  Root,
  Other,
  Heading,
  Link,
  Image,
  Definition,
  Code,
  InlineCode,
  Html,
  Fragment,
  Break,
}

/** Token types that open a node, and its kind. */
const NODE: Record<string, Kind> = {
  autolink: Kind.Link,
  atxHeading: Kind.Heading,
  blockQuote: Kind.Other,
  codeFenced: Kind.Code,
  codeIndented: Kind.Code,
  codeText: Kind.InlineCode,
  definition: Kind.Definition,
  emphasis: Kind.Other,
  hardBreakEscape: Kind.Break,
  hardBreakTrailing: Kind.Break,
  htmlFlow: Kind.Html,
  htmlText: Kind.Html,
  image: Kind.Image,
  link: Kind.Link,
  listOrdered: Kind.Other,
  listUnordered: Kind.Other,
  paragraph: Kind.Other,
  setextHeading: Kind.Heading,
  strong: Kind.Other,
  thematicBreak: Kind.Other,
  yaml: Kind.Other,
};

/** Nodes whose value is a buffered string (from-markdown's `opener(node, buffer)`). */
const BUFFERED = new Set(['codeIndented', 'codeText', 'htmlFlow', 'htmlText']);

/** Token types that buffer a string (from-markdown's `buffer`). */
const FRAGMENT = new Set([
  'codeFencedFenceInfo',
  'codeFencedFenceMeta',
  'definitionDestinationString',
  'definitionLabelString',
  'definitionTitleString',
  'label',
  'referenceString',
  'resourceDestinationString',
  'resourceTitleString',
]);

/** Token types whose slice is text (from-markdown's `onexitdata`). */
const DATA = new Set(['data', 'characterEscapeValue', 'codeFlowValue', 'codeTextData', 'htmlFlowData', 'htmlTextData']);

interface Frame {
  kind: Kind;
  /** The text of the node so far, as mdast-util-to-string gives it (HTML included)... */
  s: string;
  /** ...and without HTML (what a heading's text is). */
  h: string;
  /** Whether anything reads this frame's text (a heading, a link, a buffer, or inside one). */
  keep: boolean;
  /** An open block at the root, as `blocks` records it. */
  block?: OutlineBlock;
  depth: number;
  start: number;
  /** The link or image entry, once reserved (document order is the order nodes open). */
  link?: OutlineLink & { dead?: boolean };
  url: string;
  label: string | undefined;
  lang: string | undefined;
  meta: string | undefined;
  /** A label buffer of an image: the nodes inside it are not in the tree. */
  imageLabel: boolean;
}

/** Kinds whose line endings are text (from-markdown's `canContainEols`; `paragraph` and `emphasis`/`strong` are Other here but only count when kept). */
const EOLS = new Set(['emphasis', 'heading', 'paragraph', 'strong']);

function frame(kind: Kind, keep: boolean, start: number): Frame {
  return { kind, s: '', h: '', keep, depth: 0, start, url: '', label: undefined, lang: undefined, meta: undefined, imageLabel: false };
}

/** The outline of a Markdown text (no BOM: the caller strips it and shifts offsets). Throws only on a parser failure. */
export function markdownOutline(text: string): MarkdownOutline {
  const events = markdownEvents(text);
  const out: MarkdownOutline = { headings: [], links: [], code: [], inlineCode: [], html: [], blocks: [] };
  // A token's text: the source slice, unless the text has tabs (micromark serializes the
  // virtual spaces of a split tab as spaces) or NULs (replaced by U+FFFD).
  const plain = text.indexOf('\t') < 0 && text.indexOf('\0') < 0;
  const root = frame(Kind.Root, false, 0);
  const stack: Frame[] = [root];
  /** The token type that opened each frame, for line endings' `canContainEols`. */
  const types: string[] = ['root'];
  let top = root;
  let imageLabels = 0;
  let deadLinks = 0;
  // from-markdown's `data` flags, kept as it keeps them.
  let atHardBreak = false;
  let slurpLineEnding = false;
  let inReference = false;
  let flowCodeInside = false;
  let charRefType: string | undefined;

  const push = (f: Frame, type: string): void => {
    stack.push(f);
    types.push(type);
    top = f;
  };
  const pop = (): Frame => {
    const f = stack.pop()!;
    types.pop();
    top = stack[stack.length - 1]!;
    if (f.imageLabel) imageLabels--;
    return f;
  };
  const append = (value: string): void => {
    if (!top.keep) return;
    top.s += value;
    top.h += value;
  };
  const resume = (): string => pop().s;

  for (let index = 0; index < events.length; index++) {
    const event: MarkdownEvent = events[index]!;
    const token = event[1];
    const type: string = token.type;
    const slice = (): string => (plain ? text.slice(token.start.offset, token.end.offset) : event[2].sliceSerialize(token));
    if (event[0] === 'enter') {
      const kind = NODE[type];
      if (kind !== undefined) {
        const keep = top.keep || kind === Kind.Heading || kind === Kind.Link;
        const f = frame(kind, keep, token.start.offset);
        if (top === root && type !== 'yaml') {
          f.block = { heading: kind === Kind.Heading, start: token.start.offset, end: token.end.offset };
          out.blocks.push(f.block);
        }
        if ((kind === Kind.Link || kind === Kind.Image) && imageLabels === 0) {
          f.link = { kind: kind === Kind.Link ? 'link' : 'image', url: '', text: '', start: token.start.offset, end: token.end.offset };
          out.links.push(f.link);
        }
        push(f, type);
        if (BUFFERED.has(type)) push(frame(Kind.Fragment, true, token.start.offset), 'fragment');
        continue;
      }
      if (FRAGMENT.has(type)) {
        const f = frame(Kind.Fragment, true, token.start.offset);
        if (type === 'label' && top.kind === Kind.Image) {
          f.imageLabel = true;
          imageLabels++;
        }
        push(f, 'fragment');
        continue;
      }
      continue;
    }
    // Exits.
    switch (type) {
      case 'lineEnding': {
        if (atHardBreak) {
          atHardBreak = false;
          continue;
        }
        const opened = types[types.length - 1]!;
        if (slurpLineEnding || !top.keep || !(opened === 'fragment' || EOLS.has(opened) || top.kind === Kind.Heading)) continue;
        // Inside a container a line ending's token runs on over the next line's prefix: its text is the break alone.
        const at = token.start.offset;
        append(text.charCodeAt(at) === 13 ? (text.charCodeAt(at + 1) === 10 ? '\r\n' : '\r') : '\n');
        continue;
      }
      case 'atxHeadingSequence':
        if (!top.depth) top.depth = token.end.offset - token.start.offset;
        continue;
      case 'setextHeadingText':
        slurpLineEnding = true;
        continue;
      case 'setextHeadingLineSequence':
        top.depth = text.charCodeAt(token.start.offset) === 61 ? 1 : 2;
        continue;
      case 'characterReferenceMarkerHexadecimal':
      case 'characterReferenceMarkerNumeric':
        charRefType = type;
        continue;
      case 'characterReferenceValue': {
        const data = slice();
        const value = charRefType ? decodeNumericCharacterReference(data, charRefType === 'characterReferenceMarkerNumeric' ? 10 : 16) : decodeNamedCharacterReference(data);
        charRefType = undefined;
        append(value as string);
        continue;
      }
      case 'codeFencedFence':
        if (flowCodeInside) continue;
        flowCodeInside = true;
        push(frame(Kind.Fragment, true, token.start.offset), 'fragment');
        continue;
      case 'codeFencedFenceInfo': {
        const v = resume();
        top.lang = v;
        continue;
      }
      case 'codeFencedFenceMeta': {
        const v = resume();
        top.meta = v;
        continue;
      }
      case 'definitionDestinationString': {
        const v = resume();
        top.url = v;
        continue;
      }
      case 'definitionLabelString': {
        const v = resume();
        top.label = v;
        continue;
      }
      case 'definitionTitleString':
      case 'resourceTitleString':
        pop();
        continue;
      case 'resourceDestinationString': {
        const v = resume();
        top.url = v;
        continue;
      }
      case 'referenceString':
        pop();
        continue;
      case 'resource':
        inReference = false;
        continue;
      case 'label': {
        const f = pop();
        inReference = true;
        if (top.kind === Kind.Link) {
          top.s = f.s;
          top.h = f.h;
        } else top.label = f.s;
        continue;
      }
      case 'autolinkProtocol':
      case 'autolinkEmail': {
        const v = slice();
        append(v);
        top.url = type === 'autolinkEmail' ? `mailto:${v}` : v;
        continue;
      }
      case 'hardBreakEscape':
      case 'hardBreakTrailing':
        atHardBreak = true;
        break;
      case 'setextHeading':
        slurpLineEnding = false;
        break;
      case 'codeFenced':
        flowCodeInside = false;
        break;
    }
    if (DATA.has(type)) {
      append(slice());
      continue;
    }
    if (NODE[type] === undefined) continue;
    // A node closes: its value, its entry, and what it adds to the text of the node around it.
    let value = '';
    if (BUFFERED.has(type) || type === 'codeFenced') value = resume();
    const f = pop();
    if (f.block) f.block.end = token.end.offset;
    const end = token.end.offset;
    const kept = imageLabels === 0;
    switch (f.kind) {
      case Kind.Heading:
        out.headings.push({ depth: f.depth, text: f.h, start: f.start, end });
        addText(top, f.s, f.h);
        break;
      case Kind.Link:
      case Kind.Image: {
        const isImage = f.kind === Kind.Image;
        // An autolink is never a reference; a link or image is one when no resource followed its label.
        const reference = type !== 'autolink' && inReference;
        const alt = f.label ?? '';
        if (f.link) {
          if (reference) {
            f.link.dead = true;
            deadLinks++;
          } else {
            f.link.url = f.url;
            f.link.text = isImage ? alt : f.s;
            f.link.end = end;
          }
        }
        if (isImage) addText(top, alt, alt);
        else addText(top, f.s, f.h);
        break;
      }
      case Kind.Definition:
        if (kept) out.links.push({ kind: 'definition', url: f.url, text: f.label ?? '', start: f.start, end });
        break;
      case Kind.Code: {
        const indented = type === 'codeIndented';
        const code = indented ? value.replace(/(\r?\n|\r)$/g, '') : value.replace(/^(\r?\n|\r)|(\r?\n|\r)$/g, '');
        if (kept) out.code.push({ indented, lang: f.lang, meta: f.meta, value: code, start: f.start, end });
        addText(top, code, code);
        break;
      }
      case Kind.InlineCode:
        if (kept) out.inlineCode.push({ value, start: f.start, end });
        addText(top, value, value);
        break;
      case Kind.Html:
        if (kept) out.html.push({ value, start: f.start, end });
        addText(top, value, '');
        break;
      default:
        addText(top, f.s, f.h);
    }
  }
  if (deadLinks) out.links = out.links.filter((l) => !(l as { dead?: boolean }).dead);
  return out;
}

function addText(parent: Frame, s: string, h: string): void {
  if (!parent.keep) return;
  parent.s += s;
  parent.h += h;
}
