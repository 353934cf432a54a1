/**
 * Workflow cases: a recorded trace replayed live in the sandbox. File writes
 * land in the run folder, commands run for real behind the capture fakes, tool
 * effects become captures. Checked on the way: each artifact passes the gate
 * at the step that produces it, delegations go to declared siblings, loops
 * stay within budget, and after a failed gate no later step runs (the replay
 * stops there itself, so nothing after it is executed).
 */
import type { RunContext } from './context.js';
import type { TraceEvent } from './trace.js';
import { readCaseTrace } from './workflow/read-trace.js';
import { STOP, WorkflowReplay, type Next } from './workflow/replay.js';
import { endStep, startStep } from './workflow/steps.js';
import { callTool, runCommand, writeFile } from './workflow/effects.js';
import { checkGate, delegate } from './workflow/gates.js';

/**
 * Replays a workflow case. The stages, each a module of workflow/: read (the trace)
 * -> replay each event in order (steps: loop budgets and gates settled at a step's
 * end; effects: writes, commands, tool captures; gates: delegations and recorded
 * gates) -> finish (pending failures, artifacts gated at the end of the run).
 */
export async function runWorkflowCase(ctx: RunContext): Promise<void> {
  const events = readCaseTrace(ctx);
  if (!events) return;
  const run = new WorkflowReplay(ctx, events);
  for (const [i, e] of events.entries()) {
    if (run.halted) {
      // Only the end of the halted step may follow a halt.
      if (e.type === 'step.end' && e.step === run.halted.step) continue;
      run.failClosed(e);
      break;
    }
    if ((await replayEvent(run, i, e)) === STOP) return;
  }
  run.finish();
}

async function replayEvent(run: WorkflowReplay, i: number, e: TraceEvent): Promise<Next> {
  switch (e.type) {
    case 'step.start':
      return startStep(run, e);
    case 'step.end':
      endStep(run, i, e);
      return undefined;
    case 'file.write':
      return writeFile(run, e);
    case 'command':
      return runCommand(run, e);
    case 'tool':
      callTool(run, e);
      return undefined;
    case 'delegate':
      delegate(run, e);
      return undefined;
    case 'gate':
      return checkGate(run, e);
  }
}
