import type { Skill } from '../../model/skill.js';
import { defineSkillRule } from '../rule.js';
import { parsed } from '../util.js';
import { INCLUDE_LIMITS, includeRoot, includesOf, relToSkill, resolveInclude, skillIncludes } from './shared.js';

/** A cycle's members rotated to start at the smallest, so each cycle is reported once. */
function cycleKey(members: string[]): string {
  let best = 0;
  for (let i = 1; i < members.length; i++) if (members[i]! < members[best]!) best = i;
  return [...members.slice(best), ...members.slice(0, best)].join('\n');
}

export default defineSkillRule(
  {
    id: 'source/include-cycle',
    description: 'Reports include directives that, followed through the files they include, come back to a file already being included.',
    severity: 'error',
    fixable: false,
    defaultOptions: {},
  },
  ({ skill, config, report }) => {
    if (!parsed(skill)) return;
    const root = includeRoot(skill, config.sources);
    const reported = new Set<string>();
    const done = new Set<string>();
    let budget = INCLUDE_LIMITS.files;
    const show = (abs: string): string => (abs === skill.file.path ? 'SKILL.md' : relToSkill(skill, abs));

    // Depth-first from one file; `chain` holds the files being included, SKILL.md first.
    const cyclesFrom = (s: Skill, abs: string, chain: string[], found: string[][]): void => {
      if (chain.length > INCLUDE_LIMITS.depth || budget-- <= 0) return;
      chain.push(abs);
      for (const inc of includesOf(s, abs) ?? []) {
        const t = resolveInclude(s, abs, inc.path, root);
        if (!t.ok) continue;
        const at = chain.indexOf(t.abs);
        if (at >= 0) found.push([...chain.slice(at), t.abs]);
        else if (!done.has(t.abs)) cyclesFrom(s, t.abs, chain, found);
      }
      chain.pop();
      done.add(abs);
    };

    for (const top of skillIncludes(skill)) {
      const t = resolveInclude(skill, skill.file.path, top.path, root);
      if (!t.ok) continue;
      const found: string[][] = [];
      if (t.abs === skill.file.path) found.push([skill.file.path, skill.file.path]);
      else if (!done.has(t.abs)) cyclesFrom(skill, t.abs, [skill.file.path], found);
      // One report an include: a tangle of shared files is one problem to the author, not dozens.
      const fresh = found.filter((cycle) => {
        const key = cycleKey(cycle.slice(1));
        if (reported.has(key)) return false;
        reported.add(key);
        return true;
      });
      const cycle = fresh[0];
      if (!cycle) continue;
      const more = fresh.length > 1 ? ` (and ${fresh.length - 1} more through this include)` : '';
      report({ message: `Unexpected include cycle ${cycle.map(show).join(' -> ')}${more}, expected includes to form no loop`, range: top.range });
    }
  },
);
