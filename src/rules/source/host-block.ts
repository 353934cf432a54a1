import type { Range } from '../../model/diagnostic.js';
import { hostIds } from '../../hosts/index.js';
import { defineSkillRule } from '../rule.js';
import { parsed } from '../util.js';
import { regionProblems, sortDirectives } from './shared.js';

export default defineSkillRule(
  {
    id: 'source/host-block',
    description: 'Reports a host block naming no host or an unknown host, nested in another, or not opened and closed in pairs.',
    severity: 'error',
    fixable: false,
    defaultOptions: {},
  },
  ({ skill, report }) => {
    if (!parsed(skill)) return;
    const known = hostIds();
    const expected = known.map((id) => `\`${id}\``).join(', ');
    const problems: { message: string; range: Range }[] = [];
    for (const d of sortDirectives(skill.directives)) {
      if (d.kind !== 'host-open') continue;
      if (d.hosts.length === 0) problems.push({ message: `Unexpected empty host list, expected one or more of ${expected}`, range: d.range });
      for (const id of new Set(d.hosts)) {
        if (known.includes(id)) continue;
        const near = known.find((k) => k === id.toLowerCase());
        problems.push({ message: `Unexpected unknown host \`${id}\`, expected ${near ? `\`${near}\`` : `one of ${expected}`}`, range: d.range });
      }
    }
    for (const p of regionProblems(skill.directives)) if (p.kind === 'host') problems.push(p);
    problems.sort((a, b) => (a.range.start.offset ?? 0) - (b.range.start.offset ?? 0));
    for (const p of problems) report({ message: p.message, range: p.range });
  },
);
