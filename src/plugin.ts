/**
 * `skillc/plugin`: what a plugin author needs (docs/plugins.md, docs/api.md). Rules are
 * plain objects (`{ scope, meta, check }`); these helpers only type them, and the types
 * describe what a rule's `check` receives: the read-only skill model, the hosts, the config.
 */
import type { AnyRule, CatalogRule, SkillRule } from './rules/rule.js';

export { definePlugin, type SkillcPlugin } from './rules/rule.js';
export type { AnyRule, CacheKeyContext, CatalogContext, CatalogRule, ReportInput, RuleMeta, SkillContext, SkillRule } from './rules/rule.js';
export type { Diagnostic, Fix, Point, Range, Severity, TextEdit } from './model/diagnostic.js';
export type { BundledFile, CodeFence, Directive, Frontmatter, FrontmatterField, Heading, HtmlComment, Link, Section, Skill } from './model/skill.js';
export type { Catalog, SkillSummary } from './model/summary.js';
export type { LineIndex, TextFile } from './model/text.js';
export type { HostProfile } from './hosts/index.js';
export type { ResolvedConfig } from './config/config.js';

/**
 * Types a rule: a skill rule (`scope: 'skill'`, one parsed skill a call) or a catalog rule
 * (`scope: 'catalog'`, every linted skill at once). The options' type is inferred from
 * `meta.defaultOptions`; message ids (`meta.messages`, `report({ messageId })`) may be given as
 * the second type argument. Returns the rule itself; the config's `plugins` loader checks its shape.
 */
export function defineRule<Options, MessageIds extends string = string>(rule: SkillRule<Options, MessageIds>): SkillRule<Options, MessageIds>;
export function defineRule<Options, MessageIds extends string = string>(rule: CatalogRule<Options, MessageIds>): CatalogRule<Options, MessageIds>;
export function defineRule(rule: AnyRule): AnyRule {
  return rule;
}
