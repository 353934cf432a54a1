import { describe, expect, it } from 'vitest';
import { closest, didYouMean } from '../src/core/suggest.js';

describe('closest / didYouMean (the one "did you mean")', () => {
  it('suggests a near candidate, case-insensitively', () => {
    expect(closest('claud', ['agentskills', 'claude', 'codex'])).toBe('claude');
    expect(closest('CLAUDE', ['claude'])).toBe('claude');
    expect(didYouMean('hots', ['hosts', 'rules'])).toBe("; did you mean 'hosts'?");
  });

  it('compares a bare name with the last segment of an id', () => {
    expect(closest('brokn', ['links/broken', 'links/anchor'])).toBe('links/broken');
    expect(closest('links/brokn', ['links/broken', 'links/anchor'])).toBe('links/broken');
  });

  it('stays silent for a guess, an exact match, or nothing near', () => {
    expect(closest('clippy', ['agentskills', 'claude', 'codex'])).toBeUndefined();
    expect(didYouMean('claude', ['claude'])).toBe('');
    expect(didYouMean('zzzzzz', [])).toBe('');
    expect(closest('x'.repeat(500), ['x'.repeat(499)])).toBeUndefined();
  });
});
