import { defineSkillRule } from '../rule.js';
import { parsed } from '../../model/queries.js';
import { h2, level2, skillKind } from './shared.js';

export default defineSkillRule(
  {
    id: 'body/section-required',
    description: "Reports a `##` section the skill's kind requires but the body lacks, and, for a closed kind, any other `##` section.",
    severity: 'error',
    fixable: false,
    defaultOptions: {},
    messages: {
      missingSection: 'Unexpected missing {{name}} section, expected by kind `{{name2}}`{{hint}}',
      unexpectedSection: 'Unexpected section {{text}}, expected {{detail}} for closed kind `{{name}}`',
    },
  },
  ({ skill, config, report }) => {
    if (!parsed(skill)) return;
    const kind = skillKind(skill, config);
    if (!kind) return;
    const headings = level2(skill);
    const present = new Set(headings.map((h) => h.text));
    for (const name of new Set(kind.sections)) {
      if (present.has(name)) continue;
      const near = headings.find((h) => h.text.trim().toLowerCase() === name.trim().toLowerCase());
      const hint = near ? ` (found ${h2(near.text)})` : '';
      report({ messageId: 'missingSection', data: { name: h2(name), name2: kind.name, hint }, range: kind.range });
    }
    if (!kind.closed) return;
    const allowed = new Set([...kind.sections, ...kind.optional]);
    const list = [...allowed].map(h2).join(', ');
    for (const h of headings) {
      if (allowed.has(h.text)) continue;
      report({
        messageId: 'unexpectedSection', data: { text: h2(h.text), detail: allowed.size ? `only ${list}` : 'no `##` sections', name: kind.name },
        range: h.range,
      });
    }
  },
);
