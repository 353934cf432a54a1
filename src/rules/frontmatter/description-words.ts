import { defineSkillRule } from '../rule.js';
import type { FrontmatterField } from '../../model/skill.js';
import { escapeRegExp } from '../util.js';
import { cleanFrontmatter, seenDescriptions } from './shared.js';

export interface Options {
  /** Words or phrases the description must not contain. */
  banned: string[];
  /** Words or phrases the description must contain (each one). */
  required: string[];
  /** Word forms never reported, even when they are a form of a banned word. */
  allowed: string[];
  /** Match inflected forms of single words too (runs, ran, running). */
  inflections: boolean;
}

/** Irregular forms of common verbs; regular ones are derived. */
const IRREGULAR: Record<string, string[]> = {
  run: ['ran'], build: ['built'], make: ['made'], write: ['wrote', 'written'], send: ['sent'], get: ['got', 'gotten'],
  take: ['took', 'taken'], give: ['gave', 'given'], find: ['found'], do: ['did', 'done', 'does'], go: ['went', 'gone', 'goes'],
  begin: ['began', 'begun'], choose: ['chose', 'chosen'], draw: ['drew', 'drawn'], spin: ['spun'], feed: ['fed'], lead: ['led'],
};

const VOWEL = /[aeiou]/;

/** The inflected forms of one word: plural/3rd person, past, participle, gerund (both spellings where doubling is unsure). */
export function inflections(word: string): string[] {
  const w = word.toLowerCase();
  const forms = new Set([w, ...(IRREGULAR[w] ?? [])]);
  const last = w.slice(-1);
  const consonantY = /[^aeiou]y$/.test(w);
  // -s
  if (/(?:s|x|z|ch|sh)$/.test(w)) forms.add(`${w}es`);
  else if (consonantY) forms.add(`${w.slice(0, -1)}ies`);
  else forms.add(`${w}s`);
  // -ed, -ing
  const doubled = /[^aeiou][aeiou][^aeiouwxy]$/.test(w) && w.length >= 3 ? w + last : undefined;
  if (w.endsWith('e')) {
    forms.add(`${w}d`);
    forms.add(w.endsWith('ie') ? `${w.slice(0, -2)}ying` : /(?:ee|ye|oe)$/.test(w) ? `${w}ing` : `${w.slice(0, -1)}ing`);
  } else if (consonantY) {
    forms.add(`${w.slice(0, -1)}ied`);
    forms.add(`${w}ing`);
  } else {
    forms.add(`${w}ed`);
    forms.add(`${w}ing`);
    if (doubled && VOWEL.test(w)) {
      forms.add(`${doubled}ed`);
      forms.add(`${doubled}ing`);
    }
  }
  return [...forms];
}

interface Term {
  word: string;
  re: RegExp;
}

/** A whole-word pattern for a word (with its forms) or a phrase (spaces match any whitespace). */
function term(word: string, inflect: boolean, allowed: ReadonlySet<string>): Term | undefined {
  const w = word.trim();
  if (!w) return undefined;
  const isPhrase = /\s/.test(w);
  const forms = (isPhrase || !inflect ? [w.toLowerCase()] : inflections(w)).filter((f) => !allowed.has(f));
  if (!forms.length) return undefined;
  const alt = forms.sort((a, b) => b.length - a.length).map((f) => escapeRegExp(f).replace(/\s+/g, '\\s+')).join('|');
  return { word: w, re: new RegExp(`(?<![\\p{L}\\p{N}_])(?:${alt})(?![\\p{L}\\p{N}_])`, 'giu') };
}

const words = (v: unknown): string[] => (Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : []);

export default defineSkillRule<Options>(
  {
    id: 'frontmatter/description-words',
    description: 'Reports banned words (in any inflection) in the `description`, and required words or phrases it lacks.',
    severity: 'error',
    recommended: false,
    fixable: false,
    schema: {
      type: 'object',
      properties: {
        banned: { type: 'array', items: { type: 'string', minLength: 1 } },
        required: { type: 'array', items: { type: 'string', minLength: 1 } },
        allowed: { type: 'array', items: { type: 'string', minLength: 1 } },
        inflections: { type: 'boolean' },
      },
      additionalProperties: false,
    },
    defaultOptions: { banned: [], required: [], allowed: [], inflections: true },
    messages: {
      bannedWord: 'Unexpected "{{form}}"{{of}} in the description{{where}}, expected none of the house style\'s banned words',
      missingWord: 'Unexpected description{{where}} without "{{word}}", expected the house style\'s required wording',
    },
  },
  ({ skill, hosts, options, report }) => {
    if (!cleanFrontmatter(skill)) return;
    const allowed = new Set(words(options.allowed).map((w) => w.trim().toLowerCase()));
    const inflect = options.inflections !== false;
    // Each text a host will see: a source's `skillc.<host>.description` too.
    for (const { field: f, where } of seenDescriptions(skill, hosts)) {
      if (typeof f.value !== 'string' || f.value.trim() === '') continue;
      check(f, f.value, where);
    }

    function check(f: FrontmatterField, text: string, where: string): void {
      // Search the source text of the value, so a report points at the word itself.
      const [from, to] = f.valueOffsets;
      const source = skill.file.text.slice(from, to);
      for (const banned of words(options.banned)) {
        const t = term(banned, inflect, allowed);
        if (!t) continue;
        for (const m of source.matchAll(t.re)) {
          const form = m[0].replace(/\s+/g, ' ');
          const of = form.toLowerCase() === t.word.toLowerCase() ? '' : ` (a form of "${t.word}")`;
          report({
            messageId: 'bannedWord', data: { form, of, where },
            range: skill.file.lines.range(from + m.index, from + m.index + m[0].length),
          });
        }
      }
      for (const required of words(options.required)) {
        const t = term(required, inflect, new Set());
        if (!t || t.re.test(text)) continue;
        report({ messageId: 'missingWord', data: { word: t.word, where }, range: f.valueRange });
      }
    }
  },
);
