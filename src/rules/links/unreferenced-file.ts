import path from 'node:path';
import picomatch from 'picomatch';
import { HOSTS } from '../../hosts/index.js';
import { defineSkillRule } from '../rule.js';
import { parsed, show } from '../util.js';
import { decode, isMarkdown, resolve, targets } from './shared.js';

export interface Options {
  ignore: string[];
}

/** Files hosts never load and nobody links: licences, readmes, and test or eval data. */
export const DEFAULT_IGNORE = [
  '**/LICENSE*',
  '**/LICENCE*',
  '**/COPYING*',
  '**/NOTICE*',
  '**/THIRD-PARTY-NOTICES*',
  '**/THIRD_PARTY_NOTICES*',
  '**/README*',
  '**/CHANGELOG*',
  '**/AUTHORS*',
  '**/.*',
  '**/.*/**',
  '**/fixtures/**',
  '**/evals/**',
  '**/tests/**',
  '**/test/**',
  '**/__tests__/**',
];

/** One matcher per ignore list for the whole run: compiling the globs per skill cost more than the check. */
const matchers = new Map<string, (p: string) => boolean>();
function ignoreMatcher(ignore: readonly string[]): (p: string) => boolean {
  if (!ignore.length) return () => false;
  const key = JSON.stringify(ignore);
  let m = matchers.get(key);
  if (!m) matchers.set(key, (m = picomatch([...ignore], { dot: true, nocase: true })));
  return m;
}

/** Characters that end a path-like word: white space and the punctuation around paths in prose and code. */
const DELIMITER = new Uint8Array(128);
for (const c of ' \t\n\v\f\r`\'"()<>[]{}|,;*=') DELIMITER[c.charCodeAt(0)] = 1;
/** Characters that make a word more than a plain word: separators, extensions, fragments, escapes. */
const SPECIAL = new Uint8Array(128);
for (const c of '/.#?%\\:!') SPECIAL[c.charCodeAt(0)] = 1;
const UNICODE_SPACE = /\s/;

/**
 * Calls `visit` with each path-like word of a text (links, code spans, fences and prose
 * alike), normalized: fragment and query dropped, percent-decoded, `\` read as `/`,
 * trailing `.:!` dropped. A plain word (no path punctuation) is visited only when
 * `plain` has it or `plain` is 'all': a SKILL.md has thousands of words and a plain
 * one can only name an extensionless file, so skipping them makes this rule a scan
 * of the text rather than a set of every word in it (1,000 skills: 495 ms -> see issue #7's note).
 */
function forEachPathToken(text: string, plain: ReadonlySet<string> | 'all', visit: (token: string) => void): void {
  const n = text.length;
  let i = 0;
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
      if (plain === 'all' || (plain.size && plain.has(text.slice(start, i)))) visit(text.slice(start, i));
      continue;
    }
    let token = text.slice(start, i).replace(/[#?].*$/, '');
    token = decode(token).replace(/\\/g, '/').replace(/[.:!]+$/, '');
    if (token) visit(token);
  }
}

/**
 * Adds the skill-relative paths a text names. A token counts when it equals a path or ends with
 * `/` + the path (`$SKILL_DIR/scripts/run.sh`), read from the text's own folder and from the skill root.
 */
function addReferences(text: string, fromDir: string, files: Set<string>, folders: Set<string>, plainNames: ReadonlySet<string>): void {
  forEachPathToken(text, fromDir ? 'all' : plainNames, (token) => {
    // Most tokens are plain words: their only candidate is themselves.
    if (!fromDir && !token.includes('/')) {
      files.add(token);
      return;
    }
    const folder = token.endsWith('/');
    const candidates = new Set<string>();
    const bare = token.replace(/^(?:\.\/)+/, '');
    const parts = bare.split('/').filter((p) => p !== '');
    for (let k = 0; k < parts.length; k++) candidates.add(parts.slice(k).join('/'));
    if (fromDir) candidates.add(resolve(fromDir, token).rel);
    for (const c of candidates) (folder ? folders : files).add(c);
  });
}

/** Bundled paths a plain word (no `/`, `.` or other path punctuation) could name: extensionless top-level files. */
function plainNamesOf(candidates: readonly { relPath: string }[]): Set<string> {
  const names = new Set<string>();
  for (const b of candidates) if (!/[/.#?%\\:!]/.test(b.relPath)) names.add(b.relPath);
  return names;
}

export default defineSkillRule<Options>(
  {
    id: 'links/unreferenced-file',
    description: 'Reports a bundled file that SKILL.md neither links nor names, directly or through a Markdown file it references.',
    severity: 'warning',
    fixable: false,
    schema: {
      type: 'object',
      properties: { ignore: { type: 'array', items: { type: 'string' } } },
      additionalProperties: false,
    },
    defaultOptions: { ignore: DEFAULT_IGNORE },
  },
  ({ skill, options, report }) => {
    if (!parsed(skill)) return;
    const candidates = skill.bundled.filter((b) => b.kind === 'file');
    if (!candidates.length) return;
    const ignored = ignoreMatcher(options.ignore);
    // Metadata files a host reads on its own (e.g. an interface file beside SKILL.md).
    const hostFiles = new Set(Object.values(HOSTS).flatMap((h) => (h.emit.metadataFile ? [h.emit.metadataFile.path] : [])));

    const files = new Set<string>();
    const folders = new Set<string>();
    const plainNames = plainNamesOf(candidates);
    addReferences(skill.file.text, '', files, folders, plainNames);
    for (const t of targets(skill)) if (t.kind === 'relative') files.add(resolve('', t.path).rel);
    // A bare file name with an extension counts when no other bundled file has it (`async.md` in a table).
    const basenameCount = new Map<string, number>();
    for (const b of candidates) basenameCount.set(path.posix.basename(b.relPath), (basenameCount.get(path.posix.basename(b.relPath)) ?? 0) + 1);
    const isReferenced = (rel: string): boolean => {
      if (files.has(rel)) return true;
      const base = path.posix.basename(rel);
      if (base.includes('.') && basenameCount.get(base) === 1 && files.has(base)) return true;
      // The spec's `references/` holds documents the agent reads one by one: each needs its own pointer.
      if (rel.startsWith('references/')) return false;
      for (let i = rel.lastIndexOf('/'); i > 0; i = rel.lastIndexOf('/', i - 1)) if (folders.has(rel.slice(0, i))) return true;
      return false;
    };

    // One hop: Markdown files SKILL.md references may reference further files.
    const firstHop = candidates.filter((b) => isMarkdown(b.relPath) && isReferenced(b.relPath));
    for (const b of firstHop) {
      const text = skill.bundle.text(b.relPath)?.text;
      if (text) addReferences(text, path.posix.dirname(b.relPath), files, folders, plainNames);
    }

    for (const b of candidates) {
      if (hostFiles.has(b.relPath) || ignored(b.relPath) || isReferenced(b.relPath)) continue;
      report({
        message: `Unexpected unreferenced file \`${show(b.relPath, 60)}\`, expected a link or a mention in SKILL.md or a Markdown file it references`,
        file: b.path,
      });
    }
  },
);
