import { defineSkillRule } from '../rule.js';
import { field } from '../../model/queries.js';
import { frontmatterStart } from '../util.js';
import { cleanFrontmatter, hostIds, mappingOrEmpty, seenDescriptions } from './shared.js';

export default defineSkillRule(
  {
    id: 'frontmatter/description-missing',
    description: 'Reports frontmatter without a `description`, or with an empty `description:` key, when a linted host requires one (an error), or recommends one (Claude Code: a warning).',
    severity: 'error',
    fixable: false,
    defaultOptions: {},
    messages: {
      empty: 'Unexpected empty `description`, expected what the skill does and when to use it ({{why}})',
      missing: 'Unexpected frontmatter without `description`, expected what the skill does and when to use it ({{why}})',
    },
  },
  ({ skill, hosts, report }) => {
    const fm = cleanFrontmatter(skill);
    if (!fm || !mappingOrEmpty(fm)) return;
    // Hosts that require a description refuse the skill without one (an error). Claude Code does not, but
    // its docs recommend one, and without it the body's first paragraph stands in (a warning).
    // A host with a description of its own (`skillc.<host>.description`) never sees the top-level one.
    const own = new Set(seenDescriptions(skill, hosts).flatMap((s) => (s.where ? s.hosts : [])));
    const rest = hosts.filter((h) => !own.has(h));
    const requiring = rest.filter((h) => h.fields.description?.required);
    const advising = rest.filter((h) => !h.fields.description?.required && h.facts.description?.enforcement === 'recommends');
    if (!requiring.length && !advising.length) return;
    const f = field(skill, 'description');
    // An empty string is frontmatter/description-length's where a host caps it; where none does (Claude Code), it is this rule's.
    const blank = f && typeof f.value === 'string' && f.value.trim() === '' && !requiring.length;
    if (f && f.value !== null && f.value !== undefined && !blank) return;
    const why = requiring.length
      ? `${hostIds(requiring)} ${requiring.length === 1 ? 'requires' : 'require'} it; without it the skill is never chosen`
      : `${hostIds(advising)} ${advising.length === 1 ? 'recommends' : 'recommend'} it; without it the body's first paragraph is listed instead`;
    const severity = requiring.length ? 'error' : 'warning';
    if (f) report({ messageId: 'empty', data: { why }, range: f.keyRange, severity });
    else report({ messageId: 'missing', data: { why }, range: frontmatterStart(skill), severity });
  },
);
