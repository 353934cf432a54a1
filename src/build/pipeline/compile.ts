// Build stage, compile: each skill expanded and emitted for its hosts, or its last outputs reused (incremental builds).
import path from 'node:path';
import type { HostProfile } from '../../hosts/index.js';
import type { ResolvedConfig } from '../../config/config.js';
import type { LintResult } from '../../lint/engine.js';
import type { Skill } from '../../model/skill.js';
import { readSkill } from '../../parse/skill.js';
import { artifactSchemas } from '../../analysis/artifacts.js';
import { expandedBudgetProblems } from '../budgets.js';
import { hashFiles, type CatalogEntry } from '../catalog.js';
import { emitSkill, prepareSkill, type BuildProblem, type OutputFile } from '../emit-skill.js';
import type { BuildCache } from '../incremental.js';
import { skillcBlock, targetHosts } from '../../model/skillc-block.js';

/** What the build has made so far: the output files, its problems, the catalog entries, the skills per host. */
export interface Compiled {
  files: OutputFile[];
  problems: BuildProblem[];
  entries: CatalogEntry[];
  /** Skill names by host id. */
  perHost: Map<string, string[]>;
  /** Skill folders in build order. */
  order: string[];
  /** Output paths reused from the last build. */
  reusedFiles: Set<string>;
  reused: number;
  /** Skills read here (cached by lint, so not parsed there). */
  kept: Skill[];
}

export function compileSkills(lintResult: LintResult, config: ResolvedConfig, hosts: readonly HostProfile[], cache: BuildCache | undefined): Compiled {
  const parsed = new Map((lintResult.skills ?? []).map((s) => [s.dir, s]));
  // Without a cache the parsed skills are the list; with one, the summaries are (cached skills were not parsed).
  const order: string[] = cache ? (lintResult.summaries ?? []).map((s) => s.dir) : (lintResult.skills ?? []).map((s) => s.dir);
  const c: Compiled = { files: [], problems: [], entries: [], perHost: new Map(hosts.map((h) => [h.id, []])), order, reusedFiles: new Set(), reused: 0, kept: [] };
  for (const dir of order) {
    const again = cache?.reuse(dir, lintResult.verified);
    if (again) {
      c.reused++;
      c.files.push(...again.files);
      for (const f of again.files) c.reusedFiles.add(f.path);
      c.problems.push(...again.record.problems);
      for (const h of again.record.hosts) c.perHost.get(h)?.push(again.record.name);
      c.entries.push(again.record.entry);
      continue;
    }
    const skill = parsed.get(dir) ?? readSkill(dir);
    if (!parsed.has(dir)) c.kept.push(skill);
    const firstProblem = c.problems.length;
    const prepared = prepareSkill(skill, config.sources, { contracts: config.contracts, artifacts: config.artifacts }, { inCodeFences: config.hostBlocks.inCodeFences });
    c.problems.push(...prepared.problems, ...expandedBudgetProblems(prepared, config, hosts));
    const block = skillcBlock(skill);
    const targets = targetHosts(skill, hosts);
    const label = path.relative(config.root, skill.file.path).split(path.sep).join('/');
    const skillFiles: OutputFile[] = [];
    for (const host of targets) {
      const emitted = emitSkill(prepared, host, label, config.banner, config.outputs);
      skillFiles.push(...emitted.files);
      c.problems.push(...emitted.problems);
      c.perHost.get(host.id)!.push(prepared.name);
    }
    c.files.push(...skillFiles);
    const entry: CatalogEntry = {
      name: prepared.name,
      description: skill.description ?? '',
      hosts: targets.map((h) => h.id),
      requires: [...block.requires],
      invocation: block.invocation,
      effects: [...block.effects],
      artifacts: artifactSchemas(skill, config.artifacts),
      source: path.relative(config.root, skill.dir).split(path.sep).join('/'),
      sourceHash: prepared.sourceHash,
      outputHash: hashFiles(skillFiles),
    };
    c.entries.push(entry);
    cache?.record(dir, prepared.sourceHashes, skillFiles, { problems: c.problems.slice(firstProblem), entry, hosts: targets.map((h) => h.id), name: prepared.name });
  }
  return c;
}
