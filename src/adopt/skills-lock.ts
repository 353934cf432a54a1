// What another installer recorded in a skill folder skillc installs into: `npx skills` (the npm
// package `skills`) lists each skill it added in a lock file, and skillc leaves those skills alone.
import fs from 'node:fs';
import path from 'node:path';

/** A lock file larger than this is not read (a real one is a few KB). */
const MAX_LOCK_BYTES = 4 * 1024 * 1024;

/**
 * The skills `npx skills` installed, by folder name, with the lock file that says so: for a
 * project, `<project>/skills-lock.json` (what `skills add` writes beside the project's skill
 * folders); for the user, `$XDG_STATE_HOME/skills/.skill-lock.json`, else
 * `~/.agents/.skill-lock.json` (its global lock). As `skills` 1.5 reads them: `{ "version": n,
 * "skills": { "<name>": {...} } }`. A missing, unreadable or malformed file lists nothing.
 */
export function otherInstallerSkills(scope: 'project' | 'user', projectRoot: string, home: string, env: Readonly<Record<string, string | undefined>>): Map<string, string> {
  const xdgState = env.XDG_STATE_HOME?.trim();
  const file = scope === 'project' ? path.join(projectRoot, 'skills-lock.json') : xdgState ? path.join(xdgState, 'skills', '.skill-lock.json') : path.join(home, '.agents', '.skill-lock.json');
  const shown = scope === 'project' ? 'skills-lock.json' : file;
  const names = new Map<string, string>();
  try {
    const st = fs.lstatSync(file);
    if (!st.isFile() || st.size > MAX_LOCK_BYTES) return names;
    const lock = JSON.parse(fs.readFileSync(file, 'utf8')) as { skills?: unknown };
    if (!lock.skills || typeof lock.skills !== 'object' || Array.isArray(lock.skills)) return names;
    for (const name of Object.keys(lock.skills)) names.set(name, shown);
  } catch {
    // no lock file, or not JSON: nothing recorded by another installer
  }
  return names;
}
