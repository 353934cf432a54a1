/**
 * Script cases: one declared command (a script of the skill, or skillc's own
 * `gate` / `catalog`) run against the case folder. Exit 0 passes, anything
 * else fails; the case may also pin its stdout, stderr and exit status.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { OutputExpectation } from './case.js';
import { normalizeText } from './captures.js';
import { BUILTIN_COMMANDS, collectCaptures, commandLimit, fail, pass, type RunContext, timeoutMessage } from './context.js';
import { type ExecResult, expand, runInSandbox } from './exec.js';
import { escapingLink } from './paths.js';
import { matchWithin } from './pattern.js';
import { isInside } from '../core/paths.js';

export { BUILTIN_COMMANDS };

/** The case's arguments (read and checked when the case loaded: case.ts), `{run}` and `{skill}` expanded. */
export function caseArgs(ctx: RunContext): string[] {
  return (ctx.case.args ?? []).map((a) => expand(a, ctx.sb));
}

/** Options of the built-in commands that write or read outside the sandbox; refused in a case. */
const BUILTIN_REFUSED = new Set(['-o', '--output-file', '-c', '--config']);

/**
 * The built-ins run in skillc's own process, outside the sandbox, so their
 * arguments are confined to it: no option that writes a file or loads a
 * config, and every path (an argument that is not an option) must resolve,
 * links followed, inside the sandbox, so `catalog ~/.claude/skills` or a
 * link in the run folder cannot list the user's own skills.
 */
function confineBuiltinArgs(args: string[], cwd: string, sb: RunContext['sb']): string | undefined {
  for (const a of args) {
    const flag = a.startsWith('-') ? a.split('=')[0]! : undefined;
    if (flag !== undefined) {
      if (BUILTIN_REFUSED.has(flag)) return `option \`${flag}\` is not allowed in a case (it reads or writes outside the sandbox)`;
      if (!a.includes('=')) continue;
    }
    const value = flag !== undefined ? a.slice(flag.length + 1) : a;
    const p = path.resolve(cwd, value);
    let real = p;
    try {
      real = fs.realpathSync(p);
    } catch {
      // a missing path: checked lexically
    }
    if (!isInside(real, sb.root)) return `argument \`${value}\` is outside the sandbox${real !== p ? ` (it links to ${real})` : ''}`;
  }
  return undefined;
}

/** Where a skill script lives, or why the command cannot be run. */
export function resolveScript(command: string, skillDir: string): { file: string } | { problem: string } {
  const outside = `command \`${command}\` is outside the skill; expected a file of the skill (such as scripts/<name>) or ${BUILTIN_COMMANDS.map((c) => `\`${c}\``).join(' / ')}`;
  if (path.isAbsolute(command) || command.includes('\0')) return { problem: outside };
  const file = path.resolve(skillDir, command);
  if (!isInside(file, skillDir) || file === skillDir) return { problem: outside };
  let real: string;
  try {
    real = fs.realpathSync(file);
  } catch {
    return { problem: `command \`${command}\` not found in the skill` };
  }
  if (!isInside(real, fs.realpathSync(skillDir))) return { problem: `${outside} (it links to ${real})` };
  if (!fs.statSync(real).isFile()) return { problem: `command \`${command}\` is not a file` };
  return { file };
}

function interpreter(file: string): string[] {
  if (/\.(sh|bash)$/.test(file)) return [file.endsWith('.bash') ? 'bash' : 'sh', file];
  if (/\.(m|c)?js$/.test(file)) return [process.execPath, file];
  if (file.endsWith('.py')) return ['python3', file];
  return [file];
}

/**
 * skillc's own gate and catalog, run in-process on the sandbox copy of the
 * case (they only read), confined to the sandbox (context.ts `BuiltinIo`):
 * the run's config with its sources at `cwd`, no config of the case, no
 * folder outside the sandbox. The gate reads the schemas from the skill's
 * copy in the sandbox and the contracts from the run's config.
 */
async function runBuiltin(ctx: RunContext, command: (typeof BUILTIN_COMMANDS)[number], args: string[], cwd: string): Promise<ExecResult & { refused?: string }> {
  const started = Date.now();
  let stdout = '';
  let stderr = '';
  const refusals: string[] = [];
  const run = ctx.builtins[command]!;
  const argv = command === 'gate' && !args.includes('--skill') ? ['.', ...args, '--skill', ctx.sb.skillDir] : args;
  const confine = { config: { ...ctx.config, sources: cwd }, within: ctx.sb.root, refuse: (m: string) => void refusals.push(m) };
  const code = await run(argv, { cwd, stdout: (t) => void (stdout += t), stderr: (t) => void (stderr += t), confine });
  return { code, signal: null, stdout, stderr, timedOut: false, ms: Date.now() - started, ...(refusals.length ? { refused: refusals[0]! } : {}) };
}

/** Why `actual` does not meet the expectation, or undefined when it does; a pattern gets at most `ms` (pattern.ts). */
async function matchOutput(expected: OutputExpectation, actual: string, ms: number): Promise<string | undefined> {
  if (typeof expected === 'string') {
    return expected.trimEnd() === actual.trimEnd() ? undefined : `expected ${JSON.stringify(expected.trimEnd())}, got ${JSON.stringify(actual.trimEnd().slice(0, 2000))}`;
  }
  if (expected.contains !== undefined && !actual.includes(expected.contains)) return `expected it to contain ${JSON.stringify(expected.contains)}, got ${JSON.stringify(actual.slice(0, 2000))}`;
  if (expected.matches !== undefined) {
    const got = `got ${JSON.stringify(actual.slice(0, 2000))}`;
    if (ms <= 0) return `expected it to match /${expected.matches}/, but the case's time was used up before the pattern could be tested`;
    const r = await matchWithin(expected.matches, actual, ms);
    if ('timedOut' in r) return `expected it to match /${expected.matches}/, but the pattern ran past ${ms / 1000} s and was stopped (it backtracks without end on this output; simplify it)`;
    if ('error' in r) return `invalid pattern /${expected.matches}/: ${r.error}`;
    if (!r.matched) return `expected it to match /${expected.matches}/, ${got}`;
  }
  return undefined;
}

export async function runScriptCase(ctx: RunContext): Promise<void> {
  const { spec } = ctx.case;
  const command = spec.command!;
  const args = caseArgs(ctx);
  const cwd = spec.cwd === 'skill' ? ctx.sb.skillDir : ctx.sb.runDir;
  let result: ExecResult;
  const shown = `\`${[command, ...args].map((a) => normalizeText(a, ctx.sb)).join(' ')}\``;
  const limit = commandLimit(ctx, ctx.timeoutMs);
  if (limit.ms <= 0) return fail(ctx, { id: 'timeout', message: timeoutMessage(shown, limit, false) });
  if ((BUILTIN_COMMANDS as readonly string[]).includes(command)) {
    const builtin = command as (typeof BUILTIN_COMMANDS)[number];
    if (!ctx.builtins[builtin]) return fail(ctx, { id: 'case', message: `Unexpected \`${command}\` in a case run without skillc's built-in commands; not run (pass \`builtins\` to rehearse(), as the CLI does)` });
    // catalog walks and reads the folders it is given; the gate reads only its artifacts (never through a link).
    const link = command === 'catalog' ? escapingLink([ctx.sb.runDir, ctx.sb.skillDir], ctx.sb.root) : undefined;
    const refused = confineBuiltinArgs(args, cwd, ctx.sb) ?? (link ? `would read through the link ${normalizeText(link, ctx.sb)}, which leads out of the sandbox` : undefined);
    if (refused) return fail(ctx, { id: 'sandbox', message: `Unexpected \`${command}\` ${refused}; not run` });
    const ran = await runBuiltin(ctx, builtin, args, cwd);
    if (ran.refused) return fail(ctx, { id: 'sandbox', message: `Unexpected \`${command}\` ${normalizeText(ran.refused, ctx.sb)}; not run` });
    result = ran;
  } else {
    const script = resolveScript(command, ctx.case.skillDir);
    if ('problem' in script) return fail(ctx, { id: 'case', message: script.problem });
    const file = path.join(ctx.sb.skillDir, path.relative(ctx.case.skillDir, script.file));
    result = await runInSandbox(ctx.sb, { argv: [...interpreter(file), ...args], cwd, env: spec.env ?? {}, timeoutMs: limit.ms });
  }
  collectCaptures(ctx);
  const stdout = normalizeText(result.stdout, ctx.sb);
  const stderr = normalizeText(result.stderr, ctx.sb);
  if (result.refused) return fail(ctx, { id: 'sandbox', message: `${shown} ${result.refused}` });
  if (result.violation) fail(ctx, { id: 'sandbox', message: `Unexpected ${shown} over the sandbox's limits: ${result.violation}; it was killed` });
  if (result.spawnError) return fail(ctx, { id: 'command', message: `Cannot start ${shown}: ${result.spawnError}` });
  if (result.timedOut) {
    fail(ctx, { id: 'timeout', message: timeoutMessage(shown, limit, true), evidence: (stderr || stdout).slice(-500) });
  } else if (result.code === 0) pass(ctx, { id: 'exit', message: `${shown} exited 0` });
  else fail(ctx, { id: 'exit', message: `${shown} exited ${result.code ?? result.signal}`, evidence: (stderr || stdout).trim().slice(-1000) });
  if (spec.exit !== undefined && result.code !== spec.exit && !result.timedOut) {
    fail(ctx, { id: 'exit', expectation: true, message: `Unexpected exit status ${result.code ?? result.signal}, expected ${spec.exit}`, evidence: (stderr || stdout).trim().slice(-1000) });
  }
  for (const [id, expected, actual] of [['stdout', spec.stdout, stdout], ['stderr', spec.stderr, stderr]] as const) {
    if (expected === undefined) continue;
    const problem = await matchOutput(expected, actual, commandLimit(ctx, ctx.timeoutMs).ms);
    if (problem) fail(ctx, { id, expectation: true, message: `Unexpected ${id} of ${shown}`, evidence: problem });
    else pass(ctx, { id, expectation: true, message: `${id} as expected` });
  }
}
