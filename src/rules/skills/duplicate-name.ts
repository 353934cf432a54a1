import { defineCatalogRule } from '../rule.js';
import { field, parsed, show } from '../util.js';
import { folderOf, sortSkills } from './shared.js';

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
        const others = group.filter((s) => s !== skill).map((s) => `\`${folderOf(s, skill, catalog.skills)}\``);
        report(skill, {
          message: `Unexpected duplicate name \`${show(name, 60)}\`, expected a name no other skill uses (also in ${others.join(', ')})`,
          range: field(skill, 'name')?.valueRange,
        });
      }
    }
  },
);
