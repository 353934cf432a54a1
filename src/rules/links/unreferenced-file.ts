import path from 'node:path';
import picomatch from 'picomatch';
import { defineSkillRule } from '../rule.js';
import { parsed } from '../../model/queries.js';
import { show } from '../util.js';
import { reachedFromScripts } from './script-refs.js';
import { candidates, scanPaths, skillIndex } from './skill-index.js';
import { resolve, targets } from './shared.js';

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
      unreferenced: 'Unexpected unreferenced file `{{relPath}}`, expected a link or a mention in SKILL.md or a Markdown file it references',
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
    const note = (p: string, from: string): void => {
      for (const c of candidates(p, from, index.depth, index.work)) {
        if (index.dirs.has(c)) folders.add(c);
        else named.add(c);
      }
    };
    for (const source of index.sources) for (const m of source.mentions) note(m.path, source.from);
    for (const t of targets(skill)) if (t.kind === 'relative') named.add(resolve('', t.path).rel);
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
    const isReferenced = (rel: string): boolean => {
      if (isNamed(rel) || reached.files.has(rel)) return true;
      // A folder the skill names (`the ./canvas-fonts directory`) covers everything in it.
      for (let i = rel.lastIndexOf('/'); i > 0; i = rel.lastIndexOf('/', i - 1)) if (folders.has(rel.slice(0, i))) return true;
      return false;
    };

    for (const b of index.files.values()) {
      if (hostFiles.has(b.relPath) || ignored(b.relPath) || isReferenced(b.relPath)) continue;
      report({
        messageId: 'unreferenced', data: { relPath: show(b.relPath, 60) },
        file: b.path,
      });
    }
  },
);
