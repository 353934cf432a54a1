import fs from 'node:fs';
import path from 'node:path';
import type { Diagnostic } from '../model/diagnostic.js';
import { getHost, type HostProfile, unknownHostMessage } from '../hosts/index.js';
import { ConfigError, loadConfig, type SkillcConfig } from '../config/config.js';
import { discover, UsageError } from '../config/discover.js';
import { lint, type LintOptions, type LintResult } from '../lint/engine.js';
import type { Skill } from '../model/skill.js';
import { readSkill } from '../parse/skill.js';
import { BuildCache, buildCacheFile, cacheFolder, noteChanges, writeOutputLinking } from './incremental.js';
import { catalogText, catalogTypeErrors } from './catalog-ts.js';
import { groupPlan, planOutput, writeOutputUpdate } from './patch.js';
import { forgetVerified } from '../lint/cache.js';
import { artifactSchemas } from '../analysis/artifacts.js';
import { expandedBudgetProblems } from './budgets.js';
import { catalogJson, hashFiles, type CatalogEntry } from './catalog.js';
import { emitSkill, prepareSkill, skillOutputDir, type BuildProblem, type OutputFile } from './emit-skill.js';
import { hostManifests } from './manifests.js';
import { compareOutput, manifestFile, type Drift, recoverInterruptedSwap, sortByPath, writeOutputAtomically } from './output.js';
import { sha256 } from '../core/hash.js';
import { isInside } from '../core/paths.js';

export interface BuildOptions {
  cwd?: string;
  configFile?: string;
  config?: SkillcConfig;
  /** Build (and lint for) only these hosts, by id; an unknown id is a usage error. */
  hosts?: string[];
  /** Output folder, overriding the config's `out`. */
  out?: string;
  /** Compare with the output folder instead of writing. */
  check?: boolean;
  /** Test hook: runs after the new tree is written, before the swap. */
  beforeSwap?: () => void;
  /**
   * Reuse the lint cache and the last build's outputs for unchanged skills, and write
   * nothing when the output folder is already up to date (`skillc build`'s default).
   * (The catalog.ts type check is skipped in every mode for a text checked before.)
   */
  incremental?: boolean;
  /** Folder for the lint and build caches (default node_modules/.cache/skillc). */
  cacheLocation?: string;
  /** Watch mode: the lint session kept between runs. */
  session?: LintOptions['session'];
}

export interface BuildResult {
  /** Lint diagnostics and build problems together. */
  diagnostics: Diagnostic[];
  lint: LintResult;
  outDir: string;
  hosts: string[];
  files: OutputFile[];
  /** True when the output folder was replaced. */
  written: boolean;
  /** Incremental builds: how many skills reused their last outputs. */
  reused?: number;
  /** With `check`: what differs from the output folder. */
  drift?: Drift;
  /**
   * Files skillc did not write (not in its manifest) that the write kept by copying
   * them into the new tree: all of them for a whole-tree swap, those inside replaced
   * skill folders for an in-place update, none when nothing was written.
   */
  carried: string[];
  errorCount: number;
  warningCount: number;
}

function toDiagnostic(p: BuildProblem): Diagnostic {
  const r = p.range ?? { start: { line: 1, column: 1 }, end: { line: 1, column: 1 } };
  return { ruleId: p.ruleId, severity: p.severity, message: p.message, file: p.file, line: r.start.line, column: r.start.column, endLine: r.end.line, endColumn: r.end.column };
}

/** Compiles the sources into per-host trees, the catalog and its typed module. */
export async function build(options: BuildOptions = {}): Promise<BuildResult> {
  const cwd = path.resolve(options.cwd ?? process.cwd());
  const lintOptions: Parameters<typeof lint>[0] = { cwd, keepSkills: true };
  // Lint for the hosts being built: their limits and keys are the ones that matter.
  if (options.hosts?.length) lintOptions.hosts = [...new Set(options.hosts)];
  if (options.configFile) lintOptions.configFile = options.configFile;
  if (options.config) lintOptions.config = options.config;
  // --check writes nothing, not even a cache: it always compares a full build.
  const incremental = options.incremental === true && !options.check;
  if (incremental) {
    lintOptions.cache = true;
    if (options.cacheLocation) lintOptions.cacheLocation = path.join(options.cacheLocation, 'lint-cache.json');
  }
  if (options.session) {
    lintOptions.session = options.session;
    // Before lint: a run that stops at a lint error still leaves its changes for the next run's build.
    if (incremental) noteChanges(options.session);
  }
  // What this lint's cache lookups check, the build's cache takes as checked (not what an earlier run's did).
  forgetVerified();
  // Checked before lint, which writes its cache: a build that cannot run writes nothing at all.
  const loadOptions: Parameters<typeof loadConfig>[0] = { cwd };
  if (options.configFile) loadOptions.configFile = options.configFile;
  if (options.config) loadOptions.overrides = options.config;
  const preConfig = loadConfig(loadOptions);
  // After the config: a host it defines (`customHosts`) is known from here on.
  for (const h of options.hosts ?? []) if (!getHost(h)) throw new UsageError(unknownHostMessage(h, 'in --host'));
  const found = discover([], preConfig, cwd);
  if (found.dirs.length === 0) throw new UsageError(`no skills found in ${found.searched.join(', ')} (a skill is a folder holding a SKILL.md); nothing built`);
  const outDir = options.out ? path.resolve(cwd, options.out) : preConfig.out;
  // A bad --out or --host is a usage error; the same mistake in the config file is a config error.
  const fail = (message: string, fromOption: boolean): never => {
    throw fromOption ? new UsageError(message) : new ConfigError(message, preConfig.file);
  };
  const shownOut = path.relative(cwd, outDir).split(path.sep).join('/') || '.';
  if (!isInside(outDir, preConfig.root) || outDir === preConfig.root) fail(`output folder ${shownOut} must be a folder inside the project (${preConfig.root})`, !!options.out);
  if (isInside(preConfig.sources, outDir) || isInside(outDir, preConfig.sources)) fail(`output folder ${shownOut} overlaps the sources ${path.relative(cwd, preConfig.sources).split(path.sep).join('/') || '.'}`, !!options.out);
  const lintResult = await lint(lintOptions);
  const config = lintResult.config;
  const hostIds = options.hosts?.length ? [...new Set(options.hosts)] : config.hosts;
  const hosts = hostIds.map((h): HostProfile => getHost(h)!);

  const diagnostics: Diagnostic[] = lintResult.files.flatMap((f) => f.messages);
  const result: BuildResult = { diagnostics, lint: lintResult, outDir, hosts: hostIds, files: [], written: false, carried: [], errorCount: lintResult.errorCount, warningCount: lintResult.warningCount };
  if (lintResult.errorCount || lintResult.internalErrors) return result;

  const files: OutputFile[] = [];
  const problems: BuildProblem[] = [];
  const entries: CatalogEntry[] = [];
  const perHost = new Map<string, string[]>(hostIds.map((h) => [h, []]));
  // A build killed mid-write left a journal or a tree beside the output folder: put it right before anything reads the folder.
  if (!options.check) recoverInterruptedSwap(outDir);
  const cache = incremental ? BuildCache.open(buildCacheFile(config, outDir, options.cacheLocation), sha256(JSON.stringify({ v: lintResult.config, outDir, hostIds, version: process.version })), outDir, options.session) : undefined;
  // The last build's records (before this one's replace them): their skill output folders are replaced or removed whole.
  const lastRecords = cache?.records() ?? [];
  const parsed = new Map((lintResult.skills ?? []).map((s) => [s.dir, s]));
  // Without a cache the parsed skills are the list; with one, the summaries are (cached skills were not parsed).
  const order: string[] = cache ? (lintResult.summaries ?? []).map((s) => s.dir) : (lintResult.skills ?? []).map((s) => s.dir);
  const reusedFiles = new Set<string>();
  let reusedSkills = 0;
  const kept: Skill[] = [];
  for (const dir of order) {
    const again = cache?.reuse(dir);
    if (again) {
      reusedSkills++;
      files.push(...again.files);
      for (const f of again.files) reusedFiles.add(f.path);
      problems.push(...again.record.problems);
      for (const h of again.record.hosts) perHost.get(h)?.push(again.record.name);
      entries.push(again.record.entry);
      continue;
    }
    const skill = parsed.get(dir) ?? readSkill(dir);
    if (!parsed.has(dir)) kept.push(skill);
    const firstProblem = problems.length;
    const prepared = prepareSkill(skill, config.sources, { contracts: config.contracts });
    problems.push(...prepared.problems, ...expandedBudgetProblems(prepared, config, hosts));
    const declared = Array.isArray(skill.skillc?.targets) ? (skill.skillc.targets as unknown[]).filter((t): t is string => typeof t === 'string') : undefined;
    const targets = hosts.filter((h) => !declared || declared.includes(h.id));
    const label = path.relative(config.root, skill.file.path).split(path.sep).join('/');
    const skillFiles: OutputFile[] = [];
    for (const host of targets) {
      const emitted = emitSkill(prepared, host, label, config.banner, config.outputs);
      skillFiles.push(...emitted.files);
      problems.push(...emitted.problems);
      perHost.get(host.id)!.push(prepared.name);
    }
    files.push(...skillFiles);
    const requires = Array.isArray(skill.skillc?.requires) ? (skill.skillc.requires as unknown[]).filter((r): r is string => typeof r === 'string') : [];
    const effects = Array.isArray(skill.skillc?.effects) ? (skill.skillc.effects as unknown[]).filter((r): r is string => typeof r === 'string') : [];
    entries.push({
      name: prepared.name,
      description: skill.description ?? '',
      hosts: targets.map((h) => h.id),
      requires,
      invocation: skill.skillc?.invocation === 'manual' ? 'manual' : 'auto',
      effects,
      artifacts: artifactSchemas(skill),
      source: path.relative(config.root, skill.dir).split(path.sep).join('/'),
      sourceHash: prepared.sourceHash,
      outputHash: hashFiles(skillFiles),
    });
    cache?.record(dir, prepared.sourceFiles, skillFiles, { problems: problems.slice(firstProblem), entry: entries[entries.length - 1]!, hosts: targets.map((h) => h.id), name: prepared.name });
  }
  if (cache) {
    result.reused = reusedSkills;
    lintResult.skills = [...(lintResult.skills ?? []), ...kept];
  }
  for (const host of hosts) files.push(...hostManifests(host, config.plugin, perHost.get(host.id)!, config.outputs));
  entries.sort((a, b) => (a.name < b.name ? -1 : 1));
  files.push(catalogJson(entries));
  // catalog.ts is text; the compiler (ts-morph and TypeScript) loads only for a text not checked before.
  const catalogTs: OutputFile = { path: 'catalog.ts', data: Buffer.from(catalogText(entries)), mode: 0o644 };
  let onDisk: Buffer | undefined;
  try {
    // Only a regular file of the same size can be the same bytes (never read a FIFO or a huge file).
    const p = path.join(outDir, 'catalog.ts');
    const st = fs.lstatSync(p);
    if (st.isFile() && st.size === catalogTs.data.length) onDisk = fs.readFileSync(p);
  } catch {
    // not built yet
  }
  const typeErrors = await catalogTypeErrors(catalogTs.data.toString('utf8'), { cacheDir: cacheFolder(config, options.cacheLocation), record: !options.check, ...(onDisk ? { onDisk } : {}) });
  files.push(catalogTs);
  for (const e of typeErrors) problems.push({ severity: 'error', ruleId: 'build/catalog-type', file: path.join(outDir, 'catalog.ts'), message: `Unexpected type error in the emitted catalog: ${e}` });

  const unsorted = [...files];
  if (sortByPath(files)) {
    const seen = new Set<string>();
    for (const f of unsorted) {
      if (seen.has(f.path)) problems.push({ severity: 'error', ruleId: 'build/output-clash', file: path.join(outDir, f.path), message: `Unexpected two outputs for \`${f.path}\`` });
      seen.add(f.path);
    }
  }
  files.push(manifestFile(files, cache?.manifestLines));
  result.files = files;
  // A problem of the source (a bad include, an unreadable file) is met once per host: report it once.
  const reported = new Set<string>();
  const unique = problems.filter((p) => {
    const key = JSON.stringify([p.file, p.ruleId, p.message, p.range?.start.line, p.range?.start.column]);
    if (reported.has(key)) return false;
    reported.add(key);
    return true;
  });
  diagnostics.push(...unique.map(toDiagnostic));
  result.errorCount += unique.filter((p) => p.severity === 'error').length;
  result.warningCount += unique.filter((p) => p.severity === 'warning').length;
  if (result.errorCount) return result;

  if (options.check) {
    result.drift = fs.existsSync(outDir) ? compareOutput(outDir, files) : { changed: [], missing: files.map((f) => f.path), extra: [] };
    return result;
  }
  const hooks = options.beforeSwap ? { beforeSwap: options.beforeSwap } : {};
  if (cache) {
    cache.save(order);
    const previous = cache.previous;
    const plan = planOutput(outDir, files, reusedFiles, previous.manifest, previous.bytes);
    // Up to date: nothing is written (and nothing carried).
    if (!plan.changed.length && !plan.removed.length && !plan.manifest) {
      cache.recordsCurrent();
      return result;
    }
    const folders = cache.outputFolders(lastRecords, config.outputs);
    for (const host of hosts) for (const name of perHost.get(host.id)!) folders.add(skillOutputDir(host, name, config.outputs));
    const groups = groupPlan(plan, files, folders);
    // A few skills changed: their folders are replaced in place (see patch.ts for the atomicity this trades).
    // Most of the tree changed, or there is no last build to update: a whole new tree is swapped in.
    if (previous.manifest && groups.folders.size * 2 <= folders.size) {
      result.carried = writeOutputUpdate(outDir, groups, files[files.length - 1]!, previous.manifest, { ...hooks, deferCleanup: !!options.session });
    } else {
      result.carried = writeOutputLinking(outDir, files, reusedFiles, hooks);
    }
    cache.wrote(files);
    cache.recordsCurrent();
    result.written = true;
    return result;
  }
  result.carried = writeOutputAtomically(outDir, files, hooks);
  result.written = true;
  return result;
}
