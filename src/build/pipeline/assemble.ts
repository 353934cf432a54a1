// Build stage, assemble: the files beside the skills (host manifests, catalog.json, the type-checked catalog.ts), sorted, then the output manifest.
import fs from 'node:fs';
import path from 'node:path';
import type { HostProfile } from '../../hosts/index.js';
import type { ResolvedConfig } from '../../config/config.js';
import { catalogText, catalogTypeErrors } from '../catalog-ts.js';
import { catalogJson } from '../catalog.js';
import type { OutputFile } from '../emit-skill.js';
import { cacheFolder, type BuildCache } from '../incremental.js';
import { hostManifests } from '../manifests.js';
import { manifestFile, readManifest, sortByPath } from '../output.js';
import type { Compiled } from './compile.js';
import { lexists } from '../../core/paths.js';

/**
 * The host manifests to write. Without a `plugin` key in the config, one whose file is already in the
 * output folder and not in skillc's manifest is a hand-kept file (hermes-taskflow keeps its
 * plugin.json by hand): it is left alone, as every file skillc did not write is, so the build
 * carries it and `--check` does not compare it. The config's `plugin` says what to write instead.
 */
function manifestsToWrite(files: OutputFile[], config: ResolvedConfig, outDir: string): OutputFile[] {
  if (config.pluginDeclared || !files.length) return files;
  const written = readManifest(outDir)?.files ?? {};
  return files.filter((f) => Object.prototype.hasOwnProperty.call(written, f.path) || !lexists(path.join(outDir, f.path)));
}

export async function assembleOutputs(c: Compiled, config: ResolvedConfig, hosts: readonly HostProfile[], outDir: string, cache: BuildCache | undefined, options: { check?: boolean; cacheLocation?: string }): Promise<void> {
  for (const host of hosts) c.files.push(...manifestsToWrite(hostManifests(host, config.plugin, c.perHost.get(host.id)!, config.outputs), config, outDir));
  c.entries.sort((a, b) => (a.name < b.name ? -1 : 1));
  c.files.push(catalogJson(c.entries));
  // catalog.ts is text; the compiler (ts-morph and TypeScript) loads only for a text not checked before.
  const catalogTs: OutputFile = { path: 'catalog.ts', data: Buffer.from(catalogText(c.entries)), mode: 0o644 };
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
  c.files.push(catalogTs);
  for (const e of typeErrors) c.problems.push({ severity: 'error', ruleId: 'build/catalog-type', file: path.join(outDir, 'catalog.ts'), message: `Unexpected type error in the emitted catalog: ${e}` });

  const unsorted = [...c.files];
  if (sortByPath(c.files)) {
    const seen = new Set<string>();
    for (const f of unsorted) {
      if (seen.has(f.path)) c.problems.push({ severity: 'error', ruleId: 'build/output-clash', file: path.join(outDir, f.path), message: `Unexpected two outputs for \`${f.path}\`` });
      seen.add(f.path);
    }
  }
  c.files.push(manifestFile(c.files, cache?.manifestLines, cache?.canonicalManifest()));
}
