import { defineSkillRule } from '../rule.js';
import { parsed } from '../../model/queries.js';
import { show } from '../util.js';
import { locate, scopeOf } from './scope.js';
import { closest } from '../../core/suggest.js';
import type { Heading } from '../../model/skill.js';
import { includedFragments } from '../../parse/fragments.js';
import { headingsOf, htmlIds, isMarkdown, linkSources } from './shared.js';

/** A heading's explicit id, `## Title {#id}` (Pandoc, kramdown, MkDocs and markdown-it-attrs read it; agents grep it). */
const EXPLICIT_ID = /\{#([^\s{}]+)(?:\s[^{}]*)?\}\s*$/;

export default defineSkillRule(
  {
    id: 'links/anchor',
    description: 'Reports a `#fragment` that matches no heading of the linked Markdown file (or of SKILL.md, with the fragments it includes), in SKILL.md, in the Markdown files it links to and in included fragments.',
    severity: 'error',
    fixable: false,
    defaultOptions: {},
    messages: {
      fragment: 'Unexpected fragment `#{{fragment}}` for `{{file}}`, expected {{expected}}',
    },
  },
  ({ skill, hosts, config, report }) => {
    if (!parsed(skill)) return;
    const scope = scopeOf(skill, hosts, config);
    // The file a fragment becomes part of has the fragment's headings too: SKILL.md's `#setup` may name a heading
    // of an included fragment, and a fragment's own `#x` a heading of the file it is expanded into.
    const fragments = includedFragments(skill, config.sources);
    const known = new Map<string, { headings: Heading[]; text: string } | undefined>();
    const expanded = (file: string): { headings: Heading[]; text: string } | undefined => {
      if (known.has(file)) return known.get(file);
      const own = headingsOf(skill, file);
      const parts = own ? fragments.filter((f) => f.into === file) : [];
      const text = file === 'SKILL.md' ? skill.file.text : (skill.bundle.text(file)?.text ?? '');
      const found = !own ? undefined : !parts.length ? { headings: own, text } : { headings: [...own, ...parts.flatMap((f) => f.headings)], text: [text, ...parts.map((f) => f.file.text)].join('\n') };
      known.set(file, found);
      return found;
    };
    for (const source of linkSources(skill, config.sources)) {
      for (const t of source.targets) {
        if (t.fragment === undefined) continue;
        let file: string;
        if (t.kind === 'self') file = source.into ?? source.rel;
        else if (t.kind === 'relative' && isMarkdown(t.path)) {
          const place = locate(scope, source.from, t.path);
          // Outside the skill or behind an unknown placeholder: links/escape's and links/broken's.
          if (place.where !== 'skill' && place.where !== 'plugin') continue;
          file = place.rel;
        } else continue;
        const target = expanded(file);
        if (!target) continue; // a missing or unreadable file is links/broken's
        const headings = target.headings;
        // GitHub prefixes heading ids with `user-content-`; links may spell either.
        const fragment = t.fragment.replace(/^user-content-/, '');
        const slugs = new Set(headings.map((h) => h.slug));
        for (const h of headings) {
          const id = EXPLICIT_ID.exec(h.text)?.[1];
          if (id) slugs.add(id);
        }
        if (slugs.has(fragment)) continue;
        if (htmlIds(target.text).has(fragment)) continue;
        const near = [...slugs].find((s) => s === fragment.toLowerCase()) ?? closest(fragment, slugs) ?? headingStartingWith(fragment, slugs);
        const expected = near ? `\`#${show(near, 60)}\`` : headings.length ? 'an existing heading' : 'a heading (the file has none)';
        report({
          messageId: 'fragment', data: { fragment: show(t.fragment, 60), file: show(file, 60), expected },
          range: t.link.range,
          ...(source.reportFile ? { file: source.reportFile } : {}),
        });
      }
    }
  },
);

/**
 * The one slug that begins with the fragment and a `-`: `#inv-8` written for the heading
 * "INV-8: Monitor by stable ids" (`#inv-8-monitor-by-stable-ids`), too far off for an edit
 * distance to offer. Two such headings: no guess.
 */
function headingStartingWith(fragment: string, slugs: ReadonlySet<string>): string | undefined {
  const prefix = `${fragment.toLowerCase()}-`;
  let found: string | undefined;
  for (const s of slugs) {
    if (!s.startsWith(prefix)) continue;
    if (found !== undefined) return undefined;
    found = s;
  }
  return found;
}
