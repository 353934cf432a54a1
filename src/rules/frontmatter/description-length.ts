import { defineSkillRule } from '../rule.js';
import { field } from '../util.js';
import { charLength, cleanFrontmatter, hostIds, strictestLimit } from './shared.js';

export default defineSkillRule(
  {
    id: 'frontmatter/description-length',
    description: 'Reports a `description` that is empty or longer than the strictest linted host allows (1-1024 characters in the spec).',
    severity: 'error',
    fixable: false,
    defaultOptions: {},
  },
  ({ skill, hosts, report }) => {
    if (!cleanFrontmatter(skill) || !hosts.length) return;
    const f = field(skill, 'description');
    if (!f || typeof f.value !== 'string') return;
    const { max, hosts: strictest } = strictestLimit(hosts, (h) => h.limits.descriptionMax);
    const length = charLength(f.value);
    if (f.value.trim() === '') {
      report({ message: `Unexpected empty description, expected 1-${max} characters saying what the skill does and when to use it`, range: f.valueRange });
    } else if (length > max) {
      report({ message: `Unexpected description of ${length} characters, expected at most ${max}${strictest.length < hosts.length ? ` (the limit of ${hostIds(strictest)})` : ''}`, range: f.valueRange });
    }
  },
);
