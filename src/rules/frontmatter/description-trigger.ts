import { hostFields, invocationOn } from '../../analysis/budget.js';
import type { HostProfile } from '../../hosts/profile.js';
import { defineSkillRule } from '../rule.js';
import { cleanFrontmatter, seenDescriptions } from './shared.js';

export interface Options {
  /** More phrases that count as a trigger, matched case-insensitively as words. */
  phrases: string[];
}

/**
 * Phrases that tell the model when to pick the skill. Kept in step with the
 * list in docs/rules/frontmatter/description-trigger.md.
 */
const CONNECTOR = String.raw`(?:when|whenever|if|for|to|on|after|before|during|once|while)`;

const TRIGGERS: readonly RegExp[] = [
  // use when / use this when / use this skill whenever / use only when / use for / use to ...
  // and with an adverb: "Use immediately after ...", "Use PROACTIVELY to ...", "Always use when ..."
  new RegExp(String.raw`\buse\s+(?:(?:this|the|it|only|this\s+skill|[a-z]+ly)\s+){0,2}${CONNECTOR}\b`, 'i'),
  // "Use X for ... when ...", "Use `ask-glm` to cross-check ... if ...": an imperative Use whose sentence says when
  /(?:^|[.;:!?—–-]\s*|\(\s*)use\s+[^.;!?]{1,80}?\s(?:for|to|on|with)\s[^.;!?]{0,160}?\b(?:when|whenever|if|before|after)\b/i,
  // "This skill should be used when ...", "is meant to be used for ...", "can be used whenever ..."
  // ... and with an adverb in any case: "MUST be used PROACTIVELY after ...", "Used proactively whenever ..."
  new RegExp(String.raw`\b(?:should|must|can|may|is|are|to)\s+be\s+used\s+(?:(?:only|primarily|mainly|[a-z]+ly)\s+)?${CONNECTOR}\b`, 'i'),
  new RegExp(String.raw`\bused\s+[a-z]+ly\s+${CONNECTOR}\b`, 'i'),
  // ... when the user / if a user / whenever you / when asked
  /\b(?:when|whenever|if)\s+(?:(?:the|a|an)\s+)?(?:user|users|you|someone|asked|requested|prompted)\b/i,
  // a when-clause on an activity: "when wiring ...", "whenever reviewing ...", "before committing"
  /\b(?:when|whenever|before|after|while)\s+(?:\w+ing)\b/i,
  // a description that opens on the user's need: "user wants to ...", "The user asks for ..."
  /^\s*(?:(?:the|a|an)\s+)?users?\s+(?:wants?|needs?|asks?|is|has|requests?|mentions?|says?)\b/i,
  // ... or states it later: "... and the user wants to review it"
  /\b(?:the|a)\s+users?\s+(?:wants?|needs?|asks?)\s+(?:to|for)\b/i,
  // triggers on / triggered when / TRIGGER when / TRIGGERS - / Triggers: / trigger words
  /\btrigger(?:s|ed)?\s*(?:on|when|whenever|by|for|if|:|-|–|—)/i,
  /\btrigger\s+(?:words|phrases|keywords|terms)\b/i,
  /\bkeywords?\s*(?::|-\s|–|—)/i,
  // invoke when / invoked for / activate whenever / applies when / call this skill when / run before ...
  /\b(?:invoke|invoked|activate|activated|activates|apply|applies|call|called|load|loaded|run|consult)\s+(?:(?:this|it|this\s+skill|[a-z]+ly)\s+)?(?:when|whenever|if|for|to|on|after|before)\b/i,
  // useful when / helpful if
  /\b(?:useful|helpful|handy)\s+(?:when|whenever|if)\b/i,
  // "Preferred for ...", "Preferred over X when ...", "Best for ...", "Ideal for ..."
  /\b(?:preferred|recommended|best|ideal|intended|designed|suited)\s+(?:for|when|whenever|over|to)\b/i,
  // a sentence that opens on the uses: "For A, B and C.", "For reviewing pull requests or auditing code."
  // (the uses start at a word, so the blanks after `for` are not shared out; what follows the first `,`/and/or always matches and is not read)
  /(?:^|[.;!?]\s+)for\s+(?!each\b|every\b|all\b|example\b|instance\b|now\b|more\b|details?\b|this\b|that\b|it\b)[^.;!?\s][^.;!?]+?(?:,|\band\b|\bor\b)/i,
];

function escape(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

export default defineSkillRule<Options>(
  {
    id: 'frontmatter/description-trigger',
    description: 'Reports a `description` that never says when to use the skill ("Use when ...", "This skill should be used when ...", "when the user ...", "TRIGGERS - ...").',
    severity: 'warning',
    fixable: false,
    schema: {
      type: 'object',
      properties: { phrases: { type: 'array', items: { type: 'string', minLength: 1 } } },
      additionalProperties: false,
    },
    defaultOptions: { phrases: [] },
    messages: {
      noTrigger: 'Unexpected description{{where}} without a trigger, expected when to use the skill, e.g. "Use when the user asks for ..." (models pick skills by their description)',
    },
  },
  ({ skill, hosts, options, report }) => {
    if (!cleanFrontmatter(skill)) return;
    const extra = (Array.isArray(options.phrases) ? options.phrases : []).filter((p): p is string => typeof p === 'string' && p.trim() !== '');
    // Each text a host will see (a source's `skillc.<host>.description` is its host's), checked for the hosts that see it.
    for (const { field: f, hosts: seers, where } of seenDescriptions(skill, hosts)) {
      // A skill none of these hosts lists to the model (`disable-model-invocation: true`) is picked by the user, by name.
      if (seers.length && seers.every((h) => !invocationOn(skill, h).model)) continue;
      if (typeof f.value !== 'string' || f.value.trim() === '') continue;
      const text = f.value.replace(/\s+/g, ' ');
      if (TRIGGERS.some((re) => re.test(text))) continue;
      if (extra.some((p) => new RegExp(`(?:^|\\W)${escape(p.trim()).replace(/\s+/g, '\\s+')}(?:$|\\W)`, 'i').test(text))) continue;
      // A host field that carries the trigger text separately, read by every host that sees this description.
      const when = (h: HostProfile): unknown => hostFields(skill, h).when_to_use;
      if (seers.length && seers.every((h) => 'when_to_use' in h.fields && typeof when(h) === 'string' && (when(h) as string).trim())) continue;
      report({ messageId: 'noTrigger', data: { where }, range: f.valueRange });
    }
  },
);
