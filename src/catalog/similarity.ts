/**
 * How alike two skill descriptions are, as a router sees them: TF-IDF weighted
 * cosine similarity over word unigrams and bigrams, after lowercasing, dropping
 * English stop words and the trigger boilerplate every description shares
 * ("use when the user asks"), and folding plurals. 1 is the same words in the
 * same proportions; 0 is no word in common.
 */

const STOP_WORDS = new Set(
  (
    'a about above after again against all also an and any are as at be because been before being below between both but by can could did do does doing down during each ' +
    'few for from further had has have having he her here hers him his how i if in into is it its itself just me more most my no nor not now of off on once only or other ' +
    'our ours out over own same she should so some such than that the their theirs them then there these they this those through to too under until up very was we were ' +
    'what when where which while who whom why will with would you your yours ' +
    // Trigger boilerplate: every description says when to use the skill, so these words tell nothing apart.
    'use used using user users ask asks asked want wants wanted need needs skill skills invoke invoked trigger triggers triggered also run runs please help'
  ).split(/\s+/),
);

/** Lowercased content words, plurals folded (`reports` -> `report`, `queries` -> `query`). */
export function contentWords(text: string): string[] {
  return (text.toLowerCase().match(/[\p{L}\p{N}]+(?:['’-][\p{L}\p{N}]+)*/gu) ?? [])
    .filter((w) => !STOP_WORDS.has(w) && !(w.length === 1 && !/\d/.test(w)))
    .map((w) => (w.length > 4 && w.endsWith('ies') ? `${w.slice(0, -3)}y` : w.length > 3 && w.endsWith('s') && !w.endsWith('ss') && !w.endsWith('us') ? w.slice(0, -1) : w));
}

/** The terms of a text: its content words and each pair of neighbouring content words. */
export function terms(text: string): Map<string, number> {
  const words = contentWords(text);
  const out = new Map<string, number>();
  const add = (t: string): void => void out.set(t, (out.get(t) ?? 0) + 1);
  words.forEach((w, i) => {
    add(w);
    if (i > 0) add(`${words[i - 1]} ${w}`);
  });
  return out;
}

export interface SimilarPair {
  a: number;
  b: number;
  score: number;
  /** The heaviest shared terms, for the message. */
  shared: string[];
}

/**
 * Pairwise similarity of texts. IDF is smoothed (`ln(1 + N / df)`) so that two
 * texts alone still weigh their shared words, only less than their own ones.
 */
export function similarPairs(texts: readonly string[], threshold: number): SimilarPair[] {
  const docs = texts.map(terms);
  const df = new Map<string, number>();
  for (const d of docs) for (const t of d.keys()) df.set(t, (df.get(t) ?? 0) + 1);
  const n = docs.length;
  const vectors = docs.map((d) => {
    const v = new Map<string, number>();
    for (const [t, tf] of d) v.set(t, (1 + Math.log(tf)) * Math.log(1 + n / df.get(t)!));
    const norm = Math.sqrt([...v.values()].reduce((s, x) => s + x * x, 0));
    return { v, norm };
  });
  const pairs: SimilarPair[] = [];
  for (let i = 0; i < n; i++) {
    for (let j = i + 1; j < n; j++) {
      const a = vectors[i]!;
      const b = vectors[j]!;
      if (!a.norm || !b.norm) continue;
      let dot = 0;
      const shared: [string, number][] = [];
      const [small, large] = a.v.size <= b.v.size ? [a.v, b.v] : [b.v, a.v];
      for (const [t, x] of small) {
        const y = large.get(t);
        if (y !== undefined) {
          dot += x * y;
          shared.push([t, x * y]);
        }
      }
      const score = dot / (a.norm * b.norm);
      if (score >= threshold) {
        pairs.push({ a: i, b: j, score, shared: shared.sort((p, q) => q[1] - p[1] || (p[0] < q[0] ? -1 : 1)).slice(0, 5).map(([t]) => t) });
      }
    }
  }
  return pairs;
}

/** The similarity of two texts alone. */
export function similarity(a: string, b: string): number {
  return similarPairs([a, b], -1)[0]?.score ?? 0;
}
