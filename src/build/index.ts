import path from 'node:path';
import type { Diagnostic } from '../model/diagnostic.js';
import { createLinter, lintFound } from '../lint/engine.js';
import { BuildCache, buildCacheFile } from './incremental.js';
import { recoverInterruptedSwap } from './output.js';
import { sha256 } from '../core/hash.js';
import { configureBuild } from './pipeline/configure.js';
import { compileSkills } from './pipeline/compile.js';
import { assembleOutputs } from './pipeline/assemble.js';
import { reportProblems } from './pipeline/report.js';
import { writeBuild } from './pipeline/write.js';
import type { BuildOptions, BuildResult } from './pipeline/types.js';

export type { BuildOptions, BuildResult };

/**
 * Compiles the sources into per-host trees, the catalog and its typed module. The stages,
 * each a module of pipeline/: configure (options and checks, before anything is written)
 * -> lint (the skills, parsed once and kept) -> compile (each skill expanded and emitted
 * per host, or reused) -> assemble (manifests, catalog.json, catalog.ts, the output
 * manifest) -> report (build problems as diagnostics) -> write (or compare, with `check`).
 */
export async function build(options: BuildOptions = {}): Promise<BuildResult> {
  const cwd = path.resolve(options.cwd ?? process.cwd());
  const { config, found, lintOptions, incremental, outDir } = configureBuild(options, cwd);
  // The lint's linter, discovery and parsed skills are the build's: nothing is resolved, found or read twice.
  const linter = await createLinter(config, lintOptions);
  const lintResult = await lintFound(linter, found, lintOptions);
  const hosts = linter.hosts;
  const hostIds = hosts.map((h) => h.id);
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
