// Lint stage 1, configure: the config, the hosts, the plugins and every rule with its settings.
import path from 'node:path';
import type { Severity } from '../../model/diagnostic.js';
import { didYouMean } from '../../core/suggest.js';
import { compileSchema } from '../../core/schema.js';
import { getHost, type HostProfile, unknownHostMessage } from '../../hosts/index.js';
import type { AnyRule } from '../../rules/rule.js';
import { ConfigError, loadConfig, normalizeSeverity, pointerPath, schemaErrorText, valueAt, type ResolvedConfig, type SkillcConfig } from '../../config/config.js';
import { UsageError } from '../../config/discover.js';
import { hasOverrides, overrideSeverity } from '../overrides.js';
import { BUILTIN_GROUPS, loadPlugins, type PluginLoadResult } from '../plugins.js';
import type { ActiveRule, Linter } from './linter.js';

export type { ActiveRule };
import { BUILTIN_RULES } from '../../rules/index.js';
import { UNUSED_SUPPRESSION } from '../suppressions.js';


/**
 * Loads the config from `cwd` (or the named file), with the caller's inline config merged over it,
 * its presets listing the built-in rules: the config every lint (and so every build) runs with.
 */
export function loadLintConfig(cwd: string, options: { configFile?: string; config?: SkillcConfig }): ResolvedConfig {
  const loadOptions: Parameters<typeof loadConfig>[0] = { cwd, presetRules: BUILTIN_RULES };
  if (options.configFile) loadOptions.configFile = options.configFile;
  if (options.config) loadOptions.overrides = options.config;
  return loadConfig(loadOptions);
}

function validateOptions(rule: AnyRule, options: Record<string, unknown>, config: ResolvedConfig): void {
  if (!rule.meta.schema) {
    if (Object.keys(options).length) throw new ConfigError(`rule ${rule.meta.id} takes no options`, config.file);
    return;
  }
  const check = compileSchema(rule.meta.schema);
  if (!check(options)) {
    const e = check.errors?.[0];
    throw new ConfigError(`invalid options for ${rule.meta.id}${e?.instancePath ? ` at ${pointerPath(e.instancePath)}` : ''}: ${schemaErrorText(e, rule.meta.schema, valueAt(options, e?.instancePath))}`, config.file);
  }
}

/** Applies the config's severities and options to the rule set. */
export function resolveRules(config: ResolvedConfig, rules: readonly AnyRule[], tolerateUnknown?: (id: string) => boolean): ActiveRule[] {
  const byId = new Map(rules.map((r) => [r.meta.id, r]));
  for (const id of Object.keys(config.rules)) {
    if (!byId.has(id) && !tolerateUnknown?.(id)) throw new ConfigError(`unknown rule '${id}' in rules${didYouMean(id, byId.keys())}`, config.file);
  }
  (config.overrides ?? []).forEach((block, i) => {
    for (const id of Object.keys(block.rules)) {
      if (!byId.has(id) && !tolerateUnknown?.(id)) throw new ConfigError(`unknown rule '${id}' in overrides[${i}].rules`, config.file);
    }
  });
  const active: ActiveRule[] = [];
  for (const rule of rules) {
    const setting = config.rules[rule.meta.id];
    let severity: Severity | 'off' = rule.meta.recommended === false ? 'off' : rule.meta.severity;
    let given: Record<string, unknown> = {};
    if (setting !== undefined) {
      const [sev, opts] = Array.isArray(setting) ? setting : [setting];
      severity = normalizeSeverity(sev);
      given = (opts as Record<string, unknown>) ?? {};
      validateOptions(rule, given, config);
    }
    const base = severity;
    // A rule off in `rules` still runs when an override block turns it on for some files.
    if (severity === 'off') severity = overrideSeverity(config, rule.meta.id) ?? 'off';
    if (severity === 'off') continue;
    const a: ActiveRule = { rule, severity, options: { ...(rule.meta.defaultOptions as object), ...given } };
    if (hasOverrides(config, rule.meta.id)) a.base = base;
    active.push(a);
  }
  return active;
}

/** The profiles of `ids`: the config's hosts (checked when it was loaded) or the caller's `hosts` (`--host`). */
export function resolveHosts(ids: readonly string[], config: ResolvedConfig): HostProfile[] {
  return ids.map((id) => {
    const host = getHost(id, config.hostTable);
    if (!host) throw config.hosts.includes(id) ? new ConfigError(unknownHostMessage(id, 'in hosts', config.hostTable), config.file) : new UsageError(unknownHostMessage(id, 'in --host', config.hostTable));
    return host;
  });
}

/**
 * A linter, made once from a resolved config (ESLint's `new Linter` over a flat config): the hosts
 * linted for, the plugins loaded, every rule that could run and the active ones with their
 * settings, and what suppressions need of them. Every lint runs with one: `lint()`, `lintText`,
 * `--staged`, `--changed`, watch, the language server, the RuleTester, the doc examples.
 */
export interface PreparedLinter extends Linter {
  /** Every rule that could run: the built-in ones, then plugin and API rules. */
  rules: readonly AnyRule[];
  /** The plugins the config names (`plugin/load` diagnostics for those that failed). */
  plugins: PluginLoadResult;
  /** Every rule id a suppression directive may name. */
  knownRules: Set<string>;
  /** The severity of `source/unused-suppression` ('off' unless active). */
  unusedSeverity: Severity | 'off';
  /** `false`: inline suppressions (`skillc-disable` comments) are ignored (`--no-inline-config`). */
  inlineConfig: boolean;
  /** `false`: no plugin module the config names was loaded (`--no-plugins`, an untrusted workspace); worker threads load none either. */
  loadsPlugins: boolean;
}

/** How a linter is made: `hosts` (`--host`) or the config's, `rules` beside the built-in ones, and the two switches for untrusted checkouts. */
export interface LinterOptions {
  hosts?: readonly string[];
  rules?: readonly AnyRule[];
  /** `false` loads no plugin module the config names; each is a `plugin/load` warning instead (`--no-plugins`). */
  plugins?: boolean;
  /** `false` ignores inline suppressions (`--no-inline-config`). */
  inlineConfig?: boolean;
}

/** Makes the linter of a resolved config: its plugins loaded (unless `plugins: false`), `hosts` (`--host`) or the config's, `rules` beside the built-in ones. */
export async function createLinter(config: ResolvedConfig, options: LinterOptions = {}): Promise<PreparedLinter> {
  const plugins = await loadPlugins(config.plugins ?? [], config.root, config.file ?? path.join(config.root, 'skillc.config.json'), options.plugins === false ? { load: false } : {});
  return linterWith(config, plugins, options);
}

/**
 * The linter of a config over plugins already loaded (`createLinter`), or over given rules only
 * (the RuleTester: `{ plugins: { plugins: [], rules: [], diagnostics: [], skipped: [] }, rules }`).
 */
export function linterWith(config: ResolvedConfig, plugins: PluginLoadResult, options: LinterOptions & { knownRules?: readonly AnyRule[] } = {}): PreparedLinter {
  const hosts = resolveHosts(options.hosts?.length ? options.hosts : config.hosts, config);
  // The built-in rules come first in `plugins.rules`: they are registered as a plugin too.
  const rules = [...plugins.rules, ...(options.rules ?? [])];
  // Settings for the rules of a plugin that failed to load are not config errors: its plugin/load error says why.
  // So are those of a plugin not loaded (`--no-plugins`): its plugin/load warning says why.
  const active = resolveRules(config, rules, plugins.diagnostics.length || plugins.skipped.length ? (id) => !BUILTIN_GROUPS.has(id.split('/')[0]!) : undefined);
  return { config, hosts, plugins, rules, active, ...suppressionSettings(options.knownRules ?? rules, active), inlineConfig: options.inlineConfig !== false, loadsPlugins: options.plugins !== false };
}

/**
 * What the report stage's suppressions need of the rules: every rule id a directive may name,
 * and the severity of `source/unused-suppression` ('off' unless active).
 */
export function suppressionSettings(rules: readonly AnyRule[], active: readonly ActiveRule[]): { knownRules: Set<string>; unusedSeverity: Severity | 'off' } {
  const unusedSetting = active.find((a) => a.rule.meta.id === UNUSED_SUPPRESSION);
  return { knownRules: new Set(rules.map((r) => r.meta.id)), unusedSeverity: unusedSetting ? unusedSetting.severity : 'off' };
}

