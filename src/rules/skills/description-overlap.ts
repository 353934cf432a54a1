import { hostFields } from '../../catalog/budget.js';
import { similarPairs } from '../../catalog/similarity.js';
import { defineCatalogRule } from '../rule.js';
import { field, frontmatterData, parsed } from '../util.js';
import { folderOf, sortSkills } from './shared.js';

export interface DescriptionOverlapOptions {
  /** Similarity (0-1) at or above which two descriptions are reported. */
  threshold: number;
}

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
  },
  ({ catalog, hosts, options, report }) => {
    // Only skills the model routes to: a manual skill is picked by the user, by name.
    const routed = sortSkills(catalog.skills).filter((s) => {
      if (!parsed(s) || !s.description?.trim()) return false;
      if (s.skillc?.invocation === 'manual') return false;
      return frontmatterData(s)?.['disable-model-invocation'] !== true;
    });
    const text = (s: (typeof routed)[number]): string => {
      const extra = hosts.map((h) => hostFields(s, h).when_to_use).find((v): v is string => typeof v === 'string');
      return extra ? `${s.description} ${extra}` : s.description!;
    };
    const pairs = similarPairs(routed.map(text), options.threshold);
    for (const p of pairs) {
      const a = routed[p.a]!;
      const b = routed[p.b]!;
      const score = p.score.toFixed(2);
      const shared = p.shared.length ? `; shared: ${p.shared.map((t) => `"${t}"`).join(', ')}` : '';
      for (const [self, other] of [
        [a, b],
        [b, a],
      ] as const) {
        report(self, {
          message: `Unexpected description ${score} similar to \`${other.name ?? other.dirName}\`'s (in \`${folderOf(other, self, catalog.skills)}\`), expected below ${options.threshold} so a model can tell the two apart${shared}`,
          range: field(self, 'description')?.valueRange,
        });
      }
    }
  },
);
