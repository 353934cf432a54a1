// The state of one workflow replay: the gate each artifact passed last, the pending gate failure, the halt.
import { createHash } from 'node:crypto';
import path from 'node:path';
import { artifactSchemas } from '../../analysis/artifacts.js';
import { readRegularFile } from '../../parse/bundle.js';
import { fail, pass, type RunContext } from '../context.js';
import { gate } from '../gate.js';
import type { TraceEvent } from '../trace.js';
import { skillcBlock } from '../../model/skillc-block.js';

/** What a stage tells the replay: stop now (the case has failed in a way later events cannot be judged after). */
export const STOP = 'stop';
export type Next = typeof STOP | undefined;

/** The hash of an artifact the run wrote; a link, FIFO or folder the run left there is not followed or opened. */
function hashOf(file: string): string | undefined {
  const r = readRegularFile(file, Number.MAX_SAFE_INTEGER, { noFollow: true });
  return 'bytes' in r ? createHash('sha1').update(r.bytes).digest('hex') : undefined;
}

const describeEvent = (e: TraceEvent): string => {
  switch (e.type) {
    case 'step.start':
      return `step \`${e.step}\``;
    case 'command':
      return `command \`${e.run ?? e.argv!.join(' ')}\``;
    case 'file.write':
      return `write of \`${e.path}\``;
    case 'tool':
      return `tool call \`${e.tool}\``;
    case 'delegate':
      return `delegation to \`${e.skill}\``;
    case 'gate':
      return `gate \`${e.name ?? e.step ?? ''}\``;
    case 'step.end':
      return `end of step \`${e.step}\``;
  }
};

export class WorkflowReplay {
  readonly artifacts: string[];
  readonly requires: string[];
  readonly budgets: Record<string, number>;
  readonly loops = new Map<string, number>();
  /** A failed gate not (yet) recovered by a passing one in the same step. */
  pending: { message: string; line: number; evidence?: string } | undefined;
  /** Set once a gate failure outlives its step: nothing after may run. */
  halted: { step: string; reason: string; line: number } | undefined;
  currentLoop: string | undefined;
  /** The trace line of the last write of each artifact. */
  private readonly lastWrite = new Map<string, number>();
  private readonly gatedHash: Map<string, string | undefined>;

  constructor(
    readonly ctx: RunContext,
    readonly events: readonly TraceEvent[],
  ) {
    this.artifacts = artifactSchemas(ctx.skill).map((a) => a.name);
    this.requires = [...skillcBlock(ctx.skill).requires];
    this.budgets = ctx.case.spec.budgets ?? {};
    // An artifact is gated at the end of the last step that writes it (a later
    // file.write of it defers the check), and at the end of the run at the latest.
    for (const e of events) if (e.type === 'file.write') this.lastWrite.set(path.normalize(e.path), e.line);
    this.gatedHash = new Map(this.hashes());
  }

  private hashes(): Map<string, string | undefined> {
    return new Map(this.artifacts.map((a) => [a, hashOf(path.join(this.ctx.sb.runDir, a))]));
  }

  /** Gates each artifact that changed since it was last gated (unless a later step writes it again, before the end of the run). */
  gateChanged(e: { line: number; step?: string }, final: boolean): void {
    const { ctx } = this;
    const now = this.hashes();
    for (const a of this.artifacts) {
      const h = now.get(a);
      if (h === undefined || h === this.gatedHash.get(a)) continue;
      if (!final && (this.lastWrite.get(a) ?? 0) > e.line) continue;
      this.gatedHash.set(a, h);
      const v = gate({ runDir: ctx.sb.runDir, artifacts: [a], skill: ctx.skill }).verdicts[0]!;
      const at = e.step ?? '(end of run)';
      if (v.ok) pass(ctx, { id: 'gate', message: `\`${a}\` passes the gate at step \`${at}\``, step: at, line: e.line });
      else {
        fail(ctx, { id: 'gate', message: `\`${a}\` produced at step \`${at}\` fails the gate: ${v.problems[0]!.message}`, step: at, line: e.line, evidence: v.problems.map((p) => `${a}${p.line ? `:${p.line}` : ''}: ${p.message}`).join('\n') });
        this.halted ??= { step: at, reason: `\`${a}\` failed the gate at step \`${at}\``, line: e.line };
      }
    }
  }

  /** True when the step starting after event `i` is another iteration of `loop`. */
  nextIsRetry(i: number, loop: string | undefined): boolean {
    if (!loop) return false;
    const next = this.events.slice(i + 1).find((x) => x.type === 'step.start');
    return next?.type === 'step.start' && next.loop === loop;
  }

  /** An event after the halt, other than the end of the halted step: the run did not stop where it had to. */
  failClosed(e: TraceEvent): void {
    const halted = this.halted!;
    fail(this.ctx, {
      id: 'fail-closed',
      message: `Unexpected ${describeEvent(e)} after ${halted.reason} (trace.jsonl:${halted.line}); a failed gate must stop the run, so the replay stopped there`,
      ...(e.step ? { step: e.step } : {}),
      line: e.line,
    });
  }

  /** The end of the run: a gate failure still pending fails, and every artifact not gated yet is. */
  finish(): void {
    if (this.halted) return;
    const { pending } = this;
    if (pending) fail(this.ctx, { id: 'gate', message: pending.message, line: pending.line, ...(pending.evidence ? { evidence: pending.evidence } : {}) });
    this.gateChanged({ line: this.events.at(-1)?.line ?? 0 }, true);
  }
}
