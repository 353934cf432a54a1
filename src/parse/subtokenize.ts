// micromark's last step, the expansion of embedded content (a flow chunk holds paragraphs, a
// paragraph's text chunks hold links and code spans, a link's destination holds a string), done
// in one walk, and without the inline parse of paragraphs the skill model cannot read anything of.
//
// micromark's `postprocess` runs `subtokenize` over the whole event list again and again, one
// level of nesting a pass, each pass through a splice buffer with a dictionary of jumps, and
// copies the list at the end of each: about a sixth of a lint's CPU on a 1,000-skill catalog
// (issue #30). The same expansion in document order is one pass: a chunk's events are expanded
// where it stands, the moment the walk reaches it. The order of the expansions does not matter:
// every tokenizer was fed at the flow level or is fed here from the source, and the one state
// they share, the definitions a reference may match (`parser.defined`), is complete once the
// flow is (micromark gathers definitions as content is resolved, before `postprocess`).
//
// Anything this walk does not expect (a chain of chunks whose parse does not split into one part
// a chunk, a chunk left without its part) throws `Unexpected`; the caller then parses again with
// micromark's own `postprocess`. `test/parse/subtokenize.test.ts` checks the events are the same
// as micromark's on the fixture corpora and on generated Markdown.
import type { Chunk, Event, Token } from 'micromark-util-types';

/** Thrown when the walk meets a shape it does not handle the way `postprocess` would. */
export class Unexpected extends Error {}

export interface ExpandOptions {
  /**
   * Leave unparsed the text of each paragraph with none of `[`, `<` or a backtick in its source:
   * its chunks stay `chunkText` events (parse/markdown.ts says why that loses nothing).
   */
  leavePlainParagraphs: boolean;
}

/** The document's events with everything embedded expanded, as `postprocess(events)` gives them. */
export function expandEvents(events: Event[], text: string, options: ExpandOptions): Event[] {
  const out: Event[] = [];
  /** The part of its chain's parse each chunk stands for, until the walk reaches the chunk. */
  const parts = new Map<Token, Event[]>();
  const leave = options.leavePlainParagraphs;
  let plain = false;

  const walk = (list: readonly Event[]): void => {
    for (let i = 0; i < list.length; i++) {
      const event = list[i]!;
      const token = event[1];
      if (event[0] === 'enter') {
        if (token.contentType) {
          if (token.type === 'chunkFlow' && i > 0 && list[i - 1]![1].type === 'listItemPrefix') markFirstContent(token);
          let part = parts.get(token);
          if (part === undefined) {
            if (plain && token.type === 'chunkText') {
              out.push(event);
              continue;
            }
            expandChain(event);
            part = parts.get(token);
            if (part === undefined) throw new Unexpected('a chunk without its part');
          }
          // A chunk's exit follows its enter: both are replaced by its part.
          if (list[i + 1]?.[1] !== token) throw new Unexpected('a chunk with events inside');
          parts.delete(token);
          i++;
          walk(part);
          continue;
        }
        if (leave && token.type === 'paragraph') plain = isPlain(text, token.start.offset, token.end.offset);
        out.push(event);
        continue;
      }
      if (token.type === 'paragraph') plain = false;
      if (token._container) exitContainer(out, event);
      else out.push(event);
    }
  };

  /** Parses the chain of chunks `head` starts, splitting its events into one part a chunk. */
  const expandChain = (event: Event): void => {
    const head = event[1];
    const context = event[2];
    let tokenizer = head._tokenizer;
    if (!tokenizer) {
      tokenizer = context.parser[head.contentType!](head.start);
      if (head._contentTypeTextTrailing) tokenizer._contentTypeTextTrailing = true;
    }
    const chain: Token[] = [];
    let previous: Token | undefined;
    for (let current: Token | undefined = head; current; current = current.next) {
      chain.push(current);
      // A flow chunk's tokenizer was fed as the document was read; the others are fed here.
      if (!current._tokenizer) {
        const stream: Chunk[] = context.sliceStream(current);
        if (!current.next) stream.push(null);
        if (previous) tokenizer.defineSkip(current.start);
        if (current._isInFirstContentOfListItem) tokenizer._gfmTasklistFirstContentOfListItem = true;
        tokenizer.write(stream);
        if (current._isInFirstContentOfListItem) tokenizer._gfmTasklistFirstContentOfListItem = undefined;
      }
      previous = current;
    }
    // The parse splits where an empty token spans a line break (the line ending that ends each chunk).
    const child = tokenizer.events;
    const breaks = [0];
    let at: Token | undefined = head;
    for (let index = 1; index < child.length; index++) {
      const e = child[index]!;
      const before = child[index - 1]!;
      if (e[0] === 'exit' && before[0] === 'enter' && e[1].type === before[1].type && e[1].start.line !== e[1].end.line) {
        if (!at) throw new Unexpected('more parts than chunks');
        breaks.push(index + 1);
        // What micromark drops to help the GC.
        at._tokenizer = undefined;
        at.previous = undefined;
        at = at.next;
      }
    }
    tokenizer.events = [];
    if (at) {
      at._tokenizer = undefined;
      at.previous = undefined;
    } else breaks.pop();
    if (breaks.length !== chain.length) throw new Unexpected('parts and chunks do not pair');
    for (let k = 0; k < chain.length; k++) parts.set(chain[k]!, child.slice(breaks[k], breaks[k + 1]));
  };

  walk(events);
  if (parts.size) throw new Unexpected('a part whose chunk never came');
  return out;
}

/** micromark's hook for GFM task lists: the text chunks of a list item's first content. */
function markFirstContent(flowChunk: Token): void {
  const events = flowChunk._tokenizer?.events;
  if (!events) return;
  let index = 0;
  if (index < events.length && events[index]![1].type === 'lineEndingBlank') index += 2;
  if (index < events.length && events[index]![1].type === 'content') {
    while (++index < events.length) {
      const token = events[index]![1];
      if (token.type === 'content') break;
      if (token.type === 'chunkText') {
        token._isInFirstContentOfListItem = true;
        index++;
      }
    }
  }
}

/**
 * A container (block quote, list item) closes before the line endings that precede its exit:
 * the exit moves in front of them, ends where the first of them starts, and only the first stays
 * a `lineEnding` (the rest are blank), as micromark's `subtokenize` arranges them.
 */
function exitContainer(out: Event[], event: Event): void {
  let lineIndex: number | undefined;
  let other = out.length;
  while (other--) {
    const e = out[other]!;
    const type = e[1].type;
    if (type === 'lineEnding' || type === 'lineEndingBlank') {
      if (e[0] === 'enter') {
        if (lineIndex) out[lineIndex]![1].type = 'lineEndingBlank';
        e[1].type = 'lineEnding';
        lineIndex = other;
      }
    } else if (type !== 'linePrefix' && type !== 'listItemIndent') break;
  }
  if (!lineIndex) {
    out.push(event);
    return;
  }
  event[1].end = { ...out[lineIndex]![1].start };
  out.splice(lineIndex, 0, event);
}

/** Whether `text[start, end)` holds no `[`, `<` or backtick. */
function isPlain(text: string, start: number, end: number): boolean {
  for (let i = start; i < end; i++) {
    const c = text.charCodeAt(i);
    if (c === 91 || c === 60 || c === 96) return false;
  }
  return true;
}

