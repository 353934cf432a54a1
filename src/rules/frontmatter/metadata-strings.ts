import { isAlias, isMap, isScalar, isSeq, type Document, type Node, type Pair } from 'yaml';
import type { TextEdit } from '../../model/diagnostic.js';
import type { Skill } from '../../model/skill.js';
import { defineSkillRule } from '../rule.js';
import { cleanFrontmatter, describeValue, doubleQuoted, hostIds, parsesTo } from './shared.js';

const EXPECTED = 'a mapping of string keys to string values';

/** Quotes a plain one-line scalar as written (`1.0` -> `"1.0"`), when that reads back as the same text. */
function quoteFix(skill: Skill, start: number, end: number): TextEdit[] | undefined {
  const source = skill.file.text.slice(start, end);
  if (!source || /[\r\n]/.test(source) || /^["'[{|>&*!]/.test(source)) return undefined;
  const quoted = doubleQuoted(source);
  return parsesTo(quoted, source) ? [{ range: [start, end], text: quoted }] : undefined;
}

/** Follows an alias (`metadata: *base`) to its anchored node. */
function resolved(node: Node | null | undefined, doc: Document.Parsed): Node | undefined {
  if (!node) return undefined;
  if (!isAlias(node)) return node;
  try {
    return (node.resolve(doc)) ?? undefined;
  } catch {
    return undefined;
  }
}

function scalarKind(node: Node, skill: Skill, base: number): string {
  if (isSeq(node)) return 'list';
  if (isMap(node)) return 'mapping';
  if (isAlias(node)) return 'alias';
  if (!isScalar(node)) return 'value';
  const [s, e] = node.range ?? [0, 0];
  return `${typeof node.value} \`${skill.file.text.slice(base + s, base + e).trim()}\``;
}

export default defineSkillRule(
  {
    id: 'frontmatter/metadata-strings',
    description: 'Reports a `metadata` field that is not a mapping of string keys to string values, at the offending key or value.',
    severity: 'error',
    fixable: true,
    defaultOptions: {},
    messages: {
      emptyField: `Unexpected empty \`{{key}}\`, expected ${EXPECTED} (or no \`{{key}}\` key)`,
      notString: `Unexpected {{value}} for \`{{key}}\`, expected ${EXPECTED}`,
      emptyValue: 'Unexpected empty value for `{{path}}`, expected a string{{why}}',
    },
  },
  ({ skill, hosts, report: reportAll }) => {
    const fm = cleanFrontmatter(skill);
    if (!fm) return;
    const lines = skill.file.lines;
    const base = fm.rawOffset;
    for (const f of fm.fields) {
      // The profile says which fields are string maps (the spec's `metadata`).
      const readers = hosts.filter((h) => h.fields[f.key]?.type === 'string-map');
      if (!readers.length) continue;
      // A host that does not read the field drops a bad value: a warning when no linted host refuses it.
      const severity = readers.every((h) => h.fields[f.key]?.onInvalid === 'ignores') ? ('warning' as const) : undefined;
      const report = (input: Parameters<typeof reportAll>[0]): void => reportAll(severity ? { ...input, severity } : input);
      // Name the hosts only when some linted hosts do not read the field as strings.
      const why = readers.length === hosts.length ? '' : ` (${hostIds(readers)} ${readers.length === 1 ? 'expects' : 'expect'} strings)`;
      if (f.value === null || f.value === undefined) {
        report({ messageId: 'emptyField', data: { key: f.key }, range: f.keyRange });
        continue;
      }
      const node = resolved(fm.document.get(f.key, true) as Node | undefined, fm.document);
      if (!isMap(node)) {
        report({ messageId: 'notString', data: { value: describeValue(f.value), key: f.key }, range: f.valueRange });
        continue;
      }
      for (const pair of node.items as Pair<Node | null, Node | null>[]) {
        const key = pair.key;
        const keyText = isScalar(key) ? String(key.value) : '?';
        if (!isScalar(key) || typeof key.value !== 'string') {
          const [s, e] = key?.range ?? [0, 0];
          const fix = isScalar(key) ? quoteFix(skill, base + s, base + e) : undefined;
          const message = `Unexpected ${isScalar(key) ? `${typeof key.value} key \`${keyText}\`` : 'collection key'} in \`${f.key}\`, expected a string key${why}`;
          report(fix ? { message, range: lines.range(base + s, base + e), fix } : { message, range: lines.range(base + s, base + e) });
        }
        const value = resolved(pair.value, fm.document);
        if (isScalar(value) && typeof value.value === 'string') continue;
        const path = `${f.key}.${keyText}`;
        if (!value || (isScalar(value) && value.value === null)) {
          const [ks, ke] = key?.range ?? [0, 0];
          report({ messageId: 'emptyValue', data: { path, why }, range: lines.range(base + ks, base + ke) });
          continue;
        }
        // Where the value is written: an alias's own place, not its anchor's.
        const [s, e] = pair.value?.range ?? value.range ?? [0, 0];
        const range = lines.range(base + s, base + e);
        const message = `Unexpected ${value === pair.value ? scalarKind(value, skill, base) : scalarKind(value, skill, base).replace(/ `.*`$/, '')} for \`${path}\`, expected a string${why}`;
        const fix = isScalar(value) && value === pair.value && value.type === 'PLAIN' ? quoteFix(skill, base + s, base + e) : undefined;
        report(fix ? { message, range, fix } : { message, range });
      }
    }
  },
);
