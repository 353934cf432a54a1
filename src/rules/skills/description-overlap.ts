import { hostFields } from '../../analysis/budget.js';
import path from 'node:path';
import { distinctProducts, nameStats, nameWords, similarPairs, subjectProducts } from '../../analysis/similarity.js';
import type { SkillSummary } from '../../model/summary.js';
import { defineCatalogRule } from '../rule.js';
import { field, frontmatterData, parsed } from '../../model/queries.js';
import { folderOf, sortSkills } from '../../analysis/requires.js';
import { skillcBlock } from '../../model/skillc-block.js';

export interface DescriptionOverlapOptions {
  /** Similarity (0-1) at or above which two descriptions are reported. */
  threshold: number;
}

/**
 * The words of the name a skill is listed under: its name (or folder), and with `byContainer` the
 * plugin folder holding it (`<plugin>/skills/<skill>`), as `gmail-commander:health` is listed.
 */
function listedNameParts(skill: SkillSummary, byContainer: boolean): string[] {
  const parts = (skill.name ?? skill.dirName).split(/[-_:\s]+/);
  if (byContainer && path.basename(path.dirname(skill.dir)) === 'skills') parts.push(...path.basename(path.dirname(path.dirname(skill.dir))).split(/[-_\s]+/));
  return parts.filter(Boolean);
}

/** Others named per skill: a catalog of near-copies must not make n² messages. */
const MAX_LISTED = 3;

export default defineCatalogRule<DescriptionOverlapOptions>(
  {
    id: 'skills/description-overlap',
    description: 'Reports two skills whose descriptions are so alike (TF-IDF cosine similarity of their words) that a model routing a request cannot tell them apart.',
    severity: 'warning',
    fixable: false,
    schema: {
      type: 'object',
      additionalProperties: false,
      properties: { threshold: { type: 'number', exclusiveMinimum: 0, maximum: 1 } },
    },
    defaultOptions: { threshold: 0.4 },
    messages: {
      similar: 'Unexpected description {{score}} similar to `{{detail}}`\'s (in `{{other}}`), expected below {{threshold}} so a model can tell the two apart{{shared}}',
    },
  },
  ({ catalog, hosts, options, report }) => {
    // Only skills the model routes to: a manual skill is picked by the user, by name.
    const routed = sortSkills(catalog.skills).filter((s) => {
      if (!parsed(s) || !s.description?.trim()) return false;
      if (skillcBlock(s).invocation === 'manual') return false;
      return frontmatterData(s)?.['disable-model-invocation'] !== true;
    });
    const text = (s: (typeof routed)[number]): string => {
      const extra = hosts.map((h) => hostFields(s, h).when_to_use).find((v): v is string => typeof v === 'string');
      return extra ? `${s.description} ${extra}` : s.description!;
    };
    // Identical descriptions are compared once: n copies would otherwise make n² pairs (and exhaust memory).
    const texts = routed.map(text);
    const firstOf = new Map<string, number>();
    const reps: number[] = [];
    for (let i = 0; i < texts.length; i++) {
      if (!firstOf.has(texts[i]!)) {
        firstOf.set(texts[i]!, reps.length);
        reps.push(i);
      }
    }
    const copies = new Map<number, number[]>();
    texts.forEach((t, i) => {
      const r = firstOf.get(t)!;
      const group = copies.get(r);
      if (group) group.push(i);
      else copies.set(r, [i]);
    });
    // Each skill names its most similar others, a few at most, best first.
    const matches = new Map<number, { other: number; score: number; shared: string[] }[]>();
    const add = (self: number, other: number, score: number, shared: string[]): void => {
      const list = matches.get(self) ?? [];
      list.push({ other, score, shared });
      matches.set(self, list);
    };
    for (const group of copies.values()) {
      if (group.length < 2) continue;
      const firstFew = group.slice(0, MAX_LISTED + 1);
      for (const self of group) for (const other of firstFew.filter((o) => o !== self).slice(0, MAX_LISTED)) add(self, other, 1, []);
    }
    // Two skills that each name a product the other never mentions (AWS vs Azure, NUnit vs xUnit) are told
    // apart by the request, which names it.
    const stats = nameStats(texts);
    // Under a host that lists a plugin's skills by plugin and folder (`gmail-commander:health`), the plugin's name is part of the skill's.
    const byContainer = hosts.some((h) => h.skillIdentity === 'folder-in-container');
    const naming = new Map<number, { products: Set<string>; words: Set<string> }>();
    const namingOf = (i: number): { products: Set<string>; words: Set<string> } => {
      let n = naming.get(i);
      if (n) return n;
      const s = routed[i]!;
      const parts = listedNameParts(s, byContainer);
      const words = nameWords(texts[i]!);
      for (const p of parts) words.add(p.toLowerCase());
      naming.set(i, (n = { products: subjectProducts(texts[i]!, parts, stats), words }));
      return n;
    };
    // A run that shows a few skills only (the language server, --changed) scores only the pairs involving them.
    const shown = catalog.reported ? new Set(routed.flatMap((s, i) => (catalog.reported!.has(s.dir) ? [firstOf.get(texts[i]!)!] : []))) : undefined;
    for (const p of similarPairs(reps.map((i) => texts[i]!), options.threshold, shown)) {
      if (distinctProducts(namingOf(reps[p.a]!), namingOf(reps[p.b]!))) continue;
      const ga = copies.get(p.a)!;
      const gb = copies.get(p.b)!;
      for (const self of ga) add(self, gb[0]!, p.score, p.shared);
      for (const self of gb) add(self, ga[0]!, p.score, p.shared);
    }
    for (const [selfIndex, list] of [...matches.entries()].sort((a, b) => a[0] - b[0])) {
      list.sort((x, y) => y.score - x.score || x.other - y.other);
      const self = routed[selfIndex]!;
      for (const m of list.slice(0, MAX_LISTED)) {
        const other = routed[m.other]!;
        const shared = m.shared.length ? `; shared: ${m.shared.map((t) => `"${t}"`).join(', ')}` : '';
        report(self, {
          messageId: 'similar', data: { score: m.score.toFixed(2), detail: other.name ?? other.dirName, other: folderOf(other, self, catalog.skills), threshold: options.threshold, shared },
          range: field(self, 'description')?.valueRange,
        });
      }
    }
  },
);
