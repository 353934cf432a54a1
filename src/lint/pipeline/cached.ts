// Lint stage, replay: skills whose files did not change since the last run come from the cache (`--cache`, watch).
import fs from 'node:fs';
import { packageVersion } from '../../core/package.js';
import path from 'node:path';
import { sha256 } from '../../core/hash.js';
import { cacheFilePath, changedUnder, lazyBundle, LintCache, readHash, type LintSession } from '../cache.js';
import type { CacheKeyContext } from '../../rules/rule.js';
import type { LintRun } from './collect.js';
import type { PreparedLinter } from './configure.js';

export interface CacheOptions {
  cache?: boolean;
  cacheLocation?: string;
  session?: LintSession;
  fix?: boolean;
  fixDryRun?: boolean;
  onCacheHit?: (dir: string) => void;
}

/** The run's cache: none without `cache` or a watch session, nor with `fixDryRun` (it checks text that is not on disk). */
export function openCache(options: CacheOptions, prepared: PreparedLinter, cwd: string, dirs: readonly string[]): LintCache | undefined {
  const session = options.session;
  if (options.fixDryRun || (!options.cache && !session)) return undefined;
  const k = runKey(prepared, dirs);
  if (session?.cache && session.cache.key === k) {
    session.cache.startRun();
    return session.cache;
  }
  const cache = new LintCache(options.cache ? cacheFilePath(prepared.config.root, options.cacheLocation, cwd) : undefined, k);
  if (session) {
    session.cache = cache;
    // A new cache (first run, or the config changed) trusts nothing.
    delete session.changed;
  }
  return cache;
}

/** Everything besides the files that decides a skill's diagnostics: version, config, hosts, rules (and what their `cacheKey` says of the run's skill folders). */
function runKey({ config, hosts, active, rules, plugins }: PreparedLinter, dirs: readonly string[]): string {
  const context: CacheKeyContext = { config, skillDirs: dirs.map((d) => path.resolve(d)) };
  return sha256(
    JSON.stringify({
      version: packageVersion(),
      node: process.version,
      config,
      hosts: hosts.map((h) => h.id),
      active: active.map((a) => [a.rule.meta.id, a.severity, a.options, (a.rule.meta.cacheKey as ((o: unknown, c: CacheKeyContext) => string) | undefined)?.(a.options, context)]),
      rules: rules.map((r) => r.meta.id),
      // A plugin's rules are its code: an edited plugin file must not replay old results.
      plugins: plugins.plugins.map((p) => [p.specifier, readHash(p.file)]),
    }),
  );
}

/** Replays every skill the cache can answer into `run`; returns the indexes of the others, still to lint. */
export function replayCached(run: LintRun, cache: LintCache | undefined, options: CacheOptions): number[] {
  if (!cache) return run.dirs.map((_, i) => i);
  const changed = options.session?.changed;
  const misses: number[] = [];
  run.dirs.forEach((dir, i) => {
    const abs = path.resolve(dir);
    let bytes: Buffer | undefined;
    let read = false;
    const readBytes = (): Buffer | undefined => {
      if (read) return bytes;
      read = true;
      try {
        bytes = fs.readFileSync(path.join(abs, 'SKILL.md'));
      } catch {
        bytes = undefined;
      }
      return bytes;
    };
    const entry = cache.lookup(abs, readBytes, lazyBundle(abs), !!changed && !changedUnder(changed, abs));
    // With --fix, a skill whose cached problems include fixable ones is linted again to fix them.
    if (!entry || (options.fix && entry.diagnostics.some((d) => d.fix))) {
      misses.push(i);
      return;
    }
    run.replayed(i, entry, readBytes);
    options.onCacheHit?.(abs);
  });
  return misses;
}
