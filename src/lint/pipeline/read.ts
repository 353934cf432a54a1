// Lint stage, read: one skill folder read and parsed, recording (for the cache) the files its rules read.
import path from 'node:path';
import type { BundleReader, Skill } from '../../model/skill.js';
import { diskSource, type ByteSource } from '../../parse/bundle.js';
import { readSkill } from '../../parse/skill.js';
import { sha256 } from '../../core/hash.js';
import { readHash, trackingReader } from '../cache.js';
import { addTime, timeNested, timings } from '../timing.js';

/** What a skill's rules read of its bundle, and which paths they asked about (the cache replays a skill while these are unchanged). */
export interface Tracked {
  reads: Map<string, string>;
  exists: Map<string, boolean>;
  /** sha256 of the SKILL.md bytes the parse got ('' when it read none). */
  text: string;
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

/**
 * The disk, serving each file's bytes once and keeping their hash: what the cache records for a
 * file is the hash of the bytes the rules were given (a file saved during the run cannot leave
 * old diagnostics under its new hash). A file served nothing (missing, too large) is hashed as the
 * cache's lookup hashes it.
 */
function hashingDisk(): { source: ByteSource; hashOf: (abs: string) => string } {
  const hashes = new Map<string, string>();
  return {
    source: {
      read(absPath, maxBytes) {
        const bytes = diskSource.read(absPath, maxBytes);
        if (bytes) hashes.set(absPath, sha256(bytes));
        return bytes;
      },
      exists: (absPath) => diskSource.exists(absPath),
    },
    hashOf: (abs) => hashes.get(abs) ?? readHash(abs),
  };
}

/** Reads and parses one skill (tracking the files rules read when caching). */
export function readTracked(dir: string, track: boolean): { skill: Skill; tracked?: Tracked } {
  const readStart = timings ? performance.now() : 0;
  let tracked: Tracked | undefined;
  let skill: Skill;
  if (track) {
    const disk = hashingDisk();
    const t: Tracked = { reads: new Map(), exists: new Map(), text: '' };
    skill = readSkill(dir, {
      source: disk.source,
      onBytes: (bytes) => (t.text = sha256(bytes)),
      wrapBundle: (inner) => {
        const tr = trackingReader(path.resolve(dir), inner, disk.hashOf);
        t.reads = tr.reads;
        t.exists = tr.exists;
        return timings ? timedReader(tr.reader) : tr.reader;
      },
    });
    // SKILL.md not read as bytes (unreadable, too large): hashed as the cache's lookup hashes it.
    if (!t.text) t.text = readHash(skill.file.path);
    tracked = t;
  } else {
    skill = timings ? readSkill(dir, { wrapBundle: timedReader }) : readSkill(dir);
  }
  if (timings) addTime('(read and parse)', performance.now() - readStart);
  return tracked ? { skill, tracked } : { skill };
}
