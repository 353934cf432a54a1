import fs from 'node:fs';
import path from 'node:path';
import { UnsafePathError } from '../core/errors.js';
import { guardedPath, lexists } from '../core/paths.js';
import { ownsLeftover, releaseLeftover } from './leftovers.js';

/**
 * The journal of an in-place output update (see patch.ts). An update stages its
 * new skill folders and files in a sibling folder `<out>.skillc-stage-<pid>-<tag>/`:
 *
 *   new/<id>       the new content of entry <id> (a folder or a file), before it moves in
 *   old/<id>       the old content, once moved aside (a folder) or linked aside (a file)
 *   journal.json   the entries, written (by rename) once everything is staged, before
 *                  the first change to the output folder
 *   committed      written once the last entry (the manifest) is in place
 *
 * Recovery (run by every build before it reads the output folder, and by
 * `recoverInterruptedSwap`) rolls an update without `committed` back to the old
 * output, entry by entry in reverse, and one with `committed` forward (it only
 * deletes what was moved aside). Either way the output folder and its manifest
 * agree again: the manifest never lists a file that is not there.
 *
 * Only a stage a build on this machine made is recovered (leftovers.ts: a record in the
 * user's cache folder), and its journal is checked whole before the first rename: every
 * entry a plain path inside the output folder, reached without a link. A journal that
 * fails is refused, and nothing outside the output folder is ever moved or deleted.
 */
export interface StageEntry {
  id: number;
  /** Path under the output folder, with `/`. */
  rel: string;
  /** A skill's output folder (moved aside, then replaced), or a single file (replaced by rename). */
  dir: boolean;
  /** There was something at `rel` before the update. */
  existed: boolean;
  /** The update puts new content at `rel`; false: it only removes what is there. */
  replace: boolean;
}

export interface StageJournal {
  version: 1;
  entries: StageEntry[];
}

export const STAGE_INFIX = '.skillc-stage-';
export const JOURNAL = 'journal.json';
export const COMMITTED = 'committed';

/** Removes now-empty folders from `rel`'s parent up to (not including) the output folder. */
export function pruneEmptyParents(outDir: string, rel: string): void {
  let dir = path.dirname(rel);
  while (dir && dir !== '.' && dir !== '/') {
    try {
      fs.rmdirSync(path.join(outDir, dir));
    } catch {
      return; // not empty (or gone): stop there
    }
    dir = path.dirname(dir);
  }
}

function readJournal(stage: string): StageJournal | undefined {
  try {
    const j = JSON.parse(fs.readFileSync(path.join(stage, JOURNAL), 'utf8')) as StageJournal;
    return j && j.version === 1 && Array.isArray(j.entries) ? j : undefined;
  } catch {
    return undefined;
  }
}

/** Throws an UnsafePathError unless every entry is well formed and lies inside the output folder, with no link on the way. */
function checkJournal(outDir: string, stage: string, journal: StageJournal): void {
  const ids = new Set<number>();
  const checked = new Set<string>();
  for (const e of journal.entries as unknown[]) {
    const entry = e as Partial<StageEntry> | null;
    const ok = !!entry && typeof entry === 'object' && Number.isSafeInteger(entry.id) && entry.id! >= 0 && !ids.has(entry.id!) && typeof entry.rel === 'string' && typeof entry.dir === 'boolean' && typeof entry.existed === 'boolean' && typeof entry.replace === 'boolean';
    if (!ok) throw new UnsafePathError(`refusing to recover ${stage}: its journal has a malformed entry ${JSON.stringify(e)}; remove the folder (the output folder may then need a clean build: skillc build --no-incremental)`);
    ids.add(entry.id!);
    guardedPath(outDir, entry.rel!, { what: `journal entry of ${stage}`, checked });
  }
}

/**
 * Undoes the entries of an uncommitted update, last first: the output folder is as
 * before the update. Every step is a rename back to where the update took it from,
 * so a rollback that is itself interrupted is finished by the next one.
 */
export function rollBack(outDir: string, stage: string, entries: readonly StageEntry[]): void {
  for (const e of [...entries].reverse()) {
    const target = path.join(outDir, e.rel);
    const staged = path.join(stage, 'new', String(e.id));
    const old = path.join(stage, 'old', String(e.id));
    // The new content moved in (it is no longer staged): it goes back to the stage.
    const movedIn = e.replace && !lexists(staged) && lexists(target);
    if (e.dir) {
      if (movedIn) fs.renameSync(target, staged);
      if (lexists(old)) {
        fs.mkdirSync(path.dirname(target), { recursive: true });
        fs.renameSync(old, target);
      }
    } else if (lexists(old)) {
      // The old file was linked (or, when removed, moved) aside: one rename puts it back over whatever is there.
      fs.mkdirSync(path.dirname(target), { recursive: true });
      fs.renameSync(old, target);
    } else if (movedIn && !e.existed) {
      fs.renameSync(target, staged);
    }
    if (!e.existed) pruneEmptyParents(outDir, e.rel);
  }
}

/** True while the process that owns a stage folder (by the pid in its name) runs, unless it is this one. */
function ownerRunning(name: string): boolean {
  const pid = Number(/^(\d+)-/.exec(name)?.[1]);
  if (!Number.isInteger(pid) || pid <= 0 || pid === process.pid) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Finishes one stage folder: rolls its update back (not committed) or forward (committed), then removes it. */
export function recoverStage(outDir: string, stage: string): void {
  const journal = readJournal(stage);
  if (journal) {
    checkJournal(outDir, stage, journal);
    if (lexists(path.join(stage, COMMITTED))) {
      for (const e of journal.entries) if (!e.replace) pruneEmptyParents(outDir, e.rel);
    } else {
      rollBack(outDir, stage, journal.entries);
    }
  }
  // No journal: the update stopped while staging, before it touched the output folder.
  fs.rmSync(stage, { recursive: true, force: true });
  releaseLeftover(stage);
}

/**
 * Recovers every stage folder an interrupted update left beside the output folder, among
 * `siblings` (names in its parent): only those a build on this machine made (`ownsLeftover`).
 * A stage whose build is still running (another process) is left alone, unless it is older
 * than ten minutes (its pid was reused).
 */
export function recoverStages(outDir: string, siblings: readonly string[]): void {
  const parent = path.dirname(outDir);
  const prefix = `${path.basename(outDir)}${STAGE_INFIX}`;
  for (const s of siblings) {
    if (!s.startsWith(prefix)) continue;
    const stage = path.join(parent, s);
    if (!ownsLeftover(stage)) continue;
    if (ownerRunning(s.slice(prefix.length))) {
      try {
        if (Date.now() - fs.statSync(stage).mtimeMs < 10 * 60_000) continue;
      } catch {
        continue;
      }
    }
    recoverStage(outDir, stage);
  }
}
