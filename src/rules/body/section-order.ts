import { defineSkillRule } from '../rule.js';
import { parsed } from '../../model/queries.js';
import { h2, level2, skillKind } from './shared.js';

export default defineSkillRule(
  {
    id: 'body/section-order',
    description: "Reports the first required `##` section out of the order an `ordered` kind lists them in.",
    severity: 'error',
    fixable: false,
    defaultOptions: {},
    messages: {
      outOfOrder: 'Unexpected section {{text}} here, expected {{before}} before it (kind `{{name}}` orders {{map}})',
    },
  },
  ({ skill, config, report }) => {
    if (!parsed(skill)) return;
    const kind = skillKind(skill, config);
    if (!kind?.ordered) return;
    const required = [...new Set(kind.sections)];
    // First occurrence of each required section, in document order; missing ones are another rule's.
    const seen = new Set<string>();
    const found = level2(skill).filter((h) => required.includes(h.text) && !seen.has(h.text) && seen.add(h.text));
    const expected = required.filter((name) => seen.has(name));
    for (let i = 0; i < found.length; i++) {
      const h = found[i]!;
      if (h.text === expected[i]) continue;
      const before = expected.slice(i, expected.indexOf(h.text)).map(h2).join(', ');
      report({
        messageId: 'outOfOrder', data: { text: h2(h.text), before, name: kind.name, map: required.map(h2).join(', ') },
        range: h.range,
      });
      return;
    }
  },
);
