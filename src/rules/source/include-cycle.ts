import { allSteps, cycleMessage } from '../../parse/includes.js';
import { defineSkillRule } from '../rule.js';
import { parsed } from '../../model/queries.js';
import { includeWalks } from './shared.js';

/** A cycle's members rotated to start at the smallest, so each cycle is reported once. */
function cycleKey(members: string[]): string {
  let best = 0;
  for (let i = 1; i < members.length; i++) if (members[i]! < members[best]!) best = i;
  return [...members.slice(best), ...members.slice(0, best)].join('\n');
}

export default defineSkillRule(
  {
    id: 'source/include-cycle',
    description: 'Reports include directives (in SKILL.md or a bundled Markdown file the build expands) that, followed through the files they include, come back to a file already being included.',
    severity: 'error',
    fixable: false,
    defaultOptions: {},
  },
  ({ skill, config, report }) => {
    if (!parsed(skill)) return;
    const reported = new Set<string>();
    // SKILL.md's includes, then those of each bundled Markdown file the build expands (reported there).
    for (const { file, steps } of includeWalks(skill, config.sources)) {
      for (const top of steps) {
        // One report an include: a tangle of shared files is one problem to the author, not dozens.
        const fresh: string[][] = [];
        for (const step of allSteps([top])) {
          if (step.problem?.kind !== 'cycle') continue;
          const members = [...step.chain.slice(step.chain.indexOf(step.target!)), step.target!];
          const key = cycleKey(members.slice(1));
          if (reported.has(key)) continue;
          reported.add(key);
          fresh.push(step.problem.cycle!);
        }
        if (!fresh.length) continue;
        const more = fresh.length > 1 ? ` (and ${fresh.length - 1} more through this include)` : '';
        report({ message: cycleMessage(fresh[0]!, more), range: top.include.range, ...(file ? { file } : {}) });
      }
    }
  },
);
