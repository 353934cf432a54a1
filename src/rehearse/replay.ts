/**
 * `skillc replay`: loads a recorded trace (a trace.jsonl, or a case folder
 * holding one) and re-folds it under other knobs. Reads files, never spawns.
 */
import fs from 'node:fs';
import path from 'node:path';
import { parseTrace, type TraceProblem } from './trace.js';
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
  if (!fs.existsSync(file)) throw new TraceError(`No trace.jsonl in ${p}`);
  return file;
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
  const { events, problems } = parseTrace(fs.readFileSync(file, 'utf8'));
  if (problems.length) throw new TraceError(`${file}:${problems[0]!.line}: ${problems[0]!.message}`, problems);
  const knobs = Array.isArray(options.set) || options.set === undefined ? parseKnobs(options.set ?? []) : options.set;
  return { trace: file, ...whatIf(events, knobs) };
}
