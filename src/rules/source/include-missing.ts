import type { Skill } from '../../model/skill.js';
import { defineSkillRule } from '../rule.js';
import { parsed } from '../util.js';
import { type Include, INCLUDE_LIMITS, includeRoot, includesOf, relToSkill, resolveInclude, skillIncludes } from './shared.js';

/** Why an include cannot be followed (`message`), or the file it brings in (`abs`). */
function problemOf(skill: Skill, fromAbs: string, include: Include, root: string): { message: string; abs?: string } {
  const target = resolveInclude(skill, fromAbs, include.path, root);
  const shown = `\`${include.path.trim()}\``;
  if (!target.ok) {
    if (target.problem === 'empty') return { message: 'Unexpected empty include path, expected `<!-- include: path -->` with a path relative to the including file' };
    if (target.problem === 'absolute') return { message: `Unexpected absolute include path ${shown}, expected a path relative to the including file` };
    return { message: `Unexpected include path ${shown} outside the sources root, expected a file inside it` };
  }
  if (!skill.bundle.exists(target.rel)) return { message: `Unexpected include of missing file ${shown}, expected an existing file relative to the including file` };
  if (!skill.bundle.text(target.rel)) return { message: `Unexpected include of ${shown}, expected a text file` };
  return { message: '', abs: target.abs };
}

export default defineSkillRule(
  {
    id: 'source/include-missing',
    description: 'Reports an include directive whose file is missing, absolute, or outside the sources root, in SKILL.md or a file it includes.',
    severity: 'error',
    fixable: false,
    defaultOptions: {},
  },
  ({ skill, config, report }) => {
    if (!parsed(skill)) return;
    const root = includeRoot(skill, config.sources);
    const seen = new Set<string>([skill.file.path]);
    for (const top of skillIncludes(skill)) {
      const first = problemOf(skill, skill.file.path, top, root);
      if (!first.abs) {
        report({ message: first.message, range: top.range });
        continue;
      }
      // Files this include brings in: their broken includes are reported here, where the author can see them.
      const queue = seen.has(first.abs) ? [] : [first.abs];
      seen.add(first.abs);
      while (queue.length && seen.size <= INCLUDE_LIMITS.files) {
        const from = queue.shift()!;
        for (const nested of includesOf(skill, from) ?? []) {
          const p = problemOf(skill, from, nested, root);
          if (!p.abs) {
            report({ message: `${p.message} (in \`${relToSkill(skill, from)}\` line ${nested.range.start.line})`, range: top.range });
          } else if (!seen.has(p.abs)) {
            seen.add(p.abs);
            queue.push(p.abs);
          }
        }
      }
    }
  },
);
