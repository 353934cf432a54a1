import path from 'node:path';
import picomatch from 'picomatch';
import type { Skill } from '../model/skill.js';
import { readSkill } from '../parse/skill.js';
import type { ResolvedConfig } from '../config/config.js';
import { discoverSkills } from '../config/discover.js';

export interface ListedSkill {
  name: string;
  description: string;
  /** Absolute path of the skill folder. */
  dir: string;
}

export interface SkippedSkill {
  dir: string;
  reason: string;
}

export interface ListingOptions {
  roots: string[];
  cwd: string;
  config: ResolvedConfig;
  /** Glob on skill names to keep, e.g. `tflow-*`. */
  match?: string;
  /** Names to leave out (e.g. the router listing its own family). */
  exclude?: string[];
}

/** Why a skill cannot be listed by a host, or undefined when it can. */
export function unlistable(skill: Skill): string | undefined {
  if (skill.readProblem && skill.readProblem.kind !== 'encoding') return skill.readProblem.message;
  if (!skill.frontmatter) return 'no frontmatter';
  if (skill.frontmatter.errors.length) return `invalid YAML frontmatter (${skill.frontmatter.errors[0]!.message})`;
  if (!skill.name) return 'no `name`';
  if (!skill.description || !skill.description.trim()) return 'no `description`';
  return undefined;
}

/**
 * What an agent's skill discovery would list: name and description of each
 * skill under the roots, sorted by name; malformed skills are skipped (and
 * returned, so the caller can warn about each).
 */
export function listSkills(options: ListingOptions): { listed: ListedSkill[]; skipped: SkippedSkill[] } {
  const dirs = discoverSkills(options.roots, options.config, options.cwd);
  const keep = options.match ? picomatch(options.match) : () => true;
  const exclude = new Set(options.exclude ?? []);
  const listed: ListedSkill[] = [];
  const skipped: SkippedSkill[] = [];
  for (const dir of dirs) {
    const skill = readSkill(dir);
    const reason = unlistable(skill);
    if (reason) {
      skipped.push({ dir, reason });
      continue;
    }
    if (!keep(skill.name!) || exclude.has(skill.name!)) continue;
    listed.push({ name: skill.name!, description: skill.description!.replace(/\s+/g, ' ').trim(), dir: path.resolve(dir) });
  }
  listed.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  return { listed, skipped };
}
