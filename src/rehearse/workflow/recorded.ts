// Workflow stage, recorded commands: a command that is not the skill's own is answered from the recording (its fakes still capture its effects); a live one is compared with it.
import { collectCaptures, commandLimit, fail, pass, timeoutMessage } from '../context.js';
import { expand, runInSandbox } from '../exec.js';
import { asRecorded, effectCommands, recordedText, stdoutDifference } from '../recorded.js';
import { where, type CommandRun } from '../trace.js';
import { STOP, type Next, type WorkflowReplay } from './replay.js';

export const shownCommand = (e: CommandRun): string => `\`${(e.run ?? e.argv!.join(' ')).slice(0, 200)}\``;

/** The recorded output of `e` (inline or in its `from:` file); a missing file fails the case as a trace problem. */
function output(run: WorkflowReplay, e: CommandRun, which: 'stdout' | 'stderr'): string | undefined {
  const r = recordedText(run.ctx.case.dir, e[which], which);
  if ('text' in r) return r.text;
  fail(run.ctx, { id: 'trace', message: `Unexpected ${r.problem} at ${where(e)}`, line: e.line });
  return undefined;
}

/**
 * Answers `e` from the recording: nothing of it runs, except the capture fakes of the commands of
 * its line that have an effect (a fake's `effectful`), in the sandbox, so its effects are captured
 * as a live run's would be.
 */
export async function answerFromRecording(run: WorkflowReplay, e: CommandRun, why: string): Promise<Next> {
  const { ctx } = run;
  if (output(run, e, 'stdout') === undefined || output(run, e, 'stderr') === undefined) return STOP;
  for (const argv of effectCommands(e, (w) => expand(w, ctx.sb))) {
    // The fakes run under the case's time budgets, as any command of the case.
    const limit = commandLimit(ctx, e.timeout !== undefined ? e.timeout * 1000 : ctx.timeoutMs);
    if (limit.ms <= 0) {
      fail(ctx, { id: 'timeout', message: `${timeoutMessage(shownCommand(e), limit, false)} at ${where(e)}`, line: e.line });
      return STOP;
    }
    const r = await runInSandbox(ctx.sb, { argv, cwd: ctx.sb.runDir, env: { ...ctx.case.spec.env, ...e.env }, timeoutMs: limit.ms });
    collectCaptures(ctx, e.step, e.line);
    if (r.refused || r.violation || r.timedOut) {
      const why = r.refused ?? (r.violation ? `it went over the sandbox's limits (${r.violation})` : 'its fake hung');
      fail(ctx, { id: r.timedOut && !r.refused && !r.violation ? 'timeout' : 'sandbox', message: `${shownCommand(e)} at ${where(e)}: its effect (\`${argv[0]}\`) could not be captured: ${why}`, line: e.line });
      return STOP;
    }
  }
  const exit = e.exit === 'unknown' ? 'an unknown exit status' : `exit ${e.exit ?? 0}`;
  pass(ctx, { id: 'command', message: `${shownCommand(e)} at ${where(e)} answered from the recording (${why}): ${exit}`, ...(e.step ? { step: e.step } : {}), line: e.line });
  return undefined;
}

/** After a live run that exited as recorded: its stdout against the recorded one, when the trace holds one. */
export function compareStdout(run: WorkflowReplay, e: CommandRun, stdout: string, why: string): Next {
  const at = { ...(e.step ? { step: e.step } : {}), line: e.line };
  const exit = e.exit === 'unknown' ? 'exit status not recorded, not compared' : `exit ${e.exit ?? 0}`;
  if (e.stdout === undefined) {
    pass(run.ctx, { id: 'command', message: `${shownCommand(e)} at ${where(e)} ran live (${why}): ${exit}`, ...at });
    return undefined;
  }
  const recorded = output(run, e, 'stdout');
  if (recorded === undefined) return STOP;
  const difference = stdoutDifference(recorded, asRecorded(stdout, run.ctx.sb));
  if (difference) fail(run.ctx, { id: 'stdout', message: `Unexpected stdout from ${shownCommand(e)} at ${where(e)}: it differs from the recording at ${difference}`, ...at, evidence: difference });
  else pass(run.ctx, { id: 'command', message: `${shownCommand(e)} at ${where(e)} ran live (${why}): ${exit}, stdout as recorded`, ...at });
  return undefined;
}
