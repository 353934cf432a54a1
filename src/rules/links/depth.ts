import path from 'node:path';
import { defineSkillRule } from '../rule.js';
import { parsed } from '../../model/queries.js';
import { show } from '../util.js';
import { bundleIndex } from './bundle-index.js';
import { locate, scopeOf } from './scope.js';
import { candidatesOf, skillIndex } from './skill-index.js';
import { bundledEntry, classify, isMarkdown, noun, targets, type Target } from './shared.js';

export interface Options {
  max: number;
}

/**
 * The spec's "keep file references one level deep from SKILL.md" is about chains: SKILL.md -> a.md
 * is one level, a.md -> b.md (b.md not reached from SKILL.md itself) is two. Folder depth is not a
 * level: `references/api/auth.md` linked from SKILL.md is one level deep. Agents read a file reached
 * through another reference partially or not at all (progressive disclosure rarely takes the second hop).
 */
export default defineSkillRule<Options>(
  {
    id: 'links/depth',
    description: 'Reports a chain of references deeper than one level: a Markdown file linked only from another reference, not from SKILL.md.',
    severity: 'warning',
    fixable: false,
    schema: {
      type: 'object',
      properties: { max: { type: 'integer', minimum: 1 } },
      additionalProperties: false,
    },
    defaultOptions: { max: 1 },
    messages: {
      tooDeep: 'Unexpected {{link}} to `{{rel}}` reached only through {{chain}} ({{depth}} levels from SKILL.md), expected at most {{max}}: link it from SKILL.md',
    },
  },
  ({ skill, options, hosts, config, report }) => {
    if (!parsed(skill)) return;
    const max = options.max;
    const scope = scopeOf(skill, hosts, config);
    /** The bundled Markdown file a relative link in folder `from` reaches, or undefined. */
    const markdownTarget = (t: Target, from: string): string | undefined => {
      if (t.kind !== 'relative') return undefined;
      // `${CLAUDE_SKILL_DIR}/x` is `x`; paths outside the skill are links/escape's.
      const place = locate(scope, from, t.path);
      if (place.where !== 'skill' || place.rel === '.' || !isMarkdown(place.rel)) return undefined;
      // A missing target is links/broken's: one link, one finding.
      return bundledEntry(skill, place.rel)?.kind === 'file' ? place.rel : undefined;
    };
    // Breadth first from SKILL.md: each file's level is its shortest chain. Only files within `max`
    // levels are read for their links, so each file is read at most once.
    const level = new Map<string, number>([['SKILL.md', 0]]);
    const via = new Map<string, string>();
    const reach = (rel: string, depth: number, holder: string): void => {
      level.set(rel, depth);
      via.set(rel, holder);
    };
    for (const t of targets(skill)) {
      const rel = markdownTarget(t, '');
      if (rel !== undefined && !level.has(rel)) reach(rel, 1, 'SKILL.md');
    }
    // A file SKILL.md (or a fragment it includes) names in its text (`see references/api/auth.md`)
    // is one level deep as surely as a linked one.
    const index = skillIndex(skill);
    for (const source of index.sources) {
      if (source.rel !== 'SKILL.md' && !source.included) continue;
      for (const m of source.mentions) {
        for (const c of candidatesOf(index, m.path, source.from)) if (index.files.has(c) && isMarkdown(c) && !level.has(c)) reach(c, 1, 'SKILL.md');
      }
    }
    let frontier = [...level.keys()].filter((rel) => level.get(rel) === 1);
    for (let depth = 2; frontier.length && depth <= max + 1; depth++) {
      const next: string[] = [];
      for (const holder of frontier) {
        const links = skill.bundle.links(holder);
        if (!links?.length) continue;
        const dir = path.posix.dirname(holder) === '.' ? '' : path.posix.dirname(holder);
        for (const t of links.map(classify)) {
          const rel = markdownTarget(t, dir);
          if (rel === undefined || level.has(rel)) continue;
          reach(rel, depth, holder);
          if (depth <= max) {
            next.push(rel);
            continue;
          }
          const chain: string[] = [];
          for (let at: string | undefined = holder; at !== undefined; at = via.get(at)) chain.unshift(at);
          report({
            messageId: 'tooDeep',
            data: { link: noun(t.link), rel: show(rel, 60), chain: chain.map((c) => `\`${show(c, 40)}\``).join(' → '), depth, max },
            range: t.link.range,
            file: bundleIndex(skill).entries.get(holder)!.path,
          });
        }
      }
      frontier = next;
    }
  },
);
