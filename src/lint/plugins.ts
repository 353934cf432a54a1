import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Diagnostic } from '../model/diagnostic.js';
import { docsUrl, type AnyRule, type CatalogContext, type SkillContext } from '../rules/rule.js';
import { BUILTIN_PLUGIN } from '../rules/index.js';

export { definePlugin, type SkillcPlugin } from '../rules/rule.js';

/** The rule id of a plugin that could not be loaded (exit 2, like a rule that crashes). */
export const PLUGIN_LOAD = 'plugin/load';

export interface LoadedPlugin {
  /** The name the config gave. */
  specifier: string;
  /** The module file that was imported. */
  file: string;
  prefix: string;
  rules: AnyRule[];
}

export interface PluginLoadResult {
  /** The plugins the config names, loaded. */
  plugins: LoadedPlugin[];
  /** Every rule: the built-in plugin's, then each loaded plugin's, prefixed and wrapped (read-only model). */
  rules: AnyRule[];
  /** One `plugin/load` error per module that could not be used. */
  diagnostics: Diagnostic[];
  /** With loading refused (`--no-plugins`): one `plugin/load` warning per plugin not loaded. */
  skipped: Diagnostic[];
}

class PluginError extends Error {}

const PREFIX = /^[a-z][a-z0-9]*(?:-[a-z0-9]+)*$/;
const SEVERITIES = new Set(['error', 'warning', 'info']);

/** The groups of the built-in rules (`links`, `body`, ...): no plugin may take one as its prefix. */
export const BUILTIN_GROUPS: ReadonlySet<string> = new Set(Object.values(BUILTIN_PLUGIN.rules).map((r) => r.meta.id.split('/')[0]!));

function reservedPrefixes(): Set<string> {
  return new Set([...BUILTIN_GROUPS, 'plugin', 'host', 'skillc']);
}

// ---- a read-only view of the model -------------------------------------------------------------

const MUTATORS = new Set<PropertyKey>(['set', 'add', 'delete', 'clear']);
const views = new WeakMap<object, object>();

function denied(prop: PropertyKey): TypeError {
  return new TypeError(`Cannot change '${String(prop)}': plugin rules get a read-only model`);
}

/**
 * A deep read-only view: writes, deletes and defines throw. Arrays keep their
 * methods (mutating ones hit the traps); methods of class instances run on the
 * real object (private state, caches) and their results are read-only too.
 */
export function readonlyView<T>(value: T): T {
  if (value === null || typeof value !== 'object') return value;
  const target = value as unknown as object;
  const hit = views.get(target);
  if (hit) return hit as T;
  const isArray = Array.isArray(target);
  const collection = target instanceof Map || target instanceof Set;
  const proxy = new Proxy(target, {
    get(t, prop, receiver) {
      const v: unknown = Reflect.get(t, prop, isArray ? receiver : t);
      const d = Reflect.getOwnPropertyDescriptor(t, prop);
      if (d && !d.configurable && !d.writable && 'value' in d) return v; // proxy invariant
      if (typeof v === 'function') {
        if (isArray) return v;
        if (collection && MUTATORS.has(prop)) return () => { throw denied(prop); };
        return (...args: unknown[]) => readonlyView((v as (...a: unknown[]) => unknown).apply(t, args));
      }
      return readonlyView(v);
    },
    set(_t, prop) { throw denied(prop); },
    deleteProperty(_t, prop) { throw denied(prop); },
    defineProperty(_t, prop) { throw denied(prop); },
    setPrototypeOf() { throw denied('prototype'); },
  });
  views.set(target, proxy);
  return proxy as T;
}

// ---- resolving and importing -------------------------------------------------------------------

function packageEntry(dir: string): string {
  const pkg = JSON.parse(fs.readFileSync(path.join(dir, 'package.json'), 'utf8')) as { exports?: unknown; main?: string; module?: string };
  const pick = (e: unknown): string | undefined => {
    if (typeof e === 'string') return e;
    if (e && typeof e === 'object' && !Array.isArray(e)) {
      const o = e as Record<string, unknown>;
      if ('.' in o) return pick(o['.']);
      for (const key of ['import', 'node', 'default']) if (key in o) return pick(o[key]);
    }
    return undefined;
  };
  return path.join(dir, pick(pkg.exports) ?? pkg.module ?? pkg.main ?? 'index.js');
}

/** A package by name, looked up in node_modules folders from `from` upwards (ESM-only exports included). */
function findPackage(name: string, from: string): string | undefined {
  for (let dir = from; ; dir = path.dirname(dir)) {
    const candidate = path.join(dir, 'node_modules', name);
    if (fs.existsSync(path.join(candidate, 'package.json'))) return packageEntry(candidate);
    if (path.dirname(dir) === dir) return undefined;
  }
}

/** The module file a config's plugin entry names: a path, a package, or a `skillc-plugin-<name>` shorthand. */
export function resolvePlugin(specifier: string, root: string): string {
  if (specifier.startsWith('.') || path.isAbsolute(specifier)) {
    const file = path.resolve(root, specifier);
    if (!fs.existsSync(file)) throw new PluginError('no such file');
    return file;
  }
  const names = specifier.startsWith('@') || specifier.startsWith('skillc-plugin-') ? [specifier] : [`skillc-plugin-${specifier}`, specifier];
  for (const name of names) {
    try {
      return createRequire(path.join(root, 'noop.js')).resolve(name);
    } catch {
      const found = findPackage(name, root);
      if (found) return found;
    }
  }
  throw new PluginError(`cannot find package ${names.map((n) => `'${n}'`).join(' or ')} (install it next to the config)`);
}

/**
 * The ESM entry of `tsx/esm/api` as installed for the plugin's project, or undefined.
 * Read from tsx's export map: `require.resolve` would give its CommonJS twin, which
 * cannot register the ESM loader.
 */
function tsxApiNear(file: string): string | undefined {
  try {
    const manifest = createRequire(file).resolve('tsx/package.json');
    const exportsMap = (JSON.parse(fs.readFileSync(manifest, 'utf8')) as { exports?: Record<string, unknown> }).exports ?? {};
    const entry = exportsMap['./esm/api'] as { import?: string | { default?: string } } | undefined;
    const target = typeof entry?.import === 'string' ? entry.import : entry?.import?.default;
    return target ? pathToFileURL(path.join(path.dirname(manifest), target)).href : undefined;
  } catch {
    return undefined;
  }
}

async function importModule(file: string): Promise<Record<string, unknown>> {
  const url = pathToFileURL(file).href;
  if (/\.[cm]?tsx?$/.test(file)) {
    let tsImport: (specifier: string, parent: string) => Promise<unknown>;
    try {
      // tsx from the plugin's own project first (skillc may be installed globally), else skillc's.
      // Never bundled: tsx registers loader files it finds next to its own module.
      ({ tsImport } = (await import(tsxApiNear(file) ?? 'tsx/esm/api')) as { tsImport: typeof tsImport });
    } catch {
      throw new PluginError('a TypeScript plugin needs tsx installed (npm install --save-dev tsx), or compile it to JavaScript');
    }
    return (await tsImport(url, import.meta.url)) as Record<string, unknown>;
  }
  return (await import(url)) as Record<string, unknown>;
}

const isRule = (v: unknown): v is AnyRule =>
  !!v && typeof v === 'object' && 'meta' in v && 'check' in v && 'scope' in v;

function checkRule(rule: unknown, where: string): asserts rule is AnyRule {
  if (!isRule(rule)) throw new PluginError(`${where} is not a rule (expected { scope, meta, check }, e.g. from defineSkillRule)`);
  const { meta, scope } = rule;
  if (scope !== 'skill' && scope !== 'catalog') throw new PluginError(`${where} has scope '${String(scope)}', expected 'skill' or 'catalog'`);
  if (typeof rule.check !== 'function') throw new PluginError(`${where} has no check function`);
  if (!meta || typeof meta !== 'object' || typeof meta.id !== 'string' || typeof meta.description !== 'string') throw new PluginError(`${where} needs meta.id and meta.description`);
  if (!SEVERITIES.has(meta.severity)) throw new PluginError(`${where} has severity '${String(meta.severity)}', expected error, warning or info`);
  if (typeof meta.fixable !== 'boolean') throw new PluginError(`${where} needs meta.fixable`);
  const messages: unknown = meta.messages;
  if (messages !== undefined && (!messages || typeof messages !== 'object' || Array.isArray(messages) || Object.values(messages).some((m) => typeof m !== 'string'))) {
    throw new PluginError(`${where} has meta.messages that is not an object of message id to text`);
  }
}

/** The plugin a module describes: `{ prefix, rules }` (default or named exports), or a single rule or list of rules with prefixed ids. */
function moduleParts(mod: Record<string, unknown>): PluginParts {
  let exp = (mod.default ?? mod) as unknown;
  // A TypeScript plugin outside a `"type": "module"` package is compiled to CommonJS:
  // its `export default` arrives as `module.exports.default`, one level down.
  if (exp && typeof exp === 'object' && !Array.isArray(exp) && !isRule(exp) && !('rules' in exp) && 'default' in exp) exp = (exp).default;
  if (isRule(exp)) return { prefix: undefined, entries: [[undefined, exp]] };
  if (Array.isArray(exp)) return { prefix: undefined, entries: exp.map((r) => [undefined, r]) };
  if (exp && typeof exp === 'object') {
    const parts = pluginParts(exp);
    if (parts) return parts;
  }
  throw new PluginError('exports no rules (expected a default export { prefix, rules } or a rule)');
}

/** A plugin object's prefix and its rules, each with the name it is listed under (none in a list). */
interface PluginParts {
  prefix: string | undefined;
  entries: [string | undefined, unknown][];
}

function pluginParts(o: { prefix?: unknown; rules?: unknown }): PluginParts | undefined {
  const prefix = typeof o.prefix === 'string' ? o.prefix : undefined;
  if (Array.isArray(o.rules)) return { prefix, entries: o.rules.map((r: unknown) => [undefined, r]) };
  if (o.rules && typeof o.rules === 'object') return { prefix, entries: Object.entries(o.rules) };
  return undefined;
}

/** Rules already wrapped: the tester may get one from `loadPlugin`, and wrapping twice would blame the plugin twice. */
const wrapped = new WeakSet<AnyRule>();

/**
 * A rule as the engine runs a plugin's: its check gets a read-only model, hosts,
 * config and options, and an error it throws names the plugin (`specifier`).
 * `loadPlugin` wraps every plugin rule so; the RuleTester wraps the rule it tests,
 * so a rule that changes the model fails its tests as it fails in `skillc lint`.
 */
export function wrapRule(rule: AnyRule, id: string = rule.meta.id, file?: string, specifier?: string): AnyRule {
  if (wrapped.has(rule) && id === rule.meta.id) return rule;
  const url = rule.meta.url ?? (file ? pathToFileURL(file).href : undefined);
  const meta = { ...rule.meta, id, ...(url ? { url } : {}) };
  const blame = (error: unknown): unknown => {
    if (!specifier) return error;
    const e = new Error(`${error instanceof Error ? error.message : String(error)} (plugin ${specifier})`);
    if (error instanceof Error && error.stack) e.stack = error.stack;
    return e;
  };
  // Everything a check gets is read-only; what it throws names the plugin.
  const guarded = <C extends { hosts: unknown; config: unknown; options: unknown }>(ctx: C, check: (view: C) => void): void => {
    try {
      check({ ...ctx, hosts: readonlyView(ctx.hosts), config: readonlyView(ctx.config), options: readonlyView(ctx.options) });
    } catch (error) {
      throw blame(error);
    }
  };
  const result: AnyRule =
    rule.scope === 'skill'
      ? { scope: 'skill', meta, check: (ctx: SkillContext<unknown>) => guarded(ctx, (view) => rule.check({ ...view, skill: readonlyView(view.skill) })) }
      : { scope: 'catalog', meta, check: (ctx: CatalogContext<unknown>) => guarded(ctx, (view) => rule.check({ ...view, catalog: readonlyView(view.catalog) })) };
  wrapped.add(result);
  return result;
}

/** A plugin as messages name it: a path relative to the config's folder, or the package name. */
function displayName(specifier: string, root: string): string {
  if (!path.isAbsolute(specifier)) return specifier;
  const rel = path.relative(root, specifier).split(path.sep).join('/');
  return rel.startsWith('..') || rel === '' ? specifier : `./${rel}`;
}

/** Where a plugin's rules come from, for their ids, docs links and error messages. */
interface PluginSource {
  specifier: string;
  /** The module file; none for the built-in plugin. */
  file?: string;
  /** The plugin as messages name it. */
  shown: string;
  /** The built-in plugin: prefix-less, and run unwrapped (see `registerPlugin`). */
  builtin?: boolean;
}

/**
 * The one registration step of every plugin, the built-in one included: each rule's shape is
 * checked, its id made `prefix/name` (the built-in plugin's ids already are), checked to be new,
 * and the rule wrapped so its check gets a read-only model and its errors name the plugin. The
 * built-in rules skip only the wrapping: the read-only view added about 26% to a lint run
 * (docs/architecture.md), and their RuleTester runs, which wrap each rule, prove none changes the model.
 */
function registerPlugin({ prefix: declared, entries }: PluginParts, source: PluginSource, taken: ReadonlySet<string>): LoadedPlugin {
  if (entries.length === 0) throw new PluginError('exports an empty rule list');
  let prefix = declared;
  const rules: AnyRule[] = [];
  const ids = new Set<string>();
  entries.forEach(([name, rule], i) => {
    checkRule(rule, name ? `rule '${name}'` : `rule #${i + 1}`);
    let id = rule.meta.id;
    if (name && !id.includes('/')) id = name;
    const slash = id.indexOf('/');
    let full: string;
    if (source.builtin) {
      // Prefix-less: every id names its own group.
      if (slash < 0) throw new PluginError(`built-in rule '${id}' is not 'group/name'`);
      full = id;
    } else {
      if (slash >= 0) {
        const own = id.slice(0, slash);
        prefix ??= own;
        if (own !== prefix) throw new PluginError(`rule '${id}' is outside the plugin's prefix '${prefix}'`);
        id = id.slice(slash + 1);
      }
      if (!prefix) throw new PluginError(`rule '${id}' has no prefix (export { prefix, rules } or give ids as 'prefix/rule')`);
      full = `${prefix}/${id}`;
      if (!/^[a-z0-9]+(?:-[a-z0-9]+)*$/.test(id)) throw new PluginError(`rule id '${full}' is not 'prefix/lowercase-name'`);
    }
    if (ids.has(full) || taken.has(full)) throw new PluginError(`rule '${full}' is defined twice`);
    ids.add(full);
    rules.push(source.builtin ? rule : wrapRule(rule, full, source.file, source.shown));
  });
  if (!source.builtin) {
    if (!prefix || !PREFIX.test(prefix)) throw new PluginError(`prefix '${String(prefix)}' is not lowercase letters, digits and hyphens`);
    if (reservedPrefixes().has(prefix)) throw new PluginError(`prefix '${prefix}' belongs to skillc's built-in rules`);
  }
  return { specifier: source.specifier, file: source.file ?? '', prefix: prefix ?? '', rules };
}

/** Imports one plugin and returns its rules, prefixed and wrapped. Throws an Error naming what is wrong. */
export async function loadPlugin(specifier: string, root: string, taken: ReadonlySet<string> = new Set()): Promise<LoadedPlugin> {
  const file = resolvePlugin(specifier, root);
  let mod: Record<string, unknown>;
  try {
    mod = await importModule(file);
  } catch (error) {
    if (error instanceof PluginError) throw error;
    throw new PluginError(`import failed: ${error instanceof Error ? error.message.split('\n')[0] : String(error)}`);
  }
  return registerPlugin(moduleParts(mod), { specifier, file, shown: displayName(specifier, root) }, taken);
}

/** The built-in rules, registered as the plugin they are (`BUILTIN_PLUGIN`): once a process, they never change. */
let builtinRegistered: LoadedPlugin | undefined;
function builtinPlugin(): LoadedPlugin {
  builtinRegistered ??= registerPlugin(pluginParts(BUILTIN_PLUGIN)!, { specifier: 'skillc', shown: 'skillc', builtin: true }, new Set());
  return builtinRegistered;
}

/**
 * Loads every plugin a config names. A plugin that cannot be found, imported or
 * used becomes one `plugin/load` error naming it; the others still load.
 */
export async function loadPlugins(specifiers: readonly string[], root: string, reportFile: string, options: { load?: boolean } = {}): Promise<PluginLoadResult> {
  const builtin = builtinPlugin();
  const result: PluginLoadResult = { plugins: [], rules: [...builtin.rules], diagnostics: [], skipped: [] };
  const taken = new Set<string>(builtin.rules.map((r) => r.meta.id));
  for (const specifier of specifiers) {
    if (options.load === false) {
      // Not resolved, not imported: no code of the checkout runs (issue #24).
      result.skipped.push({
        ruleId: PLUGIN_LOAD,
        severity: 'warning',
        message: `Plugin '${displayName(specifier, root)}' not loaded (plugins are off: --no-plugins or an untrusted workspace); its rules did not run`,
        file: reportFile,
        line: 1,
        column: 1,
        endLine: 1,
        endColumn: 1,
        url: docsUrl(PLUGIN_LOAD),
      });
      continue;
    }
    try {
      const plugin = await loadPlugin(specifier, root, taken);
      for (const r of plugin.rules) taken.add(r.meta.id);
      result.plugins.push(plugin);
      result.rules.push(...plugin.rules);
    } catch (error) {
      const shown = displayName(specifier, root);
      result.diagnostics.push({
        ruleId: PLUGIN_LOAD,
        severity: 'error',
        message: `Cannot load plugin '${shown}': ${error instanceof Error ? error.message : String(error)}`,
        file: reportFile,
        line: 1,
        column: 1,
        endLine: 1,
        endColumn: 1,
        url: docsUrl(PLUGIN_LOAD),
      });
    }
  }
  return result;
}
