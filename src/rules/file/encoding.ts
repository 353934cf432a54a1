import { defineSkillRule } from '../rule.js';

export default defineSkillRule(
  {
    id: 'file/encoding',
    description: 'Reports a SKILL.md that is binary (has NUL bytes) or not valid UTF-8.',
    severity: 'error',
    fixable: false,
    defaultOptions: {},
  },
  ({ skill, report }) => {
    const p = skill.readProblem;
    if (p && (p.kind === 'binary' || p.kind === 'encoding')) report({ message: p.message });
  },
);
