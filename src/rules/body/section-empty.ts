import { defineSkillRule } from '../rule.js';
import { parsed } from '../../model/queries.js';
import { allSections } from './shared.js';

export default defineSkillRule(
  {
    id: 'body/section-empty',
    description: 'Reports a heading with no content and no subsections under it.',
    severity: 'warning',
    fixable: false,
    defaultOptions: {},
    messages: {
      emptySection: 'Unexpected empty section `{{repeat}} {{text}}`, expected content or a subsection',
    },
  },
  ({ skill, report }) => {
    if (!parsed(skill)) return;
    for (const section of allSections(skill.sections)) {
      if (!section.empty) continue;
      const h = section.heading;
      report({
        messageId: 'emptySection', data: { repeat: '#'.repeat(h.depth), text: h.text },
        range: h.range,
      });
    }
  },
);
