// Lint stage, read: one skill folder read and parsed, recording (for the cache) the files its rules read.
import path from 'node:path';
import type { BundleReader, Skill } from '../../model/skill.js';
import { readSkill } from '../../parse/skill.js';
import { trackingReader } from '../cache.js';
import { addTime, timeNested, timings } from '../timing.js';

/** What a skill's rules read of its bundle, and which paths they asked about (the cache replays a skill while these are unchanged). */
export interface Tracked {
  reads: Map<string, string>;
  exists: Map<string, boolean>;
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
export function readTracked(dir: string, track: boolean): { skill: Skill; tracked?: Tracked } {
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
