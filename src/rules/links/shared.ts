import path from 'node:path';
import type { Range } from '../../model/diagnostic.js';
import type { Heading, Link, Skill } from '../../model/skill.js';
import { classify, type Target } from '../../parse/links.js';
import { includedFragments } from '../../parse/fragments.js';
import { bundleIndex } from './bundle-index.js';
import { trimEndOf } from '../../core/strings.js';

export { classify, decode, type Target, type TargetKind } from '../../parse/links.js';

const classified = new WeakMap<Skill, readonly Target[]>();

/** Every link, image and definition of SKILL.md with its target classified: once per skill, for every link rule. */
export function targets(skill: Skill): readonly Target[] {
  let out = classified.get(skill);
  if (!out) classified.set(skill, (out = skill.links.map(classify)));
  return out;
}

/** A Markdown file whose links the link rules check: SKILL.md, a bundled Markdown file SKILL.md links to, or an included fragment. */
export interface LinkSource {
  /** Skill-relative path: `SKILL.md` or e.g. `references/guide.md` (`../_core/core.md` for a fragment beside the skill). */
  rel: string;
  /** The folder its relative links resolve from (`''`: the skill folder). */
  from: string;
  /** Where its reports go: undefined for SKILL.md (the default), else the file's absolute path. */
  reportFile?: string;
  targets: readonly Target[];
  /**
   * For an included fragment: the file it becomes part of (`SKILL.md` or a companion), whose headings
   * a `#fragment` of its own means. Its relative targets are already resolved from the fragment's
   * folder, as the build rewrites them, into skill-relative paths (`from` is `''`); one outside the
   * skill is copied into it by the build, so only its existence matters.
   */
  into?: string;
}

const sourcesOf = new WeakMap<Skill, Map<string | undefined, readonly LinkSource[]>>();

/**
 * SKILL.md, then each bundled Markdown file it links to, in path order: the references
 * an agent is sent to read, whose own links it then follows. One hop, as hosts load
 * references one link at a time from SKILL.md. Read once per skill and sources root:
 * links/broken, links/anchor and links/escape read the same files' links (issue 30).
 */
export function linkSources(skill: Skill, sources?: string): readonly LinkSource[] {
  let bySources = sourcesOf.get(skill);
  if (!bySources) sourcesOf.set(skill, (bySources = new Map<string | undefined, readonly LinkSource[]>()));
  let out = bySources.get(sources);
  if (!out) bySources.set(sources, (out = readLinkSources(skill, sources)));
  return out;
}

function readLinkSources(skill: Skill, sources?: string): LinkSource[] {
  const own = targets(skill);
  const out: LinkSource[] = [{ rel: 'SKILL.md', from: '', targets: own }];
  const referenced = new Map<string, string>();
  for (const t of own) {
    if (t.kind !== 'relative' || !isMarkdown(t.path)) continue;
    const { rel, escapes } = resolve('', t.path);
    if (escapes) continue;
    // A link in other letter case still reaches the file on a case-insensitive disk: its own links are checked too.
    const index = bundleIndex(skill);
    const entry = index.entries.get(rel) ?? index.entries.get(index.lower.get(rel.toLowerCase()) ?? '');
    if (entry?.kind === 'file' && !referenced.has(entry.relPath)) referenced.set(entry.relPath, entry.path);
  }
  for (const [rel, file] of [...referenced].sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0))) {
    const links = skill.bundle.links(rel);
    if (!links?.length) continue;
    const dir = path.posix.dirname(rel);
    out.push({ rel, from: dir === '.' ? '' : dir, reportFile: file, targets: links.map(classify) });
  }
  if (sources === undefined) return out;
  // Included fragments: their links, resolved from the fragment's own folder as the build rewrites them.
  for (const f of includedFragments(skill, sources)) {
    if (!f.links.length || referenced.has(f.rel)) continue;
    const fromDir = path.dirname(f.path);
    const targets = f.links.map((link): Target => {
      const t = classify(link);
      // A path under a placeholder (`${CLAUDE_SKILL_DIR}/x`, `{baseDir}/x`) names the skill's folder wherever it is written.
      if (t.kind !== 'relative' || /^(?:\$|\{)/.test(t.path)) return t;
      return { ...t, path: path.relative(skill.dir, path.resolve(fromDir, t.path)).split(path.sep).join('/') || '.' };
    });
    out.push({ rel: f.rel, from: '', reportFile: f.path, targets, into: f.into });
  }
  return out;
}

export interface Resolved {
  /** Normalized path relative to the skill folder, without `./` or a trailing `/`; `.` is the folder itself. */
  rel: string;
  /** True when the path leaves the skill folder (`..`). */
  escapes: boolean;
  /** True when the target was written with a trailing `/`. */
  folder: boolean;
}

/** Resolves a relative path against a folder of the skill (`''` is the skill folder). */
export function resolve(from: string, target: string): Resolved {
  const joined = path.posix.normalize(path.posix.join(from || '.', target));
  const rel = joined.length > 1 ? trimEndOf(joined, '/') : joined;
  return { rel, escapes: rel === '..' || rel.startsWith('../'), folder: /\/$/.test(target) };
}

/** True when a skill-relative path names SKILL.md or a bundled entry, matching case exactly. */
export function bundledEntry(skill: Skill, rel: string): { kind: string } | undefined {
  if (rel === 'SKILL.md' || rel === '.') return { kind: rel === '.' ? 'directory' : 'file' };
  return bundleIndex(skill).entries.get(rel);
}

/** The spelling of a path that exists with other letter case, for a hint. */
export function caseVariant(skill: Skill, rel: string): string | undefined {
  const lower = rel.toLowerCase();
  if (lower === 'skill.md') return 'SKILL.md';
  return bundleIndex(skill).lower.get(lower);
}

export function isMarkdown(rel: string): boolean {
  return /\.(?:md|markdown|mdx)$/i.test(rel);
}

/** Headings of SKILL.md or of a bundled Markdown file, or undefined when it cannot be read. */
export function headingsOf(skill: Skill, rel: string): Heading[] | undefined {
  if (rel === 'SKILL.md') return skill.headings;
  return skill.bundle.headings(rel);
}

/** Ids an HTML anchor declares in a text (`<a name="x">`, `id="x"`), which fragments may target too. */
export function htmlIds(text: string): Set<string> {
  const ids = new Set<string>();
  // The attributes stop at the next `<` too: `<a <a <a ...` with no `>` scanned to the end from each `<`.
  for (const m of text.matchAll(/<[a-z][^<>]*?\s(?:id|name)\s*=\s*["']([^"']+)["']/gi)) ids.add(m[1]!);
  return ids;
}

/** The word a message uses for a link's kind. */
export function noun(link: Link): string {
  return link.kind === 'image' ? 'image' : link.kind === 'definition' ? 'definition' : 'link';
}

/**
 * Offsets of a link's destination as written in SKILL.md, or undefined when it
 * cannot be found verbatim (escapes or entities change the spelling).
 */
export function urlOffsets(skill: Skill, link: Link): [number, number] | undefined {
  const start = link.range.start.offset;
  const end = link.range.end.offset;
  if (start === undefined || end === undefined || link.url === '') return undefined;
  const src = skill.file.text.slice(start, end);
  // The destination follows the link text: after `]:` for a definition, after the last `](` otherwise.
  const from = link.kind === 'definition' ? src.indexOf(']:') : src.lastIndexOf('](');
  let at = from >= 0 ? src.indexOf(link.url, from) : -1;
  if (at < 0) at = src.lastIndexOf(link.url);
  if (at < 0) return undefined;
  return [start + at, start + at + link.url.length];
}

/** The range of a link's destination when it can be found, else the whole link. */
export function urlRange(skill: Skill, link: Link): Range {
  const o = urlOffsets(skill, link);
  return o ? skill.file.lines.range(o[0], o[1]) : link.range;
}

