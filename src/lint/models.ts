import path from 'node:path';
import type { Diagnostic } from '../model/diagnostic.js';
import type { Skill } from '../model/skill.js';
import { summarize } from '../model/summary.js';
import { requiresOfSkill } from '../analysis/requires.js';
import { readSkill } from '../parse/skill.js';
import type { AnyRule } from '../rules/rule.js';
import type { ResolvedConfig, SkillcConfig } from '../config/config.js';
import { discoverSkills } from '../config/discover.js';
import type { LintResult } from './engine.js';
import { lintSkill } from './lint-skill.js';
import { checkCatalog } from './pipeline/check.js';
import { liveSummary } from './pipeline/collect.js';
import { loadLintConfig, prepareRules } from './pipeline/configure.js';
import { countFiles, groupByFile } from './pipeline/report.js';

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
}

export async function lintModels(options: ModelLintOptions): Promise<LintResult> {
  const cwd = path.resolve(options.cwd ?? process.cwd());
  const config = options.resolved ?? loadLintConfig(cwd, options);
  const prepared = await prepareRules(config, options);
  const linter = { config, hosts: prepared.hosts, active: prepared.active };

  const out = { diagnostics: [...prepared.plugins.diagnostics, ...prepared.plugins.skipped] as Diagnostic[], internalErrors: prepared.plugins.diagnostics.length };
  const reported = options.report ? options.skills.filter((s) => options.report!.has(s.dir)) : options.skills;
  const isReported = new Set(reported);
  // Catalog rules get each skill's summary, as in lint(); its reader is the model's own (the
  // index for --staged, the editor's buffers), so they read the content the skill rules read.
  const summaries = options.skills.map((skill) => {
    if (!isReported.has(skill)) return liveSummary(summarize(skill, requiresOfSkill(skill)), skill);
    const outcome = lintSkill(skill, linter);
    for (const d of outcome.diagnostics) out.diagnostics.push(d); // no spread: a file can carry 100,000s of diagnostics
    out.internalErrors += outcome.internalErrors;
    return liveSummary(outcome.stored, skill);
  });
  checkCatalog({ skills: summaries }, linter.active, linter.hosts, config, out);

  const inReport = (file: string): boolean => !options.report || reported.some((s) => file === s.file.path || file.startsWith(s.dir + path.sep));
  const files = groupByFile({
    listed: reported.map((s) => s.file.path),
    diagnostics: out.diagnostics,
    keep: (d) => inReport(d.file) || d.ruleId === 'plugin/load',
    ...(options.inlineConfig === false ? {} : { suppress: { skills: reported, knownRules: prepared.knownRules, unusedSeverity: prepared.unusedSeverity } }),
  });
  return { files, ...countFiles(files), internalErrors: out.internalErrors, config, rules: prepared.rules, skills: options.skills };
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
export async function lintChangedFiles(options: { cwd?: string; configFile?: string; hosts?: string[]; files: string[]; inlineConfig?: boolean; plugins?: boolean }): Promise<LintResult> {
  const cwd = path.resolve(options.cwd ?? process.cwd());
  const config = loadLintConfig(cwd, options.configFile ? { configFile: options.configFile } : {});
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
  if (options.inlineConfig === false) lintOptions.inlineConfig = false;
  if (options.plugins === false) lintOptions.plugins = false;
  return lintModels(lintOptions);
}
