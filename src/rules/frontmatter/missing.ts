import { defineSkillRule } from '../rule.js';
import { parsed } from '../../model/queries.js';

const MESSAGES = {
  absent: 'Unexpected SKILL.md without frontmatter, expected a `---` block at byte 0 with `name` and `description`',
  bom: 'Unexpected byte order mark before the frontmatter, expected `---` at byte 0 (strict loaders see no frontmatter)',
  'leading-blank': 'Unexpected blank line before the frontmatter, expected `---` at byte 0 (hosts see no frontmatter)',
  unclosed: 'Unexpected unclosed frontmatter, expected a closing `---` line',
} as const;

export default defineSkillRule(
  {
    id: 'frontmatter/missing',
    description: 'Reports a SKILL.md whose frontmatter block does not start at byte 0: absent, after a BOM or blank lines, or unclosed.',
    severity: 'error',
    fixable: true,
    defaultOptions: {},
    messages: MESSAGES,
  },
  ({ skill, report }) => {
    const p = skill.fenceProblem;
    if (!p || !parsed(skill)) return;
    const input = { messageId: p.kind, range: p.range };
    if (p.kind === 'bom') report({ ...input, fix: [{ range: [0, 1], text: '' }] });
    else if (p.kind === 'leading-blank') report({ ...input, fix: [{ range: [0, p.range.start.offset ?? 0], text: '' }] });
    else report(input);
  },
);
