import path from 'node:path';
import type { Skill } from '../model/skill.js';
import type { SkillSummary } from '../model/summary.js';
import type { AnyRule } from '../rules/rule.js';
import { ConfigError, type ResolvedConfig, type SkillcConfig } from '../config/config.js';
import { type Discovery, UsageError } from '../config/discover.js';
import type { LintSession } from './cache.js';
import type { Concurrency } from './parallel.js';
import { loadLintConfig, prepareRules } from './pipeline/configure.js';
import { findSkills } from './pipeline/find.js';
import { LintRun } from './pipeline/collect.js';
import { openCache, replayCached } from './pipeline/cached.js';
import { lintSkills } from './pipeline/lint-skills.js';
import { lintCatalog } from './pipeline/catalog.js';
import { countFiles, groupByFile, type FileResult } from './pipeline/report.js';

export interface LintOptions {
  cwd?: string;
  /** Files or folders; default: the config's sources. */
  paths?: string[];
  configFile?: string;
  /** Inline config merged over the file's. */
  config?: SkillcConfig;
  /** Hosts to lint for, overriding the config (`--host`). */
  hosts?: string[];
  /** Apply safe fixes and write them (`--fix`). */
  fix?: boolean;
  /** Compute fixes without writing (`--fix-dry-run`); fixed text lands in `output`. */
  fixDryRun?: boolean;
  /** Extra rules beside the built-in ones (plugins, tests). */
  rules?: AnyRule[];
  /** Keep the parsed skills in the result (the build uses them). */
  keepSkills?: boolean;
  /** Reuse the results of skills whose files did not change (`--cache`); with `fix`, skills with fixable problems are linted again; ignored with `fixDryRun`. */
  cache?: boolean;
  /** Cache file or folder (`--cache-location`); default node_modules/.cache/skillc/. */
  cacheLocation?: string;
  /** Watch mode: the cache kept in memory between runs, and the paths changed since the last one. */
  session?: LintSession;
  /** Test and build hook: which skills came from the cache. */
  onCacheHit?: (dir: string) => void;
  /**
   * Threads that parse and check skills (`--concurrency`): a count, `off`, or `auto`
   * (the default: half the cores, up to 4, when there are at least 200 skills to parse).
   * Serial with fixes, `keepSkills` and API-provided `rules`.
   */
  concurrency?: Concurrency;
  /**
   * Bytes of skill text the run may read (SKILL.md files and the bundled text their rules may read):
   * past it, and past 85% of the heap, skills are not linted and each is a `file/budget` error.
   * Default 1 GiB (`--max-bytes`).
   */
  maxBytes?: number;
  /**
   * `false` ignores inline suppressions (`skillc-disable` comments in the SKILL.md and its
   * frontmatter), as ESLint's `--no-inline-config`: for CI on pull requests, where the author of
   * the change also wrote the comments. Default true.
   */
  inlineConfig?: boolean;
  /**
   * `false` loads no plugin module the config names (`--no-plugins`, the language server's
   * untrusted mode): a config is code, and a checkout from a stranger runs it. Each plugin skipped
   * is a `plugin/load` warning naming it; its rules do not run. Default true.
   */
  plugins?: boolean;
  /** Called after each skill is checked (the CLI draws progress on stderr from it). */
  onProgress?: (done: number, total: number) => void;
}

export interface LintResult {
  files: FileResult[];
  errorCount: number;
  warningCount: number;
  infoCount: number;
  fixableCount: number;
  /** Rules that threw: the run exits 2 even though every other rule ran. */
  internalErrors: number;
  config: ResolvedConfig;
  /** Every rule that could run: the built-in ones, then plugin and API rules. */
  rules?: AnyRule[];
  /** The parsed skills, when `keepSkills` was set. */
  skills?: Skill[];
  /** Every linted skill's compact summary, in the order linted. */
  summaries?: SkillSummary[];
  /** With `cache`: how many skills came from it. */
  cacheHits?: number;
  /** Where the skills were looked for, and near misses (`skill.md`); absent for --staged and --changed runs. */
  discovery?: Discovery;
}

/**
 * Lints skills. The stages, each a module of pipeline/: configure (config, hosts, plugins,
 * rules) -> find (discover the skill folders) -> replay (unchanged skills from the cache)
 * -> lint skills (read, fix, check and summarize each other skill with `lintSkill`, on
 * worker threads too when there are many) -> check the catalog (catalog rules over the
 * summaries) -> report (group by file, apply suppressions, sort, count).
 */
export async function lint(options: LintOptions = {}): Promise<LintResult> {
  const cwd = path.resolve(options.cwd ?? process.cwd());
  const config = loadLintConfig(cwd, options);
  const prepared = await prepareRules(config, options);
  const linter = { config, hosts: prepared.hosts, active: prepared.active };
  const discovery = findSkills(options.paths ?? [], config, cwd);
  const run = new LintRun(discovery.dirs, prepared.plugins.diagnostics, options.onProgress);
  run.diagnostics.push(...prepared.plugins.skipped);

  const cache = openCache(options, prepared, cwd, run.dirs);
  const misses = replayCached(run, cache, options);
  await lintSkills(run, misses, linter, cache, options, cwd);
  lintCatalog(run, linter, cache);
  cache?.save(run.dirs.map((d) => path.resolve(d)));

  const suppress = options.inlineConfig === false ? undefined : { skills: run.suppressible, knownRules: prepared.knownRules, unusedSeverity: prepared.unusedSeverity };
  const files = groupByFile({ listed: run.summaries.map((s) => s.file.path), diagnostics: run.diagnostics, ...(suppress ? { suppress } : {}), outputs: run.outputs });
  const result: LintResult = { files, ...countFiles(files), internalErrors: run.internalErrors, config, rules: prepared.rules };
  if (options.keepSkills) result.skills = run.skills;
  result.summaries = run.summaries;
  if (cache) result.cacheHits = run.cacheHits;
  result.discovery = discovery;
  return result;
}

export { ConfigError, UsageError };
export type { FileResult };
export { lintSkill, lintSkillFolder, type Linter, type SkillOutcome } from './lint-skill.js';
export { loadLintConfig, prepareRules, resolveHosts, resolveRules, type ActiveRule } from './pipeline/configure.js';
export { checkCatalog, checkSkill } from './pipeline/check.js';
export { liveSummary } from './pipeline/collect.js';
export { countDiagnostics } from './pipeline/report.js';
