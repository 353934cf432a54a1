import fs from 'node:fs';
import path from 'node:path';

const SLOT = '\u0000skillc-records\u0000';

/**
 * Writes a cache file: `data` as JSON, whose `key` member maps ids to records, each
 * serialized by `jsonOf` (undefined leaves it out). Callers keep each record's JSON between
 * writes (watch mode writes after every run, and most records are the same objects as last
 * time); the bytes are those of stringifying the whole. Written to a temporary file and
 * renamed, so a reader never sees half a cache. False when it cannot be written (a
 * read-only tree works without a cache): the one JSON cache writer, for lint and build.
 */
export function writeJsonCache(file: string, data: object, key: string, jsonOf: (record: unknown) => string | undefined): boolean {
  try {
    fs.mkdirSync(path.dirname(file), { recursive: true });
    const tmp = `${file}.${process.pid}.tmp`;
    const records: string[] = [];
    for (const [id, record] of Object.entries((data as Record<string, Record<string, unknown>>)[key] ?? {})) {
      const json = jsonOf(record);
      if (json !== undefined) records.push(`${JSON.stringify(id)}:${json}`);
    }
    const shell = JSON.stringify({ ...data, [key]: SLOT });
    fs.writeFileSync(tmp, shell.replace(JSON.stringify(SLOT), () => `{${records.join(',')}}`));
    fs.renameSync(tmp, file);
    return true;
  } catch {
    return false;
  }
}
