/**
 * The state of one case's run, shared by the script and workflow runners:
 * its sandbox, its checks so far and its captures, with the effect check
 * applied as each capture comes in.
 */
import type { ResolvedConfig } from '../config/config.js';
import type { Skill } from '../model/skill.js';
import { type Capture, MAX_CAPTURE_BYTES, normalizeCapture } from './captures.js';
import type { RehearsalCase } from './case.js';
import { commandTime, type Deadline } from './limits.js';
import type { Check } from './result.js';
import type { Sandbox } from './sandbox.js';
import { skillcBlock } from '../model/skillc-block.js';

/**
 * One of skillc's own commands a script case may run (`gate`, `catalog`): argv after the
 * command name, output through the callbacks, the exit status back. The CLI injects them, so
 * rehearse never imports the CLI (the layers run one way, docs/architecture.md).
 *
 * They run in skillc's own process, outside the sandbox, so they are confined
 * (`confine`): they use the config given (the run's, with `sources` at the
 * case's folder) and never look for one (a case may hold a config whose
 * `sources` or `extends` point anywhere), and every folder they walk must lie,
 * links resolved, in `within` (the sandbox); what they refuse they report
 * through `refuse`, and the case is then a `sandbox` error.
 */
export interface BuiltinIo {
  cwd: string;
  stdout(text: string): void;
  stderr(text: string): void;
  confine: { config: ResolvedConfig; within: string; refuse(message: string): void };
}
export type BuiltinCommand = (argv: string[], io: BuiltinIo) => Promise<number>;

export const BUILTIN_COMMANDS = ['gate', 'catalog'] as const;
export type BuiltinCommands = Partial<Record<(typeof BUILTIN_COMMANDS)[number], BuiltinCommand>>;

export interface RunContext {
  sb: Sandbox;
  skill: Skill;
  case: RehearsalCase;
  checks: Check[];
  captures: Capture[];
  /** A command's timeout when it names none (case.yaml `timeout`, else `--timeout`, else 10 s). */
  timeoutMs: number;
  /** When the case's and the run's time budgets end; every command's time is cut to them (limits.ts). */
  deadlines: Deadline[];
  /** skillc's own commands a script case may run; one missing is a failed check, not a crash. */
  builtins: BuiltinCommands;
  /** The run's config (the user's, never one of the case): what the built-in commands get. */
  config: ResolvedConfig;
}

export function declaredEffects(skill: Skill): string[] {
  return [...skillcBlock(skill).effects];
}

/** A one-line summary of a capture for messages: `curl POST https://hooks.example/...`. */
export function describeCapture(c: Capture): string {
  const parts = [c.via];
  if (typeof c.method === 'string') parts.push(c.method);
  if (typeof c.url === 'string') parts.push(c.url);
  if (Array.isArray(c.to) && c.to.length) parts.push(`to ${c.to.join(', ')}`);
  if (typeof c.host === 'string' || typeof c.port === 'number') parts.push(`${typeof c.host === 'string' ? c.host : ''}:${typeof c.port === 'number' ? c.port : ''}`);
  if (typeof c.tool === 'string') parts.push(c.tool);
  if (Array.isArray(c.args)) parts.push(c.args.join(' '));
  return parts.join(' ').slice(0, 200);
}

/** Adds a capture, checking its effect against `skillc.effects`. */
export function addCapture(ctx: RunContext, capture: Capture, line?: number): void {
  ctx.captures.push(capture);
  const declared = declaredEffects(ctx.skill);
  if (declared.includes(capture.effect)) return;
  const name = ctx.skill.name ?? ctx.skill.dirName;
  const check: Check = {
    id: 'effects',
    ok: false,
    message: `Unexpected effect \`${capture.effect}\`${capture.step ? ` in step \`${capture.step}\`` : ''}: \`${name}\` declares ${declared.length ? declared.map((d) => `\`${d}\``).join(', ') : 'no effects'} in \`skillc.effects\``,
    evidence: describeCapture(capture),
  };
  if (capture.step) check.step = capture.step;
  if (line !== undefined) check.line = line;
  ctx.checks.push(check);
}

/**
 * Takes in what the fakes sent since the last call. More than the channel
 * keeps from one command is a `sandbox` failure: the case cannot be judged on
 * captures that were dropped, and no `effects` list or golden file may absorb it.
 */
export function collectCaptures(ctx: RunContext, step?: string, line?: number): void {
  const { captures, overflowed } = ctx.sb.captures.take();
  if (overflowed) {
    fail(ctx, { id: 'sandbox', message: `Unexpected capture overflow: a command sent more than ${MAX_CAPTURE_BYTES} bytes of captures; the rest was dropped, so the case cannot be judged`, ...(step !== undefined ? { step } : {}), ...(line !== undefined ? { line } : {}) });
  }
  for (const raw of captures) {
    const c = normalizeCapture(raw, ctx.sb);
    if (step !== undefined) c.step = step;
    addCapture(ctx, c, line);
  }
}

/** How long a command may run now: `ownMs`, or what the case's and the run's budgets leave. */
export function commandLimit(ctx: RunContext, ownMs: number): { ms: number; by?: Deadline } {
  return commandTime(ownMs, ctx.deadlines);
}

/** Why a command was not run (a budget used up) or was killed at its limit, for the `timeout` check. */
export function timeoutMessage(shown: string, limit: { ms: number; by?: Deadline }, started: boolean): string {
  if (!started) return `Unexpected ${shown} not run: ${limit.by?.what ?? 'its time'} is used up`;
  if (limit.by) return `Unexpected hang: ${shown} was killed with its process group after ${limit.ms / 1000} s, when ${limit.by.what} ran out`;
  return `Unexpected hang: ${shown} ran past ${limit.ms / 1000} s and was killed with its process group`;
}

export function fail(ctx: RunContext, check: Omit<Check, 'ok'>): void {
  ctx.checks.push({ ...check, ok: false });
}

export function pass(ctx: RunContext, check: Omit<Check, 'ok'>): void {
  ctx.checks.push({ ...check, ok: true });
}
