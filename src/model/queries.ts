import type { FrontmatterField, ReadProblem, Skill } from './skill.js';
import type { SkillSummary, SummaryField } from './summary.js';

/** Queries over a skill or its summary that rules, analysis and jobs share. */

/** A top-level frontmatter field by key. */
export function field(skill: Skill, key: string): FrontmatterField | undefined;
export function field(skill: SkillSummary, key: string): SummaryField | undefined;
export function field(skill: SkillSummary, key: string): SummaryField | undefined {
  return skill.frontmatter?.fields.find((f) => f.key === key);
}

/** A source's field for one host only, `skillc.<host>.<key>` (a per-host description, say). */
export function hostField(skill: Skill, host: string, key: string): FrontmatterField | undefined;
export function hostField(skill: SkillSummary, host: string, key: string): SummaryField | undefined;
export function hostField(skill: SkillSummary, host: string, key: string): SummaryField | undefined {
  return field(skill, 'skillc')
    ?.children?.find((c) => c.key === host)
    ?.children?.find((c) => c.key === key);
}

/** The frontmatter data as a plain object, or undefined when it is not a clean mapping. */
export function frontmatterData(skill: { frontmatter?: { data: unknown } | undefined }): Record<string, unknown> | undefined {
  const data = skill.frontmatter?.data;
  return data && typeof data === 'object' && !Array.isArray(data) ? (data as Record<string, unknown>) : undefined;
}

/** True when the skill's model is usable by content rules (read and parsed). */
export function parsed(skill: { readProblem?: ReadProblem | undefined }): boolean {
  return !skill.readProblem || skill.readProblem.kind === 'encoding';
}
