import fs from 'node:fs';
import path from 'node:path';
import { isMap, isScalar, parseDocument } from 'yaml';
import { createFileExclusive, createFolderAtomic } from '../core/atomic-write.js';
import { UnsafePathError, UsageError } from '../core/errors.js';
import { guardedPath, isInside, lexists, linkOnTheWay, unsafeSegment } from '../core/paths.js';
import { readImportedText } from './import.js';
import { CONFIG_FILES, readConfigFile } from '../config/config.js';
import { applyExtends, shippedPresetFile } from '../config/presets.js';
import { classifyUrl } from '../parse/links.js';
import { parseFragment } from '../parse/skill.js';
import { textFile } from '../model/text.js';

/**
 * `skillc import --from taskflow`: hermes-taskflow's single-source layout (heggria/taskflow,
 * `scripts/build-skills.mjs`) turned into a skillc source that builds the same files byte for byte
 * with the `skillc:taskflow` preset. The layout is one folder per skill under `skills-src/`:
 *
 *   entry.<host>.md   host frontmatter and preamble, copied into that host's SKILL.md as written
 *   core.md           the shared body, host-filtered, appended to every SKILL.md
 *   <name>.md         a companion, host-filtered, shipped to every host
 *   <name>.<host>.md  a companion for that host only, shipped as <name>.md (commands.pi.md)
 *
 * It becomes `<to>/<skill>/SKILL.md` (the first host's frontmatter as written, each other host's
 * differing description under `skillc.<host>.description`, one host block per entry's preamble,
 * then an include of the core), `<to>/_core/<skill>.md` (the core) and the companions, and a
 * skillc.config.json extending the preset when the project has no config. The original tree is
 * read, never changed: both builds can run side by side until the switch.
 */
export interface TaskflowImportOptions {
  cwd?: string;
  /** A taskflow skill folder (holding core.md and entry.<host>.md), or a root whose skills-src/ holds such folders. Default: the working directory. */
  from?: string;
  /** Where the skillc sources go (default: `skills`, beside skills-src/). */
  to?: string;
  dryRun?: boolean;
}

export interface TaskflowSkill {
  name: string;
  /** The taskflow folder, and the skillc skill folder written. */
  from: string;
  to: string;
  hosts: string[];
  /** Files written, relative to the destination sources folder. */
  files: string[];
  /** What the conversion did beyond copying, for the report. */
  notes: string[];
  /** Set when the skill was not converted, with why. */
  skipped?: string;
}

export interface TaskflowImportResult {
  to: string;
  /** The preset the layout needs (`skillc:taskflow`, or `skillc:taskflow@0.2.9` with a Hermes entry). */
  preset: string;
  /** The config written (absolute), or undefined when the project already had one. */
  configWritten?: string;
  /** The config keys to add when the project already had a config. */
  configAdvice?: Record<string, unknown>;
  skills: TaskflowSkill[];
}

const ENTRY = /^entry\.([a-z][a-z0-9-]*)\.md$/;
/** The original's frontmatter test for the banner: `---\n` at byte 0, the shortest text up to `\n---\n`. */
const ENTRY_FRONTMATTER = /^---\n([\s\S]*?)\n---\n/;
/** A host marker line as the original reads one (it leaves such lines of an entry file as text). */
// `[\w,\s]+?\s*` was `[\w,\s]+` with blanks to exchange (polynomial backtracking); blanks around the marker stay on its line.
const MARKER = /^[^\S\n\r\u2028\u2029]*<!--\s*\/?host:[\w,\s]+-->[^\S\n\r\u2028\u2029]*$/m;

/** The layout's folders: the one given, or each `skills-src/<name>/` under it holding a core.md and an entry file. */
function taskflowFolders(root: string): string[] {
  const holds = (dir: string): boolean => lexists(path.join(dir, 'core.md')) && fs.readdirSync(dir).some((f) => ENTRY.test(f));
  if (holds(root)) return [root];
  const src = path.join(root, 'skills-src');
  // lstat: a committed `skills-src -> /elsewhere` is not followed out of the tree.
  if (!lexists(src) || !fs.lstatSync(src).isDirectory()) return [];
  return fs
    .readdirSync(src, { withFileTypes: true })
    .filter((e) => e.isDirectory() && !e.name.startsWith('.') && holds(path.join(src, e.name)))
    .map((e) => path.join(src, e.name))
    .sort();
}

/** A source file's text: a regular file (never a FIFO, device or link), UTF-8, under the size limit. */
const readSource = (file: string): string => readImportedText(file, path.basename(file));

/**
 * The original collapses every run of 3+ newlines of a filtered file to 2 and trims it; skillc's
 * host filter drops a block without leaving a doubled blank line but keeps runs as written. Doing
 * both once in the source gives the same text for every host (a run that only forms once a block
 * is dropped is skillc's filter's to close).
 */
const normalized = (text: string): string => `${text.replace(/\n{3,}/g, '\n\n').trim()}\n`;

/** `key: value` lines of a mapping, by key, as written (a value's continuation lines included). */
function rawEntries(yaml: string): Map<string, string> {
  const out = new Map<string, string>();
  let key: string | undefined;
  for (const line of yaml.split('\n')) {
    const m = /^([^\s#][^:]*):(.*)$/.exec(line);
    if (m && !/^\s/.test(line)) {
      key = m[1]!.trim();
      out.set(key, line);
    } else if (key !== undefined) out.set(key, `${out.get(key)!}\n${line}`);
  }
  return out;
}

/**
 * The core moves from the skill folder to `_core/`, where the build includes it from: each relative
 * link gets `../<skill>/` in front, which the include step's link rewriting takes off again. A link
 * written in another form than the build writes back (`./patterns.md`) is noted: it would differ.
 */
function relinkCore(text: string, name: string, notes: string[]): string {
  const edits: { start: number; end: number; text: string }[] = [];
  for (const link of parseFragment(textFile('core.md', text)).links) {
    if (classifyUrl(link.url).kind !== 'relative') continue;
    const start = link.range.start.offset!;
    const at = text.slice(start, link.range.end.offset).lastIndexOf(link.url);
    if (at < 0) continue;
    edits.push({ start: start + at, end: start + at + link.url.length, text: `../${name}/${link.url}` });
    const [pathPart, ...rest] = link.url.split('#');
    let back: string | undefined;
    try {
      back = encodeURI(path.posix.normalize(decodeURIComponent(pathPart!))) + (rest.length ? `#${rest.join('#')}` : '');
    } catch {
      back = undefined;
    }
    if (back !== link.url) notes.push(`core.md: the link \`${link.url}\` will be written as \`${back ?? '(unchanged)'}\` by the build`);
  }
  let out = text;
  for (const e of edits.sort((a, b) => b.start - a.start)) out = out.slice(0, e.start) + e.text + out.slice(e.end);
  return out;
}

interface Entry {
  host: string;
  yaml: string;
  data: Record<string, unknown>;
  /** The text after the frontmatter's closing line, trailing blanks cut (the original's trimEnd). */
  preamble: string;
}

function readEntry(dir: string, host: string): Entry {
  const file = `entry.${host}.md`;
  const text = readSource(path.join(dir, file));
  const m = ENTRY_FRONTMATTER.exec(text);
  if (!m) throw new UsageError(`${file} does not start with a \`---\` frontmatter block closed by \`---\` and a newline (LF): the original writes no banner there, skillc always does`);
  const doc = parseDocument(m[1]!);
  if (doc.errors.length || !isMap(doc.contents)) throw new UsageError(`${file}: the frontmatter is not a YAML mapping`);
  for (const item of doc.contents.items) if (!isScalar(item.key)) throw new UsageError(`${file}: a frontmatter key that is not a plain string`);
  const preamble = text.slice(m[0].length).trimEnd();
  if (MARKER.test(preamble)) throw new UsageError(`${file} holds a host marker: the original copies it into the SKILL.md as text, skillc would read it as a host block`);
  return { host, yaml: m[1]!, data: (doc.toJS() ?? {}) as Record<string, unknown>, preamble };
}

/** The skillc SKILL.md: the first entry's frontmatter as written, the others' descriptions under `skillc.<host>`, a host block per preamble, the core included. */
function skillMd(name: string, entries: Entry[], notes: string[]): string {
  const [base, ...others] = entries as [Entry, ...Entry[]];
  const overrides: string[] = [];
  for (const e of others) {
    const keys = new Set([...Object.keys(base.data), ...Object.keys(e.data)]);
    for (const key of keys) {
      if (JSON.stringify(base.data[key]) === JSON.stringify(e.data[key])) continue;
      if (key !== 'description' || e.data[key] === undefined) {
        throw new UsageError(`entry.${e.host}.md: \`${key}\` differs from entry.${base.host}.md; skillc lets only the description differ per host`);
      }
      // Written as in the entry, re-indented under skillc.<host>: the build writes it back as it was.
      const raw = rawEntries(e.yaml).get('description')!;
      overrides.push(`  ${e.host}:\n${raw.split('\n').map((l) => `    ${l}`).join('\n')}`);
      notes.push(`entry.${e.host}.md description -> skillc.${e.host}.description`);
    }
  }
  if (base.yaml.split('\n').some((l) => /^skillc\s*:/.test(l))) throw new UsageError(`entry.${base.host}.md already has a \`skillc\` key`);
  const fm = overrides.length ? `${base.yaml}\nskillc:\n${overrides.join('\n')}` : base.yaml;
  const blocks = entries.map((e) => `<!-- host: ${e.host} -->\n${e.preamble}\n<!-- /host:${e.host} -->\n`).join('');
  return `---\n${fm}\n---\n\n${blocks}\n<!-- include: ../_core/${name}.md -->\n`;
}

/** What one taskflow folder becomes: files by path under the destination, or why it cannot convert. */
function convertFolder(dir: string, hosts: readonly string[], item: TaskflowSkill): Map<string, string> {
  const out = new Map<string, string>();
  const names = fs.readdirSync(dir).sort();
  const entryHosts = names.map((f) => ENTRY.exec(f)?.[1]).filter((h): h is string => !!h);
  const unknown = entryHosts.filter((h) => !hosts.includes(h));
  if (unknown.length) throw new UsageError(`entry.${unknown[0]}.md names a host the taskflow preset does not build (${hosts.join(', ')})`);
  // The original's host order, which is the order its entries' blocks keep here.
  item.hosts = hosts.filter((h) => entryHosts.includes(h));
  const entries = item.hosts.map((h) => readEntry(dir, h));
  const name = item.name;
  out.set(`${name}/SKILL.md`, skillMd(name, entries, item.notes));
  out.set(`_core/${name}.md`, relinkCore(normalized(readSource(path.join(dir, 'core.md'))), name, item.notes));
  const hostOnly: string[] = [];
  for (const f of names) {
    if (ENTRY.test(f) || f === 'core.md') continue;
    const p = path.join(dir, f);
    if (!fs.lstatSync(p).isFile() || !f.endsWith('.md')) {
      item.notes.push(`${f}: not a Markdown file, left out (the original builds only Markdown companions)`);
      continue;
    }
    out.set(`${name}/${f}`, normalized(readSource(p)));
    const only = /^(.+)\.([a-z][a-z0-9-]*)\.md$/.exec(f);
    if (only && hosts.includes(only[2]!)) {
      hostOnly.push(`    ${f}: { hosts: [${only[2]}], as: ${only[1]}.md }`);
      item.notes.push(`${f}: for ${only[2]} only, shipped as ${only[1]}.md (skillc.files)`);
    }
  }
  if (hostOnly.length) {
    const text = out.get(`${name}/SKILL.md`)!;
    const close = text.indexOf('\n---\n');
    const fm = text.slice(0, close);
    const files = `  files:\n${hostOnly.join('\n')}`;
    out.set(`${name}/SKILL.md`, fm.includes('\nskillc:\n') ? `${fm}\n${files}${text.slice(close)}` : `${fm}\nskillc:\n${files}${text.slice(close)}`);
  }
  return out;
}

/**
 * Writes one converted skill under the sources `to`, whole or not at all: its folder through
 * `createFolderAtomic` (filled, then renamed into place), its core as one new file in `_core/`,
 * removed again when the folder cannot be made. Every path goes through the path guard (plain
 * segments, no link on the way) and every file is created exclusively, never through a link.
 */
function writeTaskflowSkill(to: string, name: string, files: ReadonlyMap<string, string>): void {
  const unsafe = unsafeSegment(name);
  if (unsafe) throw new UsageError(`its folder name has ${unsafe}`);
  const core = guardedPath(to, `_core/${name}.md`, { what: 'core file', self: true });
  fs.mkdirSync(path.dirname(core), { recursive: true });
  createFileExclusive(core, files.get(`_core/${name}.md`)!);
  try {
    createFolderAtomic(guardedPath(to, name, { what: 'skill folder', self: true }), (tmp) => {
      for (const [rel, text] of files) {
        if (!rel.startsWith(`${name}/`)) continue;
        const p = guardedPath(tmp, rel.slice(name.length + 1), { what: 'imported file' });
        fs.mkdirSync(path.dirname(p), { recursive: true });
        createFileExclusive(p, text);
      }
    });
  } catch (error) {
    fs.rmSync(core, { force: true });
    throw error;
  }
}

export function importTaskflow(options: TaskflowImportOptions = {}): TaskflowImportResult {
  const cwd = path.resolve(options.cwd ?? process.cwd());
  const from = path.resolve(cwd, options.from ?? '.');
  if (!fs.existsSync(from) || !fs.statSync(from).isDirectory()) throw new UsageError(`no such folder: ${options.from ?? '.'}`);
  const folders = taskflowFolders(from);
  if (!folders.length) throw new UsageError(`no taskflow source under ${options.from ?? '.'}: expected a folder holding core.md and entry.<host>.md, or skills-src/<skill>/ folders that do`);
  const hermes = folders.some((d) => lexists(path.join(d, 'entry.hermes.md')));
  const preset = hermes ? 'skillc:taskflow@0.2.9' : 'skillc:taskflow';
  const presetFile = shippedPresetFile(preset.slice('skillc:'.length));
  if (!presetFile) throw new UsageError(`the ${preset} preset is not installed with this skillc`);
  // The hosts the preset builds, in its order (the original's), read without defining any host.
  const hosts = applyExtends({ extends: [preset] }, cwd, undefined, { read: readConfigFile, presetRules: [] }).hosts ?? [];
  // Given the skill folder itself (skills-src/<skill>), the project is two folders up.
  const rootOfProject = folders[0] === from ? path.resolve(from, '..', '..') : from;
  const to = options.to ? path.resolve(cwd, options.to) : path.join(rootOfProject, 'skills');
  const result: TaskflowImportResult = { to, preset, skills: [] };
  const plan: { item: TaskflowSkill; files: Map<string, string> }[] = [];
  for (const dir of folders) {
    const name = path.basename(dir);
    const item: TaskflowSkill = { name, from: dir, to: path.join(to, name), hosts: [], files: [], notes: [] };
    result.skills.push(item);
    try {
      if (lexists(item.to) || lexists(path.join(to, '_core', `${name}.md`))) throw new UsageError(`${path.relative(cwd, item.to) || '.'} exists; not overwritten`);
      const files = convertFolder(dir, hosts, item);
      item.files = [...files.keys()];
      plan.push({ item, files });
    } catch (error) {
      if (!(error instanceof UsageError)) throw error;
      item.skipped = error.message;
    }
  }
  const hasConfig = CONFIG_FILES.some((f) => lexists(path.join(rootOfProject, f)));
  const sources = path.relative(rootOfProject, to).split(path.sep).join('/') || '.';
  const config: Record<string, unknown> = { $schema: './node_modules/skillc/schema/skillc.config.schema.json', extends: [preset], sources };
  if (hasConfig) {
    const { $schema: _schema, ...advice } = config;
    void _schema;
    result.configAdvice = advice;
    // A config that already extends the preset and names these sources needs nothing more.
    try {
      const own = readConfigFile(path.join(rootOfProject, CONFIG_FILES.find((f) => lexists(path.join(rootOfProject, f)))!));
      const ext = own.extends === undefined ? [] : Array.isArray(own.extends) ? own.extends : [own.extends];
      if (ext.includes(preset) && own.sources !== undefined && path.resolve(rootOfProject, own.sources) === to) delete result.configAdvice;
    } catch {
      // the config's own problems are `skillc lint`'s to report
    }
  }
  if (options.dryRun || !plan.length) return result;
  // Nothing is written through a link below the project (a committed `skills -> /elsewhere`).
  const project = isInside(to, rootOfProject) ? rootOfProject : to;
  const link = linkOnTheWay(project, to, { self: true });
  if (link) throw new UnsafePathError(`refusing to import into ${path.relative(cwd, to) || '.'}: ${link}; skillc does not write through links`);
  fs.mkdirSync(to, { recursive: true });
  let written = 0;
  for (const { item, files } of plan) {
    try {
      writeTaskflowSkill(to, item.name, files);
      written++;
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (!(error instanceof UsageError) && code === undefined) throw error;
      item.skipped = error instanceof UsageError ? error.message : `cannot be written (${code}); nothing of it was written`;
      item.files = [];
    }
  }
  if (!written) return result;
  if (!hasConfig) {
    const file = path.join(rootOfProject, 'skillc.config.json');
    createFileExclusive(file, `${JSON.stringify(config, null, 2)}\n`);
    result.configWritten = file;
  }
  return result;
}
