import { hostListing } from '../../catalog/budget.js';
import { defineCatalogRule } from '../rule.js';
import { field, parsed } from '../util.js';

export interface ListingBudgetOptions {
  /** Context window in tokens; default the config's `contextTokens` (200,000). 0: unknown. */
  contextTokens?: number;
}

const n = (x: number): string => x.toLocaleString('en-US');

export default defineCatalogRule<ListingBudgetOptions>(
  {
    id: 'skills/listing-budget',
    description: "Reports skills whose listing entry a linted host would cut or drop: a description over the host's entry limit, or a catalog whose listing is over the host's budget at the configured context size.",
    severity: 'warning',
    fixable: false,
    schema: {
      type: 'object',
      additionalProperties: false,
      properties: { contextTokens: { type: 'integer', minimum: 0 } },
    },
    defaultOptions: {},
  },
  ({ catalog, config, hosts, options, report }) => {
    const tokens = options.contextTokens ?? config.contextTokens ?? 200_000;
    const skills = catalog.skills.filter((s) => parsed(s) && s.frontmatter && !s.frontmatter.errors.length);
    for (const host of hosts) {
      const listing = hostListing(skills, host, tokens);
      const over = listing.budget !== null && listing.wanted > listing.budget;
      const affected = listing.entries.filter((e) => e.fate !== 'listed');
      const dropped = affected.filter((e) => e.reason === 'budget').length;
      for (const e of affected) {
        const range = (field(e.skill, 'description') ?? field(e.skill, 'name'))?.valueRange;
        if (e.reason === 'entry-limit' && e.fate === 'cut') {
          const fields = host.listing.entryFields.length > 1 ? ` (${host.listing.entryFields.map((f) => `\`${f}\``).join(' with ')})` : '';
          report(e.skill, {
            message: `Unexpected listing entry of ${n(e.text.length)} characters${fields} for ${host.displayName}, which cuts each entry at ${n(host.listing.entryMax!)}: the last ${n(e.text.length - e.shown.length)} characters are not listed`,
            range,
          });
          continue;
        }
        if (!over) continue;
        const how =
          e.fate === 'dropped'
            ? host.listing.overflow === 'drop'
              ? `drops ${n(dropped)} ${dropped === 1 ? 'skill' : 'skills'} (the least used first; skillc assumes name order), this one among them`
              : 'leaves this one out'
            : `cuts this entry to ${n(e.shown.length)} of ${n(e.text.length)} characters`;
        report(e.skill, {
          message: `Unexpected listing of ${n(listing.entries.length)} skills in ${n(listing.wanted)} characters, over ${host.displayName}'s budget of ${n(listing.budget!)} (${listing.basis}): it ${how}`,
          range,
        });
      }
    }
  },
);
