import path from 'node:path';
import { ConfigError } from '../config/config.js';
import { type Discovery, UsageError } from '../config/discover.js';
import { lintSkills } from './core.js';
import { createLinter, loadLintConfig, type PreparedLinter } from './pipeline/configure.js';
import { findSkills } from './pipeline/find.js';
import type { FileResult } from './pipeline/report.js';
import type { LintOptions, LintResult } from './result.js';
import { diskSkills } from './sources.js';

export type { LintOptions, LintResult };

/**
 * Lints skills, as `skillc lint` does (bulk suppressions and `quiet` included): the config
 * resolved once (or the caller's `resolved`), a linter made from it (`createLinter`: hosts,
 * plugins, rules), the skill folders found, then the one lint core (`lintSkills`, core.ts) over
 * them on disk: replay from the cache, read, fix, check and summarize each other skill (on
 * worker threads too when there are many), the catalog rules over the summaries, the report
 * (grouped by file, inline and bulk suppressions applied, sorted, counted).
 */
export async function lint(options: LintOptions = {}): Promise<LintResult> {
  const cwd = path.resolve(options.cwd ?? process.cwd());
  const config = options.resolved ?? loadLintConfig(cwd, options);
  const linter = await createLinter(config, options);
  return lintFound(linter, findSkills(options.paths ?? [], config, cwd), { ...options, cwd });
}

/** `lint()` over skill folders already found (the build found them while checking its options): the core over them on disk. */
export async function lintFound(linter: PreparedLinter, discovery: Discovery, options: LintOptions & { cwd: string }): Promise<LintResult> {
  const result = await lintSkills(linter, diskSkills(discovery.dirs), options);
  result.discovery = discovery;
  return result;
}

export { ConfigError, UsageError };
export type { FileResult };
export { lintSkills, lintSkillsSync } from './core.js';
export { diskSkills, parsedSkills, type SkillSource } from './sources.js';
export { lintSkill, lintSkillFolder, type Linter, type SkillOutcome } from './lint-skill.js';
export { createLinter, linterWith, loadLintConfig, resolveHosts, resolveRules, type ActiveRule, type PreparedLinter } from './pipeline/configure.js';
export { checkCatalog, checkSkill } from './pipeline/check.js';
export { liveSummary } from './pipeline/collect.js';
export { countDiagnostics } from './pipeline/report.js';
