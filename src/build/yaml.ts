import { Document, visit } from 'yaml';
import { escapeHiddenChars, hasHiddenChars } from '../model/hidden.js';

/**
 * Serializes emitted frontmatter and metadata files so every strict YAML loader
 * accepts them: strings double-quoted (an unquoted `: ` or `#` is the commonest
 * breakage in the field), no line folding, LF endings, keys in the given order.
 * Hidden and control characters (a source may write `"\u202E"` as a YAML escape)
 * are written as escapes again, never raw: the value means the same to the host,
 * and a reviewer of the generated file sees them.
 */
export function toYaml(data: unknown): string {
  const doc = new Document(data, { aliasDuplicateObjects: false });
  let hidden = false;
  visit(doc, {
    Scalar(_key, node) {
      if (typeof node.value === 'string' && hasHiddenChars(node.value)) {
        node.type = 'QUOTE_DOUBLE';
        hidden = true;
      }
    },
  });
  const text = doc.toString({ defaultStringType: 'QUOTE_DOUBLE', defaultKeyType: 'PLAIN', lineWidth: 0, minContentWidth: 0, indent: 2 });
  // Every scalar holding one is double-quoted now, so each raw occurrence sits inside such a string.
  return hidden ? escapeHiddenChars(text, 'yaml') : text;
}

/** Sorts object keys recursively (for metadata whose order the author did not fix). */
export function sortKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortKeys);
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.keys(value)
        .sort()
        .map((k) => [k, sortKeys((value as Record<string, unknown>)[k])]),
    );
  }
  return value;
}
