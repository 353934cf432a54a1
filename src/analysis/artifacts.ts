import type { Skill } from '../model/skill.js';
import { trimEndOf, trimStartOf } from '../core/strings.js';

/** One artifact a workflow must leave: a plain file name and its required `##` sections. */
export interface ArtifactSchema {
  name: string;
  sections: string[];
  /** The sections must appear in the listed order. */
  ordered: boolean;
}

/** A file name the gate may open: no folder, no `..`, no NUL, not empty. */
export function isPlainFileName(name: string): boolean {
  return name.length > 0 && name.length <= 255 && !/[/\\\0]/.test(name) && name !== '.' && name !== '..';
}

/** The artifact schemas declared in `skillc.artifacts`, skipping malformed entries (a lint rule reports those). */
export function artifactSchemas(skill: Skill): ArtifactSchema[] {
  const raw = skill.skillc?.artifacts;
  if (!raw || typeof raw !== 'object' || Array.isArray(raw)) return [];
  const out: ArtifactSchema[] = [];
  for (const [name, spec] of Object.entries(raw as Record<string, unknown>)) {
    if (!isPlainFileName(name)) continue;
    const s = spec && typeof spec === 'object' && !Array.isArray(spec) ? (spec as Record<string, unknown>) : {};
    const sections = Array.isArray(s.sections) ? s.sections.filter((x): x is string => typeof x === 'string') : [];
    out.push({ name, sections, ordered: s.ordered === true });
  }
  return out;
}

export interface ArtifactCheck {
  ok: boolean;
  /** Each problem in the remark-lint voice, with a 1-based line when it has one. */
  problems: { message: string; line?: number }[];
}

/**
 * Checks an artifact's text against its schema, failing closed: empty text fails,
 * each required `##` heading must appear exactly once as written, in order when
 * the schema says so.
 */
export function checkArtifactText(schema: ArtifactSchema, text: string): ArtifactCheck {
  const problems: ArtifactCheck['problems'] = [];
  if (text.trim() === '') return { ok: false, problems: [{ message: `Unexpected empty artifact \`${schema.name}\`` }] };
  const headings: { text: string; line: number }[] = [];
  let fence: string | undefined;
  text.split(/\r\n|\n|\r/).forEach((line, i) => {
    const f = /^\s{0,3}(`{3,}|~{3,})/.exec(line);
    if (f) {
      if (!fence) fence = f[1]![0]!;
      else if (f[1]![0] === fence) fence = undefined;
      return;
    }
    if (fence) return;
    // `## Title ##`: the text without the closing marks, read in one pass (`(.*?)[ \t#]*$` backtracked quadratically).
    const m = /^ {0,3}##[ \t]/.exec(line);
    if (m && !line.trimStart().startsWith('###') && !/[\r\u2028\u2029]/.test(line)) headings.push({ text: trimEndOf(trimStartOf(line.slice(m[0].length - 1), ' \t'), ' \t#'), line: i + 1 });
  });
  let last = -1;
  for (const section of schema.sections) {
    const found = headings.filter((h) => h.text === section);
    if (found.length === 0) {
      problems.push({ message: `Missing required section \`## ${section}\` in \`${schema.name}\`` });
      continue;
    }
    if (found.length > 1) problems.push({ message: `Unexpected duplicate section \`## ${section}\` in \`${schema.name}\``, line: found[1]!.line });
    const index = headings.indexOf(found[0]!);
    if (schema.ordered && index < last) problems.push({ message: `Unexpected section \`## ${section}\` out of order in \`${schema.name}\``, line: found[0]!.line });
    last = Math.max(last, index);
  }
  return { ok: problems.length === 0, problems };
}
