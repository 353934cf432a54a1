import fs from 'node:fs';
import path from 'node:path';
import type { OutputFile } from './emit-skill.js';
import { writeFileAtomic } from '../core/atomic-write.js';
import { UnsafePathError } from '../core/errors.js';
import { sha256 } from '../core/hash.js';
import { guardedPath, lexists } from '../core/paths.js';
import { readRegularFile } from '../parse/bundle.js';
import { claimLeftover, leftoverTag, releaseLeftover } from './leftovers.js';
import { listFiles, MANIFEST, writeNewOutput } from './output.js';
import { COMMITTED, JOURNAL, pruneEmptyParents, rollBack, STAGE_INFIX, type StageEntry, type StageJournal } from './stage.js';

/**
 * In-place output updates, for incremental builds and watch mode: only the
 * outputs that differ from the output folder are written.
 *
 * Atomicity, the trade-off: a full build (and an incremental build that changes
 * most of the tree) writes a whole new tree beside the old one and swaps it in
 * with two renames, so the output folder is wholly old or wholly new. That costs
 * a link or a write per output file and the removal of the old tree: seconds for
 * thousands of skills, whatever changed. An update instead replaces, per host,
 * each changed skill's output folder with a per-folder swap (the new folder is
 * written beside, the old one renamed aside, the new one renamed in, the old one
 * removed), and catalog.json, catalog.ts, the host manifests and, last,
 * `.skillc-manifest.json` each by an atomic file rename. So each skill folder is
 * wholly old or wholly new and each file is whole, but while the update runs (a
 * few renames) a reader can see some skills new and others old, and a folder
 * being swapped can be missing for an instant. A build killed mid-update leaves
 * a journal beside the output folder; the next build (any `skillc build` but `--check`) first
 * rolls the update back (or, when it had finished, forward), so the folder and
 * its manifest agree again before anything reads them. A build that fails with
 * an error rolls its update back before it reports the error.
 */

export interface OutputPlan {
  /** Outputs that are new or differ from the output folder (bytes or run bit). */
  changed: OutputFile[];
  /** Paths the last build wrote (its manifest) that this build does not. */
  removed: string[];
  /** The new manifest, when it differs from the one on disk. */
  manifest?: OutputFile;
}

const modeOf = (st: fs.Stats): number => (st.mode & 0o111 ? 0o755 : 0o644);

/**
 * What an update would write. An output reused from the last build was verified
 * then (`verified`); one whose hash differs from the last manifest's is changed;
 * every other one is compared with the folder byte for byte (and run bit). The
 * manifest is compared with `previousBytes`, the manifest file as read. Empty
 * when the output folder is up to date.
 */
export function planOutput(outDir: string, files: readonly OutputFile[], verified: ReadonlySet<string>, previous: ReadonlyMap<string, string> | undefined, previousBytes: Buffer | undefined): OutputPlan {
  const plan: OutputPlan = { changed: [], removed: [] };
  /** Outputs the last manifest lists too: when that is all it lists, nothing was removed. */
  let listed = 0;
  // Folders found real on the way (one lstat each): an output behind a link is changed, never read through it.
  const checked = new Set<string>();
  for (const f of files) {
    if (previous?.has(f.path)) listed++;
    if (f.path === MANIFEST) {
      if (!previousBytes?.equals(f.data)) plan.manifest = f;
      continue;
    }
    if (verified.has(f.path)) continue;
    if (previous?.get(f.path) === (f.hash ??= sha256(f.data))) {
      try {
        // A link on the way throws (changed); one at the file is no regular file, and the read never follows one.
        const p = guardedPath(outDir, f.path, { what: 'output', checked });
        const st = fs.lstatSync(p);
        if (st.isFile() && (process.platform === 'win32' || modeOf(st) === f.mode) && st.size === f.data.length) {
          const read = readRegularFile(p, f.data.length, { noFollow: true });
          if ('bytes' in read && read.bytes.equals(f.data)) continue;
        }
      } catch {
        // missing, or behind a link: changed
      }
    }
    plan.changed.push(f);
  }
  if (previous && previous.size !== listed) {
    const written = new Set(files.map((f) => f.path));
    for (const rel of previous.keys()) if (rel !== MANIFEST && !written.has(rel)) plan.removed.push(rel);
  }
  return plan;
}

/** The skill output folder a path lies in (the shortest of `units` that holds it), if any. */
function unitOf(rel: string, units: ReadonlySet<string>): string | undefined {
  let i = rel.indexOf('/');
  while (i > 0) {
    const prefix = rel.slice(0, i);
    if (units.has(prefix)) return prefix;
    i = rel.indexOf('/', i + 1);
  }
  return undefined;
}

export interface UpdateGroups {
  /** Skill output folders to replace (or remove) as a whole. */
  folders: Map<string, OutputFile[]>;
  /** Files outside any skill folder: replaced or removed one by one. */
  files: OutputFile[];
  removedFiles: string[];
}

/** Groups a plan by skill output folder; `units` are every skill output folder of the old and the new build. */
export function groupPlan(plan: OutputPlan, files: readonly OutputFile[], units: ReadonlySet<string>): UpdateGroups {
  const touched = new Set<string>();
  const groups: UpdateGroups = { folders: new Map(), files: [], removedFiles: [] };
  for (const f of plan.changed) {
    const u = unitOf(f.path, units);
    if (u) touched.add(u);
    else groups.files.push(f);
  }
  for (const rel of plan.removed) {
    const u = unitOf(rel, units);
    if (u) touched.add(u);
    else groups.removedFiles.push(rel);
  }
  // A replaced folder gets all of its outputs, changed or not.
  const sorted = files.filter((f) => f.path !== MANIFEST);
  for (let i = 1; i < sorted.length; i++) {
    if (sorted[i - 1]!.path > sorted[i]!.path) {
      sorted.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
      break;
    }
  }
  for (const u of touched) {
    const prefix = `${u}/`;
    const list: OutputFile[] = [];
    let lo = 0;
    let hi = sorted.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (sorted[mid]!.path < prefix) lo = mid + 1;
      else hi = mid;
    }
    for (let i = lo; i < sorted.length && sorted[i]!.path.startsWith(prefix); i++) list.push(sorted[i]!);
    groups.folders.set(u, list);
  }
  return groups;
}


/**
 * True when every path the update renames or deletes (a skill folder, a file, the manifest)
 * lies in the output folder with no link on the way nor at it (`guardedPath`). A link there
 * (a committed `generated/claude/skills/x -> /elsewhere`) would take a rename, a copy of the
 * files it holds or a delete outside: the build then swaps in a whole new tree instead,
 * which writes only into a folder of its own and carries links as links.
 */
function updatable(outDir: string, groups: UpdateGroups, manifest: OutputFile): boolean {
  const checked = new Set<string>();
  try {
    for (const rel of [...groups.folders.keys(), ...groups.files.map((f) => f.path), ...groups.removedFiles, manifest.path]) guardedPath(outDir, rel, { what: 'output', self: true, checked });
    return true;
  } catch (error) {
    if (error instanceof UnsafePathError) return false;
    throw error;
  }
}

/**
 * Applies an update in place (see the comment at the top). `previous` is the manifest
 * on disk: files in a replaced folder that it does not list (someone else's) are
 * copied into the new folder. Returns those files' paths; undefined, with nothing
 * changed, when the update cannot be made in place (`updatable`, or no record of the
 * stage folder could be kept for its recovery: leftovers.ts), so the caller swaps in a
 * whole new tree.
 */
export function writeOutputUpdate(outDir: string, groups: UpdateGroups, manifest: OutputFile, previous: ReadonlyMap<string, string> | undefined, hooks: { beforeSwap?: () => void; deferCleanup?: boolean } = {}): string[] | undefined {
  const parent = path.dirname(outDir);
  const stage = path.join(parent, `${path.basename(outDir)}${STAGE_INFIX}${leftoverTag()}`);
  if (!updatable(outDir, groups, manifest) || !claimLeftover(stage)) return undefined;
  const entries: StageEntry[] = [];
  const carried: string[] = [];
  const staged = (e: StageEntry): string => path.join(stage, 'new', String(e.id));
  const aside = (e: StageEntry): string => path.join(stage, 'old', String(e.id));
  let journaled = false;
  try {
    fs.mkdirSync(path.join(stage, 'new'), { recursive: true });
    fs.mkdirSync(path.join(stage, 'old'));
    // 1. Stage every new folder and file beside the output folder; nothing in it changes yet.
    for (const [unit, files] of [...groups.folders].sort((a, b) => (a[0] < b[0] ? -1 : 1))) {
      const target = path.join(outDir, unit);
      const e: StageEntry = { id: entries.length, rel: unit, dir: true, existed: lexists(target), replace: false };
      const dir = staged(e);
      const made = new Set<string>();
      const mkdir = (d: string): void => {
        if (!made.has(d)) fs.mkdirSync(d, { recursive: true });
        made.add(d);
      };
      const written = new Set<string>();
      for (const f of files) {
        const p = guardedPath(dir, f.path.slice(unit.length + 1), { what: 'output', checked: made });
        mkdir(path.dirname(p));
        writeNewOutput(p, f);
        written.add(f.path);
      }
      // Files skillc did not write stay: copied into the new folder (a symlink as a symlink).
      if (e.existed) {
        for (const rel of listFiles(target)) {
          const full = `${unit}/${rel}`;
          if (written.has(full) || previous?.has(full)) continue;
          const from = path.join(target, rel);
          const st = fs.lstatSync(from);
          // A FIFO, socket or device is not carried: copying one would block on it, or read a device.
          if (!st.isFile() && !st.isSymbolicLink()) continue;
          const to = path.join(dir, rel);
          mkdir(path.dirname(to));
          if (st.isSymbolicLink()) fs.symlinkSync(fs.readlinkSync(from), to);
          else fs.copyFileSync(from, to, fs.constants.COPYFILE_EXCL);
          carried.push(full);
        }
      }
      e.replace = lexists(dir);
      if (e.existed || e.replace) entries.push(e);
    }
    const fileEntry = (f: OutputFile): void => {
      const e: StageEntry = { id: entries.length, rel: f.path, dir: false, existed: lexists(path.join(outDir, f.path)), replace: true };
      writeNewOutput(staged(e), f);
      entries.push(e);
    };
    for (const f of groups.files) fileEntry(f);
    for (const rel of groups.removedFiles) if (lexists(path.join(outDir, rel))) entries.push({ id: entries.length, rel, dir: false, existed: true, replace: false });
    // The manifest goes in last: until then the old one describes the folder.
    fileEntry(manifest);
    const journal: StageJournal = { version: 1, entries };
    writeFileAtomic(path.join(stage, JOURNAL), JSON.stringify(journal));
    journaled = true;
    hooks.beforeSwap?.();

    // 2. Swap, entry by entry.
    for (const e of entries) {
      const target = path.join(outDir, e.rel);
      if (e.dir) {
        if (e.existed) fs.renameSync(target, aside(e));
        if (e.replace) {
          fs.mkdirSync(path.dirname(target), { recursive: true });
          fs.renameSync(staged(e), target);
        }
      } else if (!e.replace) {
        fs.renameSync(target, aside(e));
      } else {
        if (e.existed) {
          // Kept aside (a second link, not a move) so that readers never miss the file.
          try {
            fs.linkSync(target, aside(e));
          } catch {
            fs.copyFileSync(target, aside(e));
          }
        }
        fs.mkdirSync(path.dirname(target), { recursive: true });
        fs.renameSync(staged(e), target);
      }
    }
    fs.writeFileSync(path.join(stage, COMMITTED), '');
  } catch (error) {
    // Undo what moved; if even that fails, the stage stays for the next build to recover.
    try {
      if (journaled) rollBack(outDir, stage, entries);
      fs.rmSync(stage, { recursive: true, force: true });
      releaseLeftover(stage);
    } catch {
      // left for recoverStages
    }
    throw error;
  }
  // 3. Done: folders a removal left empty go, then what was moved aside. Watch mode removes
  // that just after the run (the update is committed: a recovery would only remove it too).
  for (const e of entries) if (!e.replace) pruneEmptyParents(outDir, e.rel);
  const cleanup = (): void => {
    try {
      fs.rmSync(stage, { recursive: true, force: true });
      releaseLeftover(stage);
    } catch {
      // left for the next build's recovery
    }
  };
  if (hooks.deferCleanup) setImmediate(cleanup);
  else cleanup();
  return carried;
}
