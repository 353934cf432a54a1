import type { Range } from '../../model/diagnostic.js';
import type { Directive } from '../../model/skill.js';
import { sortDirectives } from '../../parse/includes.js';

export { sortDirectives };

export { includeWalks, relToSkill, type IncludeWalk } from '../../parse/fragments.js';

/** Shows a directive as written, for messages. */
export const HOST_OPEN = '`<!-- host: ... -->`';
export const HOST_CLOSE = '`<!-- /host -->`';
export const GENERATED_OPEN = '`<!-- generated: ... -->`';
export const GENERATED_CLOSE = '`<!-- /generated -->`';

export type RegionKind = 'host' | 'generated';

/** The messages of the problems `regionProblems` finds: the rules that report them list these in their `meta.messages`. */
export const REGION_MESSAGES = {
  nested: 'Unexpected nested {{noun}}, expected {{close}} to close the {{noun}} opened on line {{line}} first',
  closeWithoutOpen: 'Unexpected {{close}} without an opening {{open}}',
  closeInside: 'Unexpected {{close}} inside the {{inner}} opened on line {{line}}, expected {{innerClose}} first',
  unclosed: 'Unexpected unclosed {{noun}}, expected {{close}} before the end of the file',
};

export interface RegionProblem {
  kind: RegionKind;
  messageId: string;
  data?: Record<string, unknown>;
  range: Range;
}

const CLOSE: Record<RegionKind, string> = { host: HOST_CLOSE, generated: GENERATED_CLOSE };
const OPEN: Record<RegionKind, string> = { host: HOST_OPEN, generated: GENERATED_OPEN };
const NOUN: Record<RegionKind, string> = { host: 'host block', generated: 'generated region' };

/**
 * Pairs host blocks and generated regions: a close without an open, an open
 * never closed, a block nested in one of its own kind, and regions that cross.
 */
export function regionProblems(directives: readonly Directive[]): RegionProblem[] {
  const problems: RegionProblem[] = [];
  // Linear (issue #24: each open searched the whole stack for its kind, each stray close too, and
  // a close inside the other kind spliced the stack): the stack in opening order with closed
  // entries marked and dropped when they reach the top, and each kind's own stack beside it. A
  // close only ever closes its kind's innermost open, so the first of a kind's stack (the outer
  // block a nested one names) stays until that kind's stack empties.
  interface Open { kind: RegionKind; range: Range; closed: boolean }
  const open: Open[] = [];
  const ofKind: Record<RegionKind, Open[]> = { host: [], generated: [] };
  const top = (): Open | undefined => {
    while (open.length && open[open.length - 1]!.closed) open.pop();
    return open[open.length - 1];
  };
  for (const d of sortDirectives(directives)) {
    if (d.kind === 'host-open' || d.kind === 'generated-open') {
      const kind: RegionKind = d.kind === 'host-open' ? 'host' : 'generated';
      const outer = ofKind[kind][0];
      if (outer) {
        problems.push({
          kind,
          messageId: 'nested',
          data: { noun: NOUN[kind], close: CLOSE[kind], line: outer.range.start.line },
          range: d.range,
        });
      }
      const entry: Open = { kind, range: d.range, closed: false };
      open.push(entry);
      ofKind[kind].push(entry);
    } else if (d.kind === 'host-close' || d.kind === 'generated-close') {
      const kind: RegionKind = d.kind === 'host-close' ? 'host' : 'generated';
      const inner = top();
      const closing = ofKind[kind].pop();
      if (!closing) {
        problems.push({ kind, messageId: 'closeWithoutOpen', data: { close: CLOSE[kind], open: OPEN[kind] }, range: d.range });
        continue;
      }
      closing.closed = true;
      if (inner === closing) continue;
      problems.push({
        kind,
        messageId: 'closeInside',
        data: { close: CLOSE[kind], inner: NOUN[inner!.kind], line: inner!.range.start.line, innerClose: CLOSE[inner!.kind] },
        range: d.range,
      });
    }
  }
  for (const o of open) {
    if (o.closed) continue;
    problems.push({ kind: o.kind, messageId: 'unclosed', data: { noun: NOUN[o.kind], close: CLOSE[o.kind] }, range: o.range });
  }
  return problems.sort((a, b) => (a.range.start.offset ?? 0) - (b.range.start.offset ?? 0));
}
