import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { parse as parseYaml } from 'yaml';
import type { Severity } from '../model/diagnostic.js';
import { didYouMean } from '../core/suggest.js';
import { BUILT_IN_HOSTS, DEFAULT_HOSTS, defineHost, firstUnknownHost, getHost, type HostProfile, type HostTable, unknownHostMessage } from '../hosts/index.js';
import { applyExtends, type PresetRule } from './presets.js';
import { unsafeRelativePath } from '../core/paths.js';
import { ConfigError } from '../core/errors.js';
import { compileSchema, packageSchema, type Validator } from '../core/schema.js';
import { trimEndOf } from '../core/strings.js';

export type { ArtifactSpec, ContractField, ContractFieldType, ContractSpec, KindSchema, LayerSpec, OverrideBlock, PluginConfig, ResolvedConfig, RuleSetting, SeveritySetting, SkillcConfig } from './types.js';
export { DEFAULT_CONTEXT_TOKENS, DEFAULT_MARKDOWN_BANNER, DEFAULT_SKILL_BANNER } from './types.js';
import { DEFAULT_CONTEXT_TOKENS, DEFAULT_MARKDOWN_BANNER, DEFAULT_SKILL_BANNER, type ResolvedConfig, type SeveritySetting, type SkillcConfig } from './types.js';

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
      validator = require(new URL('./config-validator.cjs', import.meta.url).pathname) as Validator;
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
    const known = Object.keys(schemaAt(typeof schema === 'function' ? (schema as () => unknown)() : schema, error.schemaPath)?.properties ?? {});
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
  return node !== null && typeof node === 'object' ? (node) : undefined;
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
  /** The rules `skillc:recommended` and `skillc:strict` list (whatever lints hands in the built-in ones). */
  presetRules?: readonly PresetRule[];
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
  return resolveConfig({ ...fromFile, ...options.overrides, rules: { ...fromFile.rules, ...options.overrides?.rules } }, file ? path.dirname(file) : cwd, file, options.presetRules);
}

/**
 * The message for the first of `ids` that names no host (undefined when each does): neither a built-in one nor one the config defines
 * (`customHosts`). The config is loaded only when an id is not built in, so a command checks
 * `--host` before its work and still accepts the config's own hosts. No `load`: no config, the
 * built-in hosts.
 */
export function unknownConfiguredHost(ids: readonly string[], load: LoadConfigOptions | undefined, where: string): string | undefined {
  const builtIn = firstUnknownHost(ids, BUILT_IN_HOSTS);
  if (builtIn === undefined) return undefined;
  const table = load ? loadConfig(load).hostTable : BUILT_IN_HOSTS;
  const unknown = firstUnknownHost(ids, table);
  return unknown === undefined ? undefined : unknownHostMessage(unknown, where, table);
}

/** The config's host table: the built-in hosts, then each it defines (a bad definition is a config error naming it). */
function configHosts(config: SkillcConfig, file: string | undefined): HostTable {
  const table: Record<string, HostProfile> = { ...BUILT_IN_HOSTS };
  for (const [id, definition] of Object.entries(config.customHosts ?? {})) {
    try {
      table[id] = defineHost(id, definition);
    } catch (error) {
      throw new ConfigError(`customHosts.${id}: ${(error as Error).message}`, file);
    }
  }
  return table;
}

/**
 * Resolves a config: `extends` flattened (`presetRules`: the rules the built-in presets list,
 * handed in by whatever lints; none for a command that reads no rule), its hosts made a table,
 * defaults applied and paths made absolute.
 */
export function resolveConfig(config: SkillcConfig, root: string, file?: string, presetRules: readonly PresetRule[] = []): ResolvedConfig {
  if (config.extends !== undefined || config.plugins) config = applyExtends(config, root, file, { read: readConfigFile, presetRules });
  // Made before any host is looked up: `hosts`, `--host` and `skillc.<id>` may name them.
  const table = configHosts(config, file);
  const outputs: Record<string, string> = {};
  for (const [id, folder] of Object.entries(config.outputs ?? {})) {
    const normal = trimEndOf(path.posix.normalize(folder.replace(/\\/g, '/')), '/');
    // The one path check the build holds every output path to (core/paths.ts), here with the config's position.
    const unsafe = !folder || path.isAbsolute(folder) ? 'an absolute or empty path' : unsafeRelativePath(normal);
    if (unsafe) throw new ConfigError(`outputs.${id}: '${folder}' must be a folder inside the output folder (relative, no '..'; here ${unsafe})`, file);
    outputs[id] = normal;
  }
  const hosts = config.hosts ?? [...DEFAULT_HOSTS];
  for (const id of Object.keys(outputs)) if (!getHost(id, table)) throw new ConfigError(unknownHostMessage(id, 'in outputs', table), file);
  for (const h of hosts) {
    if (!getHost(h, table)) throw new ConfigError(unknownHostMessage(h, 'in hosts', table), file);
  }
  const defaultSources = fs.existsSync(path.join(root, 'skills-src')) ? 'skills-src' : '.';
  const resolved: ResolvedConfig = {
    root,
    sources: path.resolve(root, config.sources ?? defaultSources),
    out: path.resolve(root, config.out ?? 'generated'),
    banner: {
      skill: config.banner?.skill === undefined || config.banner.skill === true ? DEFAULT_SKILL_BANNER : config.banner.skill || '',
      markdown: config.banner?.markdown === true ? DEFAULT_MARKDOWN_BANNER : config.banner?.markdown || '',
    },
    hostBlocks: { inCodeFences: config.hostBlocks?.inCodeFences === true },
    hosts,
    customHosts: config.customHosts ?? {},
    hostTable: table,
    outputs,
    rules: config.rules ?? {},
    kinds: config.kinds ?? {},
    ignore: config.ignore ?? [],
    gitignore: config.gitignore !== false,
    overrides: config.overrides ?? [],
    plugin: { ...config.plugin, name: config.plugin?.name ?? defaultPluginName(root) },
    pluginDeclared: config.plugin !== undefined,
    layers: config.layers ?? [],
    contracts: config.contracts ?? {},
    artifacts: config.artifacts ?? {},
    contextTokens: config.contextTokens ?? DEFAULT_CONTEXT_TOKENS,
    placeholders: config.placeholders ?? {},
    record: { effects: { ...config.record?.effects } },
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
