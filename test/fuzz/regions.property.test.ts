// Issue #24: regionProblems pairs host blocks and generated regions in one pass (closed entries
// marked, each kind's own stack beside the shared one) where each open searched the whole stack for
// its kind and each stray close searched and spliced it. This checks the pass against that search,
// written out here as the model, over generated sequences of opens and closes of both kinds.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Range } from '../../src/model/diagnostic.js';
import type { Directive } from '../../src/model/skill.js';
import { regionProblems, type RegionKind, type RegionProblem } from '../../src/rules/source/shared.js';

const seed = Number(process.env.FUZZ_SEED ?? 20261202);
const numRuns = Number(process.env.FUZZ_RUNS ?? 300);

/** The pairing as it was before issue #24 (a search of the stack per open and per close). */
function model(directives: readonly Directive[]): { kind: RegionKind; messageId: string; line: number; data?: Record<string, unknown> }[] {
  const problems: { kind: RegionKind; messageId: string; line: number; data?: Record<string, unknown> }[] = [];
  const open: { kind: RegionKind; range: Range }[] = [];
  for (const d of directives) {
    if (d.kind === 'host-open' || d.kind === 'generated-open') {
      const kind: RegionKind = d.kind === 'host-open' ? 'host' : 'generated';
      const outer = open.find((o) => o.kind === kind);
      if (outer) problems.push({ kind, messageId: 'nested', line: d.range.start.line, data: { line: outer.range.start.line } });
      open.push({ kind, range: d.range });
    } else if (d.kind === 'host-close' || d.kind === 'generated-close') {
      const kind: RegionKind = d.kind === 'host-close' ? 'host' : 'generated';
      const top = open[open.length - 1];
      if (top?.kind === kind) {
        open.pop();
        continue;
      }
      let index = -1;
      for (let i = open.length - 1; i >= 0; i--) if (open[i]!.kind === kind) { index = i; break; }
      if (index < 0) {
        problems.push({ kind, messageId: 'closeWithoutOpen', line: d.range.start.line });
        continue;
      }
      problems.push({ kind, messageId: 'closeInside', line: d.range.start.line, data: { line: top!.range.start.line, inner: top!.kind } });
      open.splice(index, 1);
    }
  }
  for (const o of open) problems.push({ kind: o.kind, messageId: 'unclosed', line: o.range.start.line });
  return problems.sort((a, b) => a.line - b.line);
}

const shown = (p: RegionProblem): { kind: RegionKind; messageId: string; line: number; data?: Record<string, unknown> } => {
  const line = p.range.start.line;
  if (p.messageId === 'nested') return { kind: p.kind, messageId: p.messageId, line, data: { line: p.data!['line'] } };
  if (p.messageId === 'closeInside') return { kind: p.kind, messageId: p.messageId, line, data: { line: p.data!['line'], inner: p.data!['inner'] === 'host block' ? 'host' : 'generated' } };
  return { kind: p.kind, messageId: p.messageId, line };
};

describe('regionProblems pairs regions as the stack search did (issue #24)', () => {
  it('same problems for any sequence of opens and closes of both kinds', () => {
    fc.assert(
      fc.property(fc.array(fc.constantFrom('host-open', 'host-close', 'generated-open', 'generated-close'), { minLength: 1, maxLength: 40 }), (kinds) => {
        // One directive a line, so lines order them as offsets do.
        const directives = kinds.map((kind, i): Directive => {
          const range: Range = { start: { line: i + 1, column: 1, offset: i * 10 }, end: { line: i + 1, column: 9, offset: i * 10 + 8 } };
          if (kind === 'host-open') return { kind, hosts: ['claude'], range };
          if (kind === 'generated-open') return { kind, name: 'x', range };
          return { kind, range };
        });
        expect(regionProblems(directives).map(shown)).toEqual(model(directives));
      }),
      { seed, numRuns },
    );
  });
});
