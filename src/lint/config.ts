import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { parse as parseYaml } from 'yaml';
import type { Severity } from '../model/diagnostic.js';
import { didYouMean } from '../core/suggest.js';
import { DEFAULT_HOSTS, getHost, unknownHostMessage } from '../hosts/index.js';
import type { PathBase } from '../hosts/profile.js';
import { applyExtends } from './presets.js';
import { ConfigError } from './errors.js';
import type { ContractSpec } from '../catalog/contracts.js';
import { compileSchema, packageSchema, type Validator } from '../core/schema.js';

export type SeveritySetting = 'off' | 'warn' | 'warning' | 'error' | 'info' | 0 | 1 | 2;
export type RuleSetting = SeveritySetting | [SeveritySetting] | [SeveritySetting, Record<string, unknown>];

export interface KindSchema {
  sections?: string[];
  ordered?: boolean;
  closed?: boolean;
  optional?: string[];
  maxWords?: number;
  maxLines?: number;
  /** Skill folders of this kind (globs relative to the config file), for trees that decide kinds by folder. */
  paths?: string[];
}

/** Plugin metadata for hosts that install skills as a plugin (Claude Code's plugin.json). */
export interface PluginConfig {
  name: string;
  version?: string;
  description?: string;
  author?: { name: string; email?: string; url?: string };
  homepage?: string;
  repository?: string;
  license?: string;
  keywords?: string[];
  /** When set, the build also writes a marketplace.json listing the plugin. */
  marketplace?: { name: string; owner: { name: string; email?: string }; [key: string]: unknown };
}

/** One layer of the skill graph: which skills it holds and which layers they may call. */
export interface LayerSpec {
  name: string;
  /** Skill names or globs (`kernel-*`). */
  skills: string[];
  /** Layers these skills may call; default: every layer listed after this one (none for the last). */
  mayCall?: string[];
}

/**
 * Rule severities for some files only, as ESLint's flat config: the block applies
 * to files matching `files` (all when absent) and not `ignores`. Options stay
 * those of `rules`.
 */
export interface OverrideBlock {
  files?: string[];
  ignores?: string[];
  rules: Record<string, SeveritySetting | [SeveritySetting]>;
}

/** The default context window, in tokens, for listing budgets. */
export const DEFAULT_CONTEXT_TOKENS = 200_000;

/** The config file as written (every key optional). */
export interface SkillcConfig {
  sources?: string;
  out?: string;
  hosts?: string[];
  rules?: Record<string, RuleSetting>;
  kinds?: Record<string, KindSchema>;
  ignore?: string[];
  /** Per-file rule severities (`files` / `ignores` globs, relative to the skill folder or to this file), applied in order after `rules`. */
  overrides?: OverrideBlock[];
  plugin?: Partial<PluginConfig>;
  /** Layers of the skill graph, top first (`skills/layer`). */
  layers?: LayerSpec[];
  /** Shared artifact and report contracts that skills name in `skillc.artifacts`. */
  contracts?: Record<string, ContractSpec>;
  /** Context window in tokens for listing budgets (`skills/listing-budget`, `skillc catalog --host`). */
  contextTokens?: number;
  /** Path placeholders the skills use besides the hosts' own variables (`{baseDir}`), by what they stand for (links/ rules). */
  placeholders?: Record<string, PathBase>;
  /** Presets and configs this one builds on (`skillc:recommended`, `skillc:strict`, paths, packages), merged in order under its own keys. */
  extends?: string | string[];
  /** Rule modules and `skillc-plugin-*` packages to load, by path (relative to the config) or package name. */
  plugins?: string[];
}

/** The config with defaults applied and paths made absolute. */
export interface ResolvedConfig {
  /** Folder of the config file, or the working directory when there is none. */
  root: string;
  /** Absolute path of the config file, when one was found. */
  file?: string;
  sources: string;
  out: string;
  hosts: string[];
  rules: Record<string, RuleSetting>;
  kinds: Record<string, KindSchema>;
  ignore: string[];
  overrides: OverrideBlock[];
  plugin: PluginConfig;
  layers: LayerSpec[];
  contracts: Record<string, ContractSpec>;
  contextTokens: number;
  /** Path placeholders besides the hosts' own variables, by spelling (`{baseDir}`, `$SKILL_ROOT`). */
  placeholders: Record<string, PathBase>;
  /** Plugin modules to load: absolute paths, or package names resolved from `root`. */
  plugins?: string[];
}

export { ConfigError };

export const CONFIG_FILES = ['skillc.config.json', 'skillc.config.yaml', 'skillc.config.yml'];

/** Looks for a config file in `cwd` and its parents, stopping at a `.git` folder. */
export function findConfig(cwd: string): string | undefined {
  let dir = path.resolve(cwd);
  for (;;) {
    for (const name of CONFIG_FILES) {
      const p = path.join(dir, name);
      if (fs.existsSync(p)) return p;
    }
    if (fs.existsSync(path.join(dir, '.git'))) return undefined;
    const parent = path.dirname(dir);
    if (parent === dir) return undefined;
    dir = parent;
  }
}

let validator: Validator | undefined;

function validate(data: unknown, file: string): void {
  if (!validator) {
    const require = createRequire(import.meta.url);
    try {
      // Generated at compile time (scripts/compile.mjs): no ajv compile on each run.
      validator = require(new URL('../lint/config-validator.cjs', import.meta.url).pathname) as Validator;
    } catch {
      validator = compileSchema(packageSchema('skillc.config.schema.json'));
    }
  }
  if (validator(data)) return;
  const first = validator.errors?.[0];
  const where = first?.instancePath ? pointerPath(first.instancePath) : '(root)';
  throw new ConfigError(`invalid config at ${where}: ${schemaErrorText(first, configSchema, valueAt(data, first?.instancePath))}`, file);
}

/** The config's JSON Schema, read on the error path only (the precompiled validator does not carry it). */
function configSchema(): unknown {
  return packageSchema('skillc.config.schema.json');
}

/** A JSON pointer (`/rules/links~1broken`) as the config writes it: `rules.links/broken`, keys as written. */
export function pointerPath(pointer: string): string {
  return pointer
    .split('/')
    .slice(1)
    .map((seg) => seg.replace(/~1/g, '/').replace(/~0/g, '~'))
    .join('.');
}

export interface SchemaError {
  message?: string;
  schemaPath?: string;
  params?: Record<string, unknown>;
}

/**
 * An ajv error in words, with a "did you mean" for an unknown key (among the keys the schema
 * lists at that place) or a value outside an enum.
 */
export function schemaErrorText(error: SchemaError | undefined, schema: unknown, value?: unknown): string {
  if (!error) return 'invalid';
  const params = error.params ?? {};
  if (typeof params.additionalProperty === 'string') {
    const key = params.additionalProperty;
    const known = Object.keys(schemaAt(typeof schema === 'function' ? schema() : schema, error.schemaPath)?.properties ?? {});
    return `unknown key '${key}'${didYouMean(key, known)}${known.length ? ` (expected one of ${known.join(', ')})` : ''}`;
  }
  if (Array.isArray(params.allowedValues)) {
    const allowed = params.allowedValues.map(String);
    const hint = typeof value === 'string' ? didYouMean(value, allowed) : '';
    return `unexpected ${JSON.stringify(value) ?? 'value'}${hint} (expected one of ${allowed.join(', ')})`;
  }
  return error.message ?? 'invalid';
}

/** The value at a JSON pointer in `data`, if any. */
export function valueAt(data: unknown, pointer: string | undefined): unknown {
  let node = data;
  for (const seg of (pointer ?? '').split('/').slice(1)) {
    if (node === null || typeof node !== 'object') return undefined;
    node = (node as Record<string, unknown>)[seg.replace(/~1/g, '/').replace(/~0/g, '~')];
  }
  return node;
}

/** The schema object holding the keyword at `schemaPath` (`#/properties/plugin/additionalProperties` -> the plugin schema). */
function schemaAt(schema: unknown, schemaPath: string | undefined): { properties?: Record<string, unknown> } | undefined {
  if (!schemaPath?.startsWith('#')) return undefined;
  let node: unknown = schema;
  for (const seg of schemaPath.split('/').slice(1, -1)) {
    if (node === null || typeof node !== 'object') return undefined;
    node = (node as Record<string, unknown>)[seg.replace(/~1/g, '/').replace(/~0/g, '~')];
  }
  return node !== null && typeof node === 'object' ? (node as { properties?: Record<string, unknown> }) : undefined;
}

export function readConfigFile(file: string): SkillcConfig {
  let text: string;
  try {
    text = fs.readFileSync(file, 'utf8');
  } catch (error) {
    throw new ConfigError(`cannot read config (${(error as NodeJS.ErrnoException).code ?? 'EIO'})`, file);
  }
  let data: unknown;
  try {
    data = file.endsWith('.json') ? JSON.parse(text) : parseYaml(text, { maxAliasCount: 100 });
  } catch (error) {
    throw new ConfigError(`cannot parse config: ${error instanceof Error ? error.message.split('\n')[0] : String(error)}`, file);
  }
  if (data === null || data === undefined) data = {};
  validate(data, file);
  return data as SkillcConfig;
}

export interface LoadConfigOptions {
  cwd?: string;
  /** An explicit config file (`--config`). */
  configFile?: string;
  /** Inline config, merged over the file (API use). */
  overrides?: SkillcConfig;
}

export function loadConfig(options: LoadConfigOptions = {}): ResolvedConfig {
  const cwd = path.resolve(options.cwd ?? process.cwd());
  let file: string | undefined;
  if (options.configFile) {
    file = path.resolve(cwd, options.configFile);
    if (!fs.existsSync(file)) throw new ConfigError('config file not found', file);
  } else {
    file = findConfig(cwd);
  }
  const fromFile = file ? readConfigFile(file) : {};
  return resolveConfig({ ...fromFile, ...options.overrides, rules: { ...fromFile.rules, ...options.overrides?.rules } }, file ? path.dirname(file) : cwd, file);
}

export function resolveConfig(config: SkillcConfig, root: string, file?: string): ResolvedConfig {
  if (config.extends !== undefined || config.plugins) config = applyExtends(config, root, file);
  const hosts = config.hosts ?? [...DEFAULT_HOSTS];
  for (const h of hosts) {
    if (!getHost(h)) throw new ConfigError(unknownHostMessage(h, 'in hosts'), file);
  }
  const defaultSources = fs.existsSync(path.join(root, 'skills-src')) ? 'skills-src' : '.';
  const resolved: ResolvedConfig = {
    root,
    sources: path.resolve(root, config.sources ?? defaultSources),
    out: path.resolve(root, config.out ?? 'generated'),
    hosts,
    rules: config.rules ?? {},
    kinds: config.kinds ?? {},
    ignore: config.ignore ?? [],
    overrides: config.overrides ?? [],
    plugin: { ...config.plugin, name: config.plugin?.name ?? defaultPluginName(root) },
    layers: config.layers ?? [],
    contracts: config.contracts ?? {},
    contextTokens: config.contextTokens ?? DEFAULT_CONTEXT_TOKENS,
    placeholders: config.placeholders ?? {},
  };
  if (config.plugins?.length) resolved.plugins = config.plugins;
  if (file) resolved.file = file;
  return resolved;
}

/** The project's package name, else its folder name, as a spec-valid name. */
function defaultPluginName(root: string): string {
  let name = path.basename(root);
  try {
    const pkg = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')) as { name?: unknown };
    if (typeof pkg.name === 'string') name = pkg.name.replace(/^@[^/]+\//, '');
  } catch {
    // no package.json: the folder name will do
  }
  return name.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '') || 'skills';
}

export function normalizeSeverity(setting: SeveritySetting): Severity | 'off' {
  switch (setting) {
    case 'off':
    case 0:
      return 'off';
    case 'warn':
    case 'warning':
    case 1:
      return 'warning';
    case 'info':
      return 'info';
    default:
      return 'error';
  }
}
