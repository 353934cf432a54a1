// Workflow stage, steps: loop iterations counted against their budgets; a step's end settles its gates.
import { fail } from '../context.js';
import { where, type StepEnd, type StepStart } from '../trace.js';
import { STOP, type Next, type WorkflowReplay } from './replay.js';

export function startStep(run: WorkflowReplay, e: StepStart): Next {
  run.currentLoop = e.loop;
  if (!e.loop) return undefined;
  const n = (run.loops.get(e.loop) ?? 0) + 1;
  run.loops.set(e.loop, n);
  const max = run.budgets[e.loop];
  if (max === undefined) {
    fail(run.ctx, { id: 'budget', message: `Unexpected loop \`${e.loop}\` with no budget, expected \`budgets: { ${e.loop}: <n> }\` in case.yaml`, step: e.step, line: e.line });
  } else if (n > max) {
    fail(run.ctx, { id: 'budget', message: `Unexpected iteration ${n} of loop \`${e.loop}\` at ${where(e)}, budget ${max}`, step: e.step, line: e.line });
    return STOP;
  }
  return undefined;
}

/** The end of step `i`: a gate failure still pending fails the step and halts the run (unless the next step retries it); else the artifacts it wrote are gated. */
export function endStep(run: WorkflowReplay, i: number, e: StepEnd): void {
  if (run.nextIsRetry(i, run.currentLoop)) {
    // A failed gate inside a loop iteration is what the next iteration retries; the budget bounds it.
    run.pending = undefined;
    return;
  }
  const { pending } = run;
  if (pending) {
    fail(run.ctx, { id: 'gate', message: pending.message, step: e.step, line: pending.line, ...(pending.evidence ? { evidence: pending.evidence } : {}) });
    run.halted = { step: e.step, reason: `the failed gate at step \`${e.step}\``, line: pending.line };
    run.pending = undefined;
  } else run.gateChanged(e, false);
}
