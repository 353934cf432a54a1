import type { Diagnostic } from '../model/diagnostic.js';
import type { Skill } from '../model/skill.js';
import { summarize, type StoredSummary } from '../model/summary.js';
import { requiresOfSkill } from '../analysis/requires.js';
import { bundleSignature, type CacheEntry } from './cache.js';
import { writeFileAtomic } from './fix.js';
import { sha256 } from '../core/hash.js';
import { checkSkill, type Collector, type Linter } from './pipeline/check.js';
import { readTracked, type Tracked } from './pipeline/read.js';
import { fixSkill } from './pipeline/fix.js';

export type { Linter };

/**
 * What linting one skill yields: its skill rules' diagnostics (before suppressions,
 * which also cover catalog rules' diagnostics and so are applied in the report stage),
 * its compact summary, and the cache entry that would replay them.
 */
export interface SkillOutcome {
  diagnostics: Diagnostic[];
  /** Rules that threw (each also a diagnostic). */
  internalErrors: number;
  stored: StoredSummary;
  /** Set when tracking (the cache is on): the hash of `stored`. */
  summaryHash: string;
  /** The SKILL.md has suppression directives, which need its text. */
  suppressions: boolean;
  /** Set when tracking and no rule crashed. */
  cacheEntry?: CacheEntry;
}

/**
 * Lints one parsed skill: runs the skill rules of `linter` on it and summarizes it.
 * This is the one per-skill step of every lint: `lint()` on the main thread and in
 * its worker threads (so both give byte-identical results), watch runs, `--staged`,
 * `--changed`, the language server. `tracked` (what its rules read, from `readTracked`)
 * turns on the summary hash and cache entry.
 *
 *   const { diagnostics } = lintSkill(readSkill(dir), { config, hosts, active: resolveRules(config, [rule]) });
 */
export function lintSkill(skill: Skill, linter: Linter, tracked?: Tracked, checked?: Collector): SkillOutcome {
  // `checked`: the rules already ran on exactly this skill (the fix loop's last pass).
  const own: Collector = checked ?? { diagnostics: [], internalErrors: 0 };
  if (!checked) checkSkill(skill, linter.active, linter.hosts, linter.config, own);
  const stored = summarize(skill, requiresOfSkill(skill));
  const suppressions = hasSuppressions(skill);
  const summaryHash = tracked ? sha256(JSON.stringify(stored)) : '';
  const outcome: SkillOutcome = { diagnostics: own.diagnostics, internalErrors: own.internalErrors, stored, summaryHash, suppressions };
  // The hash of the bytes the parse got (or of the fixed text written), never the file read again.
  const textHash = tracked && own.internalErrors === 0 ? tracked.text || undefined : undefined;
  if (tracked && textHash) {
    outcome.cacheEntry = {
      text: textHash,
      bundle: bundleSignature(skill.bundled),
      reads: [...tracked.reads],
      exists: [...tracked.exists],
      summary: stored,
      summaryHash,
      diagnostics: own.diagnostics,
      suppressions,
    };
  }
  return outcome;
}

/**
 * Lints one skill folder (from disk, or as `read` serves it): read, fix (with `fix`: `write` writes the fixed
 * files, `dry-run` only returns them), then `lintSkill`. `outputs` maps each fixed
 * file to its new text. Fixes are written atomically and only to regular files.
 */
export function lintSkillFolder(
  dir: string,
  linter: Linter,
  options: { track: boolean; fix?: 'write' | 'dry-run'; read?: (dir: string, track: boolean) => { skill: Skill; tracked?: Tracked } },
): { skill: Skill; outcome: SkillOutcome; outputs: Map<string, string> } {
  const readSource = options.read ?? readTracked;
  let read = readSource(dir, options.track);
  let skill = read.skill;
  const outputs = new Map<string, string>();
  let checked: Collector | undefined;
  if (options.fix && !skill.readProblem) {
    const write = options.fix === 'write';
    const fixed = fixSkill(skill, linter);
    checked = fixed.checked;
    if (fixed.skill !== skill) {
      outputs.set(fixed.skill.file.path, fixed.skill.file.text);
      if (write) writeFileAtomic(fixed.skill.file.path, fixed.skill.file.text);
      skill = fixed.skill;
      // What is on disk now is the fixed text: the cache entry names it.
      if (read.tracked) read.tracked.text = sha256(fixed.skill.file.text);
    }
    for (const [file, text] of fixed.bundled) {
      outputs.set(file, text);
      if (write) writeFileAtomic(file, text);
    }
    // Re-read and check again so the result shows the fixed bundled files, as it shows the fixed
    // SKILL.md: the one case where the rules run once more (their input changed after the last pass).
    if (fixed.bundled.size && write) {
      read = readSource(dir, options.track);
      skill = read.skill;
      checked = undefined;
    }
  }
  return { skill, outcome: lintSkill(skill, linter, read.tracked, checked), outputs };
}

/** True when suppressions would need the skill's text: a disable directive or a `# skillc-` YAML comment. */
export function hasSuppressions(skill: Skill): boolean {
  return skill.directives.some((d) => d.kind === 'disable' || d.kind === 'enable' || d.kind === 'disable-next-line' || d.kind === 'disable-line') || /#\s*skillc-/.test(skill.frontmatter?.raw ?? '');
}
