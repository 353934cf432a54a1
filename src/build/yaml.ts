import { stringify } from 'yaml';

/**
 * Serializes emitted frontmatter and metadata files so every strict YAML loader
 * accepts them: strings double-quoted (an unquoted `: ` or `#` is the commonest
 * breakage in the field), no line folding, LF endings, keys in the given order.
 */
export function toYaml(data: unknown): string {
  return stringify(data, {
    defaultStringType: 'QUOTE_DOUBLE',
    defaultKeyType: 'PLAIN',
    lineWidth: 0,
    minContentWidth: 0,
    indent: 2,
    aliasDuplicateObjects: false,
  });
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
