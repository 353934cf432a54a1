import path from 'node:path';
import type { Range } from '../model/diagnostic.js';
import { isBundledMarkdown } from '../model/bundled-markdown.js';
import type { Skill } from '../model/skill.js';
import { textFile, type TextFile } from '../model/text.js';
import { isInside } from '../core/paths.js';
import { allSteps, includeRoot, includesIn, includeTree, type IncludeSource, type IncludeStep } from './includes.js';
import { parseFragment, type Fragment } from './skill.js';

/**
 * The files a skill pulls in with `<!-- include: … -->`, as part of the skill's model: the build
 * puts each in place of its directive, so everything a host reads of them is linted as part of
 * each skill that includes them, at positions in the fragment itself. Walked by the one include
 * walker (`includeTree`, parse/includes.ts), read through the skill's bundle reader (so the lint
 * cache sees what was read, and `--staged` reads the index), kept per skill and sources root.
 */

/** One file's includes, walked: SKILL.md's (`file` undefined) or a bundled Markdown file's (its absolute path). */
export interface IncludeWalk {
  file?: string;
  steps: IncludeStep[];
}

/** An included file, parsed once per skill however often it is included. */
export interface IncludedFragment extends Fragment {
  /** Absolute path. */
  path: string;
  /** Path relative to the skill folder, with `/` (`../_core/core.md` for a fragment beside the skill). */
  rel: string;
  /** True when the fragment lies inside the skill folder (a bundled file, which rules may check on its own too). */
  inSkill: boolean;
  file: TextFile;
  /** The file it is expanded into: `SKILL.md`, or a bundled Markdown file's skill-relative path (a companion's includes). */
  into: string;
  /** The first directive that includes it: the file holding it (absolute) and its range there. */
  includedAt: { file: string; range: Range };
}

/** Displays an absolute path relative to the skill folder, with `/`. */
export function relToSkill(skill: Skill, abs: string): string {
  return path.relative(skill.dir, abs).split(path.sep).join('/') || '.';
}

interface Kept {
  sources: string;
  walks: IncludeWalk[];
  fragments?: IncludedFragment[];
}
const kept = new WeakMap<Skill, Kept>();

function keptFor(skill: Skill, sources: string): Kept {
  const k = kept.get(skill);
  if (k?.sources === sources) return k;
  const source: IncludeSource = {
    text: (abs) => skill.bundle.text(relToSkill(skill, abs))?.text,
    exists: (abs) => skill.bundle.exists(relToSkill(skill, abs)),
    directives: (abs) => skill.bundle.directives(relToSkill(skill, abs)),
  };
  const root = includeRoot(skill.dir, sources);
  const walks: IncludeWalk[] = [{ steps: includeTree(skill.file.path, includesIn(skill.directives), root, source) }];
  for (const b of skill.bundled) {
    if (!isBundledMarkdown(b)) continue;
    const file = skill.bundle.text(b.relPath);
    if (!file || !file.text.includes('include')) continue;
    const includes = includesIn(skill.bundle.directives(b.relPath) ?? []);
    if (includes.length) walks.push({ file: b.path, steps: includeTree(b.path, includes, root, source) });
  }
  const made: Kept = { sources, walks };
  kept.set(skill, made);
  return made;
}

/**
 * The includes of SKILL.md and of every bundled Markdown file the build expands (companions,
 * references), walked by the one include walker the build uses; kept per skill, so the include
 * rules and the fragments below walk once.
 */
export function includeWalks(skill: Skill, sources: string): IncludeWalk[] {
  return keptFor(skill, sources).walks;
}

/**
 * Every file the skill includes (directly or through another fragment), each once, in the order
 * the walk meets them, with its parse. Files the walk could not follow (missing, outside the
 * sources root, cyclic) are source/include-*'s findings and are not here.
 */
export function includedFragments(skill: Skill, sources: string): IncludedFragment[] {
  const k = keptFor(skill, sources);
  if (k.fragments) return k.fragments;
  const out: IncludedFragment[] = [];
  const seen = new Set<string>();
  for (const walk of k.walks) {
    const into = walk.file ? relToSkill(skill, walk.file) : 'SKILL.md';
    for (const step of allSteps(walk.steps)) {
      if (step.problem || step.text === undefined || !step.target || seen.has(step.target)) continue;
      seen.add(step.target);
      const rel = relToSkill(skill, step.target);
      const file = skill.bundle.text(rel) ?? textFile(step.target, step.text);
      out.push({ ...parseFragment(file), path: step.target, rel, inSkill: isInside(step.target, skill.dir), file, into, includedAt: { file: step.from, range: step.include.range } });
    }
  }
  k.fragments = out;
  return out;
}
