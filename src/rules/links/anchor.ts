import { defineSkillRule } from '../rule.js';
import { parsed } from '../../model/queries.js';
import { show } from '../util.js';
import { locate, scopeOf } from './scope.js';
import { SUGGESTIONS_PER_SET, Suggester } from '../../core/suggest.js';
import { includedFragments, type IncludedFragment } from '../../parse/fragments.js';
import { headingsOf, htmlIds, isMarkdown, linkSources } from './shared.js';

/** A heading's explicit id, `## Title {#id}` (Pandoc, kramdown, MkDocs and markdown-it-attrs read it; agents grep it). */
const EXPLICIT_ID = /\{#([^\s{}]+)(?:\s[^{}]*)?\}\s*$/;

/** The fragments a file can take: its heading slugs and explicit ids, and (read when a link needs them) its HTML ids. */
interface Declared {
  slugs: Set<string>;
  headings: number;
  htmlIds: () => Set<string>;
  /** The heading a fragment most likely meant, for the message. */
  near: (fragment: string) => string | undefined;
}

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
    const partsOf = new Map<string, IncludedFragment[]>();
    for (const f of includedFragments(skill, config.sources)) {
      const list = partsOf.get(f.into);
      if (list) list.push(f);
      else partsOf.set(f.into, [f]);
    }
    // What each linked file declares, gathered once per file: a reference of 80,000 fragment links
    // rebuilt its heading set and scanned its text for ids once per link (quadratic, issue #24).
    const declared = new Map<string, Declared | undefined>();
    const targetsOf = (file: string): Declared | undefined => {
      if (declared.has(file)) return declared.get(file);
      const own = headingsOf(skill, file);
      const parts = (own && partsOf.get(file)) || [];
      const headings = own && parts.length ? [...own, ...parts.flatMap((f) => f.headings)] : own;
      skill.work?.charge(headings?.length ?? 1);
      let found: Declared | undefined;
      if (headings) {
        const slugs = new Set(headings.map((h) => h.slug));
        for (const h of headings) {
          const id = EXPLICIT_ID.exec(h.text)?.[1];
          if (id) slugs.add(id);
        }
        let ids: Set<string> | undefined;
        // Each hint is a pass over the slugs: kept per fragment, and only the first hundred fragments searched.
        const hints = new Map<string, string | undefined>();
        const suggester = new Suggester(slugs, undefined, skill.work);
        found = {
          slugs,
          headings: headings.length,
          htmlIds: () => {
            if (ids) return ids;
            const text = file === 'SKILL.md' ? skill.file.text : (skill.bundle.text(file)?.text ?? '');
            const all = parts.length ? [text, ...parts.map((f) => f.file.text)].join('\n') : text;
            skill.work?.charge(all.length);
            return (ids = htmlIds(all));
          },
          near: (fragment) => {
            const lower = fragment.toLowerCase();
            if (slugs.has(lower)) return lower;
            if (hints.has(fragment)) return hints.get(fragment);
            const hint = hints.size < SUGGESTIONS_PER_SET ? (suggester.closest(fragment) ?? headingStartingWith(fragment, slugs)) : undefined;
            hints.set(fragment, hint);
            return hint;
          },
        };
      }
      declared.set(file, found);
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
        const known = targetsOf(file);
        if (!known) continue; // a missing or unreadable file is links/broken's
        // GitHub prefixes heading ids with `user-content-`; links may spell either.
        const fragment = t.fragment.replace(/^user-content-/, '');
        if (known.slugs.has(fragment) || known.htmlIds().has(fragment)) continue;
        const near = known.near(fragment);
        const expected = near ? `\`#${show(near, 60)}\`` : known.headings ? 'an existing heading' : 'a heading (the file has none)';
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
