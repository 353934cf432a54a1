import type { ArtifactSpec } from '../config/types.js';
import type { Skill } from '../model/skill.js';
import { skillcBlock } from '../model/skillc-block.js';
import { trimEndOf, trimStartOf } from '../core/strings.js';

/** One artifact a workflow must leave: a plain file name and its required `##` sections. */
export interface ArtifactSchema {
  name: string;
  sections: string[];
  /** The sections must appear in the listed order. */
  ordered: boolean;
  /** The shared contract (config `contracts`) the artifact must also satisfy. */
  contract?: string;
}

/** Artifact schemas by skill name, as the config's `artifacts` declares them. */
export type ConfiguredArtifacts = Readonly<Record<string, Readonly<Record<string, ArtifactSpec>>>>;

/** A file name the gate may open: no folder, no `..`, no NUL, not empty. */
export function isPlainFileName(name: string): boolean {
  return name.length > 0 && name.length <= 255 && !/[/\\\0]/.test(name) && name !== '.' && name !== '..';
}

/** One entry as declared (frontmatter or config), malformed parts left out. */
function schemaOf(name: string, spec: unknown): ArtifactSchema {
  const s = spec && typeof spec === 'object' && !Array.isArray(spec) ? (spec as Record<string, unknown>) : {};
  const sections = Array.isArray(s.sections) ? s.sections.filter((x): x is string => typeof x === 'string') : [];
  const out: ArtifactSchema = { name, sections, ordered: s.ordered === true };
  if (typeof s.contract === 'string' && s.contract) out.contract = s.contract;
  return out;
}

/**
 * The artifact schemas of a skill: the config's `artifacts` for its name, then its own
 * `skillc.artifacts` (which wins for the same file name), skipping malformed entries (a
 * lint rule reports those). The config form lets a skill whose frontmatter another tool
 * checks (tflow's validate.sh rejects a `skillc:` block) declare its artifacts all the same.
 */
export function artifactSchemas(skill: Skill, configured: ConfiguredArtifacts = {}): ArtifactSchema[] {
  const byName = new Map<string, ArtifactSchema>();
  const name = skill.name ?? skill.dirName;
  const fromConfig = Object.prototype.hasOwnProperty.call(configured, name) ? configured[name] : undefined;
  for (const [file, spec] of Object.entries(fromConfig ?? {})) if (isPlainFileName(file)) byName.set(file, schemaOf(file, spec));
  const raw = skillcBlock(skill).artifacts;
  for (const [file, spec] of Object.entries(raw ?? {})) if (isPlainFileName(file)) byName.set(file, schemaOf(file, spec));
  return [...byName.values()];
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
