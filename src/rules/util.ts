import type { Range } from '../model/diagnostic.js';
import type { FrontmatterField, Skill } from '../model/skill.js';

/** A top-level frontmatter field by key. */
export function field(skill: Skill, key: string): FrontmatterField | undefined {
  return skill.frontmatter?.fields.find((f) => f.key === key);
}

/** The frontmatter data as a plain object, or undefined when it is not a clean mapping. */
export function frontmatterData(skill: Skill): Record<string, unknown> | undefined {
  const data = skill.frontmatter?.data;
  return data && typeof data === 'object' && !Array.isArray(data) ? (data as Record<string, unknown>) : undefined;
}

/** Where to point when the frontmatter lacks something: its opening fence, else the file start. */
export function frontmatterStart(skill: Skill): Range {
  const fm = skill.frontmatter;
  if (fm) return { start: fm.range.start, end: skill.file.lines.pointAt((fm.range.start.offset ?? 0) + 3) };
  return skill.file.lines.range(0, 0);
}

/** True when the skill's model is usable by content rules (read and parsed). */
export function parsed(skill: Skill): boolean {
  return !skill.readProblem || skill.readProblem.kind === 'encoding';
}

/** The body's text (everything after the frontmatter). */
export function bodyText(skill: Skill): string {
  return skill.file.text.slice(skill.bodyOffset);
}

/** The 1-based line where the body starts. */
export function bodyStartLine(skill: Skill): number {
  return skill.file.lines.pointAt(skill.bodyOffset).line;
}

/** Shows a value in a message, shortened. */
export function show(value: unknown, max = 40): string {
  const s = typeof value === 'string' ? value : JSON.stringify(value) ?? String(value);
  return s.length > max ? `${s.slice(0, max - 1)}…` : s;
}
