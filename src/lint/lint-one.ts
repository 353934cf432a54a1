import path from 'node:path';
import type { Diagnostic } from '../model/diagnostic.js';
import type { BundleReader, Skill } from '../model/skill.js';
import { summarize, type StoredSummary } from '../model/summary.js';
import { readSkill } from '../parse/skill.js';
import { requiresOfSkill } from '../analysis/requires.js';
import { bundleSignature, readHash, trackingReader, type CacheEntry } from './cache.js';
import { addTime, timeNested, timings } from './timing.js';
import { sha256 } from '../core/hash.js';

/**
 * What linting one skill from its files yields: its skill rules' diagnostics (before
 * suppressions), its compact summary, and the cache entry that would replay them. The
 * same function runs on the main thread and in the worker threads of a parallel lint,
 * so both give byte-identical results.
 */
export interface SkillOutcome {
  diagnostics: Diagnostic[];
  internalErrors: number;
  stored: StoredSummary;
  summaryHash: string;
  /** The SKILL.md has suppression directives, which need its text. */
  suppressions: boolean;
  /** Set when caching and no rule crashed. */
  cacheEntry?: CacheEntry;
}

export interface SkillCheck {
  /** Runs the skill rules on a parsed skill, collecting into `out`. */
  check(skill: Skill, out: { diagnostics: Diagnostic[]; internalErrors: number }): void;
  /** Record what rules read, for the cache. */
  track: boolean;
}

/** With TIMING set: bundled files read and parsed on a rule's demand count as reading, not as that rule. */
function timedReader(inner: BundleReader): BundleReader {
  const key = '(read and parse bundled files)';
  return {
    text: (rel) => timeNested(key, () => inner.text(rel)),
    headings: (rel) => timeNested(key, () => inner.headings(rel)),
    links: (rel) => timeNested(key, () => inner.links(rel)),
    codeFences: (rel) => timeNested(key, () => inner.codeFences(rel)),
    directives: (rel) => timeNested(key, () => inner.directives(rel)),
    exists: (rel) => timeNested(key, () => inner.exists(rel)),
  };
}

/** Reads and parses one skill (tracking the files rules read when caching). */
export function readTracked(dir: string, track: boolean): { skill: Skill; tracked?: { reads: Map<string, string>; exists: Map<string, boolean> } } {
  const readStart = timings ? performance.now() : 0;
  const tracked = track ? { reads: new Map<string, string>(), exists: new Map<string, boolean>() } : undefined;
  const skill = readSkill(dir, {
    wrapBundle: (inner) => {
      let reader = inner;
      if (tracked) {
        const t = trackingReader(path.resolve(dir), inner);
        tracked.reads = t.reads;
        tracked.exists = t.exists;
        reader = t.reader;
      }
      return timings ? timedReader(reader) : reader;
    },
  });
  if (timings) addTime('(read and parse)', performance.now() - readStart);
  return tracked ? { skill, tracked } : { skill };
}

/** Checks a parsed skill and summarizes it; `tracked` holds what its rules read (with the cache). */
export function outcomeOf(skill: Skill, check: SkillCheck, tracked?: { reads: Map<string, string>; exists: Map<string, boolean> }): SkillOutcome {
  const own = { diagnostics: [] as Diagnostic[], internalErrors: 0 };
  check.check(skill, own);
  const stored = summarize(skill, requiresOfSkill(skill));
  const suppressions = hasSuppressions(skill);
  const summaryHash = check.track ? sha256(JSON.stringify(stored)) : '';
  const outcome: SkillOutcome = { diagnostics: own.diagnostics, internalErrors: own.internalErrors, stored, summaryHash, suppressions };
  const textHash = check.track && tracked && own.internalErrors === 0 ? readHash(skill.file.path) || undefined : undefined;
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

/** True when suppressions would need the skill's text: a disable directive or a `# skillc-` YAML comment. */
export function hasSuppressions(skill: Skill): boolean {
  return skill.directives.some((d) => d.kind === 'disable' || d.kind === 'enable' || d.kind === 'disable-next-line' || d.kind === 'disable-line') || /#\s*skillc-/.test(skill.frontmatter?.raw ?? '');
}
