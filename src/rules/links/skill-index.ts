import path from 'node:path';
import { Suggester } from '../../core/suggest.js';
import type { BundledFile, Skill } from '../../model/skill.js';
import type { TextFile } from '../../model/text.js';
import { bundleIndex } from './bundle-index.js';
import { decode, isMarkdown, resolve } from './shared.js';
import { beforeFirstOf, trimEndOf } from '../../core/strings.js';
import type { WorkMeter } from '../../model/work.js';

/**
 * One index of a skill's files and of the paths its text names, built once per skill and run
 * and shared by links/broken, links/missing-file and links/unreferenced-file: each bundled file
 * is read and scanned at most once, and a name is looked up in a map, never by walking the bundle.
 */
export interface SkillIndex {
  /** Bundled regular files by skill-relative path. */
  files: ReadonlyMap<string, BundledFile>;
  /** Bundled folders. */
  dirs: ReadonlySet<string>;
  /** Lower-cased path -> bundled path (any entry), for case-only mismatches. */
  lower: ReadonlyMap<string, string>;
  /** How many bundled files share each base name. */
  basenames: ReadonlyMap<string, number>;
  /** SKILL.md, its included fragments, then each bundled Markdown file it names, with the path-like words of each. */
  sources: TextSource[];
  /** The most `/`-separated segments of a bundled file or folder path: no longer tail of a name can be one of them. */
  depth: number;
  /** Bundled file paths by folder (`''`: the skill folder) and by base name, for "did you mean". */
  byDir: ReadonlyMap<string, Map<string, string>>;
  byBase: ReadonlyMap<string, string>;
  /** "Did you mean" searches, per folder: each costs a pass over the folder's files. */
  near: Map<string, Suggester>;
  /** The skill's work meter (model/work.ts). */
  work: WorkMeter | undefined;
  /** `candidates` of each name and folder asked for so far, with the work each cost (see `candidatesOf`). */
  tails: Map<string, { paths: readonly string[]; cost: number }>;
}

export interface TextSource {
  /** Skill-relative path (`SKILL.md`, `references/guide.md`, `../_shared/x.md` for an include). */
  rel: string;
  /** The folder its relative names resolve from (`''`: the skill folder; an include reads as SKILL.md). */
  from: string;
  file: TextFile;
  /** Where reports go: undefined for SKILL.md, else the file's absolute path; an include is not reported. */
  reportFile?: string;
  /** True for an included fragment: its names count as references, but it is checked where it lives. */
  included?: boolean;
  mentions: Mention[];
}

/** A path-like word of a text: a link target, a code span, a word of prose or of a code block. */
export interface Mention {
  /** Normalized: fragment and query dropped, percent-decoded, `\` read as `/`, trailing `.:!,;?` dropped. */
  path: string;
  start: number;
  end: number;
}

const indexes = new WeakMap<Skill, SkillIndex>();

/** Characters that end a path-like word: white space and the punctuation around paths in prose and code. */
const DELIMITER = new Uint8Array(128);
for (const c of ' \t\n\v\f\r`\'"()<>[]|,;*=') DELIMITER[c.charCodeAt(0)] = 1;
/** Characters that make a word more than a plain word: separators, extensions, fragments, escapes. */
const SPECIAL = new Uint8Array(128);
for (const c of '/.#?%\\:!') SPECIAL[c.charCodeAt(0)] = 1;
const UNICODE_SPACE = /\s/;

/**
 * Calls `visit` with each path-like word of a text from `from` on. A plain word (no path
 * punctuation) is visited only when `plain` has it: a SKILL.md has thousands of words and a
 * plain one can only name an extensionless file or a folder, so this stays a scan of the text
 * rather than a set of every word in it.
 */
export function scanPaths(text: string, from: number, plain: ReadonlySet<string>, visit: (path: string, start: number, end: number) => void): void {
  const n = text.length;
  let i = from;
  while (i < n) {
    const c = text.charCodeAt(i);
    if (c < 128 ? DELIMITER[c] : UNICODE_SPACE.test(text[i]!)) {
      i++;
      continue;
    }
    const start = i;
    let special = false;
    for (; i < n; i++) {
      const d = text.charCodeAt(i);
      if (d < 128) {
        if (DELIMITER[d]) break;
        if (SPECIAL[d]) special = true;
      } else if (UNICODE_SPACE.test(text[i]!)) break;
    }
    if (!special) {
      if (plain.size && plain.has(text.slice(start, i))) visit(text.slice(start, i), start, i);
      continue;
    }
    // No `#` or `?` part; no trailing `.:!?` (one pass each: a run of 100,000 dots stays linear).
    let token = beforeFirstOf(text.slice(start, i), '#?');
    token = trimEndOf(decode(token).replace(/\\/g, '/'), '.:!?');
    if (token) visit(token, start, start + token.length);
  }
}

/** Folder names common enough as words that only a spelling with `/` names them. */
const COMMON_WORDS = new Set(['references', 'reference', 'scripts', 'assets', 'templates', 'examples', 'docs', 'lib', 'src', 'data', 'tests', 'test', 'bin', 'config']);

export function skillIndex(skill: Skill): SkillIndex {
  let index = indexes.get(skill);
  if (index) return index;
  const files = new Map<string, BundledFile>();
  const dirs = new Set<string>();
  const { lower } = bundleIndex(skill);
  const basenames = new Map<string, number>();
  const plain = new Set<string>();
  const byDir = new Map<string, Map<string, string>>();
  const byBase = new Map<string, string>();
  let depth = 0;
  for (const b of skill.bundled) {
    if (b.kind === 'file') {
      files.set(b.relPath, b);
      const base = path.posix.basename(b.relPath);
      basenames.set(base, (basenames.get(base) ?? 0) + 1);
      const dir = path.posix.dirname(b.relPath);
      let siblings = byDir.get(dir);
      if (!siblings) byDir.set(dir, (siblings = new Map<string, string>()));
      siblings.set(base, b.relPath);
      if (!byBase.has(base)) byBase.set(base, b.relPath);
    } else if (b.kind === 'directory') dirs.add(b.relPath);
    else continue;
    depth = Math.max(depth, b.relPath.split('/').length);
    // A plain word can name an extensionless top-level file (`Makefile`) or a folder (`canvas-fonts`).
    if (!/[/.#?%\\:!]/.test(b.relPath) && !COMMON_WORDS.has(b.relPath.toLowerCase())) plain.add(b.relPath);
  }
  const sources: TextSource[] = [];
  const near = new Map<string, Suggester>();
  const scan = (file: TextFile, from: number): Mention[] => {
    const mentions: Mention[] = [];
    skill.work?.charge(file.text.length - from);
    scanPaths(file.text, from, plain, (p, start, end) => mentions.push({ path: p, start, end }));
    return mentions;
  };
  sources.push({ rel: 'SKILL.md', from: '', file: skill.file, mentions: scan(skill.file, skill.bodyOffset) });
  // An included fragment becomes part of SKILL.md at build: what it names, SKILL.md names.
  for (const d of skill.directives) {
    if (d.kind !== 'include') continue;
    const rel = resolve('', d.path).rel;
    const file = skill.bundle.text(rel);
    if (file) sources.push({ rel, from: '', file, included: true, mentions: scan(file, 0) });
  }
  index = { files, dirs, lower, basenames, sources, depth, byDir, byBase, near, work: skill.work, tails: new Map() };
  // One hop: the bundled Markdown files SKILL.md links or names, whose own names the agent follows next.
  // A name in other letter case (`references/Guide.md` for `guide.md`) still leads the agent there on a
  // case-insensitive disk: the mismatch is reported once (links/broken, links/missing-file), and the file is read.
  const markdownFile = (c: string): string | undefined => {
    const rel = files.has(c) ? c : lower.get(c.toLowerCase());
    return rel !== undefined && files.has(rel) && isMarkdown(rel) ? rel : undefined;
  };
  const named = new Set<string>();
  for (const s of [...sources]) {
    for (const m of s.mentions) {
      for (const c of candidatesOf(index, m.path, s.from)) {
        const rel = markdownFile(c);
        if (rel !== undefined) named.add(rel);
      }
    }
  }
  for (const t of skill.links) {
    const rel = markdownFile(resolve('', decode(beforeFirstOf(t.url, '#?'))).rel);
    if (rel !== undefined) named.add(rel);
  }
  for (const rel of [...named].sort()) {
    const file = skill.bundle.text(rel);
    if (!file) continue;
    const dir = path.posix.dirname(rel);
    sources.push({ rel, from: dir === '.' ? '' : dir, file, reportFile: files.get(rel)!.path, mentions: scan(file, 0) });
  }
  indexes.set(skill, index);
  return index;
}

/**
 * `candidates(name, from)` of the skill, worked out once per name and folder: the index's own hop,
 * links/depth and links/unreferenced-file read the same mentions (issue 30). A repeat is charged
 * the work the first one cost, so the meter counts what it counted when each rule built its own.
 */
export function candidatesOf(index: SkillIndex, name: string, from: string): readonly string[] {
  const key = `${from}\0${name}`;
  const known = index.tails.get(key);
  if (known) {
    index.work?.charge(known.cost);
    return known.paths;
  }
  let cost = 0;
  const paths = candidates(name, from, index.depth, { charge: (units) => void (cost += units) });
  index.tails.set(key, { paths, cost });
  index.work?.charge(cost);
  return paths;
}

/**
 * The skill-relative paths a name may stand for: itself from its file's folder and from the
 * skill root, and every tail after a `/` (`$SKILL_DIR/scripts/run.sh` names `scripts/run.sh`)
 * of at most `depth` segments (`SkillIndex.depth`: a longer tail is no bundled path). Every
 * tail of a path of 50,000 segments was 50,000 strings of up to 100 KB: 31 s and 2.6 GB.
 */
export function candidates(name: string, from: string, depth: number, work?: Pick<WorkMeter, 'charge'>): string[] {
  const out = new Set<string>();
  work?.charge(name.length);
  const bare = trimEndOf(name.replace(/^(?:\.\/)+/, ''), '/');
  const parts = bare.split('/').filter((p) => p !== '' && p !== '.');
  for (let k = Math.max(0, parts.length - depth); k < parts.length; k++) {
    const tail = parts.slice(k).join('/');
    work?.charge(tail.length);
    out.add(tail);
  }
  if (from) out.add(resolve(from, name).rel);
  return [...out];
}

/**
 * The bundled file a missing path most likely meant, for a "did you mean": a sibling with a near
 * name (`guide.md` for `gude.md`), else the one file of the skill with the same name in another
 * folder (`references/raw/dump.txt` for `references/dump.txt`). Near by the file's own name only:
 * a long shared folder would make any sibling look near.
 */
export function nearFile(rel: string, index: SkillIndex): string | undefined {
  const dir = path.posix.dirname(rel);
  const base = path.posix.basename(rel);
  const siblings = index.byDir.get(dir);
  if (siblings) {
    let near = index.near.get(dir);
    if (!near) index.near.set(dir, (near = new Suggester(siblings.keys(), undefined, index.work)));
    const nearName = near.closest(base);
    if (nearName !== undefined) return siblings.get(nearName);
  }
  if (index.basenames.get(base) !== 1) return undefined;
  return index.byBase.get(base);
}
