// orchflows' duplicate-passage check, as a TypeScript skillc plugin:
// `"plugins": ["./rules/near-duplicate.ts"]` (skillc loads .ts plugins through tsx;
// install it with `npm install --save-dev tsx`, or compile this file to .js).
import type { CatalogRule, Skill } from 'skillc';

interface Options {
  /** Passages shorter than this many words are not compared. */
  minWords: number;
  /** Jaccard similarity of word shingles at which two passages count as near-duplicates. */
  threshold: number;
  /** Words per shingle. */
  shingle: number;
}

interface Passage {
  skill: Skill;
  start: number;
  end: number;
  words: number;
  shingles: Set<string>;
}

/** Paragraphs of the body (blank-line separated), each with its word shingles. */
function passages(skill: Skill, options: Options): Passage[] {
  const text = skill.file.text;
  const out: Passage[] = [];
  const re = /(?:^|\n)((?:[^\n]*\S[^\n]*(?:\n|$))+)/g;
  re.lastIndex = skill.bodyOffset;
  for (let m = re.exec(text); m; m = re.exec(text)) {
    const block = m[1]!;
    const start = m.index + m[0].length - block.length;
    const words = block.toLowerCase().replace(/\]\([^)]*\)/g, ']').match(/[\p{L}\p{N}][\p{L}\p{N}'_-]*/gu) ?? [];
    if (words.length < options.minWords) continue;
    const shingles = new Set<string>();
    for (let i = 0; i + options.shingle <= words.length; i++) shingles.add(words.slice(i, i + options.shingle).join(' '));
    out.push({ skill, start, end: start + block.replace(/\s+$/, '').length, words: words.length, shingles });
  }
  return out;
}

const rule: CatalogRule<Options> = {
  scope: 'catalog',
  meta: {
    id: 'near-duplicate',
    description: 'Reports a passage that nearly repeats a passage of another skill (shingled word overlap), so shared text lives in one place.',
    severity: 'warning',
    fixable: false,
    schema: {
      type: 'object',
      properties: {
        minWords: { type: 'integer', minimum: 1 },
        threshold: { type: 'number', exclusiveMinimum: 0, maximum: 1 },
        shingle: { type: 'integer', minimum: 1 },
      },
      additionalProperties: false,
    },
    defaultOptions: { minWords: 12, threshold: 0.8, shingle: 4 },
  },
  check({ catalog, options, report }) {
    // Catalog rules get compact summaries; this one compares whole texts, so it asks for each full model.
    const all = catalog.skills.flatMap((s) => passages(s.skill ? s.skill() : (s as unknown as Skill), options));
    const index = new Map<string, number[]>();
    all.forEach((p, i) => {
      for (const s of p.shingles) {
        const list = index.get(s);
        if (list) list.push(i);
        else index.set(s, [i]);
      }
    });
    const seen = new Set<string>();
    all.forEach((p, i) => {
      const shared = new Map<number, number>();
      for (const s of p.shingles) for (const j of index.get(s)!) if (j > i && all[j]!.skill.dir !== p.skill.dir) shared.set(j, (shared.get(j) ?? 0) + 1);
      for (const [j, n] of shared) {
        const q = all[j]!;
        const similarity = n / (p.shingles.size + q.shingles.size - n);
        if (similarity < options.threshold || seen.has(`${i}:${j}`)) continue;
        seen.add(`${i}:${j}`);
        for (const [a, b] of [[p, q], [q, p]] as const) {
          const line = b.skill.file.lines.pointAt(b.start).line;
          report(a.skill, {
            message: `Unexpected passage ${Math.round(similarity * 100)}% the same as \`${b.skill.dirName}/SKILL.md\` line ${line}, expected shared text in one place (a reference file or a standard both point to)`,
            range: a.skill.file.lines.range(a.start, a.end),
          });
        }
      }
    });
  },
};

export default { prefix: 'orchflows', rules: [rule] };
