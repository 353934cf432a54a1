// What a build is asked and what it gives: the types the orchestrator (build/index.ts) and its stages share, below both.
import type { Diagnostic } from '../../model/diagnostic.js';
import type { ResolvedConfig, SkillcConfig } from '../../config/config.js';
import type { LintOptions, LintResult } from '../../lint/engine.js';
import type { OutputFile } from '../emit-skill.js';
import type { Drift } from '../output.js';

export interface BuildOptions {
  cwd?: string;
  /** A config already resolved (the CLI resolves once and hands it to lint, build and rehearse); skips `configFile` and `config`. */
  resolved?: ResolvedConfig;
  configFile?: string;
  config?: SkillcConfig;
  /** Build (and lint for) only these hosts, by id; an unknown id is a usage error. */
  hosts?: string[];
  /** Output folder, overriding the config's `out`. */
  out?: string;
  /** Compare with the output folder instead of writing. */
  check?: boolean;
  /** Test hook: runs after the new tree is written, before the swap. */
  beforeSwap?: () => void;
  /**
   * Reuse the lint cache and the last build's outputs for unchanged skills, and write
   * nothing when the output folder is already up to date (`skillc build`'s default).
   * (The catalog.ts type check is skipped in every mode for a text checked before.)
   */
  incremental?: boolean;
  /** Folder for the lint and build caches (default node_modules/.cache/skillc). */
  cacheLocation?: string;
  /** Watch mode: the lint session kept between runs. */
  session?: LintOptions['session'];
  /** `false` loads no plugin the config names (`--no-plugins`); see LintOptions.plugins. */
  plugins?: boolean;
}

export interface BuildResult {
  /** Lint diagnostics and build problems together. */
  diagnostics: Diagnostic[];
  lint: LintResult;
  outDir: string;
  hosts: string[];
  files: OutputFile[];
  /** True when the output folder was replaced. */
  written: boolean;
  /** Incremental builds: how many skills reused their last outputs. */
  reused?: number;
  /** With `check`: what differs from the output folder. */
  drift?: Drift;
  /**
   * Files skillc did not write (not in its manifest) that the write kept by copying
   * them into the new tree: all of them for a whole-tree swap, those inside replaced
   * skill folders for an in-place update, none when nothing was written.
   */
  carried: string[];
  errorCount: number;
  warningCount: number;
}
