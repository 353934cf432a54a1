import { defineSkillRule } from '../rule.js';
import type { HostProfile } from '../../hosts/profile.js';
import type { FrontmatterField } from '../../model/skill.js';
import { kindName } from '../util.js';
import { charLength, cleanFrontmatter, enforcedBy, hostIds, seenDescriptions, strictestLimit } from './shared.js';

export interface Options {
  /** A house limit in characters, applied on top of the hosts' own. */
  max?: number;
  /** A house limit per host profile id, applied when that host is linted for. */
  hosts?: Record<string, number>;
  /** A house limit per `skillc.kind`. */
  kinds?: Record<string, number>;
}

const limitMap = { type: 'object', additionalProperties: { type: 'integer', minimum: 1 } };

export default defineSkillRule<Options>(
  {
    id: 'frontmatter/description-length',
    description: 'Reports a `description` that is empty or longer than the strictest linted host allows (1-1024 characters in the spec and on claude.ai; Claude Code sets no cap of its own).',
    severity: 'error',
    fixable: false,
    schema: {
      type: 'object',
      properties: { max: { type: 'integer', minimum: 1 }, hosts: limitMap, kinds: limitMap },
      additionalProperties: false,
    },
    defaultOptions: {},
    messages: {
      empty: 'Unexpected empty description{{where}}, expected 1-{{max}} characters saying what the skill does and when to use it',
      tooLong: 'Unexpected description of {{length}} characters{{where}}, expected at most {{max}}{{because}}',
    },
  },
  ({ skill, hosts, options, report }) => {
    if (!cleanFrontmatter(skill) || !hosts.length) return;
    // Each text a host will see, against that host's limits: a per-host value (`skillc.<host>.description`) against its host's.
    for (const seen of seenDescriptions(skill, hosts)) check(seen.field, seen.hosts, seen.where);

    function check(f: FrontmatterField, seers: HostProfile[], where: string): void {
      if (typeof f.value !== 'string') return;
      const { max: hostMax, hosts: strictest } = strictestLimit(seers, (h) => h.limits.descriptionMax);
      // House limits: the strictest that applies wins over the hosts' own.
      let max = hostMax;
      let because = strictest.length < hosts.length ? ` (the limit of ${hostIds(strictest)})` : '';
      // The hosts' own cap is an error where the host refuses the skill (Codex, the spec's validator), a
      // warning where it loads the skill and warns (pi); a house limit is the configured severity.
      let severity = enforcedBy(strictest, 'descriptionLength', 'description')?.severity;
      if (!severity) max = Number.POSITIVE_INFINITY;
      const house = (limit: number | undefined, why: string): void => {
        if (typeof limit === 'number' && limit > 0 && limit < max) {
          max = limit;
          because = why;
          severity = undefined;
        }
      };
      house(options.max, ' (the house limit)');
      for (const h of seers) house(options.hosts?.[h.id], ` (the house limit for ${h.id})`);
      const kind = kindName(skill);
      if (kind && options.kinds && Object.prototype.hasOwnProperty.call(options.kinds, kind)) house(options.kinds[kind], ` (the house limit for kind \`${kind}\`)`);
      const length = charLength(f.value);
      // No host that sees it caps or requires the description (Claude Code: an empty one falls back to the body's first paragraph).
      if (max === Number.POSITIVE_INFINITY) return;
      if (f.value.trim() === '') {
        report({ messageId: 'empty', data: { max, where }, range: f.valueRange });
      } else if (length > max) {
        report({ messageId: 'tooLong', data: { length, max, because, where }, range: f.valueRange, ...(severity ? { severity } : {}) });
      }
    }
  },
);
