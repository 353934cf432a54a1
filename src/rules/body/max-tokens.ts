import { defineSkillRule } from '../rule.js';
import { parsed } from '../../model/queries.js';
import { hostLimit } from './shared.js';

/** Characters per token in the estimate: the usual rule of thumb for English prose and code. */
export const CHARS_PER_TOKEN = 4;

export default defineSkillRule<{ max?: number }>(
  {
    id: 'body/max-tokens',
    description: "Reports a SKILL.md body whose estimated token count (characters / 4) is over the hosts' budget.",
    severity: 'warning',
    fixable: false,
    schema: { type: 'object', properties: { max: { type: 'integer', minimum: 1 } }, additionalProperties: false },
    defaultOptions: {},
    messages: {
      tooManyTokens: `Unexpected about {{tokens}} body tokens ({{chars}} characters / ${CHARS_PER_TOKEN}), expected at most {{max}}; move detail into references/`,
    },
  },
  ({ skill, options, hosts, config, report }) => {
    if (!parsed(skill)) return;
    const max = options.max ?? hostLimit(hosts, 'bodyMaxTokens', config.hostTable);
    const text = skill.file.text;
    const chars = text.length - skill.bodyOffset;
    const tokens = Math.ceil(chars / CHARS_PER_TOKEN);
    if (tokens <= max) return;
    // Point at the line where the estimate passes the budget.
    const line = skill.file.lines.pointAt(skill.bodyOffset + max * CHARS_PER_TOKEN).line;
    report({
      messageId: 'tooManyTokens', data: { tokens, chars, max },
      range: skill.file.lines.lineRange(line),
    });
  },
);
