/**
 * skillc's public API (`import { ... } from 'skillc'`), listed in docs/api.md, which a test
 * keeps equal to these exports. The CLI (src/cli/) is a thin layer over these functions.
 * Plugin authors also have `skillc/plugin` (src/plugin.ts) and `skillc/testing` (src/testing.ts).
 */
import { BUILTINS } from './cli/builtins.js';
import { rehearse as rehearseWith, type RehearseOptions } from './rehearse/rehearse.js';
import type { RehearsalReport } from './rehearse/result.js';
import { loadConfig as resolveConfigFile, type LoadConfigOptions, type ResolvedConfig } from './config/config.js';
import { BUILTIN_RULES } from './rules/index.js';

export { lint, type FileResult, type LintOptions, type LintResult } from './lint/engine.js';
export { lintText, type LintTextOptions } from './lint/text.js';
export { REPORTERS, type Reporter, type ReporterContext } from './lint/reporters/index.js';
export { build, type BuildOptions, type BuildResult } from './build/index.js';
export { gate, type ArtifactVerdict, type GateOptions, type GateResult } from './rehearse/gate.js';
export { replay, type ReplayOptions } from './rehearse/replay.js';
export type { ReplayStep, StepOutcome, WhatIfResult } from './rehearse/whatif.js';
export type { RehearseOptions } from './rehearse/rehearse.js';
export type { CaseResult, Check, CheckId, RehearsalReport } from './rehearse/result.js';
export { REHEARSAL_REPORTERS, type RehearsalFormat } from './rehearse/reporters.js';
export { loadCatalog, catalogListings, catalogReport, type CatalogOptions, type LoadedCatalog } from './catalog/load.js';
export { renderGraph, type CatalogPicture, type GraphFormat, type GraphRenderOptions } from './catalog/render/index.js';
export type { HostListing, ListingEntry } from './analysis/budget.js';
export type { LoadConfigOptions, ResolvedConfig, SkillcConfig } from './config/config.js';
export { defineRule } from './plugin.js';
export { RuleTester } from './testing.js';
export type { AnyRule, CatalogRule, Diagnostic, HostProfile, RuleMeta, Severity, Skill, SkillRule } from './plugin.js';

/** Finds and resolves the config, as every command does; its presets list the built-in rules, so `lint({ resolved })` lints with it as `skillc lint` would. */
export function loadConfig(options: LoadConfigOptions = {}): ResolvedConfig {
  return resolveConfigFile({ presetRules: BUILTIN_RULES, ...options });
}

/** Rehearses the skills' cases (`skillc rehearse`), with skillc's own `gate` and `catalog` available to script cases. */
export function rehearse(options: RehearseOptions = {}): Promise<RehearsalReport> {
  return rehearseWith({ builtins: BUILTINS, ...options });
}
