import fs from 'node:fs';
import path from 'node:path';
import type { LintSession } from './cache.js';

/**
 * Watch mode (`skillc lint --watch`, `skillc build --watch`): runs once, then
 * again after each batch of changes under the watched paths. The lint session
 * (the cache in memory, and which paths changed) is kept between runs, so a
 * re-run reads and parses only the skills whose folders changed; catalog rules
 * re-run from the summaries.
 *
 * Node 20 watches a folder recursively on Linux, macOS and Windows
 * (`fs.watch(dir, { recursive: true })`, which follows new, renamed and deleted
 * folders); where it is unavailable, each folder present at the start is
 * watched on its own.
 */
export interface WatchOptions {
  /** Files or folders to watch (absolute). */
  paths: string[];
  /** Paths whose changes are ignored (the output folder, caches). */
  ignore?: (abs: string) => boolean;
  /** Quiet time after a change before re-running, in ms. */
  debounceMs?: number;
  /** One run; `changed` is undefined for the first. `session` is the loop's, for the command it re-runs to lint with. */
  run: (changed: Set<string> | undefined, session: LintSession) => Promise<void>;
}

export interface Watcher {
  close(): void;
  /** Resolves when closed. */
  closed: Promise<void>;
}

const SKIP = new Set(['node_modules', '.git']);

export function watch(options: WatchOptions): Watcher {
  const session: LintSession = {};
  const watchers: fs.FSWatcher[] = [];
  const pending = new Set<string>();
  let timer: NodeJS.Timeout | undefined;
  let running = false;
  let closed = false;
  let resolveClosed!: () => void;
  const closedPromise = new Promise<void>((r) => (resolveClosed = r));
  const ignore = (abs: string): boolean => abs.split(path.sep).some((part) => SKIP.has(part)) || !!options.ignore?.(abs);

  const runOnce = async (changed: Set<string> | undefined): Promise<void> => {
    running = true;
    if (changed) session.changed = changed;
    else delete session.changed;
    try {
      await options.run(changed, session);
    } finally {
      running = false;
      // From now on the cache file is written after each run, not during it: the run reports sooner.
      if (session.cache) session.cache.deferWrites = true;
    }
    if (pending.size && !closed) schedule();
  };
  const schedule = (): void => {
    if (timer) clearTimeout(timer);
    timer = setTimeout(() => {
      timer = undefined;
      if (running || closed) return;
      const batch = new Set(pending);
      pending.clear();
      void runOnce(batch);
    }, options.debounceMs ?? 20);
  };
  const onEvent = (base: string) => (_event: string, file: string | Buffer | null) => {
    const abs = file ? path.resolve(base, file.toString()) : base;
    if (ignore(abs)) return;
    pending.add(abs);
    // A folder's SKILL.md stands for the folder: a rename of the folder reaches its skill too.
    if (!running) schedule();
  };

  const watchOne = (target: string, recursive: boolean): void => {
    try {
      const w = fs.watch(target, { recursive }, onEvent(target));
      w.on('error', () => undefined);
      watchers.push(w);
    } catch {
      // vanished, or no permission: nothing to watch there
    }
  };
  const watchTree = (dir: string): void => {
    // Fallback: one watcher per folder.
    watchOne(dir, false);
    let entries: fs.Dirent[] = [];
    try {
      entries = fs.readdirSync(dir, { withFileTypes: true });
    } catch {
      return;
    }
    for (const e of entries) if (e.isDirectory() && !SKIP.has(e.name)) watchTree(path.join(dir, e.name));
  };
  for (const p of options.paths) {
    let st: fs.Stats;
    try {
      st = fs.statSync(p);
    } catch {
      continue;
    }
    if (!st.isDirectory()) {
      // A single file (the config): watch its folder, keep its own events.
      const dir = path.dirname(p);
      try {
        const w = fs.watch(dir, (event, file) => {
          if (file && path.resolve(dir, file.toString()) === p) onEvent(dir)(event, file);
        });
        w.on('error', () => undefined);
        watchers.push(w);
      } catch {
        // nothing to watch
      }
      continue;
    }
    try {
      const w = fs.watch(p, { recursive: true }, onEvent(p));
      w.on('error', () => undefined);
      watchers.push(w);
    } catch {
      watchTree(p);
    }
  }
  void runOnce(undefined);
  return {
    close() {
      closed = true;
      if (timer) clearTimeout(timer);
      for (const w of watchers) w.close();
      resolveClosed();
    },
    closed: closedPromise,
  };
}
