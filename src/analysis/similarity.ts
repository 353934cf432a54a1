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
 * How many texts of a catalog a term may appear in before it counts as the catalog's boilerplate
 * (a generated "Use this skill for Azure SDK tasks" tail on hundreds of skills): a fifth of the
 * catalog, and at least 5 texts; small catalogs have none.
 */
export function commonTermLimit(n: number): number {
  return n >= 10 ? Math.max(5, Math.ceil(0.2 * n)) : Infinity;
}

/**
 * Pairwise similarity of texts. IDF is smoothed (`ln(1 + N / df)`) so that two
 * texts alone still weigh their shared words, only less than their own ones; a
 * term shared by many texts of the catalog (`commonTermLimit`) weighs nothing in
 * a text that has words of its own, as it tells no two of them apart.
 * `focus`: only the pairs that involve one of these texts (the language server's edited
 * skill, `--changed`); each scores as it does among all pairs, IDF over every text.
 */
export function similarPairs(texts: readonly string[], threshold: number, focus?: ReadonlySet<number>): SimilarPair[] {
  const docs = texts.map(terms);
  const df = new Map<string, number>();
  for (const d of docs) for (const t of d.keys()) df.set(t, (df.get(t) ?? 0) + 1);
  const n = docs.length;
  const common = commonTermLimit(n);
  // Terms as small integers, each vector as parallel arrays in the map's order: the pair loop allocates nothing.
  const ids = new Map<string, number>();
  for (const t of df.keys()) ids.set(t, ids.size);
  const vectors: Vector[] = docs.map((d) => {
    const terms = new Int32Array(d.size);
    const weights = new Float64Array(d.size);
    // A text made of the catalog's common terms only keeps them: it says nothing else, and two such texts are alike.
    let own = false;
    for (const t of d.keys()) if (df.get(t)! < common) own = true;
    let i = 0;
    for (const [t, tf] of d) {
      terms[i] = ids.get(t)!;
      const count = df.get(t)!;
      weights[i] = own && count >= common ? 0 : (1 + Math.log(tf)) * Math.log(1 + n / count);
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
  if (focus) return focusedPairs(vectors, focus, threshold, sharedOf, ids.size);
  const candidates = candidatePairs(vectors, df, ids, n, threshold);
  for (let i = 0; i < n; i++) {
    const a = vectors[i]!;
    if (!a.norm) continue;
    const others = candidates ? candidates(i) : undefined;
    if (others && !others.length) continue;
    for (let k = 0; k < a.size; k++) dense[a.terms[k]!] = a.weights[k]!;
    const count = others ? others.length : n - i - 1;
    for (let c = 0; c < count; c++) {
      const j = others ? others[c]! : i + 1 + c;
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

/**
 * The pairs that involve a text of `focus`, each scored as the all-pairs loop scores it: the sum
 * runs over the smaller vector in its own order (the first text's when they are the same size),
 * so the scores are the same to the bit.
 */
function focusedPairs(vectors: readonly Vector[], focus: ReadonlySet<number>, threshold: number, sharedOf: (small: Vector, weightIn: (term: number) => number) => string[], terms: number): SimilarPair[] {
  const scratch = new Float64Array(terms);
  const pairs: SimilarPair[] = [];
  const done = new Set<number>();
  const n = vectors.length;
  for (const f of [...focus].sort((x, y) => x - y)) {
    if (f < 0 || f >= n || !vectors[f]!.norm) continue;
    done.add(f);
    for (let j = 0; j < n; j++) {
      if (j === f || (done.has(j) && focus.has(j))) continue;
      const i = Math.min(f, j);
      const k = Math.max(f, j);
      const a = vectors[i]!;
      const b = vectors[k]!;
      if (!b.norm || !a.norm) continue;
      const [small, big] = a.size <= b.size ? [a, b] : [b, a];
      for (let q = 0; q < big.size; q++) scratch[big.terms[q]!] = big.weights[q]!;
      let dot = 0;
      for (let q = 0; q < small.size; q++) {
        const y = scratch[small.terms[q]!]!;
        if (y !== 0) dot += small.weights[q]! * y;
      }
      const score = dot / (a.norm * b.norm);
      if (score >= threshold) pairs.push({ a: i, b: k, score, shared: sharedOf(small, (t) => scratch[t]!) });
      for (let q = 0; q < big.size; q++) scratch[big.terms[q]!] = 0;
    }
  }
  return pairs.sort((x, y) => x.a - y.a || x.b - y.b);
}

interface Vector {
  terms: Int32Array;
  weights: Float64Array;
  norm: number;
  size: number;
}

/** Catalogs smaller than this compare every pair: the index would cost more than it saves. */
const INDEX_FROM = 64;

/**
 * The pairs worth scoring, without changing which pairs reach the threshold
 * (prefix filtering, as in all-pairs similarity search). With `u` a text's weights
 * over its norm and `m[t]` the largest `u[t]` of any text, the part of a cosine
 * that comes from a set P of a's terms is at most the sum of `u[t] * m[t]` over P.
 * Each text's most common terms go in P while that bound stays below the
 * threshold; a pair can then reach the threshold only if the other text holds one
 * of the remaining (rarer) terms, so only the texts listed under those terms in
 * an inverted index are scored. Returns, per text, the later texts to score in
 * increasing order; undefined: score every pair.
 */
function candidatePairs(vectors: readonly Vector[], df: ReadonlyMap<string, number>, ids: ReadonlyMap<string, number>, n: number, threshold: number): ((i: number) => number[]) | undefined {
  if (n < INDEX_FROM || !(threshold > 0)) return undefined;
  const dfOf = new Int32Array(ids.size);
  for (const [t, id] of ids) dfOf[id] = df.get(t)!;
  const maxShare = new Float64Array(ids.size);
  const postings: number[][] = Array.from({ length: ids.size }, () => []);
  for (let i = 0; i < n; i++) {
    const v = vectors[i]!;
    if (!v.norm) continue;
    for (let k = 0; k < v.size; k++) {
      const t = v.terms[k]!;
      postings[t]!.push(i);
      const u = v.weights[k]! / v.norm;
      if (u > maxShare[t]!) maxShare[t] = u;
    }
  }
  // Each text's terms, most common first, and where its rarer part (the one indexed against) starts.
  // A margin for rounding: the scores are computed another way than the bound.
  const limit = threshold - 1e-9;
  const orders: Int32Array[] = [];
  const from = new Int32Array(n);
  for (let i = 0; i < n; i++) {
    const v = vectors[i]!;
    const order = Int32Array.from({ length: v.size }, (_, k) => v.terms[k]!);
    const weight = new Map<number, number>();
    for (let k = 0; k < v.size; k++) weight.set(v.terms[k]!, v.weights[k]!);
    order.sort((x, y) => dfOf[y]! - dfOf[x]! || x - y);
    let bound = 0;
    let k = 0;
    for (; k < order.length && v.norm; k++) {
      const next = bound + (weight.get(order[k]!)! / v.norm) * maxShare[order[k]!]!;
      if (!(next < limit)) break;
      bound = next;
    }
    orders.push(order);
    from[i] = k;
  }
  const seen = new Int32Array(n).fill(-1);
  const mine = new Int32Array(ids.size).fill(-1);
  return (i) => {
    const order = orders[i]!;
    for (const t of order) mine[t] = i;
    const out: number[] = [];
    for (let k = from[i]!; k < order.length; k++) {
      // Postings are in increasing order: start past i.
      const list = postings[order[k]!]!;
      let lo = 0;
      let hi = list.length;
      while (lo < hi) {
        const mid = (lo + hi) >>> 1;
        if (list[mid]! <= i) lo = mid + 1;
        else hi = mid;
      }
      for (let p = lo; p < list.length; p++) {
        const j = list[p]!;
        if (seen[j] === i) continue;
        seen[j] = i;
        // The same holds the other way: j's rarer part must meet i's terms.
        const other = orders[j]!;
        for (let q = from[j]!; q < other.length; q++) {
          if (mine[other[q]!] === i) {
            out.push(j);
            break;
          }
        }
      }
    }
    return out.sort((x, y) => x - y);
  };
}

/** The similarity of two texts alone. */
export function similarity(a: string, b: string): number {
  return similarPairs([a, b], -1)[0]?.score ?? 0;
}

/** Capitalised words that start descriptions and sentences without naming anything. */
const NOT_PRODUCTS = new Set(['i', 'a', 'an', 'the', 'this', 'that', 'these', 'use', 'when', 'for', 'not', 'do', 'must', 'never', 'always', 'important', 'note', 'triggers', 'trigger', 'keywords', 'examples', 'example', 'md', 'ok', 'todo']);

/** A word as written, with the dots, pluses and hashes of names kept (`Cal.com`, `C++`, `C#`, `Node.js`). */
const WORD = /[\p{L}\p{N}](?:[\p{L}\p{N}+#]|\.(?=[\p{L}\p{N}]))*/gu;

/** Per catalog: how each word is written, to tell product names (`Gmail`, `NUnit`) from words that start a sentence. */
export interface NameStats {
  /** Mid-sentence occurrences written capitalised, by lowercased word. */
  capitalised: Map<string, number>;
  /** Mid-sentence occurrences written in lower case. */
  lower: Map<string, number>;
  /** Words written somewhere with inner capitals or letters and digits (`NUnit`, `xUnit`, `AWS`, `S3`). */
  shaped: Set<string>;
  /** Texts each word appears in. */
  df: Map<string, number>;
  n: number;
}

/** Collects `NameStats` over the texts of a catalog (one pass over each). */
export function nameStats(texts: readonly string[]): NameStats {
  const stats: NameStats = { capitalised: new Map(), lower: new Map(), shaped: new Set(), df: new Map(), n: texts.length };
  for (const text of texts) {
    const seen = new Set<string>();
    for (const m of text.matchAll(WORD)) {
      const w = m[0];
      const key = w.toLowerCase();
      seen.add(key);
      if (/.\p{Lu}/u.test(w) || (/\p{N}/u.test(w) && /\p{L}/u.test(w) && w.length <= 8)) stats.shaped.add(key);
      if (sentenceStart(text, m.index)) continue;
      const map = /^\p{Lu}/u.test(w) ? stats.capitalised : stats.lower;
      map.set(key, (map.get(key) ?? 0) + 1);
    }
    for (const k of seen) stats.df.set(k, (stats.df.get(k) ?? 0) + 1);
  }
  return stats;
}

function sentenceStart(text: string, at: number): boolean {
  const before = text.slice(Math.max(0, at - 3), at);
  // eslint-disable-next-line regexp/no-super-linear-move -- `before` is at most 3 characters
  return at === 0 || /(?:[.!?:;\-–—"'([]\s*|\n\s*)$/.test(before);
}

/**
 * True when the catalog writes a word as a product or technology name: an acronym or a word with
 * inner capitals or digits (`AWS`, `NUnit`, `xUnit`, `S3`), a word with a dot written capitalised
 * (`Cal.com`), or one written capitalised in mid-sentence at least as often as not (`Azure`,
 * `Gmail`). A name the catalog's boilerplate repeats is none.
 */
export function isProductName(key: string, stats: NameStats): boolean {
  if (NOT_PRODUCTS.has(key) || (stats.df.get(key) ?? 0) >= commonTermLimit(stats.n) || !/\p{L}/u.test(key)) return false;
  if (stats.shaped.has(key)) return true;
  const up = stats.capitalised.get(key) ?? 0;
  return up > 0 && (up >= (stats.lower.get(key) ?? 0) || key.includes('.'));
}

/** Every word of a text, lowercased, with the dots of names kept: what a request naming a product would match. */
export function nameWords(text: string): Set<string> {
  const out = new Set<string>();
  for (const m of text.matchAll(WORD)) {
    const key = m[0].toLowerCase();
    out.add(key);
    // `Cal.com` is also `calcom` and `cal`: a request may write it either way.
    if (key.includes('.')) {
      out.add(key.replace(/\./g, ''));
      for (const part of key.split('.')) out.add(part);
    }
  }
  return out;
}

/**
 * The products a skill is about, lowercased: the product names among the words of its name (and of
 * the plugin it is listed under), of its description's first sentence (its subject: "Gmail
 * Commander daemon lifecycle", "Deploy to Azure"), and those its description names more than once.
 * A name mentioned in passing later on (a trigger list's `strip ANSI`) is not what the skill is about.
 */
export function subjectProducts(description: string, nameParts: readonly string[], stats: NameStats): Set<string> {
  const out = new Set<string>();
  for (const part of nameParts) {
    const key = part.toLowerCase();
    if (isProductName(key, stats)) out.add(key);
  }
  // The first sentence: up to a full stop before a space, a line break, or a ` - ` that starts a trigger list.
  const end = /\.\s|\n|\s[-–—]\s/.exec(description)?.index ?? description.length;
  const counts = new Map<string, number>();
  for (const m of description.matchAll(WORD)) {
    const key = m[0].toLowerCase();
    counts.set(key, (counts.get(key) ?? 0) + (m.index < end ? 2 : 1));
  }
  for (const [key, count] of counts) if (count >= 2 && isProductName(key, stats)) out.add(key);
  return out;
}

/**
 * True when each of two skills is about a product the other never mentions (AWS vs Azure, NUnit vs
 * xUnit, two vendors' bots): a request names the product, so a router is not torn between them.
 */
export function distinctProducts(a: { products: ReadonlySet<string>; words: ReadonlySet<string> }, b: { products: ReadonlySet<string>; words: ReadonlySet<string> }): boolean {
  const own = (x: typeof a, y: typeof b): boolean => {
    for (const p of x.products) if (!y.words.has(p) && !y.words.has(p.replace(/\./g, ''))) return true;
    return false;
  };
  return own(a, b) && own(b, a);
}
