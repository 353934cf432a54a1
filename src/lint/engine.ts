import fs from 'node:fs';
import path from 'node:path';
import { compareDiagnostics, SEVERITY_RANK, type Diagnostic, type Severity, type TextEdit } from '../model/diagnostic.js';
import type { BundledFile, Catalog, Skill } from '../model/skill.js';
import type { SkillSummary, StoredSummary } from '../model/summary.js';
import { bundleReader, decodeText, listBundle } from '../parse/bundle.js';
import { textFile } from '../model/text.js';
import { cacheFilePath, changedUnder, lazyBundle, LintCache, readHash, type CacheEntry, type LintSession } from './cache.js';
import { didYouMean } from '../core/suggest.js';
import { getHost, type HostProfile, unknownHostMessage } from '../hosts/index.js';
import { outlineOfFile, parseSkill, readSkill } from '../parse/skill.js';
import { packageVersion } from '../core/package.js';
import { docsUrl, type AnyRule, type ReportInput } from '../rules/rule.js';
import { BUILTIN_RULES } from '../rules/index.js';
import { withPathKind } from './path-kinds.js';
import { hasOverrides, overrideSeverity, scopedSeverity } from './overrides.js';
import { ConfigError, loadConfig, normalizeSeverity, pointerPath, schemaErrorText, valueAt, type ResolvedConfig, type SkillcConfig } from '../config/config.js';
import { discover, type Discovery, UsageError } from '../config/discover.js';
import { applyEdits, writeFileAtomic } from './fix.js';
import { loadPlugins, type LoadedPlugin } from './plugins.js';
import { applySuppressions, UNUSED_SUPPRESSION } from './suppressions.js';
import { boundHeapGrowth } from './memory.js';
import { addTime, nestedTime, timings } from './timing.js';
import { outcomeOf, readTracked, type SkillCheck, type SkillOutcome } from './lint-one.js';
import { runParallel, threadCount, workerAvailable, type Concurrency, type WorkerSpec } from './parallel.js';
import { sha256 } from '../core/hash.js';
import { compileSchema } from '../core/schema.js';

export interface LintOptions {
  cwd?: string;
  /** Files or folders; default: the config's sources. */
  paths?: string[];
  configFile?: string;
  /** Inline config merged over the file's. */
  config?: SkillcConfig;
  /** Hosts to lint for, overriding the config (`--host`). */
  hosts?: string[];
  /** Apply safe fixes and write them (`--fix`). */
  fix?: boolean;
  /** Compute fixes without writing (`--fix-dry-run`); fixed text lands in `output`. */
  fixDryRun?: boolean;
  /** Extra rules beside the built-in ones (plugins, tests). */
  rules?: AnyRule[];
  /** Keep the parsed skills in the result (the build uses them). */
  keepSkills?: boolean;
  /** Reuse the results of skills whose files did not change (`--cache`); with `fix`, skills with fixable problems are linted again; ignored with `fixDryRun`. */
  cache?: boolean;
  /** Cache file or folder (`--cache-location`); default node_modules/.cache/skillc/. */
  cacheLocation?: string;
  /** Watch mode: the cache kept in memory between runs, and the paths changed since the last one. */
  session?: LintSession;
  /** Test and build hook: which skills came from the cache. */
  onCacheHit?: (dir: string) => void;
  /**
   * Threads that parse and check skills (`--concurrency`): a count, `off`, or `auto`
   * (the default: half the cores, up to 4, when there are at least 200 skills to parse).
   * Serial with fixes, `keepSkills` and API-provided `rules`.
   */
  concurrency?: Concurrency;
  /** Called after each skill is checked (the CLI draws progress on stderr from it). */
  onProgress?: (done: number, total: number) => void;
}

export interface FileResult {
  /** Absolute path. */
  path: string;
  messages: Diagnostic[];
  /** The fixed text, when fixes were applied or computed. */
  output?: string;
}

export interface LintResult {
  files: FileResult[];
  errorCount: number;
  warningCount: number;
  infoCount: number;
  fixableCount: number;
  /** Rules that threw: the run exits 2 even though every other rule ran. */
  internalErrors: number;
  config: ResolvedConfig;
  /** Every rule that could run: the built-in ones, then plugin and API rules. */
  rules?: AnyRule[];
  /** The parsed skills, when `keepSkills` was set. */
  skills?: Skill[];
  /** Every linted skill's compact summary, in the order linted. */
  summaries?: SkillSummary[];
  /** With `cache`: how many skills came from it. */
  cacheHits?: number;
  /** Where the skills were looked for, and near misses (`skill.md`); absent for --staged and --changed runs. */
  discovery?: Discovery;
}

export interface ActiveRule {
  rule: AnyRule;
  severity: Severity;
  options: unknown;
  /** Set when `overrides` name the rule: its `rules` severity, which override blocks change per file. */
  base?: Severity | 'off';
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

interface Collector {
  diagnostics: Diagnostic[];
  internalErrors: number;
}

type Reported = { file: { path: string } };

function toDiagnostic(active: ActiveRule, skill: Reported, input: ReportInput): Diagnostic {
  const range = input.range ?? { start: { line: 1, column: 1 }, end: { line: 1, column: 1 } };
  const file = input.file ?? skill.file.path;
  const d: Diagnostic = {
    ruleId: active.rule.meta.id,
    severity: input.severity && SEVERITY_RANK[input.severity] < SEVERITY_RANK[active.severity] ? input.severity : active.severity,
    message: input.message,
    file,
    line: range.start.line,
    column: range.start.column,
    endLine: range.end.line,
    endColumn: range.end.column,
    url: active.rule.meta.url ?? docsUrl(active.rule.meta.id),
  };
  if (input.fix && input.fix.length && active.rule.meta.fixable) d.fix = { file, edits: input.fix };
  return d;
}

function crashed(active: ActiveRule, skill: Reported, error: unknown): Diagnostic {
  const message = error instanceof Error ? error.message : String(error);
  return {
    ruleId: active.rule.meta.id,
    severity: 'error',
    message: `Rule ${active.rule.meta.id} crashed: ${message}`,
    file: skill.file.path,
    line: 1,
    column: 1,
    endLine: 1,
    endColumn: 1,
    url: active.rule.meta.url ?? docsUrl(active.rule.meta.id),
  };
}

/** Records one report, at the severity the rule has in the reported file (`overrides`), or not at all where it is off. */
function emit(a: ActiveRule, skill: Reported, input: ReportInput, config: ResolvedConfig, out: Collector): void {
  let rule = a;
  if (a.base !== undefined) {
    const severity = scopedSeverity(config, a.rule.meta.id, a.base, input.file ?? skill.file.path, path.dirname(skill.file.path));
    if (severity === 'off') return;
    if (severity !== a.severity) rule = { ...a, severity };
  }
  out.diagnostics.push(toDiagnostic(rule, skill, input));
}

/** Runs every active skill rule on one skill. A rule that throws becomes a diagnostic; the rest still run. */
export function checkSkill(given: Skill, active: readonly ActiveRule[], hosts: readonly HostProfile[], config: ResolvedConfig, out: Collector): void {
  const skill = withPathKind(given, config);
  for (const a of active) {
    if (a.rule.scope !== 'skill') continue;
    const t0 = timings ? performance.now() : 0;
    const n0 = timings ? nestedTime() : 0;
    try {
      a.rule.check({ skill, options: a.options, hosts, config, report: (input) => emit(a, skill, input, config, out) });
      if (timings) addTime(a.rule.meta.id, performance.now() - t0 - (nestedTime() - n0));
    } catch (error) {
      out.diagnostics.push(crashed(a, skill, error));
      out.internalErrors++;
    }
  }
}

export function checkCatalog(catalog: Catalog, active: readonly ActiveRule[], hosts: readonly HostProfile[], config: ResolvedConfig, out: Collector): void {
  for (const a of active) {
    if (a.rule.scope !== 'catalog') continue;
    const t0 = timings ? performance.now() : 0;
    try {
      a.rule.check({ catalog, options: a.options, hosts, config, report: (skill, input) => emit(a, skill, input, config, out) });
      if (timings) addTime(a.rule.meta.id, performance.now() - t0);
    } catch (error) {
      const first = catalog.skills[0];
      if (first) out.diagnostics.push(crashed(a, first, error));
      out.internalErrors++;
    }
  }
}

const MAX_FIX_PASSES = 10;

/**
 * Applies the fixable diagnostics of one skill: the SKILL.md's, re-parsing
 * between passes, then those of its bundled regular files (a script's line
 * ends), found in the last pass, one round each. Never writes through a symlink.
 */
function fixSkill(skill: Skill, active: readonly ActiveRule[], hosts: readonly HostProfile[], config: ResolvedConfig): { skill: Skill; bundled: Map<string, string> } {
  let current = skill;
  let last: Collector = { diagnostics: [], internalErrors: 0 };
  for (let pass = 0; pass < MAX_FIX_PASSES; pass++) {
    last = { diagnostics: [], internalErrors: 0 };
    checkSkill(current, active, hosts, config, last);
    const edits: TextEdit[] = last.diagnostics.filter((d) => d.fix && d.fix.file === current.file.path).flatMap((d) => d.fix!.edits);
    if (edits.length === 0) break;
    const { text, applied } = applyEdits(current.file.text, edits);
    if (applied === 0 || text === current.file.text) break;
    current = parseSkill({ dir: current.dir, text, bundled: current.bundled, bundle: current.bundle });
    last = { diagnostics: [], internalErrors: 0 };
  }
  const byFile = new Map<string, TextEdit[]>();
  for (const d of last.diagnostics) {
    if (!d.fix || d.fix.file === current.file.path) continue;
    byFile.set(d.fix.file, [...(byFile.get(d.fix.file) ?? []), ...d.fix.edits]);
  }
  const bundled = new Map<string, string>();
  for (const [file, edits] of byFile) {
    const entry = current.bundled.find((b) => b.path === file && b.kind === 'file');
    const before = entry && current.bundle.text(entry.relPath);
    if (!before) continue;
    const { text, applied } = applyEdits(before.text, edits);
    if (applied && text !== before.text) bundled.set(file, text);
  }
  return { skill: current, bundled };
}

/** What a lint run checks with: the hosts, the plugins, every rule, and the active ones with their settings. */
export async function prepareRules(config: ResolvedConfig, options: { hosts?: string[]; rules?: AnyRule[] }) {
  const hosts = resolveHosts(options.hosts?.length ? options.hosts : config.hosts, config);
  const plugins = await loadPlugins(config.plugins ?? [], config.root, config.file ?? path.join(config.root, 'skillc.config.json'));
  const rules = [...BUILTIN_RULES, ...plugins.rules, ...(options.rules ?? [])];
  // Settings for the rules of a plugin that failed to load are not config errors: its plugin/load error says why.
  const builtinGroups = new Set(BUILTIN_RULES.map((r) => r.meta.id.split('/')[0]));
  const active = resolveRules(config, rules, plugins.diagnostics.length ? (id) => !builtinGroups.has(id.split('/')[0]) : undefined);
  const knownRules = new Set(rules.map((r) => r.meta.id));
  const unusedSetting = active.find((a) => a.rule.meta.id === UNUSED_SUPPRESSION);
  const unusedSeverity: Severity | 'off' = unusedSetting ? unusedSetting.severity : 'off';
  return { hosts, plugins, rules, active, knownRules, unusedSeverity };
}

/** Lints skills: discover, parse each once, run the rules, apply suppressions and (optionally) fixes. */
export async function lint(options: LintOptions = {}): Promise<LintResult> {
  const cwd = path.resolve(options.cwd ?? process.cwd());
  const loadOptions: Parameters<typeof loadConfig>[0] = { cwd };
  if (options.configFile) loadOptions.configFile = options.configFile;
  if (options.config) loadOptions.overrides = options.config;
  const config = loadConfig(loadOptions);
  const { hosts, plugins, rules, active, knownRules, unusedSeverity } = await prepareRules(config, options);

  const discovery = discover(options.paths ?? [], config, cwd);
  const dirs = discovery.dirs;
  // A folder named on the command line that holds no skill is a mistake (a typo, or a
  // skill without its SKILL.md), not a clean result: ESLint's "no files matching".
  // With no skill at all, the caller says where it looked (the CLI adds near misses).
  for (const p of dirs.length ? options.paths ?? [] : []) {
    const abs = path.resolve(cwd, p);
    if (!dirs.some((d) => d === abs || d.startsWith(abs + path.sep) || abs === path.join(d, 'SKILL.md'))) {
      throw new UsageError(`No skill in ${p}: no SKILL.md there or in its subfolders (or every one is ignored)`);
    }
  }
  const out: Collector = { diagnostics: [...plugins.diagnostics], internalErrors: plugins.diagnostics.length };
  const skills: Skill[] = [];
  // Per skill, in discovery order (catalog rules and the cache see them in that order).
  const summaries = new Array<SkillSummary>(dirs.length);
  const summaryHashes = new Array<string>(dirs.length);
  /** What suppressions need of each SKILL.md: its path, line index, directives and frontmatter YAML. */
  const suppressible = new Array<Skill>(dirs.length);
  const outputs = new Map<string, string>();
  const fixing = !!(options.fix || options.fixDryRun);
  // --fix-dry-run checks text that is not on disk: nothing it sees can be cached.
  const cache = options.fixDryRun ? undefined : openCache(options, config, cwd, () => runKey(config, hosts, active, rules, plugins.plugins));
  const changed = options.session?.changed;
  let cacheHits = 0;
  let done = 0;
  const progress = (): void => options.onProgress?.(done++, dirs.length);

  // 1. Skills whose files did not change come from the cache.
  const misses: number[] = [];
  for (let i = 0; i < dirs.length; i++) {
    const dir = dirs[i]!;
    if (!cache) {
      misses.push(i);
      continue;
    }
    const abs = path.resolve(dir);
    let bytes: Buffer | undefined;
    let read = false;
    const readBytes = (): Buffer | undefined => {
      if (read) return bytes;
      read = true;
      try {
        bytes = fs.readFileSync(path.join(abs, 'SKILL.md'));
      } catch {
        bytes = undefined;
      }
      return bytes;
    };
    const entry = cache.lookup(abs, readBytes, lazyBundle(abs), !!changed && !changedUnder(changed, abs));
    // With --fix, a skill whose cached problems include fixable ones is linted again to fix them.
    if (!entry || (options.fix && entry.diagnostics.some((d) => d.fix))) {
      misses.push(i);
      continue;
    }
    progress();
    cacheHits++;
    options.onCacheHit?.(abs);
    for (const d of entry.diagnostics) out.diagnostics.push(d); // no spread: a file can carry 100,000s of diagnostics
    summaries[i] = live(entry.summary);
    summaryHashes[i] = entry.summaryHash;
    const text = entry.suppressions ? readBytes() : undefined;
    suppressible[i] = suppressionView(entry.summary, text ? decodeText(text).text : '');
  }

  // 2. The others are read, parsed and checked: on worker threads too when there are many.
  const check: SkillCheck = { track: !!cache, check: (skill, own) => checkSkill(skill, active, hosts, config, own) };
  /** Stored in discovery order once all are in, so the cache file does not depend on which thread finished first. */
  const newEntries: (CacheEntry | undefined)[] = [];
  const accept = (i: number, outcome: SkillOutcome, skill?: Skill): void => {
    progress();
    for (const d of outcome.diagnostics) out.diagnostics.push(d); // no spread: a file can carry 100,000s of diagnostics
    out.internalErrors += outcome.internalErrors;
    summaries[i] = live(outcome.stored);
    summaryHashes[i] = outcome.summaryHash;
    // The skill itself is released here unless kept: only its summary (and, for suppressions, its text) stays.
    if (!outcome.suppressions) suppressible[i] = suppressionView(outcome.stored, '');
    else suppressible[i] = skill ?? suppressionView(outcome.stored, readText(outcome.stored.file.path));
    if (cache && outcome.cacheEntry) newEntries[i] = outcome.cacheEntry;
  };
  const threads = fixing || options.keepSkills || options.rules?.length || !workerAvailable() ? 1 : threadCount(options.concurrency, misses.length);
  if (!options.keepSkills && misses.length >= 400) boundHeapGrowth();
  if (threads > 1) {
    const spec: WorkerSpec = { cwd, track: !!cache };
    if (options.configFile) spec.configFile = options.configFile;
    if (options.config) spec.config = options.config;
    if (options.hosts?.length) spec.hosts = options.hosts;
    const jobs = misses.map((i) => dirs[i]!);
    await runParallel(jobs, threads, spec, (dir) => {
      const { skill, tracked } = readTracked(dir, check.track);
      return outcomeOf(skill, check, tracked);
    }, (k, outcome) => accept(misses[k]!, outcome));
  } else {
    for (const i of misses) {
      const dir = dirs[i]!;
      let read = readTracked(dir, check.track);
      let skill = read.skill;
      if (fixing && !skill.readProblem) {
        const { skill: fixed, bundled } = fixSkill(skill, active, hosts, config);
        if (fixed !== skill) {
          outputs.set(fixed.file.path, fixed.file.text);
          if (options.fix) writeFileAtomic(fixed.file.path, fixed.file.text);
          skill = fixed;
        }
        for (const [file, text] of bundled) {
          outputs.set(file, text);
          if (options.fix) writeFileAtomic(file, text);
        }
        // Re-read so the result shows the fixed bundled files, as it shows the fixed SKILL.md.
        if (bundled.size && options.fix) {
          read = readTracked(dir, check.track);
          skill = read.skill;
        }
      }
      if (options.keepSkills) skills.push(skill);
      accept(i, outcomeOf(skill, check, read.tracked), skill);
    }
  }
  if (cache) newEntries.forEach((entry, i) => entry && cache.store(path.resolve(dirs[i]!), entry));
  const catalogKey = cache ? sha256(summaryHashes.join('\n')) : '';
  const cachedCatalog = cache?.catalog(catalogKey);
  if (cachedCatalog) {
    for (const d of cachedCatalog.diagnostics) out.diagnostics.push(d); // no spread: a file can carry 100,000s of diagnostics
    out.internalErrors += cachedCatalog.internalErrors;
  } else {
    const cat: Collector = { diagnostics: [], internalErrors: 0 };
    checkCatalog({ skills: summaries }, active, hosts, config, cat);
    for (const d of cat.diagnostics) out.diagnostics.push(d); // no spread: a file can carry 100,000s of diagnostics
    out.internalErrors += cat.internalErrors;
    if (cache && cat.internalErrors === 0) cache.storeCatalog(catalogKey, cat.diagnostics, cat.internalErrors);
  }
  cache?.save(dirs.map((d) => path.resolve(d)));

  // Group by file; every SKILL.md is listed even when clean.
  const byFile = new Map<string, Diagnostic[]>();
  for (const skill of summaries) byFile.set(skill.file.path, []);
  for (const d of out.diagnostics) {
    const list = byFile.get(d.file);
    if (list) list.push(d);
    else byFile.set(d.file, [d]);
  }
  for (const skill of suppressible) {
    byFile.set(skill.file.path, applySuppressions(skill, byFile.get(skill.file.path)!, knownRules, unusedSeverity));
  }
  const files: FileResult[] = [...byFile.entries()]
    .map(([file, messages]) => {
      const r: FileResult = { path: file, messages: messages.sort(compareDiagnostics) };
      const output = outputs.get(file);
      if (output !== undefined) r.output = output;
      return r;
    })
    .sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  const all = files.flatMap((f) => f.messages);
  const result: LintResult = {
    files,
    errorCount: all.filter((d) => d.severity === 'error').length,
    warningCount: all.filter((d) => d.severity === 'warning').length,
    infoCount: all.filter((d) => d.severity === 'info').length,
    fixableCount: all.filter((d) => d.fix).length,
    internalErrors: out.internalErrors,
    config,
    rules,
  };
  if (options.keepSkills) result.skills = skills;
  result.summaries = summaries;
  if (cache) result.cacheHits = cacheHits;
  result.discovery = discovery;
  return result;
}

function openCache(options: LintOptions, config: ResolvedConfig, cwd: string, key: () => string): LintCache | undefined {
  const session = options.session;
  if (!options.cache && !session) return undefined;
  const k = key();
  if (session?.cache && session.cache.key === k) return session.cache;
  const cache = new LintCache(options.cache ? cacheFilePath(config.root, options.cacheLocation, cwd) : undefined, k);
  if (session) {
    session.cache = cache;
    // A new cache (first run, or the config changed) trusts nothing.
    delete session.changed;
  }
  return cache;
}

/** Everything besides the files that decides a skill's diagnostics: version, config, hosts, rules. */
function runKey(config: ResolvedConfig, hosts: readonly HostProfile[], active: readonly ActiveRule[], rules: readonly AnyRule[], plugins: readonly LoadedPlugin[]): string {
  return sha256(
    JSON.stringify({
      version: packageVersion(),
      node: process.version,
      config,
      hosts: hosts.map((h) => h.id),
      active: active.map((a) => [a.rule.meta.id, a.severity, a.options, (a.rule.meta.cacheKey as ((o: unknown) => string) | undefined)?.(a.options)]),
      rules: rules.map((r) => r.meta.id),
      // A plugin's rules are its code: an edited plugin file must not replay old results.
      plugins: plugins.map((p) => [p.specifier, readHash(p.file)]),
    }),
  );
}

/** A summary with a live bundle reader and a lazily listed bundle (for catalog rules). */
function live(stored: StoredSummary): SkillSummary {
  const { fmRaw: _fmRaw, ...summary } = stored;
  const dir = summary.dir;
  let bundled: BundledFile[] | undefined;
  let full: Skill | undefined;
  const result = { ...summary, bundle: bundleReader(dir, outlineOfFile), skill: () => (full ??= readSkill(dir)) } as SkillSummary;
  Object.defineProperty(result, 'bundled', { enumerable: true, get: () => (bundled ??= listBundle(dir)) });
  return result;
}

/** The part of a Skill that `applySuppressions` reads, rebuilt from a summary and the SKILL.md text. */
function suppressionView(summary: StoredSummary, text: string): Skill {
  const view = { file: textFile(summary.file.path, text), directives: text ? summary.directives : [] } as Partial<Skill>;
  if (text && summary.fmRaw) view.frontmatter = { raw: text.slice(summary.fmRaw[0], summary.fmRaw[1]), rawOffset: summary.fmRaw[0] } as Skill['frontmatter'];
  return view as Skill;
}

/** A SKILL.md's text for its suppression directives ('' when it cannot be read: its read problem is reported). */
function readText(file: string): string {
  try {
    return decodeText(fs.readFileSync(file)).text;
  } catch {
    return '';
  }
}

export { ConfigError, UsageError };
