import { defineCatalogRule } from '../rule.js';
import { field, parsed, show } from '../util.js';
import { folderOf, sortSkills } from './shared.js';

const MAX_LISTED = 3;

export default defineCatalogRule(
  {
    id: 'skills/duplicate-name',
    description: 'Reports two or more skills with the same `name`.',
    severity: 'error',
    fixable: false,
    defaultOptions: {},
  },
  ({ catalog, report }) => {
    const groups = new Map<string, typeof catalog.skills>();
    for (const skill of sortSkills(catalog.skills)) {
      if (!parsed(skill) || skill.name === undefined || skill.name === '') continue;
      const group = groups.get(skill.name) ?? [];
      group.push(skill);
      groups.set(skill.name, group);
    }
    for (const [name, group] of groups) {
      if (group.length < 2) continue;
      for (const skill of group) {
        // A few others by name: with n copies, listing them all makes n messages of n names each.
        const others = group.filter((s) => s !== skill);
        const shown = others.slice(0, MAX_LISTED).map((s) => `\`${folderOf(s, skill, catalog.skills)}\``);
        if (others.length > MAX_LISTED) shown.push(`${others.length - MAX_LISTED} more`);
        report(skill, {
          message: `Unexpected duplicate name \`${show(name, 60)}\`, expected a name no other skill uses (also in ${shown.join(', ')})`,
          range: field(skill, 'name')?.valueRange,
        });
      }
    }
  },
);
