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
  // Terms as small integers, each vector as parallel arrays in the map's order: the pair loop allocates nothing.
  const ids = new Map<string, number>();
  for (const t of df.keys()) ids.set(t, ids.size);
  const vectors = docs.map((d) => {
    const terms = new Int32Array(d.size);
    const weights = new Float64Array(d.size);
    let i = 0;
    for (const [t, tf] of d) {
      terms[i] = ids.get(t)!;
      weights[i] = (1 + Math.log(tf)) * Math.log(1 + n / df.get(t)!);
      i++;
    }
    const norm = Math.sqrt(weights.reduce((s, x) => s + x * x, 0));
    return { terms, weights, norm, size: d.size };
  });
  // The weight of each term of the outer text, by term id (0: absent).
  const dense = new Float64Array(ids.size);
  const other = new Float64Array(ids.size);
  const pairs: SimilarPair[] = [];
  let names: string[] | undefined;
  const sharedOf = (small: (typeof vectors)[number], weightIn: (term: number) => number): string[] => {
    names ??= [...ids.keys()];
    const shared: [string, number][] = [];
    for (let k = 0; k < small.size; k++) {
      const y = weightIn(small.terms[k]!);
      if (y) shared.push([names[small.terms[k]!]!, small.weights[k]! * y]);
    }
    return shared.sort((p, q) => q[1] - p[1] || (p[0] < q[0] ? -1 : 1)).slice(0, 5).map(([t]) => t);
  };
  for (let i = 0; i < n; i++) {
    const a = vectors[i]!;
    if (!a.norm) continue;
    for (let k = 0; k < a.size; k++) dense[a.terms[k]!] = a.weights[k]!;
    for (let j = i + 1; j < n; j++) {
      const b = vectors[j]!;
      if (!b.norm) continue;
      // Sum over the smaller vector in its own order, as before, so scores are bit-for-bit the same.
      let dot = 0;
      if (a.size <= b.size) {
        for (let k = 0; k < b.size; k++) other[b.terms[k]!] = b.weights[k]!;
        for (let k = 0; k < a.size; k++) {
          const y = other[a.terms[k]!]!;
          if (y !== 0) dot += a.weights[k]! * y;
        }
        const score = dot / (a.norm * b.norm);
        if (score >= threshold) pairs.push({ a: i, b: j, score, shared: sharedOf(a, (t) => other[t]!) });
        for (let k = 0; k < b.size; k++) other[b.terms[k]!] = 0;
      } else {
        for (let k = 0; k < b.size; k++) {
          const x = dense[b.terms[k]!]!;
          if (x !== 0) dot += b.weights[k]! * x;
        }
        const score = dot / (a.norm * b.norm);
        if (score >= threshold) pairs.push({ a: i, b: j, score, shared: sharedOf(b, (t) => dense[t]!) });
      }
    }
    for (let k = 0; k < a.size; k++) dense[a.terms[k]!] = 0;
  }
  return pairs;
}

/** The similarity of two texts alone. */
export function similarity(a: string, b: string): number {
  return similarPairs([a, b], -1)[0]?.score ?? 0;
}
