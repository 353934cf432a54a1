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

/** Path-like words of a text: links, code spans, fences and prose alike. */
function pathTokens(text: string): string[] {
  const out: string[] = [];
  for (const m of text.matchAll(/[^\s`'"()<>[\]{}|,;*=]+/g)) {
    let token = m[0]!;
    token = token.replace(/[#?].*$/, '');
    token = decode(token).replace(/\\/g, '/').replace(/[.:!]+$/, '');
    if (token) out.push(token);
  }
  return out;
}

/**
 * The set of skill-relative paths a text names. A token counts when it equals a path or ends with
 * `/` + the path (`$SKILL_DIR/scripts/run.sh`), read from the text's own folder and from the skill root.
 */
function addReferences(text: string, fromDir: string, files: Set<string>, folders: Set<string>): void {
  for (const token of pathTokens(text)) {
    // Most tokens are plain words: their only candidate is themselves.
    if (!fromDir && !token.includes('/')) {
      files.add(token);
      continue;
    }
    const folder = token.endsWith('/');
    const candidates = new Set<string>();
    const bare = token.replace(/^(?:\.\/)+/, '');
    const parts = bare.split('/').filter((p) => p !== '');
    for (let i = 0; i < parts.length; i++) candidates.add(parts.slice(i).join('/'));
    if (fromDir) candidates.add(resolve(fromDir, token).rel);
    for (const c of candidates) (folder ? folders : files).add(c);
  }
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
    addReferences(skill.file.text, '', files, folders);
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
      if (text) addReferences(text, path.posix.dirname(b.relPath), files, folders);
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
