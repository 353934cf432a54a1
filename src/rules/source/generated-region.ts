import { defineSkillRule } from '../rule.js';
import { parsed } from '../../model/queries.js';
import { REGION_MESSAGES, regionProblems, sortDirectives } from './shared.js';

export default defineSkillRule(
  {
    id: 'source/generated-region',
    description: 'Reports a generated region without a name, nested in another, or not opened and closed in pairs.',
    severity: 'error',
    fixable: false,
    defaultOptions: {},
    messages: {
      ...REGION_MESSAGES,
      unnamed: 'Unexpected generated region without a name, expected `<!-- generated: name -->`',
    },
  },
  ({ skill, report }) => {
    if (!parsed(skill)) return;
    const problems = regionProblems(skill.directives).filter((p) => p.kind === 'generated');
    for (const d of sortDirectives(skill.directives)) {
      if (d.kind === 'generated-open' && !d.name) {
        problems.push({ kind: 'generated', messageId: 'unnamed', range: d.range });
      }
    }
    problems.sort((a, b) => (a.range.start.offset ?? 0) - (b.range.start.offset ?? 0));
    for (const p of problems) report({ messageId: p.messageId, ...(p.data ? { data: p.data } : {}), range: p.range });
  },
);
