import { defineSkillRule } from '../rule.js';

export default defineSkillRule(
  {
    id: 'file/unreadable',
    description: 'Reports a SKILL.md that cannot be read or is not a regular file.',
    severity: 'error',
    fixable: false,
    defaultOptions: {},
  },
  ({ skill, report }) => {
    const p = skill.readProblem;
    if (p && (p.kind === 'unreadable' || p.kind === 'not-a-file')) report({ message: p.message });
  },
);
