import { defineSkillRule } from '../rule.js';
import { settingFor, show } from '../util.js';
import { cleanFrontmatter, seenDescriptions } from './shared.js';

export interface PrefixSetting {
  /** The description must start with one of these. */
  prefix: string | string[];
  ignoreCase?: boolean;
}

export type Options = PrefixSetting & { kinds?: Record<string, PrefixSetting> };

const prefixList = (p: unknown): string[] => (Array.isArray(p) ? p : [p]).filter((x): x is string => typeof x === 'string' && x.trim() !== '');
const squash = (s: string): string => s.replace(/\s+/g, ' ').trim();

const setting = {
  type: 'object',
  properties: {
    prefix: { anyOf: [{ type: 'string', minLength: 1 }, { type: 'array', items: { type: 'string', minLength: 1 }, minItems: 1 }] },
    ignoreCase: { type: 'boolean' },
  },
  required: ['prefix'],
  additionalProperties: false,
};

export default defineSkillRule<Options>(
  {
    id: 'frontmatter/description-prefix',
    description: 'Reports a `description` that does not start with the prefix the house style requires (e.g. "Use when").',
    severity: 'error',
    recommended: false,
    fixable: false,
    schema: {
      type: 'object',
      properties: { ...setting.properties, kinds: { type: 'object', additionalProperties: setting } },
      additionalProperties: false,
    },
    defaultOptions: { prefix: [] },
    messages: {
      wrongStart: 'Unexpected description{{where}} starting "{{text}}", expected it to start with {{want}}{{why}}',
    },
  },
  ({ skill, hosts, options, report }) => {
    if (!cleanFrontmatter(skill)) return;
    const chosen = settingFor<PrefixSetting>({ default: options, ...(options.kinds ? { kinds: options.kinds } : {}) }, skill);
    if (!chosen) return;
    const prefixes = prefixList(chosen.setting.prefix).map(squash);
    if (!prefixes.length) return;
    const ignoreCase = chosen.setting.ignoreCase === true;
    const norm = (s: string): string => (ignoreCase ? s.toLowerCase() : s);
    const want = prefixes.map((p) => `"${p}"`).join(' or ');
    const why = chosen.kind ? ` for kind \`${chosen.kind}\`` : '';
    // Each text a host will see: a source's `skillc.<host>.description` too.
    for (const { field: f, where } of seenDescriptions(skill, hosts)) {
      if (typeof f.value !== 'string' || f.value.trim() === '') continue;
      const text = squash(f.value);
      if (prefixes.some((p) => norm(text).startsWith(norm(p)))) continue;
      report({ messageId: 'wrongStart', data: { text: show(text, 24), want, why, where }, range: f.valueRange });
    }
  },
);
