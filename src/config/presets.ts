import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { ConfigError } from '../core/errors.js';
import { packageRoot } from '../core/package.js';
import type { RuleSetting, SkillcConfig } from './types.js';

/** Opt-in rules that `skillc:strict` turns on: they need no options to be useful. */
const STRICT_EXTRA: Record<string, RuleSetting> = {
  'body/placeholder': 'error',
  'links/no-symlinks': 'error',
  'scripts/shellcheck': 'warn',
  'frontmatter/side-effect-invocation': 'warn',
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

/** A shipped preset's name as `extends` writes it after `skillc:`: `tflow`, `orchflows@2026-08`, `taskflow@0.2.9`, `supermodo@24de10fe`. */
const SHIPPED_NAME = /^([a-z][a-z0-9-]*)(?:@([0-9a-z][0-9a-z.-]*))?$/;

/**
 * The presets that replace another tool's checker (tflow, orchflows, supermodo, taskflow) ship as
 * config files with their plugins in the package's presets/ folder: data, read as any config file
 * is, not code registered here. `skillc:<name>` is `presets/<name>/skillc.config.json`;
 * `skillc:<name>@<version>` is `presets/<name>/<version>.json`. Undefined when there is none.
 */
export function shippedPresetFile(name: string): string | undefined {
  const m = SHIPPED_NAME.exec(name);
  if (!m) return undefined;
  const file = path.join(packageRoot(), 'presets', m[1]!, m[2] ? `${m[2]}.json` : 'skillc.config.json');
  try {
    return fs.statSync(file).isFile() ? file : undefined;
  } catch {
    return undefined;
  }
}

/** Every preset `extends` can name as `skillc:<name>`, built in and shipped, for messages and docs. */
export function presetNames(): string[] {
  const shipped: string[] = [];
  const dir = path.join(packageRoot(), 'presets');
  let entries: fs.Dirent[] = [];
  try {
    entries = fs.readdirSync(dir, { withFileTypes: true });
  } catch {
    // a package without presets/: the built-in ones only
  }
  for (const e of entries.filter((d) => d.isDirectory()).sort((a, b) => (a.name < b.name ? -1 : 1))) {
    let files: string[] = [];
    try {
      files = fs.readdirSync(path.join(dir, e.name)).sort();
    } catch {
      continue;
    }
    if (files.includes('skillc.config.json')) shipped.push(e.name);
    for (const f of files) if (f !== 'skillc.config.json' && /^[0-9a-z][0-9a-z.-]*\.json$/.test(f)) shipped.push(`${e.name}@${f.slice(0, -'.json'.length)}`);
  }
  return [...BUILTIN_PRESETS, ...shipped];
}

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

/**
 * Makes a config's own paths absolute, so they stay right when another config extends it. A
 * shipped preset's `sources` and `out` name folders of the project that uses it (the taskflow
 * preset's `packages/`), so they stay relative: the project's config resolves them.
 */
function anchor(config: SkillcConfig, dir: string, projectPaths = false): SkillcConfig {
  const out: SkillcConfig = { ...config };
  if (out.sources !== undefined && !projectPaths) out.sources = path.resolve(dir, out.sources);
  if (out.out !== undefined && !projectPaths) out.out = path.resolve(dir, out.out);
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
 * Flattens `extends`: each base (a built-in preset, a shipped preset, a config file, or a
 * package's config) is merged in order under the config's own keys. Relative paths in a
 * config are relative to that config's folder, but for a shipped preset's `sources` and `out`
 * (`shipped`), which are the project's.
 */
export function applyExtends(config: SkillcConfig, dir: string, file: string | undefined, context: ExtendsContext, seen: readonly string[] = file ? [file] : [], shipped = false): SkillcConfig {
  const specs = config.extends === undefined ? [] : Array.isArray(config.extends) ? config.extends : [config.extends];
  let merged: SkillcConfig = {};
  for (const spec of specs) {
    if (typeof spec !== 'string' || spec === '') throw new ConfigError('invalid config at extends: expected preset names or paths', file);
    let base: SkillcConfig;
    const builtin = spec.startsWith('skillc:') ? builtinPreset(spec.slice('skillc:'.length), context.presetRules) : undefined;
    if (builtin) {
      base = builtin;
    } else {
      const shippedFile = spec.startsWith('skillc:') ? shippedPresetFile(spec.slice('skillc:'.length)) : undefined;
      if (spec.startsWith('skillc:') && !shippedFile) throw new ConfigError(`unknown preset '${spec}', expected one of ${presetNames().map((p) => `skillc:${p}`).join(', ')}`, file);
      const target = shippedFile ?? resolveExtended(spec, dir, file);
      if (seen.includes(target)) throw new ConfigError(`extends cycle: ${[...seen, target].map((s) => path.basename(s)).join(' -> ')}`, file);
      // A file a shipped preset extends (its versions) is part of it: its paths are the project's too.
      base = applyExtends(context.read(target), path.dirname(target), target, context, [...seen, target], shipped || shippedFile !== undefined);
    }
    merged = mergeConfigs(merged, base);
  }
  const { extends: _ignored, ...own } = config;
  return mergeConfigs(merged, anchor(own, dir, shipped));
}
