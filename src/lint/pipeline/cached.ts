// Lint stage, replay: skills whose files did not change since the last run come from the cache (`--cache`, watch).
import fs from 'node:fs';
import { packageVersion } from '../../core/package.js';
import path from 'node:path';
import { sha256 } from '../../core/hash.js';
import { cacheFilePath, changedUnder, lazyBundle, LintCache, readHash, type LintSession } from '../cache.js';
import type { CacheKeyContext } from '../../rules/rule.js';
import type { LintRun } from './collect.js';
import type { PreparedLinter } from './configure.js';
import type { SkillSource } from '../sources.js';

export interface CacheOptions {
  cache?: boolean;
  /**
   * Read the summaries of the skills the run does not report from the cache (`cacheLocation`,
   * default node_modules/.cache/skillc/), written by any earlier lint or build, and fill in the
   * ones missing or stale: `--changed`, `--staged` and the language server, which lint a few
   * skills against the whole catalog. A file of another run key is left as it is.
   */
  summaries?: boolean;
  cacheLocation?: string;
  session?: LintSession;
  fix?: boolean;
  fixDryRun?: boolean;
  onCacheHit?: (dir: string) => void;
}

/**
 * The run's cache: none without `cache`, `summaries` or a watch session, nor with `fixDryRun` (it
 * checks text that is not on disk). `disk`: the skills are the working tree's (only such a run
 * owns the cache; another one only reads and adds summaries).
 */
export function openCache(options: CacheOptions, prepared: PreparedLinter, cwd: string, dirs: readonly string[], disk: boolean): LintCache | undefined {
  const session = options.session;
  if (options.fixDryRun) return undefined;
  const owned = disk && !!options.cache;
  const guest = !owned && !!options.summaries;
  if (!owned && !guest && !session) return undefined;
  const k = runKey(prepared, dirs);
  if (session?.cache && session.cache.key === k) {
    session.cache.startRun();
    return session.cache;
  }
  const cache = new LintCache(owned || guest ? cacheFilePath(prepared.config.root, options.cacheLocation, cwd) : undefined, k, { guest, root: prepared.config.root });
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

/** What the cache did not answer: skills to lint (reported ones), and skills only to summarize (the others). */
export interface Misses {
  lint: number[];
  summarize: number[];
}

/**
 * Replays every skill of `part` (the reported ones, or the others) the cache can answer into
 * `run`: a reported skill by its diagnostics (from the working tree only), another by its
 * summary. Returns the indexes of the rest.
 */
export function replayCached(run: LintRun, cache: LintCache | undefined, options: CacheOptions, source: SkillSource, part: 'reported' | 'others'): Misses {
  const misses: Misses = { lint: [], summarize: [] };
  const changed = options.session?.changed;
  run.dirs.forEach((dir, i) => {
    const reported = !source.reported || source.reported.has(dir);
    if (reported !== (part === 'reported')) return;
    const served = source.served?.(dir);
    if (!cache || (reported && served)) {
      (reported ? misses.lint : misses.summarize).push(i);
      return;
    }
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
    if (!reported) {
      const entry = cache.summaryOf(abs, served ? () => served.bytes() : readBytes, !served);
      if (entry) run.summaryFromCache(i, entry, served?.live());
      else misses.summarize.push(i);
      return;
    }
    const entry = cache.lookup(abs, readBytes, lazyBundle(abs), !!changed && !changedUnder(changed, abs));
    // With --fix, a skill whose cached problems include fixable ones is linted again to fix them.
    if (!entry || (options.fix && entry.diagnostics.some((d) => d.fix))) {
      misses.lint.push(i);
      return;
    }
    run.replayed(i, entry, readBytes);
    options.onCacheHit?.(abs);
  });
  return misses;
}
