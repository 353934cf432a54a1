// Build stage, write: compare with the output folder (`--check`), or write it: in place for a few
// changed skills, as a whole new tree swapped in otherwise, or not at all when it is up to date.
import fs from 'node:fs';
import type { HostProfile } from '../../hosts/index.js';
import type { ResolvedConfig } from '../../config/config.js';
import { hostOutputRoot, skillOutputDir } from '../emit-skill.js';
import type { BuildCache, SkillRecord } from '../incremental.js';
import { compareOutput, writeOutputAtomically } from '../output.js';
import { groupPlan, planOutput, writeOutputUpdate } from '../patch.js';
import type { BuildOptions, BuildResult } from './types.js';
import type { Compiled } from './compile.js';

/**
 * The folders skillc owns in the output folder, where a file it did not write is drift: all of it
 * when no host is sent elsewhere (`outputs`), else each host tree at its default place. A tree
 * mapped by `outputs` lies inside the project's own layout (hermes-taskflow's packages/, with each
 * package's package.json, sources and hand-kept manifests beside the skills).
 */
export function ownedFolders(config: ResolvedConfig, hosts: readonly HostProfile[]): string[] {
  if (!Object.keys(config.outputs).length) return [''];
  return hosts.filter((h) => !Object.prototype.hasOwnProperty.call(config.outputs, h.id)).map((h) => `${hostOutputRoot(h, config.outputs)}/`);
}

export function writeBuild(result: BuildResult, c: Compiled, config: ResolvedConfig, hosts: readonly HostProfile[], cache: BuildCache | undefined, lastRecords: readonly SkillRecord[], options: BuildOptions): BuildResult {
  const { outDir, files } = result;
  if (options.check) {
    result.drift = fs.existsSync(outDir) ? compareOutput(outDir, files, ownedFolders(config, hosts)) : { changed: [], missing: files.map((f) => f.path), extra: [], foreign: [] };
    return result;
  }
  const hooks = options.beforeSwap ? { beforeSwap: options.beforeSwap } : {};
  if (!cache) {
    result.carried = writeOutputAtomically(outDir, files, hooks);
    result.written = true;
    return result;
  }
  cache.save(c.order);
  const previous = cache.previous;
  const plan = planOutput(outDir, files, c.reusedFiles, previous.manifest, previous.bytes);
  // Up to date: nothing is written (and nothing carried).
  if (!plan.changed.length && !plan.removed.length && !plan.manifest) {
    cache.manifestChecked();
    cache.recordsCurrent();
    return result;
  }
  const folders = cache.outputFolders(lastRecords, config);
  for (const host of hosts) for (const name of c.perHost.get(host.id)!) folders.add(skillOutputDir(host, name, config.outputs));
  const groups = groupPlan(plan, files, folders);
  // A few skills changed: their folders are replaced in place (see patch.ts for the atomicity this trades).
  // Most of the tree changed, or there is no last build to update: a whole new tree is swapped in.
  if (previous.manifest && groups.folders.size * 2 <= folders.size) {
    result.carried = writeOutputUpdate(outDir, groups, files[files.length - 1]!, previous.manifest, { ...hooks, deferCleanup: !!options.session });
  } else {
    result.carried = writeOutputAtomically(outDir, files, hooks, c.reusedFiles);
  }
  cache.wrote(files);
  cache.recordsCurrent();
  result.written = true;
  return result;
}
