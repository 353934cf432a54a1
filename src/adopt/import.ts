import fs from 'node:fs';
import path from 'node:path';
import { isMap, parse as parseYaml, parseDocument, type Document } from 'yaml';
import { SPEC_FIELDS } from '../hosts/agentskills.js';
import { getHost, HOSTS, type HostProfile, unknownHostMessage } from '../hosts/index.js';
import { loadConfig } from '../lint/config.js';
import { UsageError } from '../lint/discover.js';

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
  /** Set when the skill was not imported (its destination exists). */
  skipped?: string;
}

export interface ImportResult {
  host: string | undefined;
  to: string;
  skills: ImportedSkill[];
}

const SPEC_KEYS = new Set(Object.keys(SPEC_FIELDS));

/** The host whose project or user layout the folder ends with (`.claude/skills` -> claude). */
export function hostOfFolder(folder: string): string | undefined {
  const norm = path.resolve(folder).split(path.sep).join('/');
  for (const host of Object.values(HOSTS)) {
    if (!host.layout) continue;
    for (const layout of [host.layout.project, host.layout.user]) if (norm.endsWith(`/${layout}`)) return host.id;
  }
  return undefined;
}

/** The host that reads a key the spec does not: the preferred host first, then every host in profile order. */
export function hostForKey(key: string, preferred?: string): HostProfile | undefined {
  const order = [...(preferred ? [getHost(preferred)!] : []), ...Object.values(HOSTS)];
  return SPEC_KEYS.has(key) ? undefined : order.find((h) => Object.prototype.hasOwnProperty.call(h.fields, key));
}

function findSkills(root: string): string[] {
  if (fs.existsSync(path.join(root, 'SKILL.md'))) return [root];
  const out: string[] = [];
  const walk = (dir: string, depth: number): void => {
    if (depth > 8) return;
    for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
      if (!e.isDirectory() || e.name === 'node_modules' || e.name === '.git') continue;
      const sub = path.join(dir, e.name);
      if (fs.existsSync(path.join(sub, 'SKILL.md'))) out.push(sub);
      else walk(sub, depth + 1);
    }
  };
  walk(root, 0);
  return out.sort();
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
export function convertSkillMd(text: string, preferred: string | undefined, openaiYaml?: string): { text: string; moves: string[]; unknown: string[] } {
  const m = /^(\uFEFF?)---\r?\n([\s\S]*?)\r?\n?---[ \t]*(\r?\n|$)/.exec(text);
  if (!m) throw new UsageError('SKILL.md has no frontmatter block');
  const doc = parseDocument(m[2]!);
  if (doc.errors.length) throw new UsageError(`frontmatter does not parse: ${doc.errors[0]!.message.split('\n')[0]}`);
  if (!isMap(doc.contents)) throw new UsageError('frontmatter is not a mapping');
  const moves: string[] = [];
  const unknown: string[] = [];
  const data = (doc.toJS() ?? {}) as Record<string, unknown>;
  for (const [key, value] of Object.entries(data)) {
    if (SPEC_KEYS.has(key) || key === 'skillc') continue;
    if (key === 'disable-model-invocation' && value === true) {
      doc.delete(key);
      setSkillc(doc, ['invocation'], 'manual');
      moves.push('disable-model-invocation: true -> skillc.invocation: manual');
      continue;
    }
    const host = hostForKey(key, preferred);
    if (!host) {
      unknown.push(key);
      continue;
    }
    doc.delete(key);
    setSkillc(doc, [host.id, key], value);
    moves.push(`${key} -> skillc.${host.id}.${key}`);
  }
  if (openaiYaml !== undefined) {
    const meta = (parseYaml(openaiYaml) ?? {}) as Record<string, unknown>;
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
  return { text: `${m[1]}---\n${yaml}---${m[3] || '\n'}${text.slice(m[0].length)}`, moves, unknown };
}

/** `skillc import`: copies an existing skills tree into the sources, converting each SKILL.md. Never overwrites. */
export function importSkills(options: ImportOptions): ImportResult {
  const cwd = path.resolve(options.cwd ?? process.cwd());
  const from = path.resolve(cwd, options.from);
  if (!fs.existsSync(from) || !fs.statSync(from).isDirectory()) throw new UsageError(`no such folder: ${options.from}`);
  if (options.host && !getHost(options.host)) throw new UsageError(unknownHostMessage(options.host, 'in --host'));
  const host = options.host ?? hostOfFolder(from) ?? hostOfFolder(path.dirname(from));
  const to = options.to ? path.resolve(cwd, options.to) : (() => {
    const config = loadConfig({ cwd });
    return config.sources === config.root ? path.join(config.root, 'skills-src') : config.sources;
  })();
  const result: ImportResult = { host, to, skills: [] };
  const skills = findSkills(from);
  if (!skills.length) throw new UsageError(`no skill (a folder with a SKILL.md) under ${options.from}`);
  for (const dir of skills) {
    const name = path.basename(dir);
    const dest = path.join(to, name);
    const item: ImportedSkill = { name, from: dir, to: dest, moves: [], unknown: [] };
    result.skills.push(item);
    if (fs.existsSync(dest)) {
      item.skipped = 'exists';
      continue;
    }
    const openai = path.join(dir, 'agents', 'openai.yaml');
    const openaiText = fs.existsSync(openai) ? fs.readFileSync(openai, 'utf8') : undefined;
    const converted = convertSkillMd(fs.readFileSync(path.join(dir, 'SKILL.md'), 'utf8'), host, openaiText);
    item.moves = converted.moves;
    item.unknown = converted.unknown;
    if (options.dryRun) continue;
    fs.mkdirSync(dest, { recursive: true });
    fs.cpSync(dir, dest, {
      recursive: true,
      verbatimSymlinks: true,
      filter: (src) => path.resolve(src) !== path.join(dir, 'SKILL.md') && path.resolve(src) !== openai && path.basename(src) !== '.git',
    });
    const agentsDir = path.join(dest, 'agents');
    if (openaiText !== undefined && fs.existsSync(agentsDir) && fs.readdirSync(agentsDir).length === 0) fs.rmdirSync(agentsDir);
    fs.writeFileSync(path.join(dest, 'SKILL.md'), converted.text);
  }
  return result;
}
