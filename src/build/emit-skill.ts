import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { sha256 } from '../core/hash.js';
import type { HostProfile } from '../hosts/profile.js';
import { DEFAULT_SKILL_BANNER } from '../config/config.js';
import type { Range, Severity } from '../model/diagnostic.js';
import { isBundledMarkdown, NEVER_EMITTED } from '../model/bundled-markdown.js';
import type { Directive, Skill } from '../model/skill.js';
import { textFile } from '../model/text.js';
import { shellOf } from '../parse/shell.js';
import { hostBlockDirectives } from '../parse/directives.js';
import { parseFragment, parseSkill } from '../parse/skill.js';
import { field, frontmatterData } from '../model/queries.js';
import { fileSpec } from '../model/skillc-block.js';
import { isPlainFileName } from '../analysis/artifacts.js';
import { hostFrontmatter } from './frontmatter.js';
import { renderRegions, type RegionContext } from './generated.js';
import { applyHostBlocks } from './host-blocks.js';
import { expandIncludes } from './includes.js';
import { includeRoot } from '../parse/includes.js';
import { readRegularFile } from '../parse/bundle.js';
import { toYaml } from './yaml.js';
import { skillcBlock } from '../model/skillc-block.js';

export interface OutputFile {
  /** Path under the output folder, with `/`. */
  path: string;
  data: Buffer;
  /** 0o755 for files that had a run bit in the source, else 0o644. */
  mode: number;
  /** sha256 of `data`, when already known (an output reused from the last build). */
  hash?: string;
}

export interface BuildProblem {
  severity: Severity;
  message: string;
  file: string;
  range?: Range;
  ruleId: string;
}


/** What a source skill becomes before any host is chosen: includes expanded, regions rendered. */
export interface PreparedSkill {
  skill: Skill;
  name: string;
  /** The expanded SKILL.md text (includes in place, regions not yet rendered). */
  text: string;
  /** The model of `text`, for directive offsets. */
  expanded: Skill;
  /** The directives `text` is host-filtered by: `expanded`'s, with fenced host markers when the config reads those. */
  hostDirectives: Directive[];
  copies: { from: string; to: string }[];
  /** Fragments the includes pulled in (absolute paths). */
  included: string[];
  /** What generated regions render from besides the skill. */
  regions: RegionContext;
  /**
   * Bundled Markdown holding skillc directives (companions, references), by path in the skill
   * folder: includes expanded, host blocks left for each host. Files without directives ship as they are.
   */
  markdown: Map<string, { text: string; directives: Directive[] }>;
  sourceFiles: string[];
  /** sha256 of each source file's bytes as read here ('' when it could not be read): the build cache records these, never reading the files again. */
  sourceHashes: Map<string, string>;
  sourceHash: string;
  /** The real path of the folder includes stay in (`includeRoot`): the copies are read inside it. */
  includeRoot: string;
  /** The real path of the skill folder: its files are read inside it. */
  skillReal: string;
  /** Real paths of the folders read so far (`readRegularFile`'s `realDirs`), kept for the hosts' emits. */
  realDirs: Map<string, string>;
  problems: BuildProblem[];
  /**
   * The directives of each host-filtered SKILL.md text parsed so far, by text: the hosts whose
   * blocks leave the same text (most of them) share one parse instead of one per host.
   */
  filteredDirectives: Map<string, Directive[]>;
}

const toLf = (s: string): string => s.replace(/\r\n?/g, '\n');

/** How the sources are read: `inCodeFences` honours host markers inside code fences (the config's `hostBlocks`). */
export interface PrepareOptions {
  inCodeFences?: boolean;
}

export function prepareSkill(skill: Skill, sourcesRoot: string, regions: RegionContext = { contracts: {} }, options: PrepareOptions = {}): PreparedSkill {
  const inCodeFences = options.inCodeFences === true;
  const problems: BuildProblem[] = [];
  const expansion = expandIncludes(skill.file.path, skill.file.text, skill.directives, skill.dir, sourcesRoot);
  for (const p of expansion.problems) problems.push({ severity: 'error', message: p.message, file: p.file, range: p.range, ruleId: 'build/include' });
  // Hand edits in generated regions, found once and placed in the source (not in the expanded text).
  for (const p of renderRegions(skill.file.text, skill.directives, skill, regions).problems) {
    problems.push({ severity: 'error', message: p.message, file: skill.file.path, range: p.range, ruleId: 'build/generated-region' });
  }
  problems.push(...artifactNameProblems(skill));
  const markdown = new Map<string, { text: string; directives: Directive[] }>();
  const included = [...expansion.included];
  const copies = [...expansion.copies];
  for (const b of skill.bundled) {
    if (!isBundledMarkdown(b)) continue;
    const file = skill.bundle.text(b.relPath);
    if (!file || !file.text.includes('<!--')) continue;
    const fragment = parseFragment(file);
    const directives = hostBlockDirectives(fragment.directives, fragment.codeFences, file.lines, inCodeFences);
    if (!directives.some((d) => d.kind === 'include' || d.kind === 'host-open')) continue;
    // The one include resolver, as for SKILL.md: links in fragments are rewritten from this file's folder.
    const own = expandIncludes(b.path, file.text, directives, path.dirname(b.path), sourcesRoot);
    for (const p of own.problems) problems.push({ severity: 'error', message: p.message, file: p.file, range: p.range, ruleId: 'build/include' });
    included.push(...own.included);
    // Rewritten links point at `_included/...` from this file's own folder: the copies land there.
    const folder = path.posix.dirname(b.relPath);
    for (const c of own.copies) {
      const to = folder === '.' ? c.to : `${folder}/${c.to}`;
      if (!copies.some((x) => x.to === to)) copies.push({ from: c.from, to });
    }
    const text = own.text === file.text ? file.text : own.text;
    let textDirectives = directives;
    if (text !== file.text) {
      const expandedFile = textFile(b.path, text);
      const again = parseFragment(expandedFile);
      textDirectives = hostBlockDirectives(again.directives, again.codeFences, expandedFile.lines, inCodeFences);
    }
    markdown.set(b.relPath, { text, directives: textDirectives });
  }
  // Outputs are LF; only re-parse when includes or line endings changed the text: most skills need neither.
  const text = toLf(expansion.text);
  const expanded = text === skill.file.text ? skill : parseSkill({ dir: skill.dir, text, bundled: skill.bundled, bundle: skill.bundle });
  const hostDirectives = hostBlockDirectives(expanded.directives, expanded.codeFences, expanded.file.lines, inCodeFences);
  const sourceFiles = [
    skill.file.path,
    ...included,
    ...copies.map((c) => c.from),
    ...skill.bundled.filter((b) => b.kind === 'file' || (b.kind === 'symlink' && !b.escapes)).map((b) => b.path),
  ];
  // Rehearsal fixtures are never emitted, so the catalog's sourceHash leaves them out: editing only a
  // rehearsal case changes no built file, and `build --check` stays clean. (They stay in sourceFiles,
  // which only tells the incremental build what to watch.)
  const notEmitted = new Set(skill.bundled.filter((b) => NEVER_EMITTED.some((p) => b.relPath.startsWith(p))).map((b) => b.path));
  const hash = createHash('sha256');
  // Through the one reader: a FIFO is never waited on, a link never followed out of the include root.
  // Real paths of the folders read (the skill's first), kept for every host's emit.
  const skillReal = realFolder(skill.dir);
  const realDirs = new Map<string, string>([[skill.dir, skillReal]]);
  const within = realFolder(includeRoot(skill.dir, sourcesRoot));
  const sourceHashes = new Map<string, string>();
  for (const f of [...new Set(sourceFiles)].sort()) {
    const read = readRegularFile(f, Number.MAX_SAFE_INTEGER, { within, realDirs });
    const bytes = 'bytes' in read ? read.bytes : undefined;
    sourceHashes.set(f, bytes ? sha256(bytes) : '');
    if (notEmitted.has(f)) continue;
    hash.update(path.relative(sourcesRoot, f)).update('\0');
    hash.update(bytes ?? '\u0000missing');
    hash.update('\0');
  }
  return {
    skill,
    name: skill.name ?? skill.dirName,
    text,
    expanded,
    hostDirectives,
    copies,
    included,
    regions,
    markdown,
    sourceFiles,
    sourceHashes,
    sourceHash: hash.digest('hex'),
    includeRoot: within,
    skillReal,
    realDirs,
    problems,
    filteredDirectives: new Map(),
  };
}

function isFile(p: string): boolean {
  try {
    return fs.statSync(p).isFile();
  } catch {
    return false;
  }
}

/** A folder's real path (links resolved), or the path itself when it cannot be resolved. */
function realFolder(dir: string): string {
  try {
    return fs.realpathSync.native(dir);
  } catch {
    return path.resolve(dir);
  }
}

/** The bytes with each CR of a CRLF dropped (byte-wise, so a script in any encoding keeps its text). */
function withoutCr(data: Buffer): Buffer {
  const out = Buffer.alloc(data.length);
  let n = 0;
  for (let i = 0; i < data.length; i++) if (data[i] !== 0x0d || data[i + 1] !== 0x0a) out[n++] = data[i]!;
  return out.subarray(0, n);
}

/**
 * A copied file, run bit kept (a shell script with LF line ends); a problem when it cannot be
 * read. Read through the one reader (parse/bundle.ts): links are followed only while they stay
 * inside `within` (the skill's real folder, or the include root for an included asset), and a
 * FIFO or device is refused, never waited on.
 */
function readOutput(to: string, from: string, problems: BuildProblem[], shown: string, within: string, realDirs: Map<string, string>): OutputFile | undefined {
  const read = readRegularFile(from, Number.MAX_SAFE_INTEGER, { within, realDirs });
  if (!('bytes' in read)) {
    const why = read.problem === 'symlink' ? ': it is a link out of the skill, which the build does not follow' : read.problem === 'not-a-file' ? ': it is not a regular file' : '';
    problems.push({ severity: 'error', ruleId: 'build/read', file: from, message: `Cannot read \`${shown}\`${why}` });
    return undefined;
  }
  const data = read.bytes;
  let mode: number;
  try {
    mode = fs.statSync(from).mode & 0o111 ? 0o755 : 0o644;
  } catch {
    mode = 0o644;
  }
  // A CRLF shell script fails where the skill runs (`set: Illegal option -`); scripts/line-endings reports it in the source.
  if (data.includes('\r\n') && shellOf(shown, data.subarray(0, 256).toString('latin1'))) return { path: to, data: withoutCr(data), mode };
  return { path: to, data, mode };
}

/** Artifact names the gate could not open safely (a folder, `..`): each one reported at its key. */
function artifactNameProblems(skill: Skill): BuildProblem[] {
  const raw = skillcBlock(skill).artifacts;
  if (!raw) return [];
  const keys = field(skill, 'skillc')?.children?.find((f) => f.key === 'artifacts')?.children ?? [];
  const out: BuildProblem[] = [];
  for (const name of Object.keys(raw)) {
    if (isPlainFileName(name)) continue;
    const key = keys.find((k) => k.key === name);
    out.push({
      severity: 'error',
      ruleId: 'build/artifact-name',
      file: skill.file.path,
      ...(key ? { range: key.keyRange } : {}),
      message: `Unexpected artifact name \`${name}\`, expected a plain file name (no folder, no \`..\`)`,
    });
  }
  return out;
}

/** The folder of one host's tree in the output: the config's `outputs.<host>`, else the host id. */
export function hostOutputRoot(host: HostProfile, outputs: Readonly<Record<string, string>> = {}): string {
  return Object.prototype.hasOwnProperty.call(outputs, host.id) ? outputs[host.id]! : host.id;
}

export function skillOutputDir(host: HostProfile, name: string, outputs: Readonly<Record<string, string>> = {}): string {
  return [hostOutputRoot(host, outputs), host.emit.skillsDir, name].filter(Boolean).join('/');
}

/** Banner templates (the config's `banner`); '' writes none. */
export interface Banners {
  skill: string;
  markdown: string;
}

const DEFAULT_BANNERS: Banners = { skill: DEFAULT_SKILL_BANNER, markdown: '' };

/** A banner template filled in: `{source}`, `{skill}`, `{host}`, `{file}` (unknown braces stay as written). */
function fillBanner(template: string, values: Record<string, string>): string {
  return template.replace(/\{(source|skill|host|file)\}/g, (_, k: string) => values[k]!);
}

/** Emits one prepared skill for one host. */
export function emitSkill(
  prepared: PreparedSkill,
  host: HostProfile,
  sourceLabel: string,
  banners: Banners = DEFAULT_BANNERS,
  outputs: Readonly<Record<string, string>> = {},
): { files: OutputFile[]; problems: BuildProblem[] } {
  const { skill, expanded } = prepared;
  const problems: BuildProblem[] = [];
  const base = skillOutputDir(host, prepared.name, outputs);
  const { skillReal, realDirs } = prepared;

  // Host blocks, then generated regions (their problems are prepareSkill's). Both edit
  // the body only, so the frontmatter and the body's offset stay as parsed.
  const withoutBlocks = applyHostBlocks(prepared.text, prepared.hostDirectives, host.id);
  let text = withoutBlocks;
  if (expanded.directives.some((d) => d.kind === 'generated-open')) {
    let directives = withoutBlocks === prepared.text ? expanded.directives : prepared.filteredDirectives.get(withoutBlocks);
    if (!directives) {
      directives = parseSkill({ dir: skill.dir, text: withoutBlocks, bundled: skill.bundled, bundle: skill.bundle }).directives;
      prepared.filteredDirectives.set(withoutBlocks, directives);
    }
    text = renderRegions(withoutBlocks, directives, skill, prepared.regions).text;
  }
  const values = { source: sourceLabel, skill: prepared.name, host: host.id, file: 'SKILL.md' };
  // The body as written after the frontmatter's closing line; the banner, if any, stands between them.
  const body = text.slice(expanded.bodyOffset).replace(/^\n/, '');
  const banner = banners.skill ? `${fillBanner(banners.skill, values)}\n` : '';

  const fm = hostFrontmatter(skill, frontmatterData(expanded) ?? {}, host);
  // A manual skill on a host that cannot enforce it is warned about by lint (`source/skillc-block`).
  const skillMd = `---\n${toYaml(fm.frontmatter, fm.nodes.frontmatter)}---\n${banner}${body}`;
  const files: OutputFile[] = [{ path: `${base}/SKILL.md`, data: Buffer.from(skillMd.endsWith('\n') ? skillMd : `${skillMd}\n`), mode: 0o644 }];
  if (fm.metadata && host.emit.metadataFile) {
    files.push({ path: `${base}/${host.emit.metadataFile.path}`, data: Buffer.from(toYaml(fm.metadata, fm.nodes.metadata)), mode: 0o644 });
  }
  for (const b of skill.bundled) {
    if (NEVER_EMITTED.some((p) => b.relPath.startsWith(p))) continue;
    if (host.emit.metadataFile && b.relPath === host.emit.metadataFile.path && fm.metadata) continue;
    // `skillc.files`: a file for some hosts only, or shipped under another path (banners still name the source file).
    const spec = fileSpec(skill.skillc, b.relPath);
    if (spec?.hosts && !spec.hosts.includes(host.id)) continue;
    const to = `${base}/${spec?.as ?? b.relPath}`;
    const md = prepared.markdown.get(b.relPath);
    const mdBanner = banners.markdown && isBundledMarkdown(b) ? fillBanner(banners.markdown, { ...values, file: b.relPath, source: `${path.posix.dirname(sourceLabel)}/${b.relPath}` }) + '\n' : '';
    if (md) {
      files.push({ path: to, data: Buffer.from(mdBanner + applyHostBlocks(md.text, md.directives, host.id)), mode: 0o644 });
    } else if (mdBanner) {
      const file = readOutput(to, b.path, problems, b.relPath, skillReal, realDirs);
      if (file) files.push({ ...file, data: Buffer.concat([Buffer.from(mdBanner), file.data]) });
    } else if (b.kind === 'file') {
      const file = readOutput(to, b.path, problems, b.relPath, skillReal, realDirs);
      if (file) files.push(file);
    } else if (b.kind === 'symlink' && !b.escapes && b.symlinkTarget && isFile(b.symlinkTarget)) {
      // A symlink inside the skill ships as the file it points at: hosts install copies, not links.
      const file = readOutput(to, b.path, problems, b.relPath, skillReal, realDirs);
      if (file) files.push(file);
    }
    // Symlinks that leave the skill folder are links/escape errors; folders and dangling links carry nothing.
  }
  for (const c of prepared.copies) {
    const file = readOutput(`${base}/${c.to}`, c.from, problems, c.to, prepared.includeRoot, realDirs);
    if (file) files.push(file);
  }
  return { files, problems };
}
