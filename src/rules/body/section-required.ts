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
      report({ message: `Unexpected missing ${h2(name)} section, expected by kind \`${kind.name}\`${hint}`, range: kind.range });
    }
    if (!kind.closed) return;
    const allowed = new Set([...kind.sections, ...kind.optional]);
    const list = [...allowed].map(h2).join(', ');
    for (const h of headings) {
      if (allowed.has(h.text)) continue;
      report({
        message: `Unexpected section ${h2(h.text)}, expected ${allowed.size ? `only ${list}` : 'no `##` sections'} for closed kind \`${kind.name}\``,
        range: h.range,
      });
    }
  },
);
