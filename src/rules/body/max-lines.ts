import { defineSkillRule } from '../rule.js';
import { parsed } from '../../model/queries.js';
import { bodyLines, hostLimit, skillKind } from './shared.js';

export default defineSkillRule<{ max?: number }>(
  {
    id: 'body/max-lines',
    description: "Reports a SKILL.md body longer than the line budget (the hosts' limit, the option or the kind's `maxLines`).",
    severity: 'warning',
    fixable: false,
    schema: { type: 'object', properties: { max: { type: 'integer', minimum: 1 } }, additionalProperties: false },
    defaultOptions: {},
    messages: {
      tooManyLines: 'Unexpected {{count}} body lines, expected at most {{max}}{{why}}; move detail into references/',
    },
  },
  ({ skill, options, hosts, config, report }) => {
    if (!parsed(skill)) return;
    const kind = skillKind(skill, config);
    const max = kind?.maxLines ?? options.max ?? hostLimit(hosts, 'bodyMaxLines', config.hostTable);
    const { first, count } = bodyLines(skill);
    if (count <= max) return;
    const why = kind?.maxLines !== undefined ? ` for kind \`${kind.name}\`` : '';
    report({
      messageId: 'tooManyLines', data: { count, max, why },
      range: skill.file.lines.lineRange(first + max),
    });
  },
);
