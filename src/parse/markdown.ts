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
 * The deepest nesting a line of `text` opens, estimated from its indentation and
 * block-quote markers. Cheap: one pass, no allocation per line.
 */
export function estimateNesting(text: string): number {
  let max = 0;
  let lineStart = true;
  let indent = 0;
  let quotes = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 10 || c === 13) {
      lineStart = true;
      indent = 0;
      quotes = 0;
      continue;
    }
    if (!lineStart) continue;
    if (c === 32) indent++;
    else if (c === 9) indent += 4;
    else if (c === 62) quotes++;
    else {
      lineStart = false;
      const depth = (indent >> 1) + quotes;
      if (depth > max) max = depth;
    }
  }
  return max;
}

export function tooDeep(text: string): boolean {
  return estimateNesting(text) > LIMITS.maxNesting;
}
