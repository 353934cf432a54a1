import fs from 'node:fs';
import path from 'node:path';
import { writeFileAtomic } from './atomic-write.js';

const SLOT = '\u0000skillc-records\u0000';

/** The largest cache file read back (about the longest string Node makes): a bigger one, a link or a FIFO at its name starts an empty cache. */
export const MAX_CACHE_BYTES = 512 * 1024 * 1024;

/**
 * Writes a cache file: `data` as JSON, whose `key` member maps ids to records, each
 * serialized by `jsonOf` (undefined leaves it out). Callers keep each record's JSON between
 * writes (watch mode writes after every run, and most records are the same objects as last
 * time); the bytes are those of stringifying the whole. Written by the one atomic writer
 * (core/atomic-write.ts), so a reader never sees half a cache and a link planted at the cache
 * or on the way below `within` (the project) is never written through. False when it cannot
 * be written (a read-only tree, or a link on the way, works without a cache): the one JSON
 * cache writer, for lint and build.
 */
export function writeJsonCache(file: string, data: object, key: string, jsonOf: (record: unknown) => string | undefined, within?: string): boolean {
  try {
    if (within === undefined) fs.mkdirSync(path.dirname(file), { recursive: true });
    const records: string[] = [];
    for (const [id, record] of Object.entries((data as Record<string, Record<string, unknown>>)[key] ?? {})) {
      const json = jsonOf(record);
      if (json !== undefined) records.push(`${JSON.stringify(id)}:${json}`);
    }
    const shell = JSON.stringify({ ...data, [key]: SLOT });
    writeFileAtomic(file, shell.replace(JSON.stringify(SLOT), () => `{${records.join(',')}}`), within === undefined ? {} : { within });
    return true;
  } catch {
    return false;
  }
}
