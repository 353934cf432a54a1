import fs from 'node:fs';
import path from 'node:path';
import { isMap, parse as parseYaml, parseDocument, type Document } from 'yaml';
import { SPEC_FIELDS } from '../hosts/agentskills.js';
import { BUILT_IN_HOSTS, getHost, isBuiltInHost, type HostProfile, type HostTable } from '../hosts/index.js';
import { unknownConfiguredHost, loadConfig } from '../config/config.js';
import { UsageError, walkSkillDirs } from '../config/discover.js';
import { LIMITS } from '../parse/limits.js';
import { frontmatterText } from '../parse/frontmatter.js';
import { createFileExclusive, createFolderAtomic } from '../core/atomic-write.js';
import { UnsafePathError } from '../core/errors.js';
import { isInside, lexists, linkOnTheWay, unsafeSegment } from '../core/paths.js';
import { readRegularFile } from '../parse/bundle.js';

export interface ImportOptions {
  cwd?: string;
  /** The tree to import: a folder of skill folders (e.g. .claude/skills) or one skill folder. */
  from: string;
  /** The host the tree was written for; its keys win when several hosts read one. Default: from the folder's layout. */
  host?: string;
  /** Where the sources go (default: the config's sources, else skills-src). */
  to?: string;
  dryRun?: boolean;
}

export interface ImportedSkill {
  name: string;
  /** Absolute source and destination folders. */
  from: string;
  to: string;
  /** `key -> skillc.<host>.key` moves and other changes, for the report. */
  moves: string[];
  /** Keys no known host reads, left where they were (lint reports them). */
  unknown: string[];
  /** Set when the skill was not imported: `exists` (its destination exists), or why it cannot be (a FIFO in it, a frontmatter that does not convert). */
  skipped?: string;
}

export interface ImportResult {
  host: string | undefined;
  to: string;
  skills: ImportedSkill[];
  /**
   * With a host detected or given and no config for the project: the config written (or, with
   * `dryRun`, that would be) so that lint and build run for that host, `{ sources, hosts }`.
   */
  configWritten?: string;
  /** A config exists but does not list the host: the host to add to its `hosts`. */
  configAdvice?: string;
}

const SPEC_KEYS = new Set(Object.keys(SPEC_FIELDS));

/** The host whose project or user layout the folder ends with (`.claude/skills` -> claude). */
export function hostOfFolder(folder: string, hosts: HostTable = BUILT_IN_HOSTS): string | undefined {
  const norm = path.resolve(folder).split(path.sep).join('/');
  for (const host of Object.values(hosts)) {
    if (!host.layout) continue;
    for (const layout of [host.layout.project, host.layout.user]) if (norm.endsWith(`/${layout}`)) return host.id;
  }
  return undefined;
}

/** The host that reads a key the spec does not: the preferred host first, then every host in profile order. */
export function hostForKey(key: string, preferred?: string, hosts: HostTable = BUILT_IN_HOSTS): HostProfile | undefined {
  const first = preferred === undefined ? undefined : getHost(preferred, hosts);
  const order = [...(first ? [first] : []), ...Object.values(hosts)];
  return SPEC_KEYS.has(key) ? undefined : order.find((h) => Object.prototype.hasOwnProperty.call(h.fields, key));
}

function findSkills(root: string): string[] {
  if (fs.existsSync(path.join(root, 'SKILL.md'))) return [root];
  return walkSkillDirs(root).sort();
}

/** The most entries, folder levels and bytes one imported skill may hold: past them it is skipped, before anything is copied. */
const MAX_ENTRIES = LIMITS.maxBundledEntries * 4;
const MAX_DEPTH = 32;
const MAX_BYTES = 1024 * 1024 * 1024;

/** One entry of a skill folder, as `lstat` saw it (links are never followed). */
interface SkillEntry {
  /** Path in the skill folder, with the OS separator. */
  rel: string;
  kind: 'dir' | 'file' | 'link';
  mode: number;
}

/**
 * Every entry of a skill folder (its `.git` left out), checked whole before anything is copied:
 * a FIFO, socket or device (which would block the copy or read a device), more entries, levels
 * or bytes than the limits, or a SKILL.md or agents/openai.yaml that is not a regular file
 * reached without a link, make the skill one to skip (a UsageError with the reason).
 */
function surveySkill(dir: string): SkillEntry[] {
  const out: SkillEntry[] = [];
  let bytes = 0;
  const walk = (abs: string, rel: string, depth: number): void => {
    if (depth > MAX_DEPTH) throw new UsageError(`${rel.split(path.sep).join('/')} is more than ${MAX_DEPTH} folders deep`);
    for (const name of fs.readdirSync(abs).sort()) {
      if (name === '.git') continue;
      if (out.length >= MAX_ENTRIES) throw new UsageError(`the skill holds more than ${MAX_ENTRIES} entries`);
      const p = path.join(abs, name);
      const r = rel ? path.join(rel, name) : name;
      const st = fs.lstatSync(p);
      const shown = r.split(path.sep).join('/');
      if (st.isSymbolicLink()) out.push({ rel: r, kind: 'link', mode: 0 });
      else if (st.isDirectory()) {
        out.push({ rel: r, kind: 'dir', mode: st.mode & 0o777 });
        walk(p, r, depth + 1);
      } else if (st.isFile()) {
        bytes += st.size;
        if (bytes > MAX_BYTES) throw new UsageError(`the skill holds more than ${MAX_BYTES} bytes`);
        out.push({ rel: r, kind: 'file', mode: st.mode & 0o777 });
      } else throw new UsageError(`${shown} is a FIFO, socket or device, which is not copied`);
    }
  };
  walk(dir, '', 0);
  return out;
}

/**
 * The text of a file skillc reads from the tree, or why not: through the one reader
 * (parse/bundle.ts), never through a link (SKILL.md -> ~/.ssh/config would be read and written
 * into the sources), never opening a FIFO or a device, nor anything past the size limit.
 */
function readRegular(file: string, label: string, entry: SkillEntry | undefined): string {
  if (entry?.kind === 'link') throw new UsageError(`${label} is a symbolic link, which import does not follow`);
  if (entry?.kind !== 'file') throw new UsageError(`${label} is not a regular file`);
  return readImportedText(file, label);
}

/** A text file of a tree being imported, through the one reader (no link, FIFO or device, at most the size limit), or a UsageError that says why, naming `label`. */
export function readImportedText(file: string, label: string): string {
  const read = readRegularFile(file, LIMITS.maxFileBytes, { noFollow: true });
  if ('bytes' in read) return read.bytes.toString('utf8');
  if (read.problem === 'too-large') throw new UsageError(`${label} is ${read.size} bytes, more than ${LIMITS.maxFileBytes}`);
  if (read.problem === 'symlink') throw new UsageError(`${label} is a symbolic link, which import does not follow`);
  if (read.problem === 'not-a-file') throw new UsageError(`${label} is not a regular file`);
  throw new UsageError(`${label} is unreadable (${read.code ?? read.problem})`);
}

/**
 * Copies a surveyed skill into `dest`, whole or not at all: into a fresh folder beside it
 * (`<dest>.skillc-tmp-<random>`, in the destination's parent), renamed into place once every
 * entry is there. Folders, files (created exclusively, their mode kept, each checked again as
 * it is opened) and links (copied as links, never followed) come from the survey; SKILL.md gets
 * its converted text, and a folded agents/openai.yaml is left out. Throws (the temporary folder
 * removed) when anything fails.
 */
function copySkill(dir: string, dest: string, entries: readonly SkillEntry[], skillMd: string, leaveOut: ReadonlySet<string>): void {
  createFolderAtomic(dest, (tmp) => {
    for (const e of entries) {
      if (leaveOut.has(e.rel)) continue;
      const from = path.join(dir, e.rel);
      const to = path.join(tmp, e.rel);
      if (e.kind === 'dir') fs.mkdirSync(to, { mode: e.mode | 0o700 });
      else if (e.kind === 'link') fs.symlinkSync(fs.readlinkSync(from), to);
      else if (e.rel === 'SKILL.md') createFileExclusive(to, skillMd, { mode: e.mode, exactMode: true });
      else {
        const read = readRegularFile(from, MAX_BYTES, { noFollow: true });
        if (!('bytes' in read)) throw new UsageError(`${e.rel.split(path.sep).join('/')} changed while it was copied (${read.problem})`);
        createFileExclusive(to, read.bytes, { mode: e.mode, exactMode: true });
      }
    }
    // A folder that only held the folded agents/openai.yaml is not left behind empty.
    const agents = path.join(tmp, 'agents');
    if (leaveOut.size && lexists(agents) && fs.readdirSync(agents).length === 0) fs.rmdirSync(agents);
  });
}

function setSkillc(doc: Document, keys: string[], value: unknown): void {
  if (!doc.has('skillc')) doc.set('skillc', doc.createNode({}));
  doc.setIn(['skillc', ...keys], doc.createNode(value));
}

/**
 * Rewrites one SKILL.md for skills-src: spec keys stay, `disable-model-invocation:
 * true` becomes `skillc.invocation: manual`, every other key a host reads moves to
 * `skillc.<host>`, and a Codex agents/openai.yaml is folded into `skillc.codex`.
 * Comments and the body are kept as written.
 */
export function convertSkillMd(text: string, preferred: string | undefined, openaiYaml?: string, hosts: HostTable = BUILT_IN_HOSTS): { text: string; moves: string[]; unknown: string[] } {
  const block = frontmatterText(text);
  if (!block) throw new UsageError('SKILL.md has no frontmatter block');
  const doc = parseDocument(block.yaml);
  if (doc.errors.length) throw new UsageError(`frontmatter does not parse: ${doc.errors[0]!.message.split('\n')[0]}`);
  if (!isMap(doc.contents)) throw new UsageError('frontmatter is not a mapping');
  const moves: string[] = [];
  const unknown: string[] = [];
  let data: Record<string, unknown>;
  try {
    data = (doc.toJS({ maxAliasCount: LIMITS.maxYamlAliases }) ?? {}) as Record<string, unknown>;
  } catch (error) {
    throw new UsageError(`frontmatter does not convert (${error instanceof Error ? error.message : String(error)}; YAML aliases may expand to at most ${LIMITS.maxYamlAliases} values)`);
  }
  for (const [key, value] of Object.entries(data)) {
    if (SPEC_KEYS.has(key) || key === 'skillc') continue;
    if (key === 'disable-model-invocation' && value === true) {
      doc.delete(key);
      setSkillc(doc, ['invocation'], 'manual');
      moves.push('disable-model-invocation: true -> skillc.invocation: manual');
      continue;
    }
    const host = hostForKey(key, preferred, hosts);
    if (!host) {
      unknown.push(key);
      continue;
    }
    doc.delete(key);
    setSkillc(doc, [host.id, key], value);
    moves.push(`${key} -> skillc.${host.id}.${key}`);
  }
  if (openaiYaml !== undefined) {
    let meta: Record<string, unknown>;
    try {
      meta = (parseYaml(openaiYaml, { maxAliasCount: LIMITS.maxYamlAliases }) ?? {}) as Record<string, unknown>;
    } catch (error) {
      throw new UsageError(`agents/openai.yaml does not parse (${error instanceof Error ? error.message.split('\n')[0] : String(error)})`);
    }
    if (typeof meta !== 'object' || Array.isArray(meta)) throw new UsageError('agents/openai.yaml is not a mapping');
    const policy = meta.policy as Record<string, unknown> | undefined;
    if (policy && policy.allow_implicit_invocation === false) {
      setSkillc(doc, ['invocation'], 'manual');
      const { allow_implicit_invocation: _manual, ...rest } = policy;
      void _manual;
      if (Object.keys(rest).length) meta.policy = rest;
      else delete meta.policy;
      moves.push('agents/openai.yaml policy.allow_implicit_invocation: false -> skillc.invocation: manual');
    }
    for (const [k, v] of Object.entries(meta)) {
      setSkillc(doc, ['codex', k], v);
      moves.push(`agents/openai.yaml ${k} -> skillc.codex.${k}`);
    }
  }
  let yaml = doc.toString({ lineWidth: 0 });
  if (!yaml.endsWith('\n')) yaml += '\n';
  return { text: `${block.bom}---\n${yaml}---${block.body || '\n'}`, moves, unknown };
}

/**
 * `skillc import`: copies an existing skills tree into the sources, converting each SKILL.md.
 * Never overwrites; every skill is checked whole before any is written, and each appears whole
 * or not at all.
 */
export function importSkills(options: ImportOptions): ImportResult {
  const cwd = path.resolve(options.cwd ?? process.cwd());
  const from = path.resolve(cwd, options.from);
  if (!fs.existsSync(from) || !fs.statSync(from).isDirectory()) throw new UsageError(`no such folder: ${options.from}`);
  // A host the project's config defines (`customHosts`) is known too.
  const unknown = options.host === undefined ? undefined : unknownConfiguredHost([options.host], { cwd }, 'in --host');
  if (unknown !== undefined) throw new UsageError(unknown);
  const hosts = options.host !== undefined && !isBuiltInHost(options.host) ? loadConfig({ cwd }).hostTable : BUILT_IN_HOSTS;
  const host = options.host ?? hostOfFolder(from) ?? hostOfFolder(path.dirname(from));
  let to: string;
  let project: string;
  if (options.to) {
    to = path.resolve(cwd, options.to);
    project = isInside(to, cwd) ? cwd : to;
  } else {
    const config = loadConfig({ cwd });
    to = config.sources === config.root ? path.join(config.root, 'skills-src') : config.sources;
    project = isInside(to, config.root) ? config.root : to;
  }
  // Nothing is written through a link below the project (a committed `skills-src -> /elsewhere`).
  const link = linkOnTheWay(project, to, { self: true });
  if (link) throw new UnsafePathError(`refusing to import into ${path.relative(cwd, to) || '.'}: ${link}; skillc does not write through links`);
  const result: ImportResult = { host, to, skills: [] };
  const skills = findSkills(from);
  if (!skills.length) throw new UsageError(`no skill (a folder with a SKILL.md) under ${options.from}`);
  // Every skill is read, checked whole and converted before anything is written: a skill that
  // cannot be imported is skipped with its reason, never half-copied after others.
  const plan: { item: ImportedSkill; dir: string; entries: SkillEntry[]; leaveOut: Set<string>; text: string }[] = [];
  for (const dir of skills) {
    const name = path.basename(dir);
    const dest = path.join(to, name);
    const item: ImportedSkill = { name, from: dir, to: dest, moves: [], unknown: [] };
    result.skills.push(item);
    if (lexists(dest)) {
      item.skipped = 'exists';
      continue;
    }
    try {
      const unsafe = unsafeSegment(name);
      if (unsafe) throw new UsageError(`its folder name has ${unsafe}`);
      const entries = surveySkill(dir);
      const byRel = new Map(entries.map((e) => [e.rel, e]));
      const openaiRel = path.join('agents', 'openai.yaml');
      const openaiEntry = byRel.get(openaiRel);
      const openaiText = openaiEntry ? readRegular(path.join(dir, openaiRel), 'agents/openai.yaml', openaiEntry) : undefined;
      const converted = convertSkillMd(readRegular(path.join(dir, 'SKILL.md'), 'SKILL.md', byRel.get('SKILL.md')), host, openaiText, hosts);
      item.moves = converted.moves;
      item.unknown = converted.unknown;
      plan.push({ item, dir, entries, leaveOut: new Set(openaiText === undefined ? [] : [openaiRel]), text: converted.text });
    } catch (error) {
      if (!(error instanceof UsageError)) throw error;
      item.skipped = error.message;
    }
  }
  // The tree was written for one host: so that `lint` and `build` (what the command says next) run
  // for it, a project without a config gets one naming it; a config that does not list it is advised.
  const config = loadConfig({ cwd });
  if (host && plan.length) {
    if (!config.file) result.configWritten = path.join(cwd, 'skillc.config.json');
    else if (!config.hosts.includes(host)) result.configAdvice = host;
  }
  if (options.dryRun) return result;
  if (plan.length) fs.mkdirSync(to, { recursive: true });
  for (const { item, dir, entries, leaveOut, text } of plan) {
    try {
      copySkill(dir, item.to, entries, text, leaveOut);
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (!(error instanceof UsageError) && code === undefined) throw error;
      item.skipped = error instanceof UsageError ? error.message : `cannot be copied (${code}); nothing of it was written`;
    }
  }
  if (result.configWritten && plan.some((p) => p.item.skipped === undefined)) {
    const sources = path.relative(cwd, to).split(path.sep).join('/') || '.';
    const text = `${JSON.stringify({ $schema: './node_modules/skillc/schema/skillc.config.schema.json', sources, out: 'generated', hosts: [host] }, null, 2)}\n`;
    // Created, never replaced nor written through a link planted at its name: a config that appeared meanwhile is the project's.
    createFileExclusive(result.configWritten, text);
  } else delete result.configWritten;
  return result;
}
