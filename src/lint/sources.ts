// Where a lint's skills come from. A source serves each skill's bytes once, parsed: from the disk,
// the git index (`--staged`), editor buffers (the language server) or an in-memory tree (`lintText`).
import path from 'node:path';
import type { Skill } from '../model/skill.js';
import { readTracked, type Tracked } from './pipeline/read.js';

export interface SkillSource {
  /** Every skill folder of the catalog, in the order linted (catalog rules see them all). */
  readonly dirs: readonly string[];
  /** The skill folders whose files are reported; absent: every one. */
  readonly reported?: ReadonlySet<string>;
  /** Reads and parses one skill, once; `track` (the cache is on) records what its rules read. */
  read(dir: string, track: boolean): { skill: Skill; tracked?: Tracked };
  /**
   * The working tree: only such a source may be replayed from the cache, read again on worker
   * threads, or fixed in place. Other sources' skills are linted as served, and their catalog
   * rules read through each skill's own reader (the index, the buffers), never the disk.
   */
  readonly disk: boolean;
}

/** The skill folders on disk (the cache hashes the very bytes each parse got). */
export function diskSkills(dirs: readonly string[]): SkillSource {
  return { dirs, disk: true, read: readTracked };
}

/** Skills already parsed (from the git index, editor buffers, memory), reporting the folders in `reported` (default every one). */
export function parsedSkills(skills: readonly Skill[], reported?: ReadonlySet<string>): SkillSource {
  const byDir = new Map(skills.map((s) => [s.dir, s]));
  const source: { dirs: string[]; disk: false; reported?: ReadonlySet<string>; read: SkillSource['read'] } = {
    dirs: skills.map((s) => s.dir),
    disk: false,
    read: (dir) => ({ skill: byDir.get(dir) ?? byDir.get(path.resolve(dir))! }),
  };
  if (reported) source.reported = reported;
  return source;
}
