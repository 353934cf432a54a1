import fs from 'node:fs';
import path from 'node:path';
import { isMap, parse as parseYaml, parseDocument, type Document } from 'yaml';
import { SPEC_FIELDS } from '../hosts/agentskills.js';
import { BUILT_IN_HOSTS, getHost, isBuiltInHost, type HostProfile, type HostTable } from '../hosts/index.js';
import { unknownConfiguredHost, loadConfig } from '../config/config.js';
import { UsageError, walkSkillDirs } from '../config/discover.js';
import { LIMITS } from '../parse/limits.js';
import { frontmatterText } from '../parse/frontmatter.js';
import { lexists } from '../core/paths.js';

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

/** The text of a file skillc reads from the tree, or why not: never opens a FIFO or a device (it would block), nor anything past the size limit. */
function readRegular(file: string, label: string): string {
  let st: fs.Stats;
  try {
    st = fs.statSync(file);
  } catch {
    throw new UsageError(`${label} is a dangling link or unreadable`);
  }
  if (!st.isFile()) throw new UsageError(`${label} is not a regular file`);
  if (st.size > LIMITS.maxFileBytes) throw new UsageError(`${label} is ${st.size} bytes, more than ${LIMITS.maxFileBytes}`);
  return fs.readFileSync(file, 'utf8');
}

/** The first FIFO, socket or device in a skill folder (lstat: links are copied as links, never followed), which cannot be copied. */
function specialFileIn(dir: string): string | undefined {
  const stack = [dir];
  let seen = 0;
  while (stack.length) {
    const d = stack.pop()!;
    for (const e of fs.readdirSync(d, { withFileTypes: true })) {
      if (++seen > LIMITS.maxBundledEntries * 4) return undefined;
      const p = path.join(d, e.name);
      if (e.isDirectory()) {
        if (e.name !== '.git') stack.push(p);
      } else if (!e.isFile() && !e.isSymbolicLink()) return path.relative(dir, p).split(path.sep).join('/');
    }
  }
  return undefined;
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

/** `skillc import`: copies an existing skills tree into the sources, converting each SKILL.md. Never overwrites. */
export function importSkills(options: ImportOptions): ImportResult {
  const cwd = path.resolve(options.cwd ?? process.cwd());
  const from = path.resolve(cwd, options.from);
  if (!fs.existsSync(from) || !fs.statSync(from).isDirectory()) throw new UsageError(`no such folder: ${options.from}`);
  // A host the project's config defines (`customHosts`) is known too.
  const unknown = options.host === undefined ? undefined : unknownConfiguredHost([options.host], { cwd }, 'in --host');
  if (unknown !== undefined) throw new UsageError(unknown);
  const hosts = options.host !== undefined && !isBuiltInHost(options.host) ? loadConfig({ cwd }).hostTable : BUILT_IN_HOSTS;
  const host = options.host ?? hostOfFolder(from) ?? hostOfFolder(path.dirname(from));
  const to = options.to ? path.resolve(cwd, options.to) : (() => {
    const config = loadConfig({ cwd });
    return config.sources === config.root ? path.join(config.root, 'skills-src') : config.sources;
  })();
  const result: ImportResult = { host, to, skills: [] };
  const skills = findSkills(from);
  if (!skills.length) throw new UsageError(`no skill (a folder with a SKILL.md) under ${options.from}`);
  // Every skill is read and converted before anything is written: a skill that cannot be
  // imported is skipped with its reason, never half-copied after others.
  const plan: { item: ImportedSkill; dir: string; openai: string; openaiText: string | undefined; text: string }[] = [];
  for (const dir of skills) {
    const name = path.basename(dir);
    const dest = path.join(to, name);
    const item: ImportedSkill = { name, from: dir, to: dest, moves: [], unknown: [] };
    result.skills.push(item);
    if (lexists(dest)) {
      item.skipped = 'exists';
      continue;
    }
    const openai = path.join(dir, 'agents', 'openai.yaml');
    try {
      const special = specialFileIn(dir);
      if (special) throw new UsageError(`${special} is a FIFO, socket or device, which is not copied`);
      const openaiText = lexists(openai) ? readRegular(openai, 'agents/openai.yaml') : undefined;
      const converted = convertSkillMd(readRegular(path.join(dir, 'SKILL.md'), 'SKILL.md'), host, openaiText, hosts);
      item.moves = converted.moves;
      item.unknown = converted.unknown;
      plan.push({ item, dir, openai, openaiText, text: converted.text });
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
  if (result.configWritten) {
    const sources = path.relative(cwd, to).split(path.sep).join('/') || '.';
    const text = `${JSON.stringify({ $schema: './node_modules/skillc/schema/skillc.config.schema.json', sources, out: 'generated', hosts: [host] }, null, 2)}\n`;
    // Created, never replaced ('wx'): a config that appeared meanwhile is the project's.
    fs.writeFileSync(result.configWritten, text, { flag: 'wx' });
  }
  for (const { item, dir, openai, openaiText, text } of plan) {
    const dest = item.to;
    fs.mkdirSync(dest, { recursive: true });
    fs.cpSync(dir, dest, {
      recursive: true,
      verbatimSymlinks: true,
      filter: (src) => path.resolve(src) !== path.join(dir, 'SKILL.md') && path.resolve(src) !== openai && path.basename(src) !== '.git',
    });
    const agentsDir = path.join(dest, 'agents');
    if (openaiText !== undefined && fs.existsSync(agentsDir) && fs.readdirSync(agentsDir).length === 0) fs.rmdirSync(agentsDir);
    fs.writeFileSync(path.join(dest, 'SKILL.md'), text);
  }
  return result;
}
