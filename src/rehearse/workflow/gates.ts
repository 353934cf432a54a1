// Workflow stage, gates: delegations go to declared siblings, and each recorded gate is re-run (or, when judged, its verdict taken).
import { isPlainFileName } from '../../analysis/artifacts.js';
import { fail, pass } from '../context.js';
import { gate } from '../gate.js';
import { where, type Delegation, type GateVerdict } from '../trace.js';
import { STOP, type Next, type WorkflowReplay } from './replay.js';

export function delegate(run: WorkflowReplay, e: Delegation): void {
  const { ctx, requires } = run;
  if (!requires.includes(e.skill)) {
    fail(ctx, { id: 'delegation', message: `Unexpected delegation to \`${e.skill}\` at ${where(e)}: \`${ctx.skill.name ?? ctx.skill.dirName}\` requires ${requires.length ? requires.map((r) => `\`${r}\``).join(', ') : 'no skills'} in \`skillc.requires\``, line: e.line });
  }
  if (e.result === 'fail') run.pending = { message: `Delegation to \`${e.skill}\` failed at ${where(e)}`, line: e.line };
}

export function checkGate(run: WorkflowReplay, e: GateVerdict): Next {
  const { ctx } = run;
  const name = e.name ?? e.step ?? '(gate)';
  const at = e.step ? { step: e.step } : {};
  if (!e.artifacts) {
    // A judged gate: only its recorded verdict exists.
    if (e.verdict === 'fail') run.pending = { message: `Gate \`${name}\` failed at ${where(e)} (recorded verdict)`, line: e.line };
    else run.pending = undefined;
    return undefined;
  }
  const bad = e.artifacts.filter((a) => !isPlainFileName(a));
  if (bad.length) {
    fail(ctx, { id: 'trace', message: `Unexpected artifact name \`${bad[0]}\` in gate \`${name}\` at ${where(e)}, expected a plain file name`, line: e.line });
    return STOP;
  }
  const result = gate({ runDir: ctx.sb.runDir, artifacts: e.artifacts, skill: ctx.skill });
  const problems = result.verdicts.flatMap((v) => v.problems.map((p) => `${v.artifact}${p.line ? `:${p.line}` : ''}: ${p.message}`));
  if (result.ok && e.verdict === 'fail') {
    fail(ctx, { id: 'gate', message: `Unexpected pass of gate \`${name}\` at ${where(e)}: the trace recorded \`fail\``, ...at, line: e.line });
  } else if (!result.ok && e.verdict === 'pass') {
    fail(ctx, { id: 'gate', message: `Gate \`${name}\` fails at ${where(e)} although the trace recorded \`pass\`: ${problems[0]}`, evidence: problems.join('\n'), ...at, line: e.line });
    run.halted = { step: e.step ?? '(outside any step)', reason: `gate \`${name}\` failed`, line: e.line };
  } else if (!result.ok) {
    run.pending = { message: `Gate \`${name}\` failed at ${where(e)}: ${problems[0]}`, line: e.line, evidence: problems.join('\n') };
  } else {
    run.pending = undefined;
    pass(ctx, { id: 'gate', message: `gate \`${name}\` passes at ${where(e)}`, ...at, line: e.line });
  }
  return undefined;
}
