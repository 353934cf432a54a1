// Workflow stage, read: the case's trace.jsonl read from the case folder and parsed; a bad trace fails the case.
import { fail, type RunContext } from '../context.js';
import { readInside } from '../paths.js';
import { MAX_TRACE_BYTES, parseTrace, type TraceEvent } from '../trace.js';

/** The trace's events, or undefined when it cannot be read or parsed (the case has failed, saying why). */
export function readCaseTrace(ctx: RunContext): TraceEvent[] | undefined {
  const traceRead = readInside(ctx.case.dir, ctx.case.spec.trace ?? 'trace.jsonl', 'trace', MAX_TRACE_BYTES);
  if ('problem' in traceRead) {
    fail(ctx, { id: 'trace', message: traceRead.problem });
    return undefined;
  }
  const { events, problems } = parseTrace(traceRead.text);
  if (problems.length) {
    const p = problems[0]!;
    const more = problems.slice(1).map((q) => `trace.jsonl:${q.line}: ${q.message}`).join('\n');
    fail(ctx, { id: 'trace', message: `trace.jsonl:${p.line}: ${p.message}`, line: p.line, ...(more ? { evidence: more } : {}) });
    return undefined;
  }
  return events;
}
