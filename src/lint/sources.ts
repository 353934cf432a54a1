// Where a lint's skills come from. A source serves each skill's bytes once, parsed: from the disk,
// the git index (`--staged`), editor buffers (the language server) or an in-memory tree (`lintText`).
import path from 'node:path';
import type { BundledFile, BundleReader, Skill } from '../model/skill.js';
import { readTracked, type Tracked } from './pipeline/read.js';

/**
 * A skill served from somewhere other than the working tree (the git index, an editor buffer,
 * memory), parsed only when it must be: a skill the run does not report is often answered by
 * its summary in the cache, found by the hash of `bytes()`.
 */
export interface ServedSkill {
  /** The SKILL.md's bytes as served; undefined when there are none to look a summary up by. */
  bytes(): Buffer | undefined;
  /** The skill, parsed (once). */
  skill(): Skill;
  /** What a summary of it reads live (catalog rules): the served tree's reader and listing, and the full model. */
  live(): LiveParts;
}

/** The live parts of a summary: the bundle reader, the folder's listing and the full model, each from the skill's own tree. */
export interface LiveParts {
  bundle: BundleReader;
  bundled(): readonly BundledFile[];
  skill(): Skill;
}

export interface SkillSource {
  /** Every skill folder of the catalog, in the order linted (catalog rules see them all). */
  readonly dirs: readonly string[];
  /** The skill folders whose files are reported; absent: every one. */
  readonly reported?: ReadonlySet<string>;
  /** Reads and parses one skill from the disk, once; `track` (the cache is on) records what its rules read. */
  read(dir: string, track: boolean): { skill: Skill; tracked?: Tracked };
  /**
   * The skills served from elsewhere: every one of a source that is not the disk, or the few
   * that a disk source overlays (the language server's open buffers). Undefined: read from disk.
   */
  served?(dir: string): ServedSkill | undefined;
  /**
   * The working tree: only its skills (those not `served`) may be replayed from the cache, read
   * again on worker threads, or fixed in place. Served skills are linted as served, and their
   * catalog rules read through each skill's own reader (the index, the buffers), never the disk.
   */
  readonly disk: boolean;
}

/**
 * The skill folders on disk (the cache hashes the very bytes each parse got), reporting the
 * folders in `reported` (default every one), the skills of `overlay` served instead of read.
 */
export function diskSkills(dirs: readonly string[], reported?: ReadonlySet<string>, overlay?: ReadonlyMap<string, ServedSkill>): SkillSource {
  const source: { dirs: readonly string[]; disk: true; read: SkillSource['read']; reported?: ReadonlySet<string>; served?: SkillSource['served'] } = { dirs, disk: true, read: readTracked };
  if (reported) source.reported = reported;
  if (overlay?.size) source.served = (dir) => overlay.get(dir);
  return source;
}

/** Skills served by `serve` (the git index, editor buffers), reporting the folders in `reported` (default every one); each parsed only when needed. */
export function servedSkills(dirs: readonly string[], serve: (dir: string) => ServedSkill, reported?: ReadonlySet<string>): SkillSource {
  const byDir = new Map<string, ServedSkill>();
  const served = (dir: string): ServedSkill => {
    let s = byDir.get(dir);
    if (!s) byDir.set(dir, (s = serve(dir)));
    return s;
  };
  const source: { dirs: readonly string[]; disk: false; reported?: ReadonlySet<string>; read: SkillSource['read']; served: SkillSource['served'] } = {
    dirs,
    disk: false,
    served,
    read: (dir) => ({ skill: served(dir).skill() }),
  };
  if (reported) source.reported = reported;
  return source;
}

/** A skill already parsed, as a served one (its bytes are not known: the cache is not asked for it). */
export function parsed(skill: Skill): ServedSkill {
  return { bytes: () => undefined, skill: () => skill, live: () => ({ bundle: skill.bundle, bundled: () => skill.bundled, skill: () => skill }) };
}

/** Skills already parsed (from memory, a test), reporting the folders in `reported` (default every one). */
export function parsedSkills(skills: readonly Skill[], reported?: ReadonlySet<string>): SkillSource {
  const byDir = new Map(skills.map((s) => [s.dir, s]));
  return servedSkills(
    skills.map((s) => s.dir),
    (dir) => parsed(byDir.get(dir) ?? byDir.get(path.resolve(dir))!),
    reported,
  );
}
