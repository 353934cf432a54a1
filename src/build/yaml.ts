import { Document, isMap, isScalar, isSeq, type Node, parse, visit } from 'yaml';
import { escapeHiddenChars, hasHiddenChars } from '../model/hidden.js';

/** The scalar styles a source may keep in the output (a block scalar is re-flowed by nothing, so it stays too). */
const KEPT_STYLES = new Set(['PLAIN', 'QUOTE_SINGLE', 'QUOTE_DOUBLE', 'BLOCK_LITERAL', 'BLOCK_FOLDED']);

/** True when a one-line plain scalar reads back as the same string under YAML 1.2 and 1.1. */
function readsSame(value: string): boolean {
  if (value.includes('\n') || value !== value.trim()) return false;
  try {
    return parse(value, { version: '1.1' }) === value && parse(value) === value;
  } catch {
    return false;
  }
}

/**
 * Gives `out`'s scalars the source's quoting where the two hold the same value. The
 * source parsed, so its plain scalars are valid YAML; a value the build changed keeps
 * the safe default. Collections are written in block form whatever the source used
 * (a `skillc.<host>` flow mapping reads well inline, not as a file of its own).
 */
function copyStyle(out: unknown, source: unknown): void {
  if (isScalar(out) && isScalar(source)) {
    if (out.value !== source.value || typeof source.type !== 'string' || !KEPT_STYLES.has(source.type)) return;
    // A plain string a YAML 1.1 loader (PyYAML, some hosts) would read as something else (`yes`, `1.10`, `2024-01-01`) stays quoted.
    if (source.type === 'PLAIN' && typeof out.value === 'string' && !readsSame(out.value)) return;
    out.type = source.type;
  } else if (isMap(out) && isMap(source)) {
    for (const pair of out.items) {
      const key = (pair.key as { value?: unknown } | null)?.value ?? pair.key;
      copyStyle(pair.value, source.get(key, true));
    }
  } else if (isSeq(out) && isSeq(source)) {
    out.items.forEach((item, i) => copyStyle(item, source.items[i]));
  }
}

/**
 * Serializes emitted frontmatter and metadata files so every strict YAML loader
 * accepts them: no line folding, LF endings, keys in the given order. A value the
 * source wrote (`nodes`, by top-level key) keeps the source's quoting; any other
 * string is double-quoted (an unquoted `: ` or `#` is the commonest breakage in the
 * field). Hidden and control characters (a source may write `"\u202E"` as a YAML
 * escape) are written as escapes again, never raw: the value means the same to the
 * host, and a reviewer of the generated file sees them.
 */
export function toYaml(data: unknown, nodes: Readonly<Record<string, Node>> = {}): string {
  const doc = new Document(data, { aliasDuplicateObjects: false });
  if (isMap(doc.contents)) {
    for (const pair of doc.contents.items) {
      const key = (pair.key as { value?: unknown } | null)?.value;
      if (typeof key === 'string' && Object.prototype.hasOwnProperty.call(nodes, key)) copyStyle(pair.value, nodes[key]);
    }
  }
  let hidden = false;
  visit(doc, {
    Scalar(_key, node) {
      if (typeof node.value === 'string' && hasHiddenChars(node.value)) {
        node.type = 'QUOTE_DOUBLE';
        hidden = true;
      }
    },
  });
  const text = doc.toString({ defaultStringType: 'QUOTE_DOUBLE', defaultKeyType: 'PLAIN', lineWidth: 0, minContentWidth: 0, indent: 2, flowCollectionPadding: true });
  // Every scalar holding one is double-quoted now, so each raw occurrence sits inside such a string.
  return hidden ? escapeHiddenChars(text, 'yaml') : text;
}
