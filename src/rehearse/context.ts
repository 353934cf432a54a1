/**
 * The state of one case's run, shared by the script and workflow runners:
 * its sandbox, its checks so far and its captures, with the effect check
 * applied as each capture comes in.
 */
import type { Skill } from '../model/skill.js';
import { type Capture, normalizeCapture } from './captures.js';
import type { RehearsalCase } from './case.js';
import type { Check } from './result.js';
import type { Sandbox } from './sandbox.js';
import { skillcBlock } from '../model/skillc-block.js';

/**
 * One of skillc's own commands a script case may run (`gate`, `catalog`): argv after the
 * command name, output through the callbacks, the exit status back. The CLI injects them, so
 * rehearse never imports the CLI (the layers run one way, docs/architecture.md).
 */
export type BuiltinCommand = (argv: string[], io: { cwd: string; stdout(text: string): void; stderr(text: string): void }) => Promise<number>;

export const BUILTIN_COMMANDS = ['gate', 'catalog'] as const;
export type BuiltinCommands = Partial<Record<(typeof BUILTIN_COMMANDS)[number], BuiltinCommand>>;

export interface RunContext {
  sb: Sandbox;
  skill: Skill;
  case: RehearsalCase;
  checks: Check[];
  captures: Capture[];
  timeoutMs: number;
  /** skillc's own commands a script case may run; one missing is a failed check, not a crash. */
  builtins: BuiltinCommands;
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

/** Takes in what the shims and the preload sent since the last call. */
export function collectCaptures(ctx: RunContext, step?: string, line?: number): void {
  for (const raw of ctx.sb.captures.take()) {
    const c = normalizeCapture(raw, ctx.sb);
    if (step !== undefined) c.step = step;
    addCapture(ctx, c, line);
  }
}

export function fail(ctx: RunContext, check: Omit<Check, 'ok'>): void {
  ctx.checks.push({ ...check, ok: false });
}

export function pass(ctx: RunContext, check: Omit<Check, 'ok'>): void {
  ctx.checks.push({ ...check, ok: true });
}
