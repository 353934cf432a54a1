/**
 * The recorded trace of a workflow run: `trace.jsonl`, one event a line.
 * Parsing only; replaying lives in workflow.ts (live) and whatif.ts (offline).
 *
 * Parsing refuses, with the line and the field, every event the replay could
 * not carry out as recorded: an unknown type or key, a value of the wrong
 * kind, a `run` that sh cannot parse, a NUL byte where a program's argument,
 * environment or a path goes, an environment variable name a shell cannot
 * set, an exit status outside 0-255, a `timeout` past MAX_TIMEOUT_S. So a
 * trace that parses is one the replay can run, and `skillc record` checks
 * what it writes with the same `toEvent`.
 */
import { parseShell } from '../parse/shell.js';
import { MAX_TIMEOUT_S } from './limits.js';
import { refusedEnv } from './env.js';

interface Base {
  /** 1-based line in trace.jsonl. */
  line: number;
  /** The step the event belongs to; defaults to the open step. */
  step?: string;
}

export interface StepStart extends Base {
  type: 'step.start';
  step: string;
  /** The loop this step is an iteration of; each start counts one iteration. */
  loop?: string;
}
export interface StepEnd extends Base {
  type: 'step.end';
  step: string;
  status?: 'ok' | 'failed';
  /** Cost of the step, for budget what-ifs. */
  tokens?: number;
  usd?: number;
}
export interface FileWrite extends Base {
  type: 'file.write';
  /** Relative to the run folder. */
  path: string;
  content?: string;
  /** A file of the case folder whose content is written instead of `content`. */
  from?: string;
}
export interface CommandRun extends Base {
  type: 'command';
  /** A shell command line (run with `sh -c`), or `argv`. */
  run?: string;
  argv?: string[];
  /** The recorded exit status; the replayed command must match it. Default 0. */
  exit?: number;
  cwd?: 'run' | 'skill';
  env?: Record<string, string>;
  /** Seconds. */
  timeout?: number;
}
export interface ToolCall extends Base {
  type: 'tool';
  tool: string;
  /** The side effect the call has (e.g. `email.send`); a call without one is not captured. */
  effect?: string;
  payload?: unknown;
}
export interface Delegation extends Base {
  type: 'delegate';
  skill: string;
  result: 'pass' | 'fail';
  artifacts?: string[];
}
export interface GateVerdict extends Base {
  type: 'gate';
  /** Names the gate for `--set threshold.<name>=`; default the step. */
  name?: string;
  artifacts?: string[];
  verdict: 'pass' | 'fail';
  score?: number;
  threshold?: number;
}

export type TraceEvent = StepStart | StepEnd | FileWrite | CommandRun | ToolCall | Delegation | GateVerdict;
export const EVENT_TYPES = ['step.start', 'step.end', 'file.write', 'command', 'tool', 'delegate', 'gate'] as const;

export interface TraceProblem {
  line: number;
  message: string;
}

export interface ParsedTrace {
  events: TraceEvent[];
  problems: TraceProblem[];
}

const MAX_LINE = 1 << 20;
/** Largest trace.jsonl read (a line may hold 1 MiB). */
export const MAX_TRACE_BYTES = 64 << 20;
type Check = (v: unknown) => boolean;
const isString: Check = (v) => typeof v === 'string' && v.length > 0;
/** A non-empty string without NUL: what a program's argument, an environment value or a path may be. */
const isCString: Check = (v) => isString(v) && !(v as string).includes('\0');
const isNumber: Check = (v) => typeof v === 'number' && Number.isFinite(v);
const isInt: Check = (v) => Number.isInteger(v);
const isStringArray: Check = (v) => Array.isArray(v) && v.length > 0 && v.every((x) => typeof x === 'string');
const ENV_NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;
const isEnvMap: Check = (v) => !!v && typeof v === 'object' && !Array.isArray(v) && Object.entries(v).every(([k, x]) => ENV_NAME.test(k) && typeof x === 'string' && !x.includes('\0'));
const oneOf = (...values: string[]): Check => (v) => typeof v === 'string' && values.includes(v);

/** Required and optional fields of each event type, with what they must hold. */
const SHAPES: Record<TraceEvent['type'], { required: Record<string, [Check, string]>; optional: Record<string, [Check, string]> }> = {
  'step.start': { required: { step: [isString, 'a step name'] }, optional: { loop: [isString, 'a loop name'] } },
  'step.end': {
    required: { step: [isString, 'a step name'] },
    optional: { status: [oneOf('ok', 'failed'), '`ok` or `failed`'], tokens: [isNumber, 'a number'], usd: [isNumber, 'a number'] },
  },
  'file.write': { required: { path: [isCString, 'a path relative to the run folder'] }, optional: { content: [(v) => typeof v === 'string', 'a string'], from: [isCString, 'a file of the case folder'] } },
  command: {
    required: {},
    optional: {
      run: [isCString, 'a command line'],
      argv: [(v) => isStringArray(v) && (v as string[]).every((a) => !a.includes('\0')), 'a non-empty list of strings without NUL bytes'],
      exit: [(v) => isInt(v) && (v as number) >= 0 && (v as number) <= 255, 'an exit status from 0 to 255'],
      cwd: [oneOf('run', 'skill'), '`run` or `skill`'],
      env: [isEnvMap, 'a map of variable names (letters, digits, `_`) to strings without NUL bytes'],
      timeout: [(v) => isNumber(v) && (v as number) > 0 && (v as number) <= MAX_TIMEOUT_S, `a positive number of seconds, at most ${MAX_TIMEOUT_S}`],
    },
  },
  tool: { required: { tool: [isString, 'a tool name'] }, optional: { effect: [isString, 'an effect id such as `email.send`'], payload: [() => true, ''] } },
  delegate: { required: { skill: [isString, 'a skill name'], result: [oneOf('pass', 'fail'), '`pass` or `fail`'] }, optional: { artifacts: [isStringArray, 'a list of file names'] } },
  gate: {
    required: { verdict: [oneOf('pass', 'fail'), '`pass` or `fail`'] },
    optional: { name: [isString, 'a gate name'], artifacts: [isStringArray, 'a list of file names'], score: [isNumber, 'a number'], threshold: [isNumber, 'a number'] },
  },
};

/** A value for a message: its JSON, cut at 200 characters (a refused value may be a megabyte long). */
function shown(value: unknown): string {
  const text = JSON.stringify(value) ?? String(value);
  return text.length > 200 ? `${text.slice(0, 200)}...` : text;
}

/** Where the first NUL byte of a field is (`run`, `argv[1]`, `env.X`), for the message; empty when it holds none. */
function nulIn(key: string, value: unknown): string {
  const at = (s: string, name: string): string | undefined => (s.includes('\0') ? ` (a NUL byte in \`${name}\` at character ${s.indexOf('\0') + 1})` : undefined);
  if (typeof value === 'string') return at(value, key) ?? '';
  if (Array.isArray(value)) for (const [i, x] of value.entries()) if (typeof x === 'string' && at(x, `${key}[${i}]`)) return at(x, `${key}[${i}]`)!;
  if (value && typeof value === 'object') for (const [k, x] of Object.entries(value)) if (typeof x === 'string' && at(x, `${key}.${k}`)) return at(x, `${key}.${k}`)!;
  return '';
}

/** Validates one parsed line; returns the event or a message in the remark-lint voice. */
export function toEvent(value: unknown, line: number): TraceEvent | string {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return 'Unexpected non-object event, expected a JSON object with a `type`';
  const v = value as Record<string, unknown>;
  const type = v.type;
  if (typeof type !== 'string' || !(EVENT_TYPES as readonly string[]).includes(type)) {
    return `Unexpected event type ${JSON.stringify(type)}, expected one of ${EVENT_TYPES.map((t) => `\`${t}\``).join(', ')}`;
  }
  const shape = SHAPES[type as TraceEvent['type']];
  for (const [key, [check, what]] of Object.entries(shape.required)) {
    if (!(key in v)) return `Missing \`${key}\` in a \`${type}\` event, expected ${what}`;
    if (!check(v[key])) return `Unexpected \`${key}\` ${shown(v[key])}${nulIn(key, v[key])}, expected ${what}`;
  }
  for (const [key, value] of Object.entries(v)) {
    if (key === 'type' || key in shape.required) continue;
    if (key === 'step') {
      if (!isString(value)) return `Unexpected \`step\` ${JSON.stringify(value)}, expected a step name`;
      continue;
    }
    if (key === 'at' || key === 'note') continue; // timestamps and comments are ignored
    const spec = shape.optional[key];
    if (!spec) return `Unexpected key \`${key}\` in a \`${type}\` event`;
    if (!spec[0](value)) return `Unexpected \`${key}\` ${shown(value)}${nulIn(key, value)}, expected ${spec[1]}`;
  }
  if (type === 'command' && (('run' in v) === ('argv' in v))) return 'Unexpected `command` event, expected exactly one of `run` or `argv`';
  if (type === 'command') {
    const refused = refusedEnv(v.env as Record<string, string> | undefined);
    if (refused) return `Unexpected \`env\` that ${refused}`;
  }
  if (type === 'command' && typeof v.run === 'string') {
    // `run` goes to `sh -c`: a line sh cannot parse fails only when the rehearsal reaches it, so say so now.
    const error = parseShell(v.run, 'posix').error;
    if (error) {
      const before = v.run.slice(0, error.offset).split('\n');
      const where = before.length > 1 ? `line ${before.length}, column ${before[before.length - 1]!.length + 1}` : `column ${error.offset + 1}`;
      return `Unexpected \`run\` that sh cannot parse (${error.message}, at ${where} of the command), expected a POSIX shell command line`;
    }
  }
  if (type === 'file.write' && ('content' in v) === ('from' in v)) return 'Unexpected `file.write` event, expected exactly one of `content` or `from`';
  const event = { ...v, line } as Record<string, unknown>;
  delete event.at;
  delete event.note;
  return event as unknown as TraceEvent;
}

/**
 * Parses trace.jsonl. Blank lines are skipped; each malformed line is a
 * problem with its line number. The events also get their step filled in.
 */
export function parseTrace(text: string): ParsedTrace {
  const events: TraceEvent[] = [];
  const problems: TraceProblem[] = [];
  let open: string | undefined;
  text.split(/\r?\n/).forEach((raw, i) => {
    const line = i + 1;
    if (raw.trim() === '') return;
    if (raw.length > MAX_LINE) return void problems.push({ line, message: `Unexpected line of ${raw.length} characters, expected at most ${MAX_LINE}` });
    let value: unknown;
    try {
      value = JSON.parse(raw);
    } catch (error) {
      return void problems.push({ line, message: `Unexpected invalid JSON (${error instanceof Error ? error.message : String(error)})` });
    }
    const event = toEvent(value, line);
    if (typeof event === 'string') return void problems.push({ line, message: event });
    if (event.type === 'step.start') {
      if (open !== undefined) return void problems.push({ line, message: `Unexpected \`step.start\` of \`${event.step}\` while \`${open}\` is open, expected its \`step.end\` first` });
      open = event.step;
    } else if (event.type === 'step.end') {
      if (open !== event.step) return void problems.push({ line, message: `Unexpected \`step.end\` of \`${event.step}\`, expected ${open ? `\`step.end\` of \`${open}\`` : 'a `step.start` first'}` });
      open = undefined;
    } else if (event.step === undefined) {
      if (open !== undefined) event.step = open;
    } else if (open !== undefined && event.step !== open) {
      return void problems.push({ line, message: `Unexpected \`step\` \`${event.step}\` inside step \`${open}\`` });
    }
    events.push(event);
  });
  return { events, problems };
}

/** Where an event sits, for messages: `step \`draft\` (trace.jsonl:7)`. */
export function where(event: { line: number; step?: string }): string {
  return `${event.step ? `step \`${event.step}\` ` : ''}(trace.jsonl:${event.line})`;
}
