/**
 * skillc's public API: what build.ts, plugins and users import.
 * The CLI (src/cli/) is a thin layer over these functions.
 */
import { BUILTINS } from './cli/builtins.js';
import type { RehearsalCase } from './rehearse/case.js';
import { rehearse as rehearseWith, rehearseCase as rehearseCaseWith, type RehearseOptions } from './rehearse/rehearse.js';

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
export { ConfigError, loadConfig, resolveConfig, type KindSchema, type ResolvedConfig, type RuleSetting, type SkillcConfig } from './config/config.js';
export { UsageError, discoverSkills } from './config/discover.js';
export { lint, type FileResult, type LintOptions, type LintResult } from './lint/engine.js';
export { REPORTERS, type Reporter, type ReporterContext } from './lint/reporters/index.js';
export { BUILTIN_RULES, findRule } from './rules/index.js';
export { defineCatalogRule, defineSkillRule, docsUrl, type AnyRule, type CacheKeyContext, type CatalogContext, type CatalogRule, type ReportInput, type RuleMeta, type SkillContext, type SkillRule } from './rules/rule.js';
export { parseDocExamples, checkDocExample, missingPrograms, stripExampleHeaders, type DocExample, type ExampleHeader, type DocExampleProblem } from './testing/doc-examples.js';
export { testRule, runRuleCase, assertInvalid, assertValid, RuleTester, type RuleCases, type InvalidCase, type RuleCase, type TestApi, type TreeSpec } from './testing/rule-tester.js';
export { definePlugin, loadPlugin, loadPlugins, readonlyView, PLUGIN_LOAD, type LoadedPlugin, type SkillcPlugin } from './lint/plugins.js';
export { applyExtends, builtinPreset, mergeConfigs, BUILTIN_PRESETS } from './config/presets.js';
export { gate, type ArtifactVerdict, type GateOptions, type GateResult } from './rehearse/gate.js';
export { type RehearseOptions } from './rehearse/rehearse.js';
export type { BuiltinCommand, BuiltinCommands } from './rehearse/context.js';
export { findCases, loadCase, casesOfSkill, type CaseSpec, type RehearsalCase } from './rehearse/case.js';
export type { CaseResult, Check, CheckId, RehearsalReport } from './rehearse/result.js';
export { REHEARSAL_REPORTERS, type RehearsalFormat } from './rehearse/reporters.js';
export { parseTrace, type TraceEvent, type ParsedTrace } from './rehearse/trace.js';
export { replay, TraceError, type ReplayOptions } from './rehearse/replay.js';
export { whatIf, parseKnobs, KnobError, type Knobs, type ReplayStep, type StepOutcome, type WhatIfResult } from './rehearse/whatif.js';
export type { Capture } from './rehearse/captures.js';
export { main } from './cli/main.js';
export { buildGraph, adjacency, longestChains, EDGE_KINDS, CALL_EDGES, type EdgeKind, type GraphEdge, type GraphNode, type SkillGraph } from './analysis/graph.js';
export { hostListing, invocationOn, listingBudget, type HostListing, type ListingEntry, type Invocation } from './analysis/budget.js';
export { similarity, similarPairs, type SimilarPair } from './analysis/similarity.js';
export { checkContract, checkArtifactContract, renderContract, renderSkillContracts, type ContractCheck } from './analysis/contracts.js';
export { loadCatalog, catalogGraph, catalogReport, catalogListings, attachFindings, type CatalogOptions, type LoadedCatalog } from './catalog/load.js';
export { catalogPicture, renderGraph, renderMermaid, renderDot, renderSvg, renderHtml, renderJson, layoutCatalog, drawnEdges, edgeKinds, svgMerit, layoutMerit, GRAPH_FORMATS, STRUCTURAL_EDGES, type CatalogPicture, type CatalogLayout, type GraphFormat, type GraphRenderOptions, type LayoutMerit } from './catalog/render/index.js';
export type { ContractField, ContractSpec, LayerSpec } from './config/config.js';
export type { ListingProfile } from './hosts/profile.js';

// Ecosystem: hooks, adoption, installation and editors (docs/api.md).
/** Lints already-parsed skills with the whole catalog, reporting only some (`lintModels`); lints the skills holding changed files (`lintChangedFiles`, pre-commit's `--changed`). */
export { lintModels, lintChangedFiles, skillOfFile, type ModelLintOptions } from './lint/models.js';
/** `skillc lint --staged`: lints the staged skills as the git index holds them. */
export { lintStaged, GitIndex, skillFromIndex, type IndexEntry, type StagedOptions } from './lint/staged.js';
/** Bulk suppressions: record, apply and prune per-file, per-rule counts (`skillc-suppressions.json`). */
export { applyBaseline, countProblems, pruneSuppressions, readBaseline, suppressAll, writeBaseline, BASELINE_FILE, type Baseline } from './lint/baseline.js';
/** `skillc install`: copy built skills into a host's folder with a sha256 manifest. */
export { install, installTarget, readInstallManifest, INSTALL_MANIFEST, type InstallAction, type InstallManifest, type InstallOptions, type InstallResult, type InstallStep } from './adopt/install.js';
/** `skillc init`: scaffold skills-src/, the config and package.json scripts. */
export { init, INIT_SCRIPTS, type InitOptions, type InitResult } from './adopt/init.js';
/** `skillc import`: turn an existing host tree into sources. */
export { importSkills, convertSkillMd, hostForKey, hostOfFolder, type ImportOptions, type ImportResult, type ImportedSkill } from './adopt/import.js';
/** The JSON Schema of a source SKILL.md's frontmatter, from the host profiles. */
export { frontmatterSchema } from './adopt/frontmatter-schema.js';
/** Compiles the sources into per-host trees (`skillc build`); `check: true` compares instead of writing. */
export { build, type BuildOptions, type BuildResult } from './build/index.js';
export { fullSkill, type SkillSummary } from './model/summary.js';

/** rehearse() with skillc's own `gate` and `catalog` available to script cases, as in `skillc rehearse`. */
export function rehearse(options: RehearseOptions = {}): ReturnType<typeof rehearseWith> {
  return rehearseWith({ builtins: BUILTINS, ...options });
}

/** rehearseCase() with skillc's own `gate` and `catalog` available, as in `skillc rehearse`. */
export function rehearseCase(c: RehearsalCase, options: Parameters<typeof rehearseCaseWith>[1]): ReturnType<typeof rehearseCaseWith> {
  return rehearseCaseWith(c, { builtins: BUILTINS, ...options });
}
