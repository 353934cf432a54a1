import path from 'node:path';
import { getHost, type HostProfile, unknownHostMessage } from '../hosts/index.js';
import { loadConfig, type ResolvedConfig, type SkillcConfig } from '../config/config.js';
import { discoverSkills, UsageError } from '../config/discover.js';
import type { Skill } from '../model/skill.js';
import { readSkill } from '../parse/skill.js';
import { hostListing, type HostListing } from '../analysis/budget.js';
import { buildGraph, type SkillGraph } from '../analysis/graph.js';
import { lint } from '../lint/engine.js';
import { catalogPicture, type CatalogPicture, type PictureFinding } from './render/model.js';

export interface CatalogOptions {
  cwd?: string;
  /** Skill folders or folders of skills; default the config's sources. */
  paths?: string[];
  configFile?: string;
  config?: SkillcConfig;
  /** A config already resolved: used as it is, no config file is looked for (a rehearsal's built-in `catalog`). */
  resolved?: ResolvedConfig;
  /** Hosts; default the config's. */
  hosts?: string[];
  /** Context window in tokens; default the config's `contextTokens` (200,000). 0: unknown. */
  contextTokens?: number;
}

export interface LoadedCatalog {
  cwd: string;
  config: ResolvedConfig;
  skills: Skill[];
  hosts: HostProfile[];
  contextTokens: number;
}

/** Reads a catalog: the config, every skill under the paths, the hosts. */
export function loadCatalog(options: CatalogOptions = {}): LoadedCatalog {
  const cwd = path.resolve(options.cwd ?? process.cwd());
  const load: Parameters<typeof loadConfig>[0] = { cwd };
  if (options.configFile) load.configFile = options.configFile;
  if (options.config) load.overrides = options.config;
  const config = options.resolved ?? loadConfig(load);
  const ids = options.hosts?.length ? options.hosts : config.hosts;
  const hosts = ids.map((id) => {
    const host = getHost(id, config.hostTable);
    if (!host) throw new UsageError(unknownHostMessage(id, 'in --host', config.hostTable));
    return host;
  });
  const skills = discoverSkills(options.paths ?? [], config, cwd).map((dir) => readSkill(dir));
  return { cwd, config, skills, hosts, contextTokens: options.contextTokens ?? config.contextTokens };
}

/** The skill graph of a catalog (API of `skillc graph --format json`, without the hosts). */
export function catalogGraph(options: CatalogOptions = {}): SkillGraph {
  return buildGraph(loadCatalog(options).skills);
}

/** The catalog drawn: graph, hosts and budgets, ready for a renderer. Paths are relative to `cwd`. */
export function catalogReport(options: CatalogOptions = {}): CatalogPicture {
  const c = loadCatalog(options);
  const picture = catalogPicture(c.skills, c.hosts, c.contextTokens);
  picture.root = path.relative(c.cwd, picture.root).split(path.sep).join('/') || '.';
  return picture;
}

/** What each host would list (API of `skillc catalog --host`). */
export function catalogListings(options: CatalogOptions = {}): HostListing[] {
  const c = loadCatalog(options);
  return c.hosts.map((h) => hostListing(c.skills, h, c.contextTokens));
}

/**
 * Lints the catalog and files each finding under the skill whose folder holds
 * it (the HTML view shows them for the selected skill). `picture` must come
 * from `catalogReport` with the same options.
 */
export async function attachFindings(picture: CatalogPicture, options: CatalogOptions = {}): Promise<CatalogPicture> {
  const cwd = path.resolve(options.cwd ?? process.cwd());
  const run: Parameters<typeof lint>[0] = { cwd };
  if (options.paths?.length) run.paths = options.paths;
  if (options.configFile) run.configFile = options.configFile;
  if (options.config) run.config = options.config;
  if (options.hosts?.length) run.hosts = options.hosts;
  const result = await lint(run);
  const dirs = picture.nodes.filter((nd) => nd.kind === 'skill').map((nd) => ({ nd, dir: path.resolve(cwd, picture.root, nd.path) })).sort((a, b) => b.dir.length - a.dir.length);
  for (const { nd } of dirs) nd.findings = [];
  for (const file of result.files) {
    const owner = dirs.find(({ dir }) => file.path === dir || file.path.startsWith(dir + path.sep));
    if (!owner) continue;
    for (const d of file.messages) {
      const finding: PictureFinding = { ruleId: d.ruleId, severity: d.severity, message: d.message, file: path.relative(owner.dir, d.file).split(path.sep).join('/') || '.', line: d.line };
      owner.nd.findings!.push(finding);
    }
  }
  return picture;
}
