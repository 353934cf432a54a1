import { distance } from 'fastest-levenshtein';

/**
 * The candidate nearest to `value`, for a "did you mean" hint: case-insensitive, within a third of
 * the value's length (at least 2 edits), so a hint is offered for a typo and never for a guess.
 * A value without a `/` is also compared with each candidate's last `/` segment.
 * The one "did you mean" of the CLI, the config and the rules.
 */
export function closest(value: string, candidates: Iterable<string>): string | undefined {
  const wanted = value.toLowerCase();
  let best: string | undefined;
  let bestScore = Math.max(2, Math.floor(value.length / 3)) + 1;
  for (const c of candidates) {
    const lower = c.toLowerCase();
    // A bare name is also compared with an id's last segment (`brokn` -> `links/broken`).
    const forms = wanted.includes('/') || !lower.includes('/') ? [lower] : [lower, lower.slice(lower.lastIndexOf('/') + 1)];
    for (const form of forms) {
      // Very long strings or very different lengths are never a typo: skip the O(n*m) work.
      if (form.length > 200 || wanted.length > 200 || Math.abs(form.length - wanted.length) >= bestScore) continue;
      const d = distance(wanted, form);
      if (d < bestScore) {
        best = c;
        bestScore = d;
      }
    }
  }
  return best;
}

/** `"; did you mean 'claude'?"`, or `""` when no candidate is near. */
export function didYouMean(value: string, candidates: Iterable<string>): string {
  const near = closest(value, candidates);
  return near === undefined || near === value ? '' : `; did you mean '${near}'?`;
}

/**
 * "Did you mean" over one fixed set of candidates, asked many times (each missing file of a skill,
 * each unknown fragment of a file). Each distinct value costs a pass over the candidates, so a file
 * naming 50,000 missing anchors among 50,000 headings would cost 2.5 x 10^9 comparisons: the answer
 * for a value is kept, and after `maxQueries` distinct values no more are searched (undefined), which
 * bounds the work by `maxQueries` passes (issue #24). Hints past the first hundred add nothing a reader uses.
 */
export class Suggester {
  private readonly answers = new Map<string, string | undefined>();
  private readonly candidates: readonly string[];

  constructor(
    candidates: Iterable<string>,
    private readonly maxQueries = SUGGESTIONS_PER_SET,
    /** Charged one unit per candidate compared (a skill's WorkMeter). */
    private readonly work?: { charge(units: number): void },
  ) {
    this.candidates = [...candidates];
  }

  closest(value: string): string | undefined {
    if (this.answers.has(value)) return this.answers.get(value);
    if (this.answers.size >= this.maxQueries) return undefined;
    this.work?.charge(this.candidates.length);
    const near = closest(value, this.candidates);
    this.answers.set(value, near);
    return near;
  }
}

/** Distinct values a `Suggester` searches for (per skill and kind of hint). */
export const SUGGESTIONS_PER_SET = 100;
