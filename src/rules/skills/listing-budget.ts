import { hostListing, installUnits, type UnitMode } from '../../analysis/budget.js';
import { defineCatalogRule } from '../rule.js';
import type { HostProfile, ListingProfile } from '../../hosts/profile.js';
import type { Range } from '../../model/diagnostic.js';
import type { SkillSummary } from '../../model/summary.js';
import { field, hostField, parsed } from '../../model/queries.js';

export interface ListingBudgetOptions {
  /** Context window in tokens; default the config's `contextTokens` (200,000). 0: unknown. */
  contextTokens?: number;
  /** What one listing holds: `auto` (per plugin, host skills folder or project, else per skill), `catalog` (every skill linted), `skill`. */
  unit?: UnitMode;
}

const n = (x: number): string => x.toLocaleString('en-US');

/** Skills named in the once-per-catalog message. */
const MAX_NAMED = 5;

/** Where a skill's entry is written: the host's own description (`skillc.<host>.description`) when the source gives one. */
function rangeOf(skill: SkillSummary, host: HostProfile): Range | undefined {
  return (hostField(skill, host.id, 'description') ?? field(skill, 'description') ?? field(skill, 'name'))?.valueRange;
}

/** What the host does over budget, in its own terms (the profile says which). */
function consequence(overflow: ListingProfile['overflow'], affected: number): string {
  const about = `about ${n(affected)}`;
  switch (overflow) {
    case 'drop-descriptions':
      return `it keeps every skill's name and drops the descriptions of ${about}, the least used first (the model cannot pick those by description)`;
    case 'drop':
      return `it leaves ${about} skills out of the listing, the least used first`;
    default:
      return `it cuts the listing's text, so ${about} entries are shortened or left out`;
  }
}

export default defineCatalogRule<ListingBudgetOptions>(
  {
    id: 'skills/listing-budget',
    description: "Reports a skill whose listing entry a linted host cuts (over the host's entry limit), and, once per listing (a plugin, a host's skills folder, a project built together), a listing over the host's budget at the configured context size, with what the host then does.",
    severity: 'warning',
    fixable: false,
    schema: {
      type: 'object',
      additionalProperties: false,
      properties: { contextTokens: { type: 'integer', minimum: 0 }, unit: { enum: ['auto', 'catalog', 'skill'] } },
    },
    defaultOptions: {},
    messages: {
      entryCut: 'Unexpected listing entry of {{textLength}} characters{{fields}} for {{displayName}}, which cuts each entry at {{n}}: the last {{n2}} characters are not listed',
      overBudget: 'Unexpected listing of {{entriesLength}} skills{{unit}} in {{wanted}} characters, over {{displayName}}\'s budget of {{budget}} ({{basis}}): {{overflow}}. Largest entries: {{named}}{{rest}}; shorten descriptions or mark manual skills so they leave the listing',
    },
  },
  ({ catalog, config, hosts, options, report }) => {
    const tokens = options.contextTokens ?? config.contextTokens ?? 200_000;
    const skills = catalog.skills.filter((s) => parsed(s) && s.frontmatter && !s.frontmatter.errors.length);
    for (const host of hosts) {
      // An entry over the host's own cut is a fact about that skill: reported on it.
      for (const e of hostListing(skills, host, tokens).entries) {
        if (e.reason !== 'entry-limit') continue;
        const fields = host.listing.entryFields.length > 1 ? ` (${host.listing.entryFields.map((f) => `\`${f}\``).join(' with ')})` : '';
        report(e.skill, {
          messageId: 'entryCut', data: { textLength: n(e.text.length), fields, displayName: host.displayName, n: n(host.listing.entryMax!), n2: n(e.text.length - e.shown.length) },
          range: rangeOf(e.skill, host),
        });
      }
      if (host.listing.overflow === 'unknown') continue;
      // The budget holds per listing, and a listing is what a user installs together: each plugin of a marketplace,
      // a host's skills folder, a project built together; a registry's skills install one by one.
      const units = installUnits(skills, host, options.unit ?? 'auto', config.file);
      for (const unit of units) {
        const listing = hostListing(unit.skills, host, tokens);
        if (listing.budget === null || listing.wanted <= listing.budget || !listing.entries.length) continue;
        const affected = listing.entries.filter((e) => e.reason === 'budget').length;
        const largest = [...listing.entries].sort((a, b) => b.text.length - a.text.length || (a.name < b.name ? -1 : 1));
        const named = largest.slice(0, MAX_NAMED).map((e) => `\`${e.name}\` (${n(e.text.length)})`);
        const rest = largest.length > MAX_NAMED ? `, and ${n(largest.length - MAX_NAMED)} more` : '';
        const first = listing.entries[0]!;
        // Which unit overflows, when the catalog holds several; the project's one listing goes on its config file.
        const label = units.length === 1 ? '' : unit.kind === 'plugin' ? ` in plugin \`${unit.label}\`` : unit.kind === 'folder' ? ` in \`${unit.label}\`` : '';
        const where = config.file && (unit.kind === 'catalog' || units.length === 1) ? { file: config.file, range: { start: { line: 1, column: 1 }, end: { line: 1, column: 1 } } } : { range: rangeOf(first.skill, host) };
        report(first.skill, {
          messageId: 'overBudget', data: { entriesLength: n(listing.entries.length), unit: label, wanted: n(listing.wanted), displayName: host.displayName, budget: n(listing.budget), basis: listing.basis, overflow: consequence(host.listing.overflow, affected), named: named.join(', '), rest },
          ...where,
        });
      }
    }
  },
);
