import type { FrontmatterField, Skill } from '../../model/skill.js';
import { defineSkillRule } from '../rule.js';
import { frontmatterData } from '../../model/queries.js';
import { frontmatterStart, kindName, show } from '../util.js';
import { cleanFrontmatter } from './shared.js';

type Scalar = string | number | boolean;

export interface FieldRule {
  /** The field must be present. */
  required?: boolean;
  /** The only values allowed. */
  values?: Scalar[];
  /** Values not allowed. */
  forbidden?: Scalar[];
}

export interface Options {
  /** Field (a key, or a dotted path such as `metadata.role`) to its rule, for every skill. */
  fields: Record<string, FieldRule>;
  /** Kind to field rules, checked before `fields` for skills of that kind. */
  kinds: Record<string, Record<string, FieldRule>>;
}

const scalar = { type: ['string', 'number', 'boolean'] };
const fieldRule = {
  type: 'object',
  properties: { required: { type: 'boolean' }, values: { type: 'array', items: scalar, minItems: 1 }, forbidden: { type: 'array', items: scalar, minItems: 1 } },
  additionalProperties: false,
};
const fieldMap = { type: 'object', additionalProperties: fieldRule };

function lookup(skill: Skill, key: string): { present: boolean; value: unknown; node?: FrontmatterField } {
  const parts = key.split('.');
  let value: unknown = frontmatterData(skill);
  let fields = skill.frontmatter?.fields;
  let node: FrontmatterField | undefined;
  for (const part of parts) {
    if (!value || typeof value !== 'object' || Array.isArray(value) || !Object.prototype.hasOwnProperty.call(value, part)) return { present: false, value: undefined };
    value = (value as Record<string, unknown>)[part];
    node = fields?.find((f) => f.key === part);
    fields = node?.children;
  }
  const out: { present: boolean; value: unknown; node?: FrontmatterField } = { present: true, value };
  if (node) out.node = node;
  return out;
}

const list = (values: readonly Scalar[]): string => (values.length === 1 ? String(values[0]) : `one of ${values.map(String).join(', ')}`);

/** What is wrong with a field under one rule, or undefined. */
function problem(key: string, rule: FieldRule, found: ReturnType<typeof lookup>): string | undefined {
  if (!found.present || found.value === null || found.value === undefined) {
    return rule.required ? `missing \`${key}\`, expected ${rule.values ? list(rule.values) : 'a value'}` : undefined;
  }
  const v = found.value;
  const shown = `\`${key}: ${show(v, 30)}\``;
  if (rule.values && !rule.values.some((x) => x === v)) return `${shown}, expected ${list(rule.values)}`;
  if (rule.forbidden && rule.forbidden.some((x) => x === v)) return `${shown}, expected a value other than ${rule.forbidden.map(String).join(', ')}`;
  return undefined;
}

export default defineSkillRule<Options>(
  {
    id: 'frontmatter/field-values',
    description: 'Reports a frontmatter field that is missing or has a value the house style does not allow, for every skill or per kind.',
    severity: 'error',
    recommended: false,
    fixable: false,
    schema: {
      type: 'object',
      properties: { fields: fieldMap, kinds: { type: 'object', additionalProperties: fieldMap } },
      additionalProperties: false,
    },
    defaultOptions: { fields: {}, kinds: {} },
    messages: {
      unexpected: 'Unexpected {{message}}',
    },
  },
  ({ skill, options, report }) => {
    if (!cleanFrontmatter(skill) || !frontmatterData(skill)) return;
    const kind = kindName(skill);
    const forKind = kind && options.kinds && Object.prototype.hasOwnProperty.call(options.kinds, kind) ? options.kinds[kind]! : {};
    const keys = new Set([...Object.keys(forKind), ...Object.keys(options.fields ?? {})]);
    for (const key of keys) {
      const found = lookup(skill, key);
      const kindRule = forKind[key];
      const kindProblem = kindRule ? problem(key, kindRule, found) : undefined;
      const generalRule = options.fields?.[key];
      const message = kindProblem ? `${kindProblem} for kind \`${kind}\`` : generalRule ? problem(key, generalRule, found) : undefined;
      if (!message) continue;
      report({ messageId: 'unexpected', data: { message }, range: found.node?.valueRange ?? frontmatterStart(skill) });
    }
  },
);
