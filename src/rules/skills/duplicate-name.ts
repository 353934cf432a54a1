import path from 'node:path';
import type { HostProfile } from '../../hosts/profile.js';
import type { SkillSummary } from '../../model/summary.js';
import { hostIds } from '../frontmatter/shared.js';
import { defineCatalogRule } from '../rule.js';
import { field, parsed, show } from '../util.js';
import { folderOf, sortSkills } from './shared.js';

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
  others: SkillSummary[];
}

export default defineCatalogRule(
  {
    id: 'skills/duplicate-name',
    description:
      'Reports two or more skills with the same `name` where a linted host would see them side by side (one flat namespace; on Claude Code, the same plugin or skills folder).',
    severity: 'error',
    fixable: false,
    defaultOptions: {},
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
        const group = groups.get(key) ?? [];
        group.push(skill);
        groups.set(key, group);
      }
      const on = hosts.filter((h) => h.skillIdentity === identity);
      for (const group of groups.values()) {
        if (group.length < 2) continue;
        for (const skill of group) {
          const clash = clashes.get(skill) ?? { hosts: [], others: [] };
          clash.hosts.push(...on.filter((h) => !clash.hosts.includes(h)));
          for (const o of group) if (o !== skill && !clash.others.includes(o)) clash.others.push(o);
          clashes.set(skill, clash);
        }
      }
    }
    for (const skill of named) {
      const clash = clashes.get(skill);
      if (!clash) continue;
      // A few others by name: with n copies, listing them all makes n messages of n names each.
      const others = sortSkills(clash.others);
      const shown = others.slice(0, MAX_LISTED).map((s) => `\`${folderOf(s, skill, catalog.skills)}\``);
      if (others.length > MAX_LISTED) shown.push(`${others.length - MAX_LISTED} more`);
      const onSome = hosts.length && clash.hosts.length < hosts.length ? `; on ${hostIds(clash.hosts)}` : '';
      // Where only folder-named hosts see the pair, the commands differ (folder names); the shown names do not.
      const byFolder = clash.hosts.length > 0 && clash.hosts.every((h) => h.skillIdentity === 'folder-in-container');
      const why = byFolder ? `; ${hostIds(clash.hosts)} ${clash.hosts.length === 1 ? 'invokes' : 'invoke'} each by its folder, but ${others.length === 1 ? 'both are' : 'all are'} listed as \`${show(skill.name!, 60)}\`` : onSome;
      report(skill, {
        message: `Unexpected duplicate name \`${show(skill.name!, 60)}\`, expected a name no other skill ${byFolder ? 'in the same plugin uses' : 'uses'} (also in ${shown.join(', ')}${why})`,
        range: field(skill, 'name')?.valueRange,
        ...(byFolder ? { severity: 'warning' as const } : {}),
      });
    }
  },
);
