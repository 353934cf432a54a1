import path from 'node:path';
import { compareDiagnostics, type Diagnostic } from '../model/diagnostic.js';
import type { Skill } from '../model/skill.js';
import { readSkill } from '../parse/skill.js';
import type { AnyRule } from '../rules/rule.js';
import { loadConfig, type ResolvedConfig, type SkillcConfig } from '../config/config.js';
import { discoverSkills } from '../config/discover.js';
import { checkCatalog, checkSkill, prepareRules, type FileResult, type LintResult } from './engine.js';
import { applySuppressions } from './suppressions.js';

/**
 * Lints skills that are already parsed (from the git index, an editor buffer),
 * with the whole catalog for the catalog rules, and reports only some of them.
 * This is the engine's pipeline without its discovery and file reads.
 */
export interface ModelLintOptions {
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
  let config = options.resolved;
  if (!config) {
    const loadOptions: Parameters<typeof loadConfig>[0] = { cwd };
    if (options.configFile) loadOptions.configFile = options.configFile;
    if (options.config) loadOptions.overrides = options.config;
    config = loadConfig(loadOptions);
  }
  const { hosts, plugins, rules, active, knownRules, unusedSeverity } = await prepareRules(config, options);

  const out = { diagnostics: [...plugins.diagnostics] as Diagnostic[], internalErrors: plugins.diagnostics.length };
  const reported = options.report ? options.skills.filter((s) => options.report!.has(s.dir)) : options.skills;
  for (const skill of reported) checkSkill(skill, active, hosts, config, out);
  checkCatalog({ skills: options.skills }, active, hosts, config, out);

  const inReport = (file: string): boolean => !options.report || reported.some((s) => file === s.file.path || file.startsWith(s.dir + path.sep));
  const byFile = new Map<string, Diagnostic[]>();
  for (const skill of reported) byFile.set(skill.file.path, []);
  for (const d of out.diagnostics) {
    if (!inReport(d.file) && d.ruleId !== 'plugin/load') continue;
    const list = byFile.get(d.file);
    if (list) list.push(d);
    else byFile.set(d.file, [d]);
  }
  for (const skill of reported) byFile.set(skill.file.path, applySuppressions(skill, byFile.get(skill.file.path)!, knownRules, unusedSeverity));
  const files: FileResult[] = [...byFile.entries()]
    .map(([file, messages]) => ({ path: file, messages: messages.sort(compareDiagnostics) }))
    .sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  const all = files.flatMap((f) => f.messages);
  return {
    files,
    errorCount: all.filter((d) => d.severity === 'error').length,
    warningCount: all.filter((d) => d.severity === 'warning').length,
    infoCount: all.filter((d) => d.severity === 'info').length,
    fixableCount: all.filter((d) => d.fix).length,
    internalErrors: out.internalErrors,
    config,
    rules,
    skills: options.skills,
  };
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
 * Lints the skills that hold some changed files (pre-commit passes them), with
 * every skill of the sources read for the catalog rules. A changed file under
 * the sources but in no skill (a shared fragment) re-lints every skill; files
 * outside the sources are ignored.
 */
export async function lintChangedFiles(options: { cwd?: string; configFile?: string; hosts?: string[]; files: string[] }): Promise<LintResult> {
  const cwd = path.resolve(options.cwd ?? process.cwd());
  const loadOptions: Parameters<typeof loadConfig>[0] = { cwd };
  if (options.configFile) loadOptions.configFile = options.configFile;
  const config = loadConfig(loadOptions);
  const all = new Set(discoverSkills([], config, cwd));
  const report = new Set<string>();
  let everything = false;
  for (const f of options.files) {
    const abs = path.resolve(cwd, f);
    const dir = skillOfFile(abs, all);
    if (dir) report.add(dir);
    else if (path.basename(abs) === 'SKILL.md') {
      // A skill outside the sources (or an ignored one) that was named: lint it too.
      all.add(path.dirname(abs));
      report.add(path.dirname(abs));
    } else if (abs.startsWith(config.sources + path.sep) && !abs.startsWith(config.out + path.sep)) everything = true;
  }
  const skills = [...all].sort().map((d) => readSkill(d));
  const lintOptions: ModelLintOptions = { cwd, skills, resolved: config, report: everything ? all : report };
  if (options.hosts?.length) lintOptions.hosts = options.hosts;
  return lintModels(lintOptions);
}
