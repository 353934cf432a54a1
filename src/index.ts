/**
 * skillc's public API: what build.ts, plugins and users import.
 * The CLI (src/cli/) is a thin layer over these functions.
 */
export type { Diagnostic, Fix, Point, Range, Severity, TextEdit } from './model/diagnostic.js';
export type {
  BundledFile,
  Catalog,
  CodeFence,
  Directive,
  Frontmatter,
  FrontmatterField,
  Heading,
  HtmlComment,
  Link,
  Section,
  Skill,
} from './model/skill.js';
export { LineIndex, type TextFile } from './model/text.js';
export { parseSkill, readSkill } from './parse/skill.js';
export { LIMITS } from './parse/limits.js';
export { HOSTS, getHost, hostIds, type HostProfile, type FieldSpec } from './hosts/index.js';
export { ConfigError, loadConfig, resolveConfig, type KindSchema, type ResolvedConfig, type RuleSetting, type SkillcConfig } from './lint/config.js';
export { UsageError, discoverSkills } from './lint/discover.js';
export { lint, type FileResult, type LintOptions, type LintResult } from './lint/engine.js';
export { REPORTERS, type Reporter, type ReporterContext } from './lint/reporters/index.js';
export { BUILTIN_RULES, findRule } from './rules/index.js';
export { defineCatalogRule, defineSkillRule, docsUrl, type AnyRule, type CatalogRule, type RuleMeta, type SkillRule } from './rules/rule.js';
export { testRule, runRuleCase, assertInvalid, assertValid, type RuleCases, type InvalidCase, type RuleCase } from './testing/rule-tester.js';
export { main } from './cli/main.js';
