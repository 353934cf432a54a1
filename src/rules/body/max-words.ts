import { defineSkillRule } from '../rule.js';
import { parsed } from '../../model/queries.js';
import { countWords, skillKind, wordText } from './shared.js';

export interface MaxWordsOptions {
  max?: number;
  scope: 'body' | 'file';
}

export default defineSkillRule<MaxWordsOptions>(
  {
    id: 'body/max-words',
    description: "Reports a SKILL.md with more words than its kind's `maxWords` or the `max` option allows.",
    severity: 'error',
    fixable: false,
    schema: {
      type: 'object',
      properties: { max: { type: 'integer', minimum: 1 }, scope: { enum: ['body', 'file'] } },
      additionalProperties: false,
    },
    defaultOptions: { scope: 'body' },
    messages: {
      tooManyWords: 'Unexpected {{count}} words {{where}}, expected at most {{max}}{{why}}',
    },
  },
  ({ skill, options, config, report }) => {
    if (!parsed(skill)) return;
    const kind = skillKind(skill, config);
    const max = kind?.maxWords ?? options.max;
    if (max === undefined) return;
    const start = options.scope === 'file' ? 0 : skill.bodyOffset;
    const { count, nthOffset, nthEnd } = countWords(wordText(skill, start), start, max + 1);
    if (count <= max || nthOffset === undefined || nthEnd === undefined) return;
    const where = options.scope === 'file' ? 'in SKILL.md' : 'in the body';
    const why = kind?.maxWords !== undefined ? ` for kind \`${kind.name}\`` : '';
    report({
      messageId: 'tooManyWords', data: { count, where, max, why },
      range: skill.file.lines.range(nthOffset, nthEnd),
    });
  },
);
