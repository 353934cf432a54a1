/**
 * What-if replay: re-folds a recorded trace under other budgets or gate
 * thresholds. Pure: this module imports nothing that can spawn or write, so a
 * replay can never run a command, send a message or spend a token.
 */
import type { GateVerdict, TraceEvent } from './trace.js';

export type StepOutcome = 'reused' | 'would-block' | 'verdict-flipped' | 'would-exceed-budget' | 'needs-live-rerun';

export interface Knobs {
  /** Loop name -> maximum iterations. */
  loops: Record<string, number>;
  tokens?: number;
  usd?: number;
  /** Gate name -> minimum score; `*` applies to every gate. */
  thresholds: Record<string, number>;
  /** Knobs that change what a step produces (model, args, inputs, env): only a live run can tell. */
  live: string[];
  /** Every knob as given, for the report. */
  given: Record<string, string>;
}

export class KnobError extends Error {}

const LIVE_PREFIXES = ['model', 'args', 'input', 'inputs', 'env', 'prompt'];

/** Parses `--set` values: `budget.<loop>=3`, `budget.tokens=5000`, `budget.usd=0.5`, `threshold=0.8`, `threshold.<gate>=0.9`, `model=...`. */
export function parseKnobs(pairs: string[]): Knobs {
  const knobs: Knobs = { loops: {}, thresholds: {}, live: [], given: {} };
  for (const pair of pairs) {
    const eq = pair.indexOf('=');
    if (eq <= 0) throw new KnobError(`Unexpected --set '${pair}', expected <knob>=<value>`);
    const key = pair.slice(0, eq).trim();
    const value = pair.slice(eq + 1).trim();
    knobs.given[key] = value;
    const [head, ...rest] = key.split('.');
    const name = rest.join('.');
    const num = (): number => {
      const n = Number(value);
      if (value === '' || !Number.isFinite(n) || n < 0) throw new KnobError(`Unexpected value '${value}' for ${key}, expected a non-negative number`);
      return n;
    };
    if (head === 'budget' && name) {
      if (name === 'tokens') knobs.tokens = num();
      else if (name === 'usd') knobs.usd = num();
      else {
        const n = num();
        if (!Number.isInteger(n)) throw new KnobError(`Unexpected value '${value}' for ${key}, expected a whole number of iterations`);
        knobs.loops[name] = n;
      }
    } else if (head === 'threshold') knobs.thresholds[name || '*'] = num();
    else if (LIVE_PREFIXES.includes(head!)) knobs.live.push(key);
    else throw new KnobError(`Unexpected knob '${key}', expected budget.<loop>, budget.tokens, budget.usd, threshold[.<gate>], or model/args/input/env.<name>`);
  }
  return knobs;
}

export interface ReplayStep {
  step: string;
  /** Line of the step's first event in trace.jsonl (0 for the part of a run that was never recorded). */
  line: number;
  outcome: StepOutcome;
  detail: string;
}

export interface WhatIfResult {
  knobs: Record<string, string>;
  steps: ReplayStep[];
  recorded: 'pass' | 'fail';
  would: 'pass' | 'fail' | 'unknown';
  /** True when any step's outcome is not `reused`. */
  changed: boolean;
}

interface Step {
  name: string;
  line: number;
  events: TraceEvent[];
}

/** Groups events into steps in trace order; events outside a step form their own pseudo-step. */
function stepsOf(events: TraceEvent[]): Step[] {
  const steps: Step[] = [];
  let current: Step | undefined;
  for (const e of events) {
    const name = e.step ?? '(outside any step)';
    if (!current || current.name !== name || e.type === 'step.start') {
      current = { name, line: e.line, events: [] };
      steps.push(current);
    }
    current.events.push(e);
    if (e.type === 'step.end') current = undefined;
  }
  return steps;
}

const gateName = (g: GateVerdict): string => g.name ?? g.step ?? '(gate)';

/** Knobs naming a loop or gate the trace does not have are usage errors, not silent no-ops. */
export function checkKnobs(events: TraceEvent[], knobs: Knobs): void {
  const loops = new Set(events.flatMap((e) => (e.type === 'step.start' && e.loop ? [e.loop] : [])));
  const gates = new Set(events.flatMap((e) => (e.type === 'gate' ? [gateName(e)] : [])));
  for (const loop of Object.keys(knobs.loops)) {
    if (!loops.has(loop)) throw new KnobError(`Unexpected knob 'budget.${loop}': the trace has ${loops.size ? `loops ${[...loops].map((l) => `'${l}'`).join(', ')}` : 'no loops'}`);
  }
  for (const gate of Object.keys(knobs.thresholds)) {
    if (gate !== '*' && !gates.has(gate)) throw new KnobError(`Unexpected knob 'threshold.${gate}': the trace has ${gates.size ? `gates ${[...gates].map((g) => `'${g}'`).join(', ')}` : 'no gates'}`);
  }
}

/** Re-folds the trace under the knobs and says, step by step, what would have happened. */
export function whatIf(events: TraceEvent[], knobs: Knobs): WhatIfResult {
  checkKnobs(events, knobs);
  // The recorded verdict: the last verdict of each gate (a loop may retry a failed one) and of each delegation.
  const last = new Map<string, boolean>();
  for (const e of events) {
    if (e.type === 'gate') last.set(`gate:${gateName(e)}`, e.verdict === 'pass');
    else if (e.type === 'delegate') last.set(`delegate:${e.skill}`, e.result === 'pass');
  }
  const recordedFail = [...last.values()].some((ok) => !ok);
  const out: ReplayStep[] = [];
  const counts = new Map<string, number>();
  let tokens = 0;
  let usd = 0;
  let halted: string | undefined;
  let unknownRest = false;
  /** Set when the recorded path no longer applies (a retried gate now passes the first time). */
  let diverged: string | undefined;
  let would: WhatIfResult['would'] = recordedFail ? 'fail' : 'pass';
  const steps = stepsOf(events);
  for (const [index, step] of steps.entries()) {
    if (diverged) {
      out.push({ step: step.name, line: step.line, outcome: 'needs-live-rerun', detail: diverged });
      continue;
    }
    if (halted) {
      out.push({ step: step.name, line: step.line, outcome: 'would-block', detail: `not run: ${halted}` });
      continue;
    }
    if (knobs.live.length) {
      out.push({ step: step.name, line: step.line, outcome: 'needs-live-rerun', detail: `${knobs.live.map((k) => `--set ${k}`).join(', ')} changes what the step produces` });
      would = 'unknown';
      continue;
    }
    let outcome: StepOutcome = 'reused';
    let detail = 'as recorded';
    const set = (o: StepOutcome, d: string): void => {
      const rank: StepOutcome[] = ['reused', 'needs-live-rerun', 'verdict-flipped', 'would-exceed-budget'];
      if (rank.indexOf(o) > rank.indexOf(outcome)) [outcome, detail] = [o, d];
    };
    for (const e of step.events) {
      if (e.type === 'step.start' && e.loop) {
        const n = (counts.get(e.loop) ?? 0) + 1;
        counts.set(e.loop, n);
        const max = knobs.loops[e.loop];
        if (max !== undefined && n > max) {
          set('would-exceed-budget', `iteration ${n} of loop \`${e.loop}\`, budget ${max}`);
          halted = `loop \`${e.loop}\` exceeded its budget of ${max} at step \`${step.name}\``;
        }
      } else if (e.type === 'step.end') {
        tokens += e.tokens ?? 0;
        usd += e.usd ?? 0;
        if (knobs.tokens !== undefined && tokens > knobs.tokens) {
          set('would-exceed-budget', `${tokens} tokens spent, budget ${knobs.tokens}`);
          halted = `the token budget of ${knobs.tokens} ran out at step \`${step.name}\``;
        } else if (knobs.usd !== undefined && usd > knobs.usd) {
          set('would-exceed-budget', `$${usd.toFixed(4)} spent, budget $${knobs.usd}`);
          halted = `the budget of $${knobs.usd} ran out at step \`${step.name}\``;
        }
      } else if (e.type === 'gate') {
        const name = gateName(e);
        const t = knobs.thresholds[name] ?? knobs.thresholds['*'];
        if (t === undefined) continue;
        if (e.score === undefined) {
          set('needs-live-rerun', `gate \`${name}\` recorded no score, so threshold ${t} cannot be re-judged offline`);
          would = 'unknown';
          continue;
        }
        const verdict = e.score >= t ? 'pass' : 'fail';
        if (verdict === e.verdict) continue;
        set('verdict-flipped', `gate \`${name}\`: score ${e.score} ${verdict === 'pass' ? '>=' : '<'} threshold ${t}: ${e.verdict} -> ${verdict}`);
        if (verdict === 'fail') {
          halted ??= `gate \`${name}\` would fail at step \`${step.name}\``;
        } else {
          const loop = step.events.find((x) => x.type === 'step.start')?.loop;
          const next = steps[index + 1]?.events.find((x) => x.type === 'step.start');
          if (loop && next?.type === 'step.start' && next.loop === loop) diverged = `gate \`${name}\` would pass at step \`${step.name}\`, so the recorded retry of loop \`${loop}\` would not happen`;
          else if (!steps[index + 1]) unknownRest = true;
        }
      }
    }
    out.push({ step: step.name, line: step.line, outcome, detail });
  }
  if (halted) would = 'fail';
  else if (diverged) would = 'unknown';
  else if (unknownRest) {
    // A gate that failed now passes: whatever the recorded run skipped after it was never recorded.
    const failedAfter = events.some((e) => (e.type === 'gate' || e.type === 'delegate') && (e.type === 'gate' ? e.verdict === 'fail' : e.result === 'fail') && !flippedToPass(e, knobs));
    would = failedAfter ? 'fail' : 'unknown';
    out.push({ step: '(rest of the run)', line: 0, outcome: 'needs-live-rerun', detail: 'a gate that failed would now pass; the steps after it were never recorded' });
  }
  return { knobs: knobs.given, steps: out, recorded: recordedFail ? 'fail' : 'pass', would, changed: out.some((s) => s.outcome !== 'reused') };
}

function flippedToPass(e: TraceEvent, knobs: Knobs): boolean {
  if (e.type !== 'gate' || e.score === undefined) return false;
  const t = knobs.thresholds[gateName(e)] ?? knobs.thresholds['*'];
  return t !== undefined && e.score >= t;
}
