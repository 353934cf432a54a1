import type { Root } from 'mdast';
import remarkFrontmatter from 'remark-frontmatter';
import remarkParse from 'remark-parse';
import { unified } from 'unified';
import { LIMITS } from './limits.js';

/** One processor for the whole run: building it is not free. */
const processor = unified().use(remarkParse).use(remarkFrontmatter, ['yaml']);

export function parseMarkdown(text: string): Root {
  return processor.parse(text);
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

export function tooDeep(text: string): boolean {
  return estimateNesting(text) > LIMITS.maxNesting;
}

/**
 * The most inline markers (backticks, `!`, `*`, `_`, brackets) in one paragraph
 * (a run of lines without a blank one). micromark resolves a paragraph's inline
 * events in time that grows faster than linearly with their number.
 */
export function inlineDensity(text: string): number {
  let max = 0;
  let count = 0;
  let blank = true;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 10 || c === 13) {
      if (blank) count = 0;
      blank = true;
      continue;
    }
    if (c !== 32 && c !== 9) blank = false;
    if (c === 96 || c === 33 || c === 42 || c === 95 || c === 91 || c === 93) {
      count++;
      if (count > max) max = count;
    }
  }
  return max;
}

export function tooDense(text: string): boolean {
  return inlineDensity(text) > LIMITS.maxInlineMarkers;
}
