import { invocationOn } from '../../analysis/budget.js';
import { defineCatalogRule } from '../rule.js';
import { field, parsed } from '../../model/queries.js';
import { sortSkills } from '../../analysis/requires.js';
import { skillcBlock } from '../../model/skillc-block.js';

export default defineCatalogRule(
  {
    id: 'skills/unreachable',
    description: 'Reports a skill that neither the model nor the user can invoke on a linted host, such as Claude Code\'s `user-invocable: false` with `disable-model-invocation: true`.',
    severity: 'error',
    fixable: false,
    defaultOptions: {},
    messages: {
      emptyTargets: 'Unexpected empty `skillc.targets`: no host installs this skill, expected at least one host id',
      noInvoker: 'Unexpected skill that no one can invoke on {{map}}: {{map2}} keep both the model and the user from it, expected at least one of them to reach it',
    },
  },
  ({ catalog, hosts, report }) => {
    for (const skill of sortSkills(catalog.skills)) {
      if (!parsed(skill) || !skill.frontmatter || skill.frontmatter.errors.length) continue;
      const skillc = field(skill, 'skillc');
      const targets = skillcBlock(skill).targets;
      if (targets && targets.length === 0) {
        report(skill, {
          messageId: 'emptyTargets',
          range: skillc?.children?.find((c) => c.key === 'targets')?.valueRange ?? skillc?.keyRange,
        });
        continue;
      }
      const blocked = hosts.map((host) => ({ host, inv: invocationOn(skill, host) })).filter(({ inv }) => inv.installed && !inv.model && !inv.user);
      if (!blocked.length) continue;
      const keys = [...new Set(blocked.flatMap(({ inv }) => inv.hiddenBy))];
      const first = keys[0]?.split(':')[0];
      const at = (first && field(skill, first)) || skillc;
      report(skill, {
        messageId: 'noInvoker', data: { map: blocked.map(({ host }) => host.displayName).join(', '), map2: keys.map((k) => `\`${k}\``).join(' and ') },
        range: at?.keyRange,
      });
    }
  },
);
