import path from 'node:path';
import type { Skill } from '../model/skill.js';
import type { AnyRule } from '../rules/rule.js';
import type { ResolvedConfig, SkillcConfig } from '../config/config.js';
import { discoverSkills, exclusions } from '../config/discover.js';
import { isInside } from '../core/paths.js';
import { lint } from './engine.js';
import type { LintOptions } from './result.js';
import { copySwitches, lintSkills, type CoreOptions, type ReportOptions, type RunSwitches } from './core.js';
import type { LintResult } from './result.js';
import { createLinter, loadLintConfig } from './pipeline/configure.js';
import { diskSkills, parsedSkills } from './sources.js';

/**
 * Lints skills that are already parsed (from the git index, an editor buffer),
 * with the whole catalog for the catalog rules, and reports only some of them:
 * the lint core over a source of parsed skills, without discovery and file reads.
 */
export interface ModelLintOptions extends ReportOptions, RunSwitches {
  cwd?: string;
  configFile?: string;
  config?: SkillcConfig;
  hosts?: string[];
  /** Every skill of the catalog (parsed from wherever they live). */
  skills: Skill[];
  /** Skill folders whose files are reported; default: every skill. */
  report?: ReadonlySet<string>;
  rules?: AnyRule[];
  /** An already loaded config (skips the lookup). */
  resolved?: ResolvedConfig;
}

export async function lintModels(options: ModelLintOptions): Promise<LintResult> {
  const cwd = path.resolve(options.cwd ?? process.cwd());
  const config = options.resolved ?? loadLintConfig(cwd, options);
  const linter = await createLinter(config, options);
  const core: Parameters<typeof lintSkills>[2] = { cwd };
  if (options.suppressions !== undefined) core.suppressions = options.suppressions;
  if (options.quiet) core.quiet = true;
  if (options.maxBytes !== undefined) core.maxBytes = options.maxBytes;
  return lintSkills(linter, parsedSkills(options.skills, options.report), core);
}

/** The skill folder holding a file: the nearest folder upwards with a SKILL.md among `dirs`. */
export function skillOfFile(file: string, dirs: ReadonlySet<string>): string | undefined {
  let dir = path.dirname(path.resolve(file));
  for (;;) {
    if (dirs.has(dir)) return dir;
    const parent = path.dirname(dir);
    if (parent === dir) return undefined;
    dir = parent;
  }
}

/**
 * Which skills a list of changed files (pre-commit and lint-staged pass them) asks to lint: those
 * of the sources holding one of the files. A file under the sources in no skill (a shared fragment)
 * asks for every skill, and so does the config file (its rules apply to every skill); a file
 * anywhere else (generated/, the config's `ignore`, a .gitignore'd folder, outside the sources)
 * is passed over, as `skillc lint` passes over those folders.
 */
export function skillsOfChangedFiles(files: readonly string[], config: ResolvedConfig, cwd: string, all: ReadonlySet<string>): Set<string> {
  const excluded = exclusions(config, config.sources);
  const report = new Set<string>();
  for (const f of files) {
    const abs = path.resolve(cwd, f);
    const dir = skillOfFile(abs, all);
    if (dir) report.add(dir);
    else if (abs === config.file || (isInside(abs, config.sources) && !excluded(abs, false))) return new Set(all);
  }
  return report;
}

/**
 * Lints the skills that hold some changed files (`skillsOfChangedFiles`), with every skill of the
 * sources read for the catalog rules. With `fix`, those skills are fixed on disk first (lint-staged
 * adds the fixed files back), then the report is made of what is left.
 */
export async function lintChangedFiles(options: ReportOptions & RunSwitches & { cwd?: string; configFile?: string; hosts?: string[]; files: string[]; resolved?: ResolvedConfig; fix?: boolean; cacheLocation?: string }): Promise<LintResult> {
  const cwd = path.resolve(options.cwd ?? process.cwd());
  const config = options.resolved ?? loadLintConfig(cwd, options.configFile ? { configFile: options.configFile } : {});
  const all = new Set(discoverSkills([], config, cwd));
  const report = skillsOfChangedFiles(options.files, config, cwd, all);
  if (options.fix && report.size) {
    const fixing: LintOptions = { cwd, resolved: config, paths: [...report], fix: true, suppressions: false };
    if (options.hosts?.length) fixing.hosts = options.hosts;
    copySwitches(options, fixing);
    await lint(fixing);
  }
  const linter = await createLinter(config, options);
  const core: CoreOptions = { cwd, summaries: true };
  if (options.cacheLocation) core.cacheLocation = options.cacheLocation;
  if (options.suppressions !== undefined) core.suppressions = options.suppressions;
  if (options.quiet) core.quiet = true;
  copySwitches(options, core);
  return lintSkills(linter, diskSkills([...all].sort(), report), core);
}
