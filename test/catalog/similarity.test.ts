import { describe, expect, it } from 'vitest';
import { similarPairs, similarity } from '../../src/analysis/similarity.js';

/** A deterministic pseudo-random catalog: shared boilerplate, a few topic words, and near-copies. */
function catalog(n: number, seed = 7): string[] {
  let x = seed;
  const rand = (k: number): number => {
    x = (x * 1103515245 + 12345) % 2147483648;
    return x % k;
  };
  const common = ['format', 'file', 'project', 'code', 'review', 'check', 'write', 'read', 'build', 'test'];
  const topics = Array.from({ length: 400 }, (_, i) => `topic${i}`);
  const out: string[] = [];
  for (let i = 0; i < n; i++) {
    if (i > 0 && rand(6) === 0) {
      // a near-copy of an earlier text, one word changed
      out.push(`${out[rand(out.length)]} extra${rand(50)}`);
      continue;
    }
    const words: string[] = [];
    const len = 4 + rand(10);
    for (let w = 0; w < len; w++) words.push(rand(3) === 0 ? topics[rand(topics.length)]! : common[rand(common.length)]!);
    out.push(`Use when the user asks to ${words.join(' ')}.`);
  }
  return out;
}

describe('similarPairs with an inverted index', () => {
  for (const n of [70, 300]) {
    for (const threshold of [0.2, 0.4, 0.7]) {
      it(`finds exactly the pairs, scores and shared terms of comparing every pair (${n} texts, threshold ${threshold})`, () => {
        const texts = catalog(n, n + Math.round(threshold * 10));
        // A threshold of 0 or below scores every pair: the reference.
        const all = similarPairs(texts, -1).filter((p) => p.score >= threshold);
        const indexed = similarPairs(texts, threshold);
        expect(indexed).toEqual(all);
        expect(indexed.length).toBeGreaterThan(0);
      });
    }
  }

  it('still finds pairs made only of common words', () => {
    // 100 texts with a word each of their own; two that share only the common words.
    const texts = Array.from({ length: 100 }, (_, i) => `Use to format code and check files word${i}.`);
    texts.push('format code check file', 'format code check files');
    const pairs = similarPairs(texts, 0.9);
    expect(pairs.some((p) => p.a === 100 && p.b === 101 && p.score > 0.99)).toBe(true);
    expect(pairs).toEqual(similarPairs(texts, -1).filter((p) => p.score >= 0.9));
  });

  it('with a focus, finds exactly the pairs among all that involve a focused text, scores and shared terms to the bit', () => {
    for (const [n, threshold] of [[70, 0.2], [300, 0.4], [300, 0.7]] as const) {
      const texts = catalog(n, n + 3);
      const all = similarPairs(texts, threshold);
      expect(all.length).toBeGreaterThan(0);
      for (const focus of [new Set([0]), new Set([n - 1]), new Set([5, 17, 5 + n / 2]), new Set([all[0]!.b]), new Set([all.at(-1)!.a, all.at(-1)!.b])]) {
        const focused = similarPairs(texts, threshold, focus);
        expect(focused).toEqual(all.filter((p) => focus.has(p.a) || focus.has(p.b)));
      }
      expect(similarPairs(texts, threshold, new Set([all[0]!.b])).length).toBeGreaterThan(0);
    }
  });

  it('scores two texts alone as before', () => {
    expect(similarity('format markdown tables', 'format markdown tables')).toBeCloseTo(1, 10);
    expect(similarity('format markdown tables', 'deploy kubernetes clusters')).toBe(0);
  });
});
