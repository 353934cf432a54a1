import { defineSkillRule } from '../rule.js';
import { field } from '../util.js';
import { cleanFrontmatter } from './shared.js';

export interface Options {
  /** More phrases that count as a trigger, matched case-insensitively as words. */
  phrases: string[];
}

/**
 * Phrases that tell the model when to pick the skill. Kept in step with the
 * list in docs/rules/frontmatter/description-trigger.md.
 */
const TRIGGERS: readonly RegExp[] = [
  // use when / use this when / use this skill whenever / use only when / use for / use to ...
  /\buse\s+(?:(?:this|the|it|only|this\s+skill)\s+)?(?:when|whenever|if|for|to|on|after|before|during)\b/i,
  // ... when the user / if a user / whenever you / when asked
  /\b(?:when|whenever|if)\s+(?:(?:the|a|an)\s+)?(?:user|users|you|someone|asked|requested|prompted)\b/i,
  // triggers on / triggered when / trigger words: / triggers:
  /\btrigger(?:s|ed)?\s*(?:on|when|whenever|by|for|if|:)/i,
  /\btrigger\s+(?:words|phrases)\b/i,
  // invoke when / invoked for / activate whenever / applies when / call this skill when
  /\b(?:invoke|invoked|activate|activated|activates|apply|applies|call|called|load|loaded)\s+(?:(?:this|it|this\s+skill)\s+)?(?:when|whenever|if|for|to|on)\b/i,
];

function escape(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

export default defineSkillRule<Options>(
  {
    id: 'frontmatter/description-trigger',
    description: 'Reports a `description` that never says when to use the skill ("Use when ...", "when the user ...", "Triggers on ...").',
    severity: 'warning',
    fixable: false,
    schema: {
      type: 'object',
      properties: { phrases: { type: 'array', items: { type: 'string', minLength: 1 } } },
      additionalProperties: false,
    },
    defaultOptions: { phrases: [] },
  },
  ({ skill, hosts, options, report }) => {
    if (!cleanFrontmatter(skill)) return;
    const f = field(skill, 'description');
    if (!f || typeof f.value !== 'string' || f.value.trim() === '') return;
    const text = f.value.replace(/\s+/g, ' ');
    if (TRIGGERS.some((re) => re.test(text))) return;
    const extra = (Array.isArray(options.phrases) ? options.phrases : []).filter((p): p is string => typeof p === 'string' && p.trim() !== '');
    if (extra.some((p) => new RegExp(`(?:^|\\W)${escape(p.trim()).replace(/\s+/g, '\\s+')}(?:$|\\W)`, 'i').test(text))) return;
    // A host field that carries the trigger text separately, read by every linted host.
    const when = field(skill, 'when_to_use');
    if (when && typeof when.value === 'string' && when.value.trim() && hosts.length && hosts.every((h) => 'when_to_use' in h.fields)) return;
    report({
      message: 'Unexpected description without a trigger, expected when to use the skill, e.g. "Use when the user asks for ..." (models pick skills by their description)',
      range: f.valueRange,
    });
  },
);
