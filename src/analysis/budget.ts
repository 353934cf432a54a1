import path from 'node:path';
import type { HostProfile } from '../hosts/profile.js';
import type { SkillSummary } from '../model/summary.js';
import { frontmatterData } from '../model/queries.js';
import { skillcBlock } from '../model/skillc-block.js';

/** Characters a token, the estimate `body/max-tokens` uses too. */
export const CHARS_PER_TOKEN = 4;

export interface Invocation {
  /** The host installs the skill at all (`skillc.targets`). */
  installed: boolean;
  /** The model sees it in the listing and may invoke it. */
  model: boolean;
  /** The user may invoke it (slash menu, `$name`). */
  user: boolean;
  /** The frontmatter keys (or `skillc.invocation`) that hide it, for messages. */
  hiddenBy: string[];
}

/** The frontmatter a host would read: the source's top-level keys, its `skillc.<host>` fields and the manual switch. */
export function hostFields(skill: SkillSummary, host: HostProfile): Record<string, unknown> {
  const data = { ...frontmatterData(skill) };
  delete data.skillc;
  const block = skillcBlock(skill);
  const own = block.host(host.id);
  if (own) Object.assign(data, own);
  if (block.invocation === 'manual' && host.manualInvocation?.frontmatter) Object.assign(data, host.manualInvocation.frontmatter);
  return data;
}

function matches(switches: Readonly<Record<string, unknown>>, data: Record<string, unknown>): string[] {
  return Object.entries(switches)
    .filter(([k, v]) => data[k] === v)
    .map(([k, v]) => `${k}: ${String(v)}`);
}

/** Who can invoke a skill on a host, from the host's listing switches. */
export function invocationOn(skill: SkillSummary, host: HostProfile): Invocation {
  const block = skillcBlock(skill);
  const installed = !block.targets || block.targets.includes(host.id);
  const data = hostFields(skill, host);
  const manual = block.invocation === 'manual' && host.manualInvocation !== null;
  const fromModel = matches(host.listing.hiddenFromModel, data);
  const fromUser = matches(host.listing.hiddenFromUser, data);
  const hiddenBy = [...new Set([...(manual && !fromModel.length ? ['skillc.invocation: manual'] : []), ...fromModel, ...fromUser])];
  return { installed, model: installed && !manual && fromModel.length === 0, user: installed && fromUser.length === 0, hiddenBy };
}

export type EntryFate = 'listed' | 'cut' | 'dropped';

export interface ListingEntry {
  name: string;
  skill: SkillSummary;
  /** The entry's text as the skill writes it: the description and the host's extra fields. */
  text: string;
  /** The text as the host lists it (cut at the entry limit, or at the end of the budget). */
  shown: string;
  /** Characters the entry takes in the listing (`- name: text` and a newline). */
  chars: number;
  /** `cut`: shortened (entry limit or the end of the budget); `dropped`: not listed at all. */
  fate: EntryFate;
  /** Why the entry is cut or dropped. */
  reason?: 'entry-limit' | 'budget';
}

export interface HostListing {
  host: HostProfile;
  contextTokens: number;
  /** The listing budget in characters; null when the host documents none. */
  budget: number | null;
  /** How the budget was worked out, for messages. */
  basis: string;
  /** Characters of the listing as the host shows it. */
  used: number;
  /** Characters the full listing would need. */
  wanted: number;
  entries: ListingEntry[];
  /** Skills installed but kept out of the model's listing (manual invocation). */
  hidden: SkillSummary[];
}

/** `200,000`: as toLocaleString('en-US') for integers, without loading the locale data (about 12 ms at startup). */
// eslint-disable-next-line regexp/no-super-linear-move -- a safe integer has at most 16 digits
const number = (n: number): string => (Number.isSafeInteger(n) ? String(n).replace(/\B(?=(\d{3})+(?!\d))/g, ',') : n.toLocaleString('en-US'));

/** The listing budget of a host at a context size (0: unknown), with how it was derived. */
export function listingBudget(host: HostProfile, contextTokens: number): { budget: number | null; basis: string } {
  const l = host.listing;
  if (l.contextShare !== null && contextTokens > 0) {
    const budget = Math.floor(l.contextShare * contextTokens * CHARS_PER_TOKEN);
    return { budget, basis: `${l.contextShare * 100}% of ${number(contextTokens)} tokens at ${CHARS_PER_TOKEN} characters a token` };
  }
  if (l.maxChars !== null) return { budget: l.maxChars, basis: contextTokens > 0 ? `a fixed cap` : `its cap when the context size is unknown` };
  return { budget: null, basis: 'no documented budget' };
}

const entryCost = (name: string, text: string): number => (text ? `- ${name}: ${text}\n` : `- ${name}\n`).length;

/**
 * What a host would list, in name order: each entry cut at the host's entry
 * limit, then the whole list held to its budget. Hosts that drop skills drop
 * the least used first; skillc cannot know use, so it drops from the end of
 * the name order. Hosts that truncate cut the text where the budget ends.
 */
export function hostListing(skills: readonly SkillSummary[], host: HostProfile, contextTokens: number): HostListing {
  const { budget, basis } = listingBudget(host, contextTokens);
  const entries: ListingEntry[] = [];
  const hidden: SkillSummary[] = [];
  const sorted = skills.filter((s) => s.name).sort((a, b) => (a.name! < b.name! ? -1 : a.name! > b.name! ? 1 : 0));
  for (const skill of sorted) {
    // The description this host gets: a source's `skillc.<host>.description`, else the top-level one.
    const data = hostFields(skill, host);
    if (typeof data.description !== 'string' || !data.description.trim()) continue;
    const inv = invocationOn(skill, host);
    if (!inv.installed) continue;
    if (!inv.model) {
      hidden.push(skill);
      continue;
    }
    const text = host.listing.entryFields
      .map((f) => data[f])
      .filter((v): v is string => typeof v === 'string' && v.trim() !== '')
      .join(' ')
      .replace(/\s+/g, ' ')
      .trim();
    const max = host.listing.entryMax;
    const cut = max !== null && text.length > max;
    const shown = cut ? text.slice(0, max) : text;
    const entry: ListingEntry = { name: skill.name!, skill, text, shown, chars: entryCost(skill.name!, shown), fate: cut ? 'cut' : 'listed' };
    if (cut) entry.reason = 'entry-limit';
    entries.push(entry);
  }
  const wanted = entries.reduce((n, e) => n + e.chars, 0);
  let used = wanted;
  if (budget !== null && wanted > budget && host.listing.overflow !== 'unknown') {
    used = 0;
    if (host.listing.overflow === 'drop-descriptions') {
      // Every name stays listed; descriptions go, least used first. skillc cannot know use,
      // so it keeps descriptions in name order while they fit.
      used = entries.reduce((n, e) => n + entryCost(e.name, ''), 0);
      let full = false;
      for (const e of entries) {
        const extra = e.chars - entryCost(e.name, '');
        if (!full && used + extra <= budget) used += extra;
        else {
          full = true;
          e.fate = 'cut';
          e.reason = 'budget';
          e.shown = '';
          e.chars = entryCost(e.name, '');
        }
      }
    } else if (host.listing.overflow === 'drop') {
      // Keep the longest prefix (in name order) that fits; the rest is dropped whole.
      let full = false;
      for (const e of entries) {
        if (!full && used + e.chars <= budget) used += e.chars;
        else {
          full = true;
          e.fate = 'dropped';
          e.reason = 'budget';
          e.shown = '';
        }
      }
    } else {
      for (const e of entries) {
        const room = budget - used;
        if (e.chars <= room) used += e.chars;
        else if (room > entryCost(e.name, '')) {
          e.shown = e.shown.slice(0, room - entryCost(e.name, ''));
          e.fate = 'cut';
          e.reason = 'budget';
          used += entryCost(e.name, e.shown);
        } else {
          e.fate = 'dropped';
          e.reason = 'budget';
          e.shown = '';
        }
      }
    }
  }
  return { host, contextTokens, budget, basis, used, wanted, entries, hidden };
}

/** How the skills linted together reach a host: as one listing, or in units installed separately. */
export type UnitMode = 'auto' | 'catalog' | 'skill';

/** Skills a user installs together, and so the host lists together. */
export interface InstallUnit {
  /** `plugin`: a plugin folder; `folder`: a host's skills folder (`.claude/skills`); `catalog`: the project; `skill`: one skill. */
  kind: 'plugin' | 'folder' | 'catalog' | 'skill';
  /** The unit's folder (absolute), or the skill's own for `skill`. */
  dir: string;
  /** The name to show: the plugin's folder name, the host folder as written, the skill's name. */
  label: string;
  skills: SkillSummary[];
}

/**
 * The installable units of a catalog on a host. With `catalog` every skill is one listing; with
 * `skill` each installs alone (a registry users pick from). `auto`: a skill in a plugin's skills
 * folder (`<plugin>/skills/<skill>`, under a host that installs plugins) belongs to that plugin, a
 * marketplace's plugins being installed one by one; a skill in a host's own skills folder
 * (`.claude/skills/<skill>`) to that folder, which the host lists whole; any other skill to the
 * project when a skillc config builds them together (`configFile`), else to itself: a collection
 * of skill folders is installed one skill at a time.
 */
export function installUnits(skills: readonly SkillSummary[], host: HostProfile, mode: UnitMode, configFile: string | undefined): InstallUnit[] {
  const units = new Map<string, InstallUnit>();
  const add = (key: string, make: () => Omit<InstallUnit, 'skills'>, skill: SkillSummary): void => {
    let unit = units.get(key);
    if (!unit) units.set(key, (unit = { ...make(), skills: [] }));
    unit.skills.push(skill);
  };
  const plugin = host.paths?.plugin;
  const layouts = host.layout ? [...new Set([host.layout.project, host.layout.user])].map((l) => l.split('/').join(path.sep)) : [];
  for (const skill of skills) {
    const parent = path.dirname(skill.dir);
    if (mode === 'catalog') {
      add('', () => ({ kind: 'catalog', dir: '', label: 'the catalog' }), skill);
      continue;
    }
    if (mode === 'auto' && plugin && path.basename(parent) === plugin.skillsDir) {
      const root = path.dirname(parent);
      add(`plugin:${root}`, () => ({ kind: 'plugin', dir: root, label: path.basename(root) }), skill);
      continue;
    }
    const layout = mode === 'auto' ? layouts.find((l) => parent === l || parent.endsWith(`${path.sep}${l}`)) : undefined;
    if (layout !== undefined) add(`folder:${parent}`, () => ({ kind: 'folder', dir: parent, label: layout.split(path.sep).join('/') }), skill);
    else if (mode === 'auto' && configFile !== undefined) add('', () => ({ kind: 'catalog', dir: '', label: 'the catalog' }), skill);
    else add(`skill:${skill.dir}`, () => ({ kind: 'skill', dir: skill.dir, label: skill.name ?? skill.dirName }), skill);
  }
  return [...units.values()];
}
