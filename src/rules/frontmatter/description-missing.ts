import { defineSkillRule } from '../rule.js';
import { field, frontmatterStart } from '../util.js';
import { cleanFrontmatter, hostIds, mappingOrEmpty } from './shared.js';

export default defineSkillRule(
  {
    id: 'frontmatter/description-missing',
    description: 'Reports frontmatter without a `description`, or with an empty `description:` key, when a linted host requires one.',
    severity: 'error',
    fixable: false,
    defaultOptions: {},
  },
  ({ skill, hosts, report }) => {
    const fm = cleanFrontmatter(skill);
    if (!fm || !mappingOrEmpty(fm)) return;
    const requiring = hosts.filter((h) => h.fields.description?.required);
    if (!requiring.length) return;
    const f = field(skill, 'description');
    if (f && f.value !== null && f.value !== undefined) return;
    const why = `${hostIds(requiring)} ${requiring.length === 1 ? 'requires' : 'require'} it; without it the skill is never chosen`;
    if (f) report({ message: `Unexpected empty \`description\`, expected what the skill does and when to use it (${why})`, range: f.keyRange });
    else report({ message: `Unexpected frontmatter without \`description\`, expected what the skill does and when to use it (${why})`, range: frontmatterStart(skill) });
  },
);
