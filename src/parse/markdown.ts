import type { Root } from 'mdast';
import { parse, postprocess, preprocess } from 'micromark';
import { frontmatter } from 'micromark-extension-frontmatter';
import type { Event, ParseContext } from 'micromark-util-types';
import { EditMap } from 'micromark-util-edit-map';
import remarkFrontmatter from 'remark-frontmatter';
import remarkParse from 'remark-parse';
import { unified } from 'unified';
import { LIMITS } from './limits.js';
import { expandEvents, Unexpected } from './subtokenize.js';

type Edit = [at: number, remove: number, add: unknown[]];
type EditMapShape = { map: Edit[]; index: Map<number, Edit>; consume(events: unknown[]): void };

/**
 * micromark's `EditMap.consume` rebuilds the whole event list on every call, and micromark calls
 * it each time containers (block quotes, list items) close, so a document of N closing
 * containers cost O(N x document): 2,000 one-line quotes nested 66 deep (270 KB) took 128 s.
 * This rebuilds only the part from the first edit on, which is what changes; the result is the
 * same list (a differential test checks it against the original). micromark-util-edit-map is
 * a pinned direct dependency so this is the copy micromark imports.
 */
function patchEditMap(): void {
  const proto = EditMap.prototype as unknown as EditMapShape & { skillcOriginalConsume?: EditMapShape['consume'] };
  if (proto.skillcOriginalConsume || typeof proto.consume !== 'function') return;
  // eslint-disable-next-line @typescript-eslint/unbound-method -- kept to be called with `.call(this, ...)` by the patch
  proto.skillcOriginalConsume = proto.consume;
  proto.consume = function consume(this: EditMapShape, events: unknown[]): void {
    const map = this.map;
    if (map.length === 0) return;
    map.sort((a, b) => a[0] - b[0]);
    const tail: unknown[] = [];
    for (let k = 0; k < map.length; k++) {
      const [at, remove, add] = map[k]!;
      for (const e of add) tail.push(e);
      const to = k + 1 < map.length ? map[k + 1]![0] : events.length;
      for (let i = at + remove; i < to; i++) tail.push(events[i]);
    }
    events.length = map[0]![0];
    for (const e of tail) events.push(e);
    map.length = 0;
    this.index.clear();
  };
}
patchEditMap();

/** One processor for the whole run: building it is not free. */
const processor = unified().use(remarkParse).use(remarkFrontmatter, ['yaml']);

/** The mdast of a text (the doc examples read it; the skill model is built from events: `markdownEvents`). */
export function parseMarkdown(text: string): Root {
  return processor.parse(text);
}

export type MarkdownEvent = Event;

/**
 * micromark's parser with the frontmatter extension, made once: `parse()` combines every
 * construct table each time it is called (what remark-parse does per file). A parse keeps per
 * document only the definitions seen (`defined`) and the lazy lines (`lazy`), which every
 * construct reads through the parser object; they are reset before each document. Made on
 * first use, so a command that parses no Markdown does not build it.
 */
let parser: ParseContext | undefined;

/**
 * micromark's events for a text, as remark-parse would get them (CommonMark, YAML frontmatter),
 * expanded in one walk (parse/subtokenize.ts); unless `full`, a paragraph the skill model can
 * read nothing of keeps its text unparsed.
 *
 * Parse less (issue #30): the inline parse of paragraphs is a large part of micromark's work, and
 * the skill model reads of a paragraph only its extent and the links, images, code spans and HTML
 * in it (a paragraph's own text is never kept: headings are not paragraphs, and link text is
 * parsed with the link). Each of those starts with `[` (a link, an image's `![`, a reference),
 * `<` (an autolink, HTML) or a backtick (a code span); anything else inline (emphasis, escapes,
 * character references, breaks) only shapes the text around them. So a paragraph with none of
 * the three in its source (container markers included, which only makes the test stricter) is
 * left as its text chunks. What is a paragraph, a setext heading or a definition is settled at
 * the flow level, before. `test/parse/outline.test.ts` proves the model the same as the mdast
 * walk's.
 */
export function markdownEvents(text: string, full = false): Event[] {
  parser ??= parse({ extensions: [frontmatter(['yaml'])] });
  try {
    return expandEvents(documentEvents(parser, text), text, { leavePlainParagraphs: !full });
  } catch (error) {
    if (!(error instanceof Unexpected)) throw error;
    // A shape the one-walk expansion does not know: micromark's own passes, on a parse of its own.
    return postprocess(documentEvents(parser, text));
  }
}

/** The document-level events of `text` (every flow tokenizer fed), before any expansion. */
function documentEvents(context: ParseContext, text: string): Event[] {
  context.defined = [];
  context.lazy = {};
  return context.document().write(preprocess()(text, undefined, true));
}

/**
 * The deepest nesting a line of `text` opens, estimated from its indentation,
 * block-quote markers and list markers (`- - - x` opens three lists on one line).
 * Cheap: one pass, no allocation per line.
 */
export function estimateNesting(text: string): number {
  let max = 0;
  let i = 0;
  const n = text.length;
  while (i < n) {
    let indent = 0;
    let containers = 0;
    // Leading white space, then container markers, each followed by white space.
    for (;;) {
      const c = text.charCodeAt(i);
      if (c === 32) indent++;
      else if (c === 9) indent += 4;
      else if (c === 62) containers++;
      else if ((c === 45 || c === 42 || c === 43) && isSpace(text.charCodeAt(i + 1))) containers++;
      else if (c >= 48 && c <= 57) {
        let j = i;
        while (j < n && j - i < 9 && text.charCodeAt(j) >= 48 && text.charCodeAt(j) <= 57) j++;
        const d = text.charCodeAt(j);
        if ((d === 46 || d === 41) && isSpace(text.charCodeAt(j + 1))) {
          containers++;
          i = j;
        } else break;
      } else break;
      i++;
    }
    const depth = (indent >> 1) + containers;
    if (depth > max) max = depth;
    // On to the next line.
    while (i < n) {
      const c = text.charCodeAt(i++);
      if (c === 10 || c === 13) break;
    }
  }
  return max;
}

function isSpace(c: number): boolean {
  return c === 32 || c === 9;
}

/**
 * What a text would cost micromark, counted in one pass, for the whole file and not one block:
 * `containers` sums every line's nesting, `markers` every inline marker, `markerWork` the
 * square of each paragraph's markers (micromark merges a paragraph's text events by splicing,
 * quadratic per paragraph). 254 paragraphs each just under the per-paragraph limit took 146 s
 * and 3.1 GB before these totals were bounded.
 */
export interface MarkdownCost {
  /** Lines with something on them: micromark spends 20 to 100 µs on each (a heading, a paragraph, a link definition). */
  lines: number;
  /** The deepest line (estimateNesting). */
  nesting: number;
  containers: number;
  /** The most inline markers in one paragraph (a run of lines without a blank one). */
  paragraphMarkers: number;
  markers: number;
  markerWork: number;
  /**
   * Characters micromark makes a token (and events) of on their own, wherever they stand: `\`
   * (escapes), `&` (references), `<` (autolinks, HTML), tabs (virtual spaces), and blank lines.
   * Each costs it 0.5 to 1.8 KB while the file is parsed: 1 MB of blank lines took 1.9 GB.
   */
  tokens: number;
}

export function markdownCost(text: string): MarkdownCost {
  const cost: MarkdownCost = { lines: 0, nesting: estimateNesting(text), containers: 0, paragraphMarkers: 0, markers: 0, markerWork: 0, tokens: 0 };
  let count = 0;
  let blank = true;
  let lineStart = true;
  let indent = 0;
  let containers = 0;
  for (let i = 0; i <= text.length; i++) {
    const c = i < text.length ? text.charCodeAt(i) : 10;
    if (c === 10 || c === 13) {
      cost.containers += (indent >> 1) + containers;
      if (!blank) cost.lines++;
      else cost.tokens++;
      if (blank || i === text.length) {
        cost.markerWork += count * count;
        count = 0;
      }
      blank = true;
      lineStart = true;
      indent = 0;
      containers = 0;
      continue;
    }
    if (lineStart) {
      // The same prefix estimateNesting reads: white space and container markers.
      if (c === 32) indent++;
      else if (c === 9) indent += 4;
      else if (c === 62 || ((c === 45 || c === 42 || c === 43) && isSpace(text.charCodeAt(i + 1)))) {
        containers++;
        // The space after a marker belongs to it, not to the indentation.
        if (text.charCodeAt(i + 1) === 32) i++;
        continue;
      } else if (!(c >= 48 && c <= 57) && c !== 46 && c !== 41) lineStart = false;
    }
    if (c !== 32 && c !== 9) blank = false;
    if (c === 92 || c === 38 || c === 60 || c === 9) cost.tokens++;
    if (c === 96 || c === 33 || c === 42 || c === 95 || c === 91 || c === 93) {
      count++;
      cost.markers++;
      if (count > cost.paragraphMarkers) cost.paragraphMarkers = count;
    }
  }
  return cost;
}

/** Why `text` is not parsed as Markdown (a limit of src/parse/limits.ts it passes), or undefined. */
export function markdownOverLimit(text: string): string | undefined {
  const c = markdownCost(text);
  if (c.nesting > LIMITS.maxNesting) return `nesting deeper than ${LIMITS.maxNesting} levels`;
  if (c.paragraphMarkers > LIMITS.maxInlineMarkers) return `paragraph with more than ${LIMITS.maxInlineMarkers} inline markers (\`, !, *, _, [, ])`;
  if (c.lines > LIMITS.maxLines) return `${c.lines} non-blank lines, more than ${LIMITS.maxLines}`;
  if (c.containers > LIMITS.maxContainers) return `${c.containers} nested block markers in all (quote and list markers and indentation, summed over lines), more than ${LIMITS.maxContainers}`;
  if (c.markers > LIMITS.maxInlineMarkersTotal) return `${c.markers} inline markers in all (\`, !, *, _, [, ]), more than ${LIMITS.maxInlineMarkersTotal}`;
  if (c.tokens > LIMITS.maxTokens) return `${c.tokens} characters micromark reads as tokens of their own (\\, &, <, tabs) and blank lines, more than ${LIMITS.maxTokens}`;
  if (c.markerWork > LIMITS.maxInlineWork) return `inline markers (\`, !, *, _, [, ]) packed into many paragraphs: the sum of each paragraph's markers squared is ${c.markerWork}, more than ${LIMITS.maxInlineWork}`;
  return undefined;
}
