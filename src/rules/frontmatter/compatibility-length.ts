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
  },
  ({ skill, hosts, report }) => {
    if (!cleanFrontmatter(skill) || !hosts.length) return;
    const f = field(skill, 'compatibility');
    if (!f || typeof f.value !== 'string') return;
    const { max, hosts: strictest } = strictestLimit(hosts, (h) => h.limits.compatibilityMax);
    const length = charLength(f.value);
    if (f.value.trim() === '') {
      report({ message: `Unexpected empty \`compatibility\`, expected 1-${max} characters (or no \`compatibility\` key at all)`, range: f.valueRange });
    } else if (length > max) {
      report({ message: `Unexpected \`compatibility\` of ${length} characters, expected at most ${max}${strictest.length < hosts.length ? ` (the limit of ${hostIds(strictest)})` : ''}`, range: f.valueRange });
    }
  },
);
