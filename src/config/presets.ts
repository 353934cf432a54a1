import { createRequire } from 'node:module';
import path from 'node:path';
import { ConfigError } from '../core/errors.js';
import type { RuleSetting, SkillcConfig } from './types.js';

/** Opt-in rules that `skillc:strict` turns on: they need no options to be useful. */
const STRICT_EXTRA: Record<string, RuleSetting> = {
  'body/placeholder': 'error',
  'links/no-symlinks': 'error',
  'scripts/shellcheck': 'warn',
};

const severityName = (s: string): RuleSetting => (s === 'warning' ? 'warn' : (s as RuleSetting));

/** What a preset reads of a rule: its id, default severity and whether it is on by default. */
export interface PresetRule {
  meta: { id: string; severity: string; recommended?: boolean };
}

/**
 * How `extends` is resolved: the file reader (config.ts's, which validates), and the built-in
 * rules the presets list. config/ sits below rules/, so it never imports them: whatever lints
 * hands them in (`loadLintConfig`, as ESLint's own rules reach its default config as a plugin).
 * A caller that only reads hosts or contracts hands none, and its presets set no rule.
 */
export interface ExtendsContext {
  read: (file: string) => SkillcConfig;
  presetRules: readonly PresetRule[];
}

/**
 * The built-in presets, by the name `extends` uses. `recommended` is every rule
 * at its default (opt-in rules off), written out so it can undo a stricter base;
 * `strict` raises every recommended rule to an error and adds the opt-in rules above.
 */
export function builtinPreset(name: string, rules: readonly PresetRule[]): SkillcConfig | undefined {
  if (name === 'recommended') {
    return { rules: Object.fromEntries(rules.map((r) => [r.meta.id, r.meta.recommended === false ? 'off' : severityName(r.meta.severity)])) };
  }
  if (name === 'strict') {
    const settings: Record<string, RuleSetting> = {};
    for (const r of rules) settings[r.meta.id] = r.meta.recommended === false ? 'off' : 'error';
    return { rules: { ...settings, ...STRICT_EXTRA } };
  }
  return undefined;
}

export const BUILTIN_PRESETS = ['recommended', 'strict'] as const;

const isPlainObject = (v: unknown): v is Record<string, unknown> => !!v && typeof v === 'object' && !Array.isArray(v);
const isLocal = (spec: string): boolean => spec.startsWith('.') || path.isAbsolute(spec);

function mergeRule(base: RuleSetting | undefined, over: RuleSetting): RuleSetting {
  // ESLint's rule: a severity alone keeps the options the base gave.
  const overOnlySeverity = !Array.isArray(over) || over.length === 1;
  if (overOnlySeverity && Array.isArray(base) && base.length === 2) {
    const sev = Array.isArray(over) ? over[0] : over;
    return [sev, base[1]];
  }
  return over;
}

/** Merges `over` onto `base`: rules by id, kinds by kind and key, other maps by key, plugins and overrides appended. */
export function mergeConfigs(base: SkillcConfig, over: SkillcConfig): SkillcConfig {
  const out: Record<string, unknown> = { ...base, ...over };
  const b = base as Record<string, unknown>;
  const o = over as Record<string, unknown>;
  for (const key of Object.keys(o)) {
    const bv = b[key];
    const ov = o[key];
    if (key === 'rules' && isPlainObject(bv) && isPlainObject(ov)) {
      const rules: Record<string, RuleSetting> = { ...(bv as Record<string, RuleSetting>) };
      for (const [id, setting] of Object.entries(ov as Record<string, RuleSetting>)) rules[id] = mergeRule(rules[id], setting);
      out.rules = rules;
    } else if (key === 'kinds' && isPlainObject(bv) && isPlainObject(ov)) {
      const kinds: Record<string, unknown> = { ...bv };
      for (const [k, v] of Object.entries(ov)) kinds[k] = isPlainObject(kinds[k]) && isPlainObject(v) ? { ...(kinds[k] as object), ...v } : v;
      out.kinds = kinds;
    } else if (key === 'overrides' && Array.isArray(bv) && Array.isArray(ov)) {
      // As ESLint's config array: the base's blocks first, so this config's win.
      out.overrides = [...(bv as unknown[]), ...(ov as unknown[])] as SkillcConfig['overrides'];
    } else if (key === 'plugins' && Array.isArray(bv) && Array.isArray(ov)) {
      out.plugins = [...new Set([...(bv as string[]), ...(ov as string[])])];
    } else if (isPlainObject(bv) && isPlainObject(ov)) {
      out[key] = { ...bv, ...ov };
    }
  }
  delete out.extends;
  return out;
}

/** Makes a config's own paths absolute, so they stay right when another config extends it. */
function anchor(config: SkillcConfig, dir: string): SkillcConfig {
  const out: SkillcConfig = { ...config };
  if (out.sources !== undefined) out.sources = path.resolve(dir, out.sources);
  if (out.out !== undefined) out.out = path.resolve(dir, out.out);
  if (out.plugins) out.plugins = out.plugins.map((p) => (isLocal(p) ? path.resolve(dir, p) : p));
  return out;
}

function resolveExtended(spec: string, dir: string, from: string | undefined): string {
  if (isLocal(spec)) return path.resolve(dir, spec);
  try {
    return createRequire(path.join(dir, 'noop.js')).resolve(spec);
  } catch {
    throw new ConfigError(`cannot find config '${spec}' named in extends (expected skillc:recommended, skillc:strict, a path or a package)`, from);
  }
}

/**
 * Flattens `extends`: each base (a built-in preset, a config file, or a package's
 * config) is merged in order under the config's own keys. Relative paths in a
 * config are relative to that config's folder.
 */
export function applyExtends(config: SkillcConfig, dir: string, file: string | undefined, context: ExtendsContext, seen: readonly string[] = file ? [file] : []): SkillcConfig {
  const specs = config.extends === undefined ? [] : Array.isArray(config.extends) ? config.extends : [config.extends];
  let merged: SkillcConfig = {};
  for (const spec of specs) {
    if (typeof spec !== 'string' || spec === '') throw new ConfigError('invalid config at extends: expected preset names or paths', file);
    let base: SkillcConfig;
    if (spec.startsWith('skillc:')) {
      const preset = builtinPreset(spec.slice('skillc:'.length), context.presetRules);
      if (!preset) throw new ConfigError(`unknown preset '${spec}', expected one of ${BUILTIN_PRESETS.map((p) => `skillc:${p}`).join(', ')}`, file);
      base = preset;
    } else {
      const target = resolveExtended(spec, dir, file);
      if (seen.includes(target)) throw new ConfigError(`extends cycle: ${[...seen, target].map((s) => path.basename(s)).join(' -> ')}`, file);
      base = applyExtends(context.read(target), path.dirname(target), target, context, [...seen, target]);
    }
    merged = mergeConfigs(merged, base);
  }
  const { extends: _ignored, ...own } = config;
  return mergeConfigs(merged, anchor(own, dir));
}
