/**
 * `skillc replay`: loads a recorded trace (a trace.jsonl, or a case folder
 * holding one) and re-folds it under other knobs. Reads files, never spawns.
 */
import fs from 'node:fs';
import path from 'node:path';
import { readRegularFile } from '../parse/bundle.js';
import { MAX_TRACE_BYTES, parseTrace, type TraceProblem } from './trace.js';
import { type Knobs, type WhatIfResult, parseKnobs, whatIf } from './whatif.js';

export class TraceError extends Error {
  constructor(message: string, readonly problems: TraceProblem[] = []) {
    super(message);
    this.name = 'TraceError';
  }
}

/** The trace file a path names: the file itself, or a case folder's trace.jsonl. */
export function traceFileOf(p: string): string {
  let st: fs.Stats;
  try {
    st = fs.statSync(p);
  } catch {
    throw new TraceError(`No such trace or case folder: ${p}`);
  }
  if (!st.isDirectory()) return p;
  const file = path.join(p, 'trace.jsonl');
  if (!fs.existsSync(file) && !fs.lstatSync(file, { throwIfNoEntry: false })) throw new TraceError(`No trace.jsonl in ${p}`);
  return file;
}

/**
 * The text of a trace: a regular file within the size limit, opened without
 * blocking (a FIFO is refused, not waited on). A case folder's trace.jsonl is
 * not followed through a link; a trace the user names directly may be one.
 */
export function readTrace(file: string, noFollow: boolean): string {
  const r = readRegularFile(file, MAX_TRACE_BYTES, { noFollow });
  if ('bytes' in r) return r.bytes.toString('utf8');
  const why = r.problem === 'too-large' ? `is ${r.size} bytes, more than ${MAX_TRACE_BYTES}` : r.problem === 'symlink' ? 'is a symlink' : r.problem === 'not-a-file' ? 'is not a regular file (a FIFO, socket or device)' : r.problem === 'missing' ? 'does not exist' : `cannot be read (${r.code ?? 'error'})`;
  throw new TraceError(`Trace ${file} ${why}`);
}

export interface ReplayOptions {
  /** A trace.jsonl or a case folder. */
  trace: string;
  /** `--set` pairs (`budget.fix=1`), or parsed knobs. */
  set?: string[] | Knobs;
}

/** Re-folds a recorded trace; throws TraceError on a malformed trace and KnobError on a bad knob. */
export function replay(options: ReplayOptions): WhatIfResult & { trace: string } {
  const file = traceFileOf(options.trace);
  const { events, problems } = parseTrace(readTrace(file, file !== options.trace));
  if (problems.length) throw new TraceError(`${file}:${problems[0]!.line}: ${problems[0]!.message}`, problems);
  const knobs = Array.isArray(options.set) || options.set === undefined ? parseKnobs(options.set ?? []) : options.set;
  return { trace: file, ...whatIf(events, knobs) };
}
