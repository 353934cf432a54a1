import path from 'node:path';
import { isScalar, isSeq, type Node } from 'yaml';
import type { Range } from '../model/diagnostic.js';
import type { Skill } from '../model/skill.js';
import type { RequiresEntry, SkillSummary } from '../model/summary.js';
import { field, parsed } from '../model/queries.js';

export type { RequiresEntry };

/** Where to point for the `skillc:` block: its `requires` key, else `skillc` itself. */
function fallbackRange(skill: Skill): Range | undefined {
  const sk = field(skill, 'skillc');
  return sk?.children?.find((c) => c.key === 'requires')?.keyRange ?? sk?.keyRange;
}

/** The string entries of `skillc.requires` (a list, or one name), each with its range. */
export function requiresOf(skill: SkillSummary): readonly RequiresEntry[] {
  if (skill.requires) return skill.requires;
  if (!('document' in (skill.frontmatter ?? {}))) return [];
  return requiresOfSkill(skill as Skill);
}

/** `requiresOf` computed from the YAML document of a parsed skill. */
export function requiresOfSkill(skill: Skill): RequiresEntry[] {
  if (!parsed(skill) || !skill.skillc || !skill.frontmatter) return [];
  const value = skill.skillc.requires;
  const names = typeof value === 'string' ? [value] : Array.isArray(value) ? value : [];
  if (!names.length) return [];
  const fm = skill.frontmatter;
  const fallback = fallbackRange(skill) ?? fm.range;
  let nodes: (Node | null | undefined)[] = [];
  try {
    const node = fm.document.getIn(['skillc', 'requires'], true) as Node | null | undefined;
    nodes = isSeq(node) ? (node.items as (Node | null)[]) : [node];
  } catch {
    nodes = [];
  }
  const out: RequiresEntry[] = [];
  names.forEach((name, i) => {
    if (typeof name !== 'string') return;
    const node = nodes[i];
    const r = isScalar(node) ? node.range : undefined;
    const range = r ? skill.file.lines.range(fm.rawOffset + r[0], fm.rawOffset + r[1]) : fallback;
    out.push({ name, range });
  });
  return out;
}

/** How a message names a skill: its folder, or its path from another skill when folder names clash. */
export function folderOf(skill: SkillSummary, from: SkillSummary, all: readonly SkillSummary[]): string {
  const clash = (dirNameCounts(all).get(skill.dirName) ?? 0) > 1;
  return clash ? path.relative(from.dir, skill.dir).split(path.sep).join('/') : skill.dirName;
}

/** How many skills of a catalog share each folder name, counted once per catalog (rules call folderOf per message). */
const folderNameCounts = new WeakMap<readonly SkillSummary[], Map<string, number>>();
function dirNameCounts(all: readonly SkillSummary[]): Map<string, number> {
  let counts = folderNameCounts.get(all);
  if (!counts) {
    counts = new Map();
    for (const s of all) counts.set(s.dirName, (counts.get(s.dirName) ?? 0) + 1);
    folderNameCounts.set(all, counts);
  }
  return counts;
}

/** Skills by the name `requires` uses: the frontmatter `name`, else the folder's name. First one wins. */
export function byName<S extends SkillSummary>(skills: readonly S[]): Map<string, S> {
  const map = new Map<string, S>();
  for (const s of sortSkills(skills)) {
    const name = s.name ?? s.dirName;
    if (!map.has(name)) map.set(name, s);
  }
  return map;
}

export function sortSkills<S extends SkillSummary>(skills: readonly S[]): S[] {
  return [...skills].sort((a, b) => (a.dir < b.dir ? -1 : a.dir > b.dir ? 1 : 0));
}
