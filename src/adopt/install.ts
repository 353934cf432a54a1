import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { getHost, unknownHostMessage } from '../hosts/index.js';
import { loadConfig } from '../lint/config.js';
import { UsageError } from '../lint/discover.js';

/** The record of what skillc installed in a host's skill folder, beside the skills. */
export const INSTALL_MANIFEST = '.skillc-install.json';

export interface InstallManifest {
  version: 1;
  /** Path relative to the skill folder, with `/` -> what skillc wrote there. */
  files: Record<string, { sha256: string; host: string }>;
}

export type InstallAction =
  /** A new file. */
  | 'install'
  /** A file skillc installed before, unchanged since, replaced by the new build. */
  | 'update'
  /** Already the built content. */
  | 'unchanged'
  /** A file someone changed (or skillc did not write): left as it is. */
  | 'kept-changed'
  /** A file skillc installed that the build no longer has, or (uninstall) any file it installed, unchanged. */
  | 'remove';

export interface InstallStep {
  action: InstallAction;
  /** Path relative to the target folder, with `/`. */
  path: string;
}

export interface InstallOptions {
  cwd?: string;
  configFile?: string;
  host: string;
  /** `user`: $HOME/<layout.user>; `project` (default): <project root>/<layout.project>. */
  scope?: 'project' | 'user';
  dryRun?: boolean;
  uninstall?: boolean;
  /** The home folder for `user` (default: os.homedir(), i.e. $HOME). */
  home?: string;
  /** The build output folder (default: the config's `out`). */
  out?: string;
}

export interface InstallResult {
  host: string;
  /** Absolute path of the host's skill folder. */
  target: string;
  /** Absolute path of the built skills copied from. */
  source: string;
  skills: string[];
  steps: InstallStep[];
  written: boolean;
}

const sha256 = (data: Buffer): string => createHash('sha256').update(data).digest('hex');

function hashOf(file: string): string | undefined {
  try {
    const st = fs.lstatSync(file);
    return st.isFile() ? sha256(fs.readFileSync(file)) : `not-a-file:${st.mode}`;
  } catch {
    return undefined;
  }
}

function listFiles(dir: string, rel = ''): string[] {
  const out: string[] = [];
  for (const e of fs.readdirSync(path.join(dir, rel), { withFileTypes: true })) {
    const r = rel ? `${rel}/${e.name}` : e.name;
    if (e.isDirectory()) out.push(...listFiles(dir, r));
    else if (e.isFile()) out.push(r);
  }
  return out.sort();
}

export function readInstallManifest(target: string): InstallManifest {
  try {
    const m = JSON.parse(fs.readFileSync(path.join(target, INSTALL_MANIFEST), 'utf8')) as InstallManifest;
    if (m?.version === 1 && m.files && typeof m.files === 'object') return m;
  } catch {
    // none yet, or unreadable: nothing is known to be skillc's
  }
  return { version: 1, files: {} };
}

function writeInstallManifest(target: string, manifest: InstallManifest): void {
  const file = path.join(target, INSTALL_MANIFEST);
  const keys = Object.keys(manifest.files).sort();
  if (!keys.length) {
    fs.rmSync(file, { force: true });
    return;
  }
  const sorted: InstallManifest = { version: 1, files: Object.fromEntries(keys.map((k) => [k, manifest.files[k]!])) };
  fs.mkdirSync(target, { recursive: true });
  fs.writeFileSync(file, `${JSON.stringify(sorted, null, 2)}\n`);
}

/** Removes the now-empty folders above a removed file, up to (not including) the target. */
function pruneEmpty(target: string, rel: string): void {
  let dir = path.dirname(path.join(target, rel));
  while (dir !== target && dir.startsWith(target + path.sep)) {
    try {
      fs.rmdirSync(dir);
    } catch {
      return;
    }
    dir = path.dirname(dir);
  }
}

/** Where a host's skills go for a scope. */
export function installTarget(hostId: string, scope: 'project' | 'user', projectRoot: string, home = os.homedir()): string {
  const host = getHost(hostId);
  if (!host) throw new UsageError(unknownHostMessage(hostId, 'in --host'));
  // An upload-only host (claude-upload) has no folder to install into.
  if (!host.layout) throw new UsageError(`host '${hostId}' has no install folder: ${host.displayName} skills are uploaded (zip the built generated/${hostId}/<skill>/ folder), not installed`);
  return scope === 'user' ? path.join(home, host.layout.user) : path.join(projectRoot, host.layout.project);
}

/**
 * `skillc install`: copies the built skills of one host (generated/<host>/<skillsDir>/<name>/)
 * into the host's skill folder, recording each file's sha256 in `.skillc-install.json`.
 * A file that differs from what skillc installed (or that skillc did not install) is
 * never overwritten or removed: it is reported as `kept-changed`.
 */
export function install(options: InstallOptions): InstallResult {
  const cwd = path.resolve(options.cwd ?? process.cwd());
  const config = loadConfig(options.configFile ? { cwd, configFile: options.configFile } : { cwd });
  const host = getHost(options.host);
  if (!host) throw new UsageError(unknownHostMessage(options.host, 'in --host'));
  const target = installTarget(host.id, options.scope ?? 'project', config.root, options.home);
  const out = options.out ? path.resolve(cwd, options.out) : config.out;
  const source = path.join(out, host.id, host.emit.skillsDir);
  const manifest = readInstallManifest(target);
  const steps: InstallStep[] = [];
  const result: InstallResult = { host: host.id, target, source, skills: [], steps, written: false };

  // What the build holds: every skill folder (one with a SKILL.md) of the host's tree.
  const wanted = new Map<string, string>();
  if (!options.uninstall) {
    if (!fs.existsSync(source)) throw new UsageError(`no built skills for ${host.id} in ${path.relative(cwd, source) || '.'}; run \`skillc build\` first`);
    for (const e of fs.readdirSync(source, { withFileTypes: true })) {
      if (!e.isDirectory() || !fs.existsSync(path.join(source, e.name, 'SKILL.md'))) continue;
      result.skills.push(e.name);
      for (const f of listFiles(path.join(source, e.name))) wanted.set(`${e.name}/${f}`, path.join(source, e.name, f));
    }
    result.skills.sort();
  }

  const next: InstallManifest = { version: 1, files: { ...manifest.files } };
  const copies: { from: string; to: string; rel: string }[] = [];
  const removals: string[] = [];
  for (const [rel, from] of wanted) {
    const data = fs.readFileSync(from);
    const want = sha256(data);
    const have = hashOf(path.join(target, rel));
    const recorded = manifest.files[rel]?.sha256;
    if (have === undefined) steps.push({ action: 'install', path: rel });
    else if (have === want) steps.push({ action: 'unchanged', path: rel });
    else if (recorded !== undefined && have === recorded) steps.push({ action: 'update', path: rel });
    else {
      steps.push({ action: 'kept-changed', path: rel });
      continue;
    }
    if (have !== want) copies.push({ from, to: path.join(target, rel), rel });
    next.files[rel] = { sha256: want, host: host.id };
  }
  // Files skillc installed that this build does not have (all of them, for --uninstall).
  for (const [rel, entry] of Object.entries(manifest.files)) {
    if (wanted.has(rel)) continue;
    if (entry.host !== host.id) continue;
    const have = hashOf(path.join(target, rel));
    if (have === undefined) delete next.files[rel];
    else if (have === entry.sha256) {
      steps.push({ action: 'remove', path: rel });
      removals.push(rel);
      delete next.files[rel];
    } else {
      steps.push({ action: 'kept-changed', path: rel });
      // Left in place and no longer skillc's: a later install reports it rather than replacing it.
      delete next.files[rel];
    }
  }
  steps.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  if (options.dryRun) return result;

  for (const c of copies) {
    fs.mkdirSync(path.dirname(c.to), { recursive: true });
    const tmp = `${c.to}.skillc-tmp-${process.pid}`;
    fs.copyFileSync(c.from, tmp);
    fs.chmodSync(tmp, fs.statSync(c.from).mode & 0o777);
    fs.renameSync(tmp, c.to);
  }
  for (const rel of removals) {
    fs.rmSync(path.join(target, rel), { force: true });
    pruneEmpty(target, rel);
  }
  writeInstallManifest(target, next);
  if (fs.existsSync(target) && fs.readdirSync(target).length === 0 && options.uninstall) fs.rmdirSync(target);
  result.written = true;
  return result;
}
