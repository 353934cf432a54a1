// Build stage, write: compare with the output folder (`--check`), or write it: in place for a few
// changed skills, as a whole new tree swapped in otherwise, or not at all when it is up to date.
import fs from 'node:fs';
import type { HostProfile } from '../../hosts/index.js';
import type { ResolvedConfig } from '../../config/config.js';
import { skillOutputDir } from '../emit-skill.js';
import type { BuildCache, SkillRecord } from '../incremental.js';
import { compareOutput, writeOutputAtomically } from '../output.js';
import { groupPlan, planOutput, writeOutputUpdate } from '../patch.js';
import type { BuildOptions, BuildResult } from './types.js';
import type { Compiled } from './compile.js';

export function writeBuild(result: BuildResult, c: Compiled, config: ResolvedConfig, hosts: readonly HostProfile[], cache: BuildCache | undefined, lastRecords: readonly SkillRecord[], options: BuildOptions): BuildResult {
  const { outDir, files } = result;
  if (options.check) {
    result.drift = fs.existsSync(outDir) ? compareOutput(outDir, files) : { changed: [], missing: files.map((f) => f.path), extra: [] };
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
