// What a lint is asked and what it gives, below the engine and every stage that fills a result in.
import type { Skill } from '../model/skill.js';
import type { SkillSummary } from '../model/summary.js';
import type { AnyRule } from '../rules/rule.js';
import type { ResolvedConfig, SkillcConfig } from '../config/config.js';
import type { Discovery } from '../config/discover.js';
import type { LintSession, Verified } from './cache.js';
import type { Concurrency, ThreadChoice } from './parallel.js';
import type { FileResult } from './pipeline/report.js';

export interface LintOptions {
  cwd?: string;
  /** A config already resolved (the CLI resolves once and hands it to lint, build and rehearse); skips `configFile` and `config`. */
  resolved?: ResolvedConfig;
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
   * Threads that parse and check skills (`--concurrency`): a count, `off`, or `auto` (the
   * default: a thread for each core that other work leaves free, measured when the run starts,
   * up to 4, with 1 MiB of SKILL.md text and 256 MiB of free memory a thread; else one). Serial with fixes,
   * `keepSkills` and API-provided `rules`.
   */
  concurrency?: Concurrency;
  /** Told how many threads lint the skills to parse, and why (`--debug`). */
  onThreads?: (choice: ThreadChoice) => void;
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
  /**
   * The bulk-suppressions file (`--suppressions-location`, relative to `cwd`); default
   * skillc-suppressions.json beside the config, applied when it exists, as `skillc lint` does.
   * `false`: none.
   */
  suppressions?: string | false;
  /** Report errors only (`--quiet`). */
  quiet?: boolean;
}

export interface LintResult {
  files: FileResult[];
  errorCount: number;
  warningCount: number;
  /** With `quiet`: the warnings found and left out of the report (`--max-warnings` still counts them, as ESLint does). */
  quietWarningCount?: number;
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
  /** With a cache: what this run's lookups listed and hashed (the build's cache takes it instead of reading again). */
  verified?: Verified;
  /** The bulk-suppressions file applied, and how many problems it records that no longer occur (a hint to prune). */
  suppressions?: { file: string; unused: number };
}
