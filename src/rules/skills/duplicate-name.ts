import path from 'node:path';
import type { HostProfile } from '../../hosts/profile.js';
import type { SkillSummary } from '../../model/summary.js';
import { hostIds } from '../frontmatter/shared.js';
import { defineCatalogRule } from '../rule.js';
import { field, parsed } from '../../model/queries.js';
import { show } from '../util.js';
import { folderOf, sortSkills } from '../../analysis/requires.js';

const MAX_LISTED = 3;

/**
 * The folder that namespaces a skill on a host that names skills by folder within
 * a container: `plugins/p/skills/s` -> `plugins/p` (Claude Code's `/p:s`), and
 * `apps/web/.claude/skills/s` -> `apps/web/.claude`. Skills of different containers never clash.
 */
function container(skill: SkillSummary): string {
  return path.dirname(path.dirname(skill.dir));
}

interface Clash {
  /** Hosts on which the names clash. */
  hosts: HostProfile[];
  /** The largest group of same-named skills this one is in (sorted; it includes the skill itself). */
  group: SkillSummary[];
}

export default defineCatalogRule(
  {
    id: 'skills/duplicate-name',
    description:
      'Reports two or more skills with the same `name` where a linted host would see them side by side (one flat namespace; on Claude Code, the same plugin or skills folder).',
    severity: 'error',
    fixable: false,
    defaultOptions: {},
    messages: {
      duplicateName: 'Unexpected duplicate name `{{show}}`, expected a name no other skill {{detail}} (also in {{shown}}{{why}})',
    },
  },
  ({ catalog, hosts, report }) => {
    const named = sortSkills(catalog.skills).filter((s) => parsed(s) && s.name !== undefined && s.name !== '');
    const clashes = new Map<SkillSummary, Clash>();
    // Default (no host): the spec's flat namespace.
    const identities: HostProfile['skillIdentity'][] = hosts.length ? [...new Set(hosts.map((h) => h.skillIdentity))] : ['name'];
    for (const identity of identities) {
      const groups = new Map<string, SkillSummary[]>();
      for (const skill of named) {
        const key = identity === 'folder-in-container' ? `${container(skill)}\0${skill.name}` : skill.name!;
        const group = groups.get(key);
        if (group) group.push(skill);
        else groups.set(key, [skill]);
      }
      const on = hosts.filter((h) => h.skillIdentity === identity);
      // Groups are shared, never copied per skill: 10,000 skills of one name stay linear.
      for (const group of groups.values()) {
        if (group.length < 2) continue;
        for (const skill of group) {
          const clash = clashes.get(skill);
          if (!clash) clashes.set(skill, { hosts: [...on], group });
          else {
            for (const h of on) if (!clash.hosts.includes(h)) clash.hosts.push(h);
            // A container's group is a subset of the flat one for the same name: keep the larger.
            if (group.length > clash.group.length) clash.group = group;
          }
        }
      }
    }
    for (const skill of named) {
      const clash = clashes.get(skill);
      if (!clash) continue;
      // A few others by name: with n copies, listing them all makes n messages of n names each.
      const first = clash.group.slice(0, MAX_LISTED + 1).filter((s) => s !== skill).slice(0, MAX_LISTED);
      const count = clash.group.length - 1;
      const shown = first.map((s) => `\`${folderOf(s, skill, catalog.skills)}\``);
      if (count > MAX_LISTED) shown.push(`${count - MAX_LISTED} more`);
      const onSome = hosts.length && clash.hosts.length < hosts.length ? `; on ${hostIds(clash.hosts)}` : '';
      // Where only folder-named hosts see the pair, the commands differ (folder names); the shown names do not.
      const byFolder = clash.hosts.length > 0 && clash.hosts.every((h) => h.skillIdentity === 'folder-in-container');
      const why = byFolder ? `; ${hostIds(clash.hosts)} ${clash.hosts.length === 1 ? 'invokes' : 'invoke'} each by its folder, but ${count === 1 ? 'both are' : 'all are'} listed as \`${show(skill.name!, 60)}\`` : onSome;
      report(skill, {
        messageId: 'duplicateName', data: { show: show(skill.name!, 60), detail: byFolder ? 'in the same plugin uses' : 'uses', shown: shown.join(', '), why },
        range: field(skill, 'name')?.valueRange,
        ...(byFolder ? { severity: 'warning' as const } : {}),
      });
    }
  },
);
