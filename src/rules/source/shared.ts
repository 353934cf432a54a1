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
  const open: { kind: RegionKind; range: Range }[] = [];
  for (const d of sortDirectives(directives)) {
    if (d.kind === 'host-open' || d.kind === 'generated-open') {
      const kind: RegionKind = d.kind === 'host-open' ? 'host' : 'generated';
      const outer = open.find((o) => o.kind === kind);
      if (outer) {
        problems.push({
          kind,
          messageId: 'nested',
          data: { noun: NOUN[kind], close: CLOSE[kind], line: outer.range.start.line },
          range: d.range,
        });
      }
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
        problems.push({ kind, messageId: 'closeWithoutOpen', data: { close: CLOSE[kind], open: OPEN[kind] }, range: d.range });
        continue;
      }
      const inner = top!;
      problems.push({
        kind,
        messageId: 'closeInside',
        data: { close: CLOSE[kind], inner: NOUN[inner.kind], line: inner.range.start.line, innerClose: CLOSE[inner.kind] },
        range: d.range,
      });
      open.splice(index, 1);
    }
  }
  for (const o of open) {
    problems.push({ kind: o.kind, messageId: 'unclosed', data: { noun: NOUN[o.kind], close: CLOSE[o.kind] }, range: o.range });
  }
  return problems.sort((a, b) => (a.range.start.offset ?? 0) - (b.range.start.offset ?? 0));
}
