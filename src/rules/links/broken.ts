import path from 'node:path';
import { defineSkillRule } from '../rule.js';
import type { Range, TextEdit } from '../../model/diagnostic.js';
import type { Skill } from '../../model/skill.js';
import { parsed } from '../../model/queries.js';
import { beforeFirstOf } from '../../core/strings.js';
import { show } from '../util.js';
import { checkable, locate, scopeOf, strayedTo } from './scope.js';
import { bundledEntry, caseVariant, linkSources, noun } from './shared.js';
import { nearFile, skillIndex } from './skill-index.js';

export default defineSkillRule(
  {
    id: 'links/broken',
    description: 'Reports a relative link or image whose target file does not exist, in SKILL.md, in the Markdown files it links to and in the fragments it includes.',
    severity: 'error',
    fixable: false,
    defaultOptions: {},
    messages: {
      unknownPlaceholder: 'Unexpected unknown placeholder `{{placeholder}}` in {{link}} `{{url}}`, expected a variable the host substitutes{{known}} or one named in the config\'s `placeholders` (its paths are not checked)',
      wrongCase: 'Unexpected {{link}} to `{{rel}}`, expected `{{variant}}` (paths are case-sensitive on most hosts)',
      missing: 'Unexpected {{link}} to missing `{{path}}`, expected an existing file{{hint}}',
    },
  },
  ({ skill, hosts, config, report }) => {
    if (!parsed(skill)) return;
    const scope = scopeOf(skill, hosts, config);
    const unknown = new Set<string>();
    for (const source of linkSources(skill, config.sources)) {
      const at = source.reportFile ? { file: source.reportFile } : {};
      for (const t of source.targets) {
        if (t.kind !== 'relative') continue;
        const place = locate(scope, source.from, t.path);
        // A fragment's link to a file outside the skill: the build ships a copy, so it only has to exist.
        if (source.into && place.where !== 'skill' && !place.placeholder) {
          if (!skill.bundle.exists(place.rel)) report({ messageId: 'missing', data: { link: noun(t.link), path: show(beforeFirstOf(t.link.url, '#?'), 60), hint: '' }, range: t.link.range, ...at });
          continue;
        }
        // Outside the skill (or its plugin) is links/escape's; under the project or a runtime folder, nothing to check.
        if (place.where === 'outside' || place.where === 'unchecked') continue;
        if (place.where === 'unknown') {
          // Once per placeholder: the path behind it cannot be checked, and ten links say no more than one.
          if (unknown.has(place.placeholder)) continue;
          unknown.add(place.placeholder);
          const known = scope.documented.length ? ` (${scope.documented.map((d) => `\`${d}\``).join(', ')})` : '';
          report({
            messageId: 'unknownPlaceholder', data: { placeholder: show(place.placeholder, 40), link: noun(t.link), url: show(t.link.url, 60), known },
            range: t.link.range,
            severity: 'warning',
            ...at,
          });
          continue;
        }
        const rel = place.rel;
        if (place.where === 'skill') {
          if (bundledEntry(skill, rel)) continue;
          const variant = caseVariant(skill, rel);
          if (variant) {
            report({
              messageId: 'wrongCase', data: { link: noun(t.link), rel: show(rel, 60), variant: show(variant, 60) },
              range: t.link.range,
              ...at,
            });
            continue;
          }
        } else if (!checkable(scope, rel)) continue; // a plugin folder not all present here (no manifest): unknown
        // The listing is capped and skips `..`; the disk has the last word.
        if (skill.bundle.exists(rel)) continue;
        if (strayedTo(place, skill.bundle.exists)) continue; // it is there, outside the skill: links/escape's
        // A fragment's link is shown as written there (its path is resolved from the fragment's folder).
        const written = source.into ? beforeFirstOf(t.link.url, '#?') : t.path;
        const meant = !source.into && place.where === 'skill' ? meantFile(skill, source.from, rel) : undefined;
        const suggest = meant === undefined ? undefined : suggestion(source.reportFile === undefined ? skill.file.text : skill.bundle.text(source.rel)?.text, t.link, meant);
        report({ messageId: 'missing', data: { link: noun(t.link), path: show(written, 60), hint: meant === undefined ? '' : ` (did you mean \`${show(meant, 60)}\`?)` }, range: t.link.range, ...at, ...(suggest ? { suggest: [suggest] } : {}) });
      }
    }
  },
);

/**
 * The file of the skill a missing link most likely meant, written as the link would be, from the
 * folder of the file that holds it (`from`).
 */
function meantFile(skill: Skill, from: string, rel: string): string | undefined {
  const near = nearFile(rel, skillIndex(skill));
  return near === undefined ? undefined : from ? path.posix.relative(from, near) : near;
}

/**
 * The edit that points the link at `meant`: its destination's path, as written in the file's
 * `text` (the anchor and query kept), replaced. None when the destination is not written as
 * remark read it (escapes, entities, angle brackets), so the edit could not be exact.
 */
function suggestion(text: string | undefined, link: { url: string; range: Range }, meant: string): { desc: string; fix: TextEdit[] } | undefined {
  const start = link.range.start.offset;
  const end = link.range.end.offset;
  if (text === undefined || start === undefined || end === undefined) return undefined;
  const at = text.slice(start, end).lastIndexOf(link.url);
  if (at < 0) return undefined;
  const pathPart = beforeFirstOf(link.url, '?#').length;
  const from = start + at;
  return { desc: `Change the link to \`${meant}\``, fix: [{ range: [from, from + pathPart], text: meant.split('/').map(encodeURIComponent).join('/') }] };
}
