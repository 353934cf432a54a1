import { defineSkillRule } from '../rule.js';

export default defineSkillRule(
  {
    id: 'file/parse',
    description: 'Reports a SKILL.md whose Markdown could not be parsed within the limits (e.g. nesting too deep).',
    severity: 'error',
    fixable: false,
    defaultOptions: {},
  },
  ({ skill, report }) => {
    const p = skill.readProblem;
    if (p?.kind === 'parse') report(p.range ? { message: p.message, range: p.range } : { message: p.message });
  },
);
