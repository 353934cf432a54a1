// Workflow stage, effects: file writes land in the run folder, commands run for real behind the capture fakes, tool effects become captures.
import path from 'node:path';
import { addCapture, collectCaptures, commandLimit, fail, timeoutMessage } from '../context.js';
import { expand, runInSandbox } from '../exec.js';
import { normalizeText } from '../captures.js';
import { LIMITS } from '../../parse/limits.js';
import { readInside, writeInside } from '../paths.js';
import { where, type CommandRun, type FileWrite, type ToolCall } from '../trace.js';
import { isInside } from '../../core/paths.js';
import { STOP, type Next, type WorkflowReplay } from './replay.js';

export function writeFile(run: WorkflowReplay, e: FileWrite): Next {
  const { ctx } = run;
  let content = e.content;
  if (e.from !== undefined) {
    const src = readInside(ctx.case.dir, e.from, '`from` file', LIMITS.maxFileBytes);
    if ('problem' in src) {
      fail(ctx, { id: 'trace', message: `${'missing' in src ? `Missing \`from\` file \`${e.from}\` in the case folder` : `Unexpected ${src.problem}`} at ${where(e)}`, line: e.line });
      return STOP;
    }
    content = src.text;
  }
  const at = { ...(e.step ? { step: e.step } : {}), line: e.line };
  const target = path.resolve(ctx.sb.runDir, e.path);
  if (path.isAbsolute(e.path) || !isInside(target, ctx.sb.runDir) || target === ctx.sb.runDir) {
    fail(ctx, { id: 'sandbox', message: `Unexpected write to \`${e.path}\` outside the run folder at ${where(e)}; not written`, ...at });
    return undefined;
  }
  // Never through a link the case shipped in inputs/ or a command left in the run folder.
  const refused = writeInside(ctx.sb.runDir, e.path, content ?? '', 'write to');
  if (refused) fail(ctx, { id: 'sandbox', message: `Unexpected ${refused.problem} at ${where(e)}; not written`, ...at });
  return undefined;
}

export async function runCommand(run: WorkflowReplay, e: CommandRun): Promise<Next> {
  const { ctx } = run;
  const argv = e.argv ? e.argv.map((a) => expand(a, ctx.sb)) : ['sh', '-c', expand(e.run!, ctx.sb)];
  const shown = `\`${e.run ?? e.argv!.join(' ')}\``;
  const limit = commandLimit(ctx, e.timeout !== undefined ? e.timeout * 1000 : ctx.timeoutMs);
  if (limit.ms <= 0) {
    fail(ctx, { id: 'timeout', message: `${timeoutMessage(shown, limit, false)} at ${where(e)}`, line: e.line });
    return STOP;
  }
  const r = await runInSandbox(ctx.sb, {
    argv,
    cwd: e.cwd === 'skill' ? ctx.sb.skillDir : ctx.sb.runDir,
    env: { ...ctx.case.spec.env, ...e.env },
    timeoutMs: limit.ms,
  });
  collectCaptures(ctx, e.step, e.line);
  if (r.refused) {
    fail(ctx, { id: 'sandbox', message: `${shown} at ${where(e)} ${r.refused}`, line: e.line });
    return STOP;
  }
  if (r.violation) {
    fail(ctx, { id: 'sandbox', message: `Unexpected ${shown} at ${where(e)} over the sandbox's limits: ${r.violation}; it was killed`, line: e.line });
    return STOP;
  }
  const output = normalizeText(`${r.stderr}${r.stderr && r.stdout ? '\n' : ''}${r.stdout}`, ctx.sb).trim().slice(-1000);
  if (r.spawnError) {
    fail(ctx, { id: 'command', message: `Cannot start ${shown} at ${where(e)}: ${r.spawnError}`, line: e.line });
    return STOP;
  }
  if (r.timedOut) {
    fail(ctx, { id: 'timeout', message: `${timeoutMessage(shown, limit, true)} at ${where(e)}`, line: e.line, ...(output ? { evidence: output } : {}) });
    return STOP;
  }
  const recorded = e.exit ?? 0;
  if (r.code !== recorded) {
    fail(ctx, { id: 'command', message: `Unexpected exit ${r.code ?? r.signal} from ${shown} at ${where(e)}, the trace recorded ${recorded}`, ...(e.step ? { step: e.step } : {}), line: e.line, ...(output ? { evidence: output } : {}) });
  }
  return undefined;
}

export function callTool(run: WorkflowReplay, e: ToolCall): void {
  if (e.effect) addCapture(run.ctx, { effect: e.effect, via: 'tool', tool: e.tool, ...(e.step ? { step: e.step } : {}), payload: e.payload ?? null }, e.line);
}
