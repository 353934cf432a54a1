import { defineSkillRule } from '../rule.js';
import { field } from '../../model/queries.js';
import { charLength, cleanFrontmatter, hostIds, strictestLimit } from './shared.js';

export default defineSkillRule(
  {
    id: 'frontmatter/compatibility-length',
    description: 'Reports a `compatibility` string that is empty or longer than the strictest linted host allows (1-500 characters in the spec).',
    severity: 'error',
    fixable: false,
    defaultOptions: {},
    messages: {
      empty: 'Unexpected empty `compatibility`, expected 1-{{max}} characters (or no `compatibility` key at all)',
      tooLong: 'Unexpected `compatibility` of {{length}} characters, expected at most {{max}}{{detail}}',
    },
  },
  ({ skill, hosts, report }) => {
    if (!cleanFrontmatter(skill) || !hosts.length) return;
    const f = field(skill, 'compatibility');
    if (!f || typeof f.value !== 'string') return;
    const { max, hosts: strictest } = strictestLimit(hosts, (h) => h.limits.compatibilityMax);
    const length = charLength(f.value);
    if (f.value.trim() === '') {
      report({ messageId: 'empty', data: { max }, range: f.valueRange });
    } else if (length > max) {
      report({ messageId: 'tooLong', data: { length, max, detail: strictest.length < hosts.length ? ` (the limit of ${hostIds(strictest)})` : '' }, range: f.valueRange });
    }
  },
);
