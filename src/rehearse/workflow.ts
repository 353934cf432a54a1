/**
 * Workflow cases: a recorded trace replayed live in the sandbox. File writes
 * land in the run folder, commands run for real behind the capture fakes, tool
 * effects become captures. Checked on the way: each artifact passes the gate
 * at the step that produces it, delegations go to declared siblings, loops
 * stay within budget, and after a failed gate no later step runs (the replay
 * stops there itself, so nothing after it is executed).
 */
import { createHash } from 'node:crypto';
import path from 'node:path';
import { artifactSchemas, isPlainFileName } from '../analysis/artifacts.js';
import { addCapture, collectCaptures, fail, pass, type RunContext } from './context.js';
import { expand, runInSandbox } from './exec.js';
import { gate } from './gate.js';
import { normalizeText } from './captures.js';
import { readRegularFile } from '../parse/bundle.js';
import { LIMITS } from '../parse/limits.js';
import { readInside, writeInside } from './paths.js';
import { MAX_TRACE_BYTES, parseTrace, type TraceEvent, where } from './trace.js';
import { isInside } from '../core/paths.js';

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

export async function runWorkflowCase(ctx: RunContext): Promise<void> {
  const { spec } = ctx.case;
  const traceRead = readInside(ctx.case.dir, spec.trace ?? 'trace.jsonl', 'trace', MAX_TRACE_BYTES);
  if ('problem' in traceRead) return fail(ctx, { id: 'trace', message: traceRead.problem });
  const { events, problems } = parseTrace(traceRead.text);
  if (problems.length) {
    const p = problems[0]!;
    const more = problems.slice(1).map((q) => `trace.jsonl:${q.line}: ${q.message}`).join('\n');
    fail(ctx, { id: 'trace', message: `trace.jsonl:${p.line}: ${p.message}`, line: p.line, ...(more ? { evidence: more } : {}) });
    return;
  }
  const artifacts = artifactSchemas(ctx.skill).map((a) => a.name);
  const requiresRaw = ctx.skill.skillc?.requires;
  const requires = Array.isArray(requiresRaw) ? requiresRaw.filter((x): x is string => typeof x === 'string') : [];
  const budgets = spec.budgets ?? {};
  const loops = new Map<string, number>();
  const hashes = (): Map<string, string | undefined> => new Map(artifacts.map((a) => [a, hashOf(path.join(ctx.sb.runDir, a))]));
  /** A failed gate not (yet) recovered by a passing one in the same step. */
  let pending: { message: string; line: number; evidence?: string } | undefined;
  /** Set once a gate failure outlives its step: nothing after may run. */
  let halted: { step: string; reason: string; line: number } | undefined;

  // An artifact is gated at the end of the last step that writes it (a later
  // file.write of it defers the check), and at the end of the run at the latest.
  const lastWrite = new Map<string, number>();
  for (const e of events) if (e.type === 'file.write') lastWrite.set(path.normalize(e.path), e.line);
  const gatedHash = new Map<string, string | undefined>(hashes());
  const gateChanged = (e: { line: number; step?: string }, final: boolean): void => {
    const now = hashes();
    for (const a of artifacts) {
      const h = now.get(a);
      if (h === undefined || h === gatedHash.get(a)) continue;
      if (!final && (lastWrite.get(a) ?? 0) > e.line) continue;
      gatedHash.set(a, h);
      const v = gate({ runDir: ctx.sb.runDir, artifacts: [a], skill: ctx.skill }).verdicts[0]!;
      const at = e.step ?? '(end of run)';
      if (v.ok) pass(ctx, { id: 'gate', message: `\`${a}\` passes the gate at step \`${at}\``, step: at, line: e.line });
      else {
        fail(ctx, { id: 'gate', message: `\`${a}\` produced at step \`${at}\` fails the gate: ${v.problems[0]!.message}`, step: at, line: e.line, evidence: v.problems.map((p) => `${a}${p.line ? `:${p.line}` : ''}: ${p.message}`).join('\n') });
        halted ??= { step: at, reason: `\`${a}\` failed the gate at step \`${at}\``, line: e.line };
      }
    }
  };
  /** The loop of the step starting after event `i`, if the next step is another iteration of `loop`. */
  const nextIsRetry = (i: number, loop: string | undefined): boolean => {
    if (!loop) return false;
    const next = events.slice(i + 1).find((x) => x.type === 'step.start');
    return next?.type === 'step.start' && next.loop === loop;
  };
  let currentLoop: string | undefined;

  for (const [i, e] of events.entries()) {
    if (halted && !(e.type === 'step.end' && e.step === halted.step)) {
      fail(ctx, {
        id: 'fail-closed',
        message: `Unexpected ${describeEvent(e)} after ${halted.reason} (trace.jsonl:${halted.line}); a failed gate must stop the run, so the replay stopped there`,
        ...(e.step ? { step: e.step } : {}),
        line: e.line,
      });
      break;
    }
    if (halted) continue;
    switch (e.type) {
      case 'step.start': {
        currentLoop = e.loop;
        if (e.loop) {
          const n = (loops.get(e.loop) ?? 0) + 1;
          loops.set(e.loop, n);
          const max = budgets[e.loop];
          if (max === undefined) {
            fail(ctx, { id: 'budget', message: `Unexpected loop \`${e.loop}\` with no budget, expected \`budgets: { ${e.loop}: <n> }\` in case.yaml`, step: e.step, line: e.line });
          } else if (n > max) {
            fail(ctx, { id: 'budget', message: `Unexpected iteration ${n} of loop \`${e.loop}\` at ${where(e)}, budget ${max}`, step: e.step, line: e.line });
            return;
          }
        }
        break;
      }
      case 'step.end':
        if (nextIsRetry(i, currentLoop)) {
          // A failed gate inside a loop iteration is what the next iteration retries; the budget bounds it.
          pending = undefined;
          break;
        }
        if (pending) {
          fail(ctx, { id: 'gate', message: pending.message, step: e.step, line: pending.line, ...(pending.evidence ? { evidence: pending.evidence } : {}) });
          halted = { step: e.step, reason: `the failed gate at step \`${e.step}\``, line: pending.line };
          pending = undefined;
        } else gateChanged(e, false);
        break;
      case 'file.write': {
        let content = e.content;
        if (e.from !== undefined) {
          const src = readInside(ctx.case.dir, e.from, '`from` file', LIMITS.maxFileBytes);
          if ('problem' in src) {
            fail(ctx, { id: 'trace', message: `${'missing' in src ? `Missing \`from\` file \`${e.from}\` in the case folder` : `Unexpected ${src.problem}`} at ${where(e)}`, line: e.line });
            return;
          }
          content = src.text;
        }
        const at = { ...(e.step ? { step: e.step } : {}), line: e.line };
        const target = path.resolve(ctx.sb.runDir, e.path);
        if (path.isAbsolute(e.path) || !isInside(target, ctx.sb.runDir) || target === ctx.sb.runDir) {
          fail(ctx, { id: 'sandbox', message: `Unexpected write to \`${e.path}\` outside the run folder at ${where(e)}; not written`, ...at });
          break;
        }
        // Never through a link the case shipped in inputs/ or a command left in the run folder.
        const refused = writeInside(ctx.sb.runDir, e.path, content ?? '', 'write to');
        if (refused) fail(ctx, { id: 'sandbox', message: `Unexpected ${refused.problem} at ${where(e)}; not written`, ...at });
        break;
      }
      case 'command': {
        const argv = e.argv ? e.argv.map((a) => expand(a, ctx.sb)) : ['sh', '-c', expand(e.run!, ctx.sb)];
        const shown = `\`${e.run ?? e.argv!.join(' ')}\``;
        const r = await runInSandbox(ctx.sb, {
          argv,
          cwd: e.cwd === 'skill' ? ctx.sb.skillDir : ctx.sb.runDir,
          env: { ...spec.env, ...e.env },
          timeoutMs: e.timeout !== undefined ? e.timeout * 1000 : ctx.timeoutMs,
        });
        collectCaptures(ctx, e.step, e.line);
        if (r.refused) {
          fail(ctx, { id: 'sandbox', message: `${shown} at ${where(e)} ${r.refused}`, line: e.line });
          return;
        }
        const output = normalizeText(`${r.stderr}${r.stderr && r.stdout ? '\n' : ''}${r.stdout}`, ctx.sb).trim().slice(-1000);
        if (r.spawnError) {
          fail(ctx, { id: 'command', message: `Cannot start ${shown} at ${where(e)}: ${r.spawnError}`, line: e.line });
          return;
        }
        if (r.timedOut) {
          fail(ctx, { id: 'timeout', message: `Unexpected hang: ${shown} at ${where(e)} ran past ${(e.timeout ?? ctx.timeoutMs / 1000)} s and was killed with its process group`, line: e.line, ...(output ? { evidence: output } : {}) });
          return;
        }
        const recorded = e.exit ?? 0;
        if (r.code !== recorded) {
          fail(ctx, { id: 'command', message: `Unexpected exit ${r.code ?? r.signal} from ${shown} at ${where(e)}, the trace recorded ${recorded}`, ...(e.step ? { step: e.step } : {}), line: e.line, ...(output ? { evidence: output } : {}) });
        }
        break;
      }
      case 'tool':
        if (e.effect) addCapture(ctx, { effect: e.effect, via: 'tool', tool: e.tool, ...(e.step ? { step: e.step } : {}), payload: e.payload ?? null }, e.line);
        break;
      case 'delegate':
        if (!requires.includes(e.skill)) {
          fail(ctx, { id: 'delegation', message: `Unexpected delegation to \`${e.skill}\` at ${where(e)}: \`${ctx.skill.name ?? ctx.skill.dirName}\` requires ${requires.length ? requires.map((r) => `\`${r}\``).join(', ') : 'no skills'} in \`skillc.requires\``, line: e.line });
        }
        if (e.result === 'fail') pending = { message: `Delegation to \`${e.skill}\` failed at ${where(e)}`, line: e.line };
        break;
      case 'gate': {
        const name = e.name ?? e.step ?? '(gate)';
        const at = e.step ? { step: e.step } : {};
        if (!e.artifacts) {
          // A judged gate: only its recorded verdict exists.
          if (e.verdict === 'fail') pending = { message: `Gate \`${name}\` failed at ${where(e)} (recorded verdict)`, line: e.line };
          else pending = undefined;
          break;
        }
        const bad = e.artifacts.filter((a) => !isPlainFileName(a));
        if (bad.length) {
          fail(ctx, { id: 'trace', message: `Unexpected artifact name \`${bad[0]}\` in gate \`${name}\` at ${where(e)}, expected a plain file name`, line: e.line });
          return;
        }
        const result = gate({ runDir: ctx.sb.runDir, artifacts: e.artifacts, skill: ctx.skill });
        const problems = result.verdicts.flatMap((v) => v.problems.map((p) => `${v.artifact}${p.line ? `:${p.line}` : ''}: ${p.message}`));
        if (result.ok && e.verdict === 'fail') {
          fail(ctx, { id: 'gate', message: `Unexpected pass of gate \`${name}\` at ${where(e)}: the trace recorded \`fail\``, ...at, line: e.line });
        } else if (!result.ok && e.verdict === 'pass') {
          fail(ctx, { id: 'gate', message: `Gate \`${name}\` fails at ${where(e)} although the trace recorded \`pass\`: ${problems[0]}`, evidence: problems.join('\n'), ...at, line: e.line });
          halted = { step: e.step ?? '(outside any step)', reason: `gate \`${name}\` failed`, line: e.line };
        } else if (!result.ok) {
          pending = { message: `Gate \`${name}\` failed at ${where(e)}: ${problems[0]}`, line: e.line, evidence: problems.join('\n') };
        } else {
          pending = undefined;
          pass(ctx, { id: 'gate', message: `gate \`${name}\` passes at ${where(e)}`, ...at, line: e.line });
        }
        break;
      }
    }
  }
  if (!halted) {
    if (pending) fail(ctx, { id: 'gate', message: pending.message, line: pending.line, ...(pending.evidence ? { evidence: pending.evidence } : {}) });
    gateChanged({ line: events.at(-1)?.line ?? 0 }, true);
  }
}
