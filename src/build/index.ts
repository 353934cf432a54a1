import path from 'node:path';
import type { Diagnostic } from '../model/diagnostic.js';
import { getHost, type HostProfile } from '../hosts/index.js';
import type { SkillcConfig } from '../config/config.js';
import { lint, type LintOptions, type LintResult } from '../lint/engine.js';
import { BuildCache, buildCacheFile } from './incremental.js';
import type { OutputFile } from './emit-skill.js';
import { recoverInterruptedSwap, type Drift } from './output.js';
import { sha256 } from '../core/hash.js';
import { configureBuild } from './pipeline/configure.js';
import { compileSkills } from './pipeline/compile.js';
import { assembleOutputs } from './pipeline/assemble.js';
import { reportProblems } from './pipeline/report.js';
import { writeBuild } from './pipeline/write.js';

export interface BuildOptions {
  cwd?: string;
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

/**
 * Compiles the sources into per-host trees, the catalog and its typed module. The stages,
 * each a module of pipeline/: configure (options and checks, before anything is written)
 * -> lint (the skills, parsed once and kept) -> compile (each skill expanded and emitted
 * per host, or reused) -> assemble (manifests, catalog.json, catalog.ts, the output
 * manifest) -> report (build problems as diagnostics) -> write (or compare, with `check`).
 */
export async function build(options: BuildOptions = {}): Promise<BuildResult> {
  const cwd = path.resolve(options.cwd ?? process.cwd());
  const { lintOptions, incremental, outDir } = configureBuild(options, cwd);
  const lintResult = await lint(lintOptions);
  const config = lintResult.config;
  const hostIds = options.hosts?.length ? [...new Set(options.hosts)] : config.hosts;
  const hosts = hostIds.map((h): HostProfile => getHost(h)!);
  const diagnostics: Diagnostic[] = lintResult.files.flatMap((f) => f.messages);
  const result: BuildResult = { diagnostics, lint: lintResult, outDir, hosts: hostIds, files: [], written: false, carried: [], errorCount: lintResult.errorCount, warningCount: lintResult.warningCount };
  if (lintResult.errorCount || lintResult.internalErrors) return result;

  // A build killed mid-write left a journal or a tree beside the output folder: put it right before anything reads the folder.
  if (!options.check) recoverInterruptedSwap(outDir);
  const cacheKey = sha256(JSON.stringify({ v: lintResult.config, outDir, hostIds, version: process.version }));
  const cache = incremental ? BuildCache.open(buildCacheFile(config, outDir, options.cacheLocation), cacheKey, outDir, options.session) : undefined;
  // The last build's records (before this one's replace them): their skill output folders are replaced or removed whole.
  const lastRecords = cache?.records() ?? [];
  const compiled = compileSkills(lintResult, config, hosts, cache);
  if (cache) {
    result.reused = compiled.reused;
    lintResult.skills = [...(lintResult.skills ?? []), ...compiled.kept];
  }
  await assembleOutputs(compiled, config, hosts, outDir, cache, options);
  result.files = compiled.files;
  reportProblems(result, compiled.problems);
  if (result.errorCount) return result;
  return writeBuild(result, compiled, config, hosts, cache, lastRecords, options);
}
