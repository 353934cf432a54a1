import { defineSkillRule } from '../rule.js';

export default defineSkillRule(
  {
    id: 'file/too-large',
    description: 'Reports a SKILL.md over the size limit; it is not parsed.',
    severity: 'error',
    fixable: false,
    defaultOptions: {},
  },
  ({ skill, report }) => {
    if (skill.readProblem?.kind === 'too-large') report({ message: skill.readProblem.message });
  },
);
