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
          message: `Unexpected unknown skill \`${show(entry.name, 60)}\` in \`skillc.requires\`, expected ${near ? `\`${show(near, 60)}\`` : 'the name of a skill in the catalog'}`,
          range: entry.range,
        });
      }
    }
  },
);
