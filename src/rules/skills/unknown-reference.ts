import { defineCatalogRule } from '../rule.js';
import { show } from '../util.js';
import { closest } from '../../core/suggest.js';
import { byName, requiresOf, sortSkills } from '../../analysis/requires.js';

export default defineCatalogRule(
  {
    id: 'skills/unknown-reference',
    description: 'Reports a `skillc.requires` entry that names no skill in the catalog.',
    severity: 'error',
    fixable: false,
    defaultOptions: {},
    messages: {
      unknownSkill: 'Unexpected unknown skill `{{name}}` in `skillc.requires`, expected {{detail}}',
    },
  },
  ({ catalog, report }) => {
    const names = byName(catalog.skills);
    for (const skill of sortSkills(catalog.skills)) {
      for (const entry of requiresOf(skill)) {
        if (names.has(entry.name)) continue;
        // Linting one skill alone (pre-commit) leaves its siblings out of the catalog.
        if (/^[^/\\]+$/.test(entry.name) && entry.name !== '.' && entry.name !== '..' && skill.bundle.exists(`../${entry.name}/SKILL.md`)) continue;
        const near = closest(entry.name, names.keys());
        report(skill, {
          messageId: 'unknownSkill', data: { name: show(entry.name, 60), detail: near ? `\`${show(near, 60)}\`` : 'the name of a skill in the catalog' },
          range: entry.range,
        });
      }
    }
  },
);
