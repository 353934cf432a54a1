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
import { BUILTIN_GROUPS, loadPlugins } from '../plugins.js';
import { UNUSED_SUPPRESSION } from '../suppressions.js';

export interface ActiveRule {
  rule: AnyRule;
  severity: Severity;
  options: unknown;
  /** Set when `overrides` name the rule: its `rules` severity, which override blocks change per file. */
  base?: Severity | 'off';
}

/** Loads the config from `cwd` (or the named file), with the caller's inline config merged over it. */
export function loadLintConfig(cwd: string, options: { configFile?: string; config?: SkillcConfig }): ResolvedConfig {
  const loadOptions: Parameters<typeof loadConfig>[0] = { cwd };
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
    const host = getHost(id);
    if (!host) throw config.hosts.includes(id) ? new ConfigError(unknownHostMessage(id, 'in hosts'), config.file) : new UsageError(unknownHostMessage(id, 'in --host'));
    return host;
  });
}

/** What a lint run checks with: the hosts, the plugins, every rule, and the active ones with their settings. */
export async function prepareRules(config: ResolvedConfig, options: { hosts?: string[]; rules?: AnyRule[]; plugins?: boolean }) {
  const hosts = resolveHosts(options.hosts?.length ? options.hosts : config.hosts, config);
  const plugins = await loadPlugins(config.plugins ?? [], config.root, config.file ?? path.join(config.root, 'skillc.config.json'), options.plugins === false ? { load: false } : {});
  // The built-in rules come first in `plugins.rules`: they are registered as a plugin too.
  const rules = [...plugins.rules, ...(options.rules ?? [])];
  // Settings for the rules of a plugin that failed to load are not config errors: its plugin/load error says why.
  const active = resolveRules(config, rules, plugins.diagnostics.length || plugins.skipped.length ? (id) => !BUILTIN_GROUPS.has(id.split('/')[0]!) : undefined);
  return { config, hosts, plugins, rules, active, ...suppressionSettings(rules, active) };
}

/**
 * What the report stage's suppressions need of the rules: every rule id a directive may name,
 * and the severity of `source/unused-suppression` ('off' unless active).
 */
export function suppressionSettings(rules: readonly AnyRule[], active: readonly ActiveRule[]): { knownRules: Set<string>; unusedSeverity: Severity | 'off' } {
  const unusedSetting = active.find((a) => a.rule.meta.id === UNUSED_SUPPRESSION);
  return { knownRules: new Set(rules.map((r) => r.meta.id)), unusedSeverity: unusedSetting ? unusedSetting.severity : 'off' };
}

export type PreparedRules = Awaited<ReturnType<typeof prepareRules>>;
