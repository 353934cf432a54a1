import path from 'node:path';
import { isScalar, isSeq, type Node } from 'yaml';
import type { Range } from '../../model/diagnostic.js';
import type { Skill } from '../../model/skill.js';
import { field, parsed } from '../util.js';

export interface RequiresEntry {
  name: string;
  /** The entry itself when its node can be found, else the `skillc` key. */
  range: Range;
}

/** Where to point for the `skillc:` block: its `requires` key, else `skillc` itself. */
function fallbackRange(skill: Skill): Range | undefined {
  const sk = field(skill, 'skillc');
  return sk?.children?.find((c) => c.key === 'requires')?.keyRange ?? sk?.keyRange;
}

/** The string entries of `skillc.requires` (a list, or one name), each with its range. */
export function requiresOf(skill: Skill): RequiresEntry[] {
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
export function folderOf(skill: Skill, from: Skill, all: readonly Skill[]): string {
  const clash = all.some((s) => s !== skill && s.dirName === skill.dirName);
  return clash ? path.relative(from.dir, skill.dir).split(path.sep).join('/') : skill.dirName;
}

/** Skills by the name `requires` uses: the frontmatter `name`, else the folder's name. First one wins. */
export function byName(skills: readonly Skill[]): Map<string, Skill> {
  const map = new Map<string, Skill>();
  for (const s of sortSkills(skills)) {
    const name = s.name ?? s.dirName;
    if (!map.has(name)) map.set(name, s);
  }
  return map;
}

export function sortSkills(skills: readonly Skill[]): Skill[] {
  return [...skills].sort((a, b) => (a.dir < b.dir ? -1 : a.dir > b.dir ? 1 : 0));
}
