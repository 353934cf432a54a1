import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { hostOutputRoot } from '../build/emit-skill.js';
import { BUILT_IN_HOSTS, getHost, type HostTable, unknownHostMessage } from '../hosts/index.js';
import { loadConfig } from '../config/config.js';
import { INSTALL_MANIFEST, UsageError } from '../config/discover.js';
import { sha256 } from '../core/hash.js';
import { otherInstallerSkills } from './skills-lock.js';

/** The record of what skillc installed in a host's skill folder, beside the skills (discovery passes over such folders). */
export { INSTALL_MANIFEST };

export interface InstallManifest {
  version: 1;
  /**
   * Path relative to the skill folder, with `/` -> what skillc wrote there and for which hosts:
   * two hosts may share a folder (agentskills and codex: `.agents/skills`), and a file both built
   * alike belongs to both until each is uninstalled. (Records of skillc 0.1 name one `host`.)
   */
  files: Record<string, InstallRecord>;
}

export interface InstallRecord {
  sha256: string;
  hosts: string[];
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
  /** An unchanged file skillc would remove, kept because another file of its skill was changed (the skill stays whole). */
  | 'kept-with-skill'
  /** A file skillc installed that the build no longer has, or (uninstall) any file it installed, unchanged. */
  | 'remove'
  /** A file this host no longer needs that another host sharing the folder installed too: left for it (`because`: those hosts). */
  | 'kept-shared'
  /** A skill another host sharing the folder installed with other content: left whole as that host wrote it (`because`: those hosts). */
  | 'kept-other-host'
  /** A skill another installer put there (`npx skills`, recorded in its skills-lock.json): never taken over, written or removed. */
  | 'kept-other-installer';

export interface InstallStep {
  action: InstallAction;
  /** Path relative to the target folder, with `/`. */
  path: string;
  /** For `kept-with-skill`: the changed file of the same skill that keeps it; for `kept-shared` and `kept-other-host`: the other hosts, comma-separated; for `kept-other-installer`: the lock file. */
  because?: string;
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
  /** The environment a host's home variable is read from (`CLAUDE_CONFIG_DIR`, `CODEX_HOME`; default process.env). */
  env?: Readonly<Record<string, string | undefined>>;
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

/** Largest `.skillc-install.json` read: a record of a few thousand files is far smaller. */
const MAX_MANIFEST_BYTES = 8 * 1024 * 1024;
const SHA256 = /^[0-9a-f]{64}$/;

/**
 * Why `rel` (a manifest key, `/`-separated) is not a plain path to a file of a skill inside the
 * target, or undefined. The project-scope manifest ships with any cloned repository: its keys
 * are hostile input (`../../victim.txt`, `/etc/x`, `a/./b`).
 */
export function unsafeInstallPath(rel: string): string | undefined {
  if (rel.length === 0 || rel.length > 4096) return 'an empty or overlong path';
  if (/[\0\\]/.test(rel)) return 'a NUL or a backslash';
  if (rel.startsWith('/') || /^[A-Za-z]:/.test(rel)) return 'an absolute path';
  const parts = rel.split('/');
  if (parts.some((p) => p === '' || p === '.' || p === '..')) return 'an empty, `.` or `..` segment';
  if (parts.length < 2) return 'no skill folder (expected <skill>/<file>)';
  return undefined;
}

/**
 * Reads the install record of `target`. Throws a UsageError when it is a link or not a file,
 * or when an entry is not a safe `<skill>/<file>` path with a sha256 and a host: nothing is
 * installed or removed on the word of a record that could point outside the folder.
 */
export function readInstallManifest(target: string): InstallManifest {
  const file = path.join(target, INSTALL_MANIFEST);
  let st: fs.Stats;
  try {
    st = fs.lstatSync(file);
  } catch {
    return { version: 1, files: {} };
  }
  if (!st.isFile()) throw new UsageError(`${file} is ${st.isSymbolicLink() ? 'a symbolic link' : 'not a regular file'}; refusing to read or replace it (remove it to start afresh)`);
  if (st.size > MAX_MANIFEST_BYTES) throw new UsageError(`${file} is ${st.size} bytes, expected at most ${MAX_MANIFEST_BYTES}; refusing to use it (remove it to start afresh)`);
  let m: unknown;
  try {
    m = JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch {
    // Unreadable: nothing is known to be skillc's, so nothing is removed and every file present is kept.
    return { version: 1, files: {} };
  }
  const files = (m as { version?: unknown; files?: unknown } | null)?.files;
  if ((m as { version?: unknown } | null)?.version !== 1 || !files || typeof files !== 'object' || Array.isArray(files)) return { version: 1, files: {} };
  const bad: string[] = [];
  const records: Record<string, InstallRecord> = {};
  for (const [rel, entry] of Object.entries(files as Record<string, unknown>)) {
    const why = unsafeInstallPath(rel);
    const hosts = hostsOfRecord(entry);
    if (why) bad.push(`${JSON.stringify(rel)}: ${why}`);
    else if (!hosts || typeof (entry as { sha256?: unknown }).sha256 !== 'string' || !SHA256.test((entry as { sha256: string }).sha256)) bad.push(`${JSON.stringify(rel)}: expected { "sha256": <64 hex digits>, "hosts": [<id>, ...] }`);
    else records[rel] = { sha256: (entry as { sha256: string }).sha256, hosts };
  }
  if (bad.length) {
    throw new UsageError(`${file} has ${bad.length} entr${bad.length === 1 ? 'y' : 'ies'} skillc cannot trust; nothing was changed:\n${bad.slice(0, 10).map((b) => `  ${b}`).join('\n')}${bad.length > 10 ? `\n  ... ${bad.length - 10} more` : ''}\nRemove ${INSTALL_MANIFEST} (skillc then keeps every file it finds) or fix those entries.`);
  }
  return { version: 1, files: records };
}

/** The hosts of a record: `hosts` (a non-empty list of ids), or the one `host` skillc 0.1 wrote; undefined when neither is well formed. */
function hostsOfRecord(entry: unknown): string[] | undefined {
  if (!entry || typeof entry !== 'object') return undefined;
  const { host, hosts } = entry as { host?: unknown; hosts?: unknown };
  if (Array.isArray(hosts) && hosts.length > 0 && hosts.length <= 64 && hosts.every((h) => typeof h === 'string' && h.length > 0 && h.length <= 64)) return [...new Set(hosts as string[])].sort();
  if (hosts === undefined && typeof host === 'string' && host.length > 0 && host.length <= 64) return [host];
  return undefined;
}

/**
 * The first thing on the way from `root` down to `abs` that skillc must not go through: a
 * symbolic link (a committed `.claude/skills/x/references -> /outside` would redirect writes
 * and deletes) or a file where a folder is needed. `abs` itself is not checked: a link or a
 * folder there is never written through (it is `kept-changed`). Components that do not exist
 * yet are created by skillc as folders.
 */
function blockedPath(root: string, abs: string): string | undefined {
  const rel = path.relative(root, abs);
  if (!rel || rel.startsWith('..') || path.isAbsolute(rel)) return `${abs} is outside ${root}`;
  const parts = rel.split(path.sep);
  let cur = root;
  for (const part of parts.slice(0, -1)) {
    cur = path.join(cur, part);
    let st: fs.Stats;
    try {
      st = fs.lstatSync(cur);
    } catch {
      return undefined;
    }
    if (st.isSymbolicLink()) return `${cur} is a symbolic link`;
    if (!st.isDirectory()) return `${cur} is not a folder`;
  }
  return undefined;
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
  writeFileAtomic(file, (tmp) => fs.writeFileSync(tmp, `${JSON.stringify(sorted, null, 2)}\n`, { flag: 'wx' }));
}

/** Writes through a fresh sibling (created exclusively, so a planted link there is not followed) renamed over `file`. */
function writeFileAtomic(file: string, write: (tmp: string) => void): void {
  const tmp = `${file}.skillc-tmp-${process.pid}`;
  fs.rmSync(tmp, { force: true });
  try {
    write(tmp);
    fs.renameSync(tmp, file);
  } catch (error) {
    fs.rmSync(tmp, { force: true });
    throw error;
  }
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

/**
 * Where a host's skills go for a scope. For `user`, a host whose home folder an environment
 * variable moves (Claude Code's CLAUDE_CONFIG_DIR, Codex's CODEX_HOME, as the hosts and
 * `npx skills` read them) installs under that folder when the variable is set and not empty.
 */
export function installTarget(hostId: string, scope: 'project' | 'user', projectRoot: string, home = os.homedir(), hosts: HostTable = BUILT_IN_HOSTS, env: Readonly<Record<string, string | undefined>> = process.env): string {
  const host = getHost(hostId, hosts);
  if (!host) throw new UsageError(unknownHostMessage(hostId, 'in --host', hosts));
  // An upload-only host (claude-upload) has no folder to install into.
  if (!host.layout) throw new UsageError(`host '${hostId}' has no install folder: ${host.displayName} skills are uploaded (zip the built generated/${hostId}/<skill>/ folder), not installed`);
  if (scope === 'project') return path.join(projectRoot, host.layout.project);
  const variable = host.layout.userHomeVariable;
  const moved = variable ? env[variable.name]?.trim() : undefined;
  if (variable && moved) {
    const below = path.relative(variable.replaces, host.layout.user);
    return path.resolve(moved, below);
  }
  return path.join(home, host.layout.user);
}

/** Skill folders two or more of `hostIds` install into (agentskills and codex: `.agents/skills` in a project), by scope. */
export function sharedInstallFolders(hostIds: readonly string[], hosts: HostTable): { scope: 'project' | 'user'; folder: string; hosts: string[] }[] {
  const shared: { scope: 'project' | 'user'; folder: string; hosts: string[] }[] = [];
  for (const scope of ['project', 'user'] as const) {
    const byFolder = new Map<string, string[]>();
    for (const id of hostIds) {
      const layout = getHost(id, hosts)?.layout;
      if (!layout) continue;
      const folder = layout[scope];
      byFolder.set(folder, [...(byFolder.get(folder) ?? []), id]);
    }
    for (const [folder, ids] of byFolder) if (ids.length > 1) shared.push({ scope, folder, hosts: ids });
  }
  return shared;
}

/**
 * `skillc install`: copies the built skills of one host (generated/<host>/<skillsDir>/<name>/, or
 * the config's `outputs.<host>` in place of `<host>`)
 * into the host's skill folder, recording each file's sha256 in `.skillc-install.json`.
 * A file that differs from what skillc installed (or that skillc did not install) is
 * never overwritten or removed: it is reported as `kept-changed`.
 */
export function install(options: InstallOptions): InstallResult {
  const cwd = path.resolve(options.cwd ?? process.cwd());
  const config = loadConfig(options.configFile ? { cwd, configFile: options.configFile } : { cwd });
  const host = getHost(options.host, config.hostTable);
  if (!host) throw new UsageError(unknownHostMessage(options.host, 'in --host', config.hostTable));
  const scope = options.scope ?? 'project';
  const target = installTarget(host.id, scope, config.root, options.home, config.hostTable, options.env);
  const out = options.out ? path.resolve(cwd, options.out) : config.out;
  // The host's tree where the build wrote it: the config's `outputs.<host>`, else the host id.
  const source = path.join(out, hostOutputRoot(host, config.outputs), host.emit.skillsDir);
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

  // No write or delete may go through a link or leave the install root: the project for
  // project scope (`.claude` itself may be a committed link), the target for user scope (whose
  // parents are the user's own). Files behind a link are not even read (hashed).
  const root = (options.scope ?? 'project') === 'project' ? config.root : target;
  const blocked = new Set<string>();
  const reachable = (rel: string): boolean => {
    const why = blockedPath(root, path.join(target, rel));
    if (why) blocked.add(why);
    return !why;
  };
  const next: InstallManifest = { version: 1, files: { ...manifest.files } };
  const copies: { from: string; to: string; rel: string }[] = [];
  const removals: string[] = [];
  const skillOf = (rel: string): string => rel.slice(0, rel.indexOf('/'));
  // Skills another installer keeps here (npx skills' lock file) that skillc never installed: not ours to take over.
  const locked = otherInstallerSkills(scope, config.root, options.home ?? os.homedir(), options.env ?? process.env);
  const recordedSkills = new Set(Object.keys(manifest.files).map(skillOf));
  // A skill another host sharing this folder installed with other content stays as that host wrote it, whole.
  const otherHosts = new Map<string, string[]>();
  const planned: { rel: string; from: string; want: string; have: string | undefined; action: InstallAction }[] = [];
  for (const [rel, from] of wanted) {
    if (!reachable(rel)) continue;
    const want = sha256(fs.readFileSync(from));
    const have = hashOf(path.join(target, rel));
    const record = manifest.files[rel];
    let action: InstallAction;
    if (have === want) action = 'unchanged';
    else if (have === undefined) action = 'install';
    else if (record !== undefined && have === record.sha256) {
      const others = record.hosts.filter((h) => h !== host.id);
      if (others.length) otherHosts.set(skillOf(rel), others);
      action = 'update';
    } else action = 'kept-changed';
    planned.push({ rel, from, want, have, action });
  }
  for (const p of planned) {
    const skill = skillOf(p.rel);
    const lockFile = locked.get(skill);
    if (lockFile !== undefined && !recordedSkills.has(skill)) {
      steps.push({ action: 'kept-other-installer', path: p.rel, because: lockFile });
      continue;
    }
    const others = otherHosts.get(skill);
    if (others && p.action !== 'kept-changed') {
      steps.push({ action: 'kept-other-host', path: p.rel, because: others.join(', ') });
      continue;
    }
    steps.push({ action: p.action, path: p.rel });
    if (p.action === 'kept-changed') continue;
    if (p.have !== p.want) copies.push({ from: p.from, to: path.join(target, p.rel), rel: p.rel });
    // Content both hosts built alike belongs to both; new content belongs to this host alone.
    const before = p.action === 'unchanged' ? (manifest.files[p.rel]?.hosts ?? []) : [];
    next.files[p.rel] = { sha256: p.want, hosts: [...new Set([...before, host.id])].sort() };
  }
  // Files skillc installed for this host that this build does not have (all of them, for --uninstall).
  // One another host sharing the folder also installed stays, recorded for that host only.
  // A skill leaves as a whole or not at all: when one of its files was changed, that file and
  // the skill's other files stay, with their records, so the skill never points at deleted
  // files and a later uninstall (after the change is undone) can still remove it.
  const stale = new Map<string, { rel: string; changed: boolean }[]>();
  for (const [rel, entry] of Object.entries(manifest.files)) {
    if (wanted.has(rel) || !entry.hosts.includes(host.id) || !reachable(rel)) continue;
    const have = hashOf(path.join(target, rel));
    if (have === undefined) {
      delete next.files[rel];
      continue;
    }
    const others = entry.hosts.filter((h) => h !== host.id);
    if (others.length) {
      steps.push({ action: 'kept-shared', path: rel, because: others.join(', ') });
      next.files[rel] = { sha256: entry.sha256, hosts: others };
      continue;
    }
    const skill = skillOf(rel);
    const list = stale.get(skill) ?? [];
    list.push({ rel, changed: have !== entry.sha256 });
    stale.set(skill, list);
  }
  for (const [skill, list] of stale) {
    const changed = list.find((f) => f.changed);
    // A skill still in the build stays whole without its stale files.
    const keepWhole = changed !== undefined && !result.skills.includes(skill);
    for (const f of list) {
      if (f.changed) steps.push({ action: 'kept-changed', path: f.rel });
      else if (keepWhole) steps.push({ action: 'kept-with-skill', path: f.rel, because: changed.rel });
      else {
        steps.push({ action: 'remove', path: f.rel });
        removals.push(f.rel);
        delete next.files[f.rel];
      }
    }
  }
  steps.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));

  // The whole plan is checked before anything is touched.
  for (const abs of [path.join(target, INSTALL_MANIFEST), ...copies.map((c) => c.to), ...removals.map((r) => path.join(target, r))]) {
    const why = blockedPath(root, abs);
    if (why) blocked.add(why);
  }
  if (blocked.size) {
    const list = [...blocked].sort();
    throw new UsageError(`refusing to install into ${target}: skillc does not write or delete through links or outside the folder; nothing was changed:\n${list.slice(0, 10).map((b) => `  ${b}`).join('\n')}${list.length > 10 ? `\n  ... ${list.length - 10} more` : ''}`);
  }
  if (options.dryRun) return result;

  for (const c of copies) {
    fs.mkdirSync(path.dirname(c.to), { recursive: true });
    const mode = fs.statSync(c.from).mode & 0o777;
    writeFileAtomic(c.to, (tmp) => {
      fs.copyFileSync(c.from, tmp, fs.constants.COPYFILE_EXCL);
      fs.chmodSync(tmp, mode);
    });
  }
  for (const rel of removals) {
    // Checked above to be a regular file reached without links; rmSync on a link would remove the link only.
    fs.rmSync(path.join(target, rel), { force: true });
    pruneEmpty(target, rel);
  }
  writeInstallManifest(target, next);
  if (fs.existsSync(target) && fs.readdirSync(target).length === 0 && options.uninstall) fs.rmdirSync(target);
  result.written = true;
  return result;
}
