import path from 'node:path';
import picomatch from 'picomatch';
import { defineSkillRule } from '../rule.js';
import { parsed } from '../../model/queries.js';
import { show } from '../util.js';
import type { Skill } from '../../model/skill.js';
import { importedModules, isManifest, isScript, reachedFromScripts, scriptReferences, specifierTargets } from './script-refs.js';
import { candidates, candidatesOf, scanPaths, skillIndex, type SkillIndex } from './skill-index.js';
import { isMarkdown, resolve, targets } from './shared.js';

export interface Options {
  ignore: string[];
}

/** Files nobody links on purpose: licences, readmes, changelogs and logs, host instruction files, and test or eval data. */
export const DEFAULT_IGNORE = [
  '**/LICENSE*',
  '**/LICENCE*',
  '**/COPYING*',
  '**/NOTICE*',
  '**/THIRD-PARTY-NOTICES*',
  '**/THIRD_PARTY_NOTICES*',
  '**/README*',
  '**/CHANGELOG*',
  '**/CHANGES*',
  '**/HISTORY*',
  // Logs kept by maintainers (`evolution-log.md`, `decision-log.md`): records of the skill, not for the agent.
  '**/*-log.md',
  '**/*_log.md',
  // Instructions an agent host reads on its own when working in the folder (Claude Code, Codex, Gemini CLI).
  '**/CLAUDE.md',
  '**/AGENTS.md',
  '**/GEMINI.md',
  '**/AUTHORS*',
  '**/.*',
  '**/.*/**',
  // Test and eval files by their names (`test-login.md`, `auth.test.ts`, `parser_test.py`, `test_parser.py`,
  // `cli.spec.js`) and test configuration: run by the author's tools, never loaded by a host.
  '**/test-*',
  '**/test_*',
  '**/*.test.*',
  '**/*.spec.*',
  '**/*_test.*',
  '**/eval-*',
  '**/eval_*',
  '**/*.eval.*',
  '**/conftest.py',
  '**/pytest.ini',
  '**/jest.config.*',
  '**/vitest.config.*',
  // Metadata a registry or a build keeps beside the skill (ClawHub's `_meta.json`, checksums).
  '**/_meta.json',
  '**/*.meta.json',
  '**/*.meta.yaml',
  '**/*.meta.yml',
  '**/*.sha256',
  '**/*.sha512',
  '**/fixtures/**',
  '**/evals/**',
  '**/evaluations/**',
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
    messages: {
      unreferenced: 'Unexpected unreferenced file `{{relPath}}`, expected a link or a mention in SKILL.md or a Markdown file it references{{hidden}}',
      unreferencedFolder: 'Unexpected unreferenced folder `{{relPath}}/` ({{count}} files), expected a link or a mention of it or of its files in SKILL.md or a Markdown file it references',
    },
  },
  ({ skill, options, config, report }) => {
    if (!parsed(skill)) return;
    const index = skillIndex(skill);
    if (!index.files.size) return;
    const ignored = ignoreMatcher(options.ignore);
    // Metadata files a host reads on its own (e.g. an interface file beside SKILL.md), and the files they name (icons).
    const hostFiles = new Set(Object.values(config.hostTable).flatMap((h) => (h.emit.metadataFile ? [h.emit.metadataFile.path] : [])));

    const named = new Set<string>();
    const folders = new Set<string>();
    /** A name in other letter case leads to the file on a case-insensitive disk: the mismatch is links/missing-file's alone. */
    const exact = (c: string): string => (index.files.has(c) || index.dirs.has(c) ? c : (index.lower.get(c.toLowerCase()) ?? c));
    const mark = (c: string): void => {
      const rel = exact(c);
      if (index.dirs.has(rel)) folders.add(rel);
      else named.add(rel);
    };
    const note = (p: string, from: string): void => {
      for (const c of candidatesOf(index, p, from)) {
        mark(c);
        // An import specifier names its file without the extension (`./lib/util`), or as the emitted `.js`.
        for (const t of specifierTargets(index, c)) mark(t);
      }
    };
    for (const source of index.sources) {
      for (const m of source.mentions) note(m.path, source.from);
      // Module paths in code: `from core.gif_builder import X` names `core/gif_builder.py`.
      importedModules(source.file.text, source.from, index, mark);
    }
    for (const t of targets(skill)) if (t.kind === 'relative') mark(resolve('', t.path).rel);
    for (const rel of hostFiles) {
      const text = index.files.has(rel) ? skill.bundle.text(rel)?.text : undefined;
      if (text) scanPaths(text, 0, new Set(), (p) => note(p, ''));
    }
    const isNamed = (rel: string): boolean => {
      if (named.has(rel)) return true;
      // A bare file name with an extension counts when no other bundled file has it (`async.md` in a table).
      const base = path.posix.basename(rel);
      return base.includes('.') && index.basenames.get(base) === 1 && named.has(base);
    };
    // Scripts the skill names run, import, source or read further files.
    const reached = reachedFromScripts(skill, index, [...index.files.keys()].filter(isNamed));
    for (const d of reached.dirs) folders.add(d);
    const inNamedFolder = (rel: string): boolean => {
      // A folder the skill names (`the ./canvas-fonts directory`) covers everything in it.
      for (let i = rel.lastIndexOf('/'); i > 0; i = rel.lastIndexOf('/', i - 1)) if (folders.has(rel.slice(0, i))) return true;
      return false;
    };
    const isReferenced = (rel: string): boolean => isNamed(rel) || reached.files.has(rel) || inNamedFolder(rel);
    // Package manifests and lock files configure the code beside them: when that code is unreferenced it is the finding.
    const unreferenced = [...index.files.keys()].filter((rel) => !hostFiles.has(rel) && !isManifest(rel) && !ignored(rel) && !isReferenced(rel)).sort();
    if (!unreferenced.length) return;
    for (const f of rootCauses(skill, index, unreferenced, (rel) => !ignored(rel) && !hostFiles.has(rel) && !isManifest(rel))) {
      if (f.folder !== undefined) {
        report({ messageId: 'unreferencedFolder', data: { relPath: show(f.folder, 60), count: f.count }, file: index.files.get(f.rel)!.path });
        continue;
      }
      const hidden = f.hides.length ? ` (nothing else names the ${f.hides.length === 1 ? 'file' : `${f.hides.length} files`} it names: ${f.hides.slice(0, 3).map((h) => `\`${show(h, 50)}\``).join(', ')}${f.hides.length > 3 ? ', ...' : ''})` : '';
      report({ messageId: 'unreferenced', data: { relPath: show(f.rel, 60), hidden }, file: index.files.get(f.rel)!.path });
    }
  },
);

/** One finding: a folder nothing names (reported at its first file), or a file with the unreferenced files only it names. */
interface RootCause {
  rel: string;
  folder?: string;
  count?: number;
  hides: string[];
}

/**
 * One finding per root cause. An unreferenced file that only another unreferenced file names (a
 * reference's own sub-reference, the data file an unreferenced script reads) is part of that
 * file's finding; cycles fall back to their first file in path order. Then a folder whose every
 * checked file is unreferenced, for causes inside it, is one finding (its topmost such folder,
 * when it holds two files or more). Each unreferenced file's text is read once.
 */
function rootCauses(skill: Skill, index: SkillIndex, unreferenced: readonly string[], checked: (rel: string) => boolean): RootCause[] {
  const left = new Set(unreferenced);
  // What each unreferenced file names directly, among the other unreferenced ones.
  const edges = new Map<string, string[]>();
  const hasParent = new Set<string>();
  for (const rel of unreferenced) {
    const to = new Set<string>();
    const add = (c: string): void => {
      const target = index.files.has(c) ? c : index.lower.get(c.toLowerCase());
      if (target !== undefined && target !== rel && left.has(target)) to.add(target);
    };
    const dir = path.posix.dirname(rel) === '.' ? '' : path.posix.dirname(rel);
    if (isScript(rel)) scriptReferences(skill, index, rel, add);
    else if (isMarkdown(rel)) {
      const text = skill.bundle.text(rel)?.text;
      if (text) {
        scanPaths(text, 0, new Set(), (p) => {
          for (const c of candidates(p, dir, index.depth, index.work)) add(c);
        });
        importedModules(text, dir, index, add);
      }
    }
    edges.set(rel, [...to].sort());
    for (const t of to) hasParent.add(t);
  }
  // Roots first (named by no other unreferenced file), then the first file of each cycle left.
  const owner = new Map<string, string>();
  const found = new Map<string, string[]>();
  const claim = (root: string): void => {
    const hides: string[] = [];
    owner.set(root, root);
    const queue = [root];
    for (let i = 0; i < queue.length; i++) {
      for (const t of edges.get(queue[i]!) ?? []) {
        if (owner.has(t)) continue;
        owner.set(t, root);
        hides.push(t);
        queue.push(t);
      }
    }
    found.set(root, hides.sort());
  };
  for (const rel of unreferenced) if (!hasParent.has(rel)) claim(rel);
  for (const rel of unreferenced) if (!owner.has(rel)) claim(rel);

  // Per folder: checked files, and unreferenced ones whose cause lies in the folder too.
  const total = new Map<string, number>();
  const contained = new Map<string, number>();
  const folders = (rel: string): string[] => {
    const out: string[] = [];
    for (let i = rel.lastIndexOf('/'); i > 0; i = rel.lastIndexOf('/', i - 1)) out.push(rel.slice(0, i));
    return out;
  };
  for (const rel of index.files.keys()) if (checked(rel)) for (const dir of folders(rel)) total.set(dir, (total.get(dir) ?? 0) + 1);
  for (const rel of unreferenced) {
    const root = owner.get(rel)!;
    for (const dir of folders(rel)) if (root === dir || root.startsWith(`${dir}/`)) contained.set(dir, (contained.get(dir) ?? 0) + 1);
  }
  const wholeFolder = (rel: string): string | undefined => {
    let top: string | undefined;
    for (const dir of folders(rel)) {
      const n = contained.get(dir) ?? 0;
      if (n >= 2 && n === total.get(dir)) top = dir;
    }
    return top;
  };
  const out: RootCause[] = [];
  const reportedFolders = new Set<string>();
  for (const [rel, hides] of [...found].sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0))) {
    const folder = wholeFolder(rel);
    if (folder === undefined) out.push({ rel, hides });
    else if (!reportedFolders.has(folder)) {
      reportedFolders.add(folder);
      out.push({ rel, folder, count: contained.get(folder)!, hides: [] });
    }
  }
  return out;
}
