/**
 * `skillc rehearse`: finds the cases, runs each in a fresh sandbox, and
 * checks afterwards that nothing outside the sandbox was written.
 */
import fs from 'node:fs';
import path from 'node:path';
import { type ResolvedConfig, loadConfig } from '../config/config.js';
import { UsageError } from '../core/errors.js';
import { readSkill } from '../parse/skill.js';
import { compareCaptures, writeGolden } from './captures.js';
import { type RehearsalCase, findCases } from './case.js';
import { caseDeadline, type Deadline, DEFAULT_RUN_TIME_BUDGET_S, DEFAULT_TIMEOUT_S, MAX_TIMEOUT_S, now, runDeadline } from './limits.js';
import { type BuiltinCommands, fail, pass, type RunContext } from './context.js';
import type { CaseResult, Check, RehearsalReport } from './result.js';
import { kindOf, resolveInside } from './paths.js';
import { changedPaths, createSandbox, removeSandbox, type Sandbox, type SandboxMode, sandboxMode, sandboxProbe, type Snapshot, snapshot, strayWrites } from './sandbox.js';
import { runScriptCase } from './script.js';
import { runWorkflowCase } from './workflow.js';

export interface RehearseOptions {
  /** Skills, case folders, or roots of skills; default the config's sources. */
  paths?: string[];
  cwd?: string;
  config?: ResolvedConfig;
  /** Rewrite each case's golden captures/ with what the run captured. */
  update?: boolean;
  /** Default seconds a command may run (a case's `timeout` wins); at most 600. */
  timeout?: number;
  /** Seconds the whole run may take (default 3600): cases reached after it are not rehearsed. */
  timeBudget?: number;
  /** Run the cases' commands without a sandbox when none is available (otherwise they are refused). */
  unsandboxed?: boolean;
  /** skillc's own commands script cases may run (`gate`, `catalog`); the CLI and the package API pass them. */
  builtins?: BuiltinCommands;
  /** Called before each case, for progress on long runs. */
  onCase?: (index: number, total: number, c: RehearsalCase) => void;
}

const rel = (cwd: string, p: string): string => (path.relative(cwd, p) || '.').split(path.sep).join('/');

/** Folders whose files nothing may touch: the skill itself, and (one level) its parent and the project root. */
function outsideSnapshot(c: RehearsalCase, roots: string[]): Snapshot {
  const snap = snapshot([c.skillDir]);
  for (const dir of roots) {
    let entries: fs.Dirent[];
    try {
      entries = fs.readdirSync(dir, { withFileTypes: true });
    } catch {
      continue;
    }
    for (const e of entries) {
      const p = path.join(dir, e.name);
      if (snap.has(p) || e.isDirectory()) {
        if (!snap.has(p)) snap.set(p, 'dir');
        continue;
      }
      try {
        const st = fs.lstatSync(p);
        snap.set(p, `${st.size}:${st.mtimeMs}`);
      } catch {
        // vanished meanwhile
      }
    }
  }
  return snap;
}

function resultOf(c: RehearsalCase, cwd: string, checks: Check[], extra: Partial<CaseResult> & { ms: number }): CaseResult {
  const want = c.spec.failure;
  if (want && !checks.some((k) => !k.ok && k.id === want) && !checks.some((k) => !k.ok && (k.id === 'case' || k.id === 'trace'))) {
    const got = checks.find((k) => !k.ok);
    checks.push({ id: 'expect', ok: false, expectation: true, message: `Missing failure of the \`${want}\` check that case.yaml names, ${got ? `got \`${got.id}\`: ${got.message}` : 'every check passed'}` });
  }
  const failed = checks.filter((k) => !k.ok);
  // A sandbox violation is an error of its own: no expectation (not even a fail- case's) can absorb it.
  const violation = failed.find((k) => k.id === 'sandbox');
  const error = !!violation || failed.some((k) => k.id === 'case' || k.id === 'trace');
  const actual: CaseResult['actual'] = error ? 'error' : failed.length ? 'fail' : 'pass';
  const expectationFailed = failed.find((k) => k.expectation);
  const result: CaseResult = {
    skill: path.basename(c.skillDir),
    case: c.name,
    path: rel(cwd, c.dir),
    kind: c.kind,
    ...(c.expect ? { expected: c.expect } : {}),
    actual,
    ok: !error && actual === c.expect && !expectationFailed,
    checks,
    captures: [],
    ...extra,
  };
  // Why the case missed its expectation: for a failing case, the expectation it broke; else the first failure.
  const first = violation ?? (c.expect === 'fail' ? expectationFailed : undefined) ?? failed.find((k) => k.id === want) ?? failed.find((k) => !k.expectation) ?? failed[0];
  if (first) result.firstFailure = first;
  return result;
}

/** Rehearses one case. Never throws: whatever goes wrong is a failed check of that case. */
export async function rehearseCase(
  c: RehearsalCase,
  options: { cwd: string; update?: boolean; timeout?: number; roots?: string[]; mode?: SandboxMode; builtins?: BuiltinCommands; deadline?: Deadline; config?: ResolvedConfig },
): Promise<CaseResult> {
  const started = Date.now();
  if (c.problem) return resultOf(c, options.cwd, [{ id: 'case', ok: false, message: c.problem }], { ms: Date.now() - started });
  const skill = readSkill(c.skillDir);
  const roots = [...new Set([path.dirname(c.skillDir), ...(options.roots ?? [])])];
  const before = outsideSnapshot(c, roots);
  const spec = c.spec;
  const caseError = (message: string): CaseResult => resultOf(c, options.cwd, [{ id: 'case', ok: false, message }], { ms: Date.now() - started });
  // Paths in the case folder are never followed through links (paths.ts).
  const golden = resolveInside(c.dir, spec.captures ?? 'captures', 'captures folder');
  if ('problem' in golden) return caseError(golden.problem);
  const goldenDir = golden.path;
  const goldenKind = kindOf(goldenDir);
  if (goldenKind !== undefined && goldenKind !== 'dir') return caseError(`\`${spec.captures ?? 'captures'}\` is not a folder${goldenKind === 'symlink' ? ' but a symlink; skillc does not follow links out of a case' : ''}`);
  const inputsAt = resolveInside(c.dir, spec.inputs ?? 'inputs', 'inputs folder');
  if ('problem' in inputsAt) return caseError(inputsAt.problem);
  const inputs = inputsAt.path;
  const inputsKind = kindOf(inputs);
  let runFrom: string | undefined;
  let skip: (src: string) => boolean = () => false;
  if (c.kind === 'script') {
    runFrom = c.dir;
    const caseFile = path.join(c.dir, 'case.yaml');
    skip = (src) => src === caseFile || src === goldenDir;
  } else if (inputsKind === 'dir') runFrom = inputs;
  else if (inputsKind !== undefined) return caseError(`\`${spec.inputs ?? 'inputs'}\` is not a folder${inputsKind === 'symlink' ? ' but a symlink; skillc does not follow links out of a case' : ''}`);
  else if (spec.inputs !== undefined) return caseError(`inputs folder not found: ${spec.inputs}`);

  let sb: Sandbox;
  try {
    sb = createSandbox(c.skillDir, runFrom, skip, options.mode ?? sandboxMode(false));
  } catch (error) {
    return caseError(`cannot create the sandbox: ${error instanceof Error ? error.message : String(error)}`);
  }
  const ctx: RunContext = {
    sb,
    skill,
    case: c,
    checks: [],
    captures: [],
    timeoutMs: (spec.timeout ?? options.timeout ?? DEFAULT_TIMEOUT_S) * 1000,
    deadlines: [caseDeadline(), ...(options.deadline ? [options.deadline] : [])],
    builtins: options.builtins ?? {},
    config: options.config ?? loadConfig({ cwd: options.cwd }),
  };
  const skillBefore = snapshot([sb.skillDir]);
  let updated = false;
  try {
    if (c.kind === 'script') await runScriptCase(ctx);
    else await runWorkflowCase(ctx);
    for (const p of strayWrites(sb, skillBefore)) {
      fail(ctx, { id: 'sandbox', message: `Unexpected write outside the run folder: ${p.replace(sb.root, '<sandbox>')}` });
    }
    for (const p of changedPaths(before, outsideSnapshot(c, roots))) {
      fail(ctx, { id: 'sandbox', message: `Unexpected write outside the sandbox: ${rel(options.cwd, p)}` });
    }
    if (!ctx.checks.some((k) => !k.ok && (k.id === 'case' || k.id === 'trace'))) {
      if (options.update) {
        writeGolden(ctx.captures, goldenDir);
        updated = true;
        pass(ctx, { id: 'captures', expectation: true, message: `${ctx.captures.length} capture(s) written to ${path.basename(goldenDir)}/` });
      } else {
        const cmp = compareCaptures(ctx.captures, goldenDir, rel(options.cwd, c.dir));
        ctx.checks.push({ id: 'captures', ok: cmp.ok, expectation: true, message: cmp.message, ...(cmp.evidence ? { evidence: cmp.evidence } : {}) });
      }
    }
  } catch (error) {
    fail(ctx, { id: 'case', message: `internal error while rehearsing: ${error instanceof Error ? error.message : String(error)}` });
  } finally {
    removeSandbox(sb);
  }
  const extra: Partial<CaseResult> & { ms: number } = { captures: ctx.captures, ms: Date.now() - started };
  if (updated) extra.updated = true;
  return resultOf(c, options.cwd, ctx.checks, extra);
}

/** Rehearses every case under the paths and reports each case's verdict against its expectation. */
export async function rehearse(options: RehearseOptions = {}): Promise<RehearsalReport> {
  const cwd = path.resolve(options.cwd ?? process.cwd());
  const config = options.config ?? loadConfig({ cwd });
  const cases = findCases(options.paths ?? [], config, cwd);
  const results: CaseResult[] = [];
  const mode = sandboxMode(options.unsandboxed ?? false);
  const budget = options.timeBudget ?? DEFAULT_RUN_TIME_BUDGET_S;
  if (!(budget > 0)) throw new UsageError(`the time budget must be a positive number of seconds, got ${budget}`);
  if (options.timeout !== undefined && !(options.timeout > 0 && options.timeout <= MAX_TIMEOUT_S)) throw new UsageError(`the timeout must be more than 0 and at most ${MAX_TIMEOUT_S} seconds, got ${options.timeout}`);
  const deadline = runDeadline(budget);
  for (const [i, c] of cases.entries()) {
    options.onCase?.(i, cases.length, c);
    if (now() >= deadline.at) {
      results.push(resultOf(c, cwd, [{ id: 'case', ok: false, message: `not rehearsed: ${deadline.what} was used up by the cases before it` }], { ms: 0 }));
      continue;
    }
    const caseOptions: Parameters<typeof rehearseCase>[1] = { cwd, roots: [config.root, cwd], mode, deadline, config };
    if (options.update) caseOptions.update = true;
    if (options.timeout !== undefined) caseOptions.timeout = options.timeout;
    if (options.builtins) caseOptions.builtins = options.builtins;
    results.push(await rehearseCase(c, caseOptions));
  }
  const ok = results.filter((r) => r.ok).length;
  return {
    version: 1,
    network: mode === 'bwrap' ? 'namespace' : 'none',
    sandbox: mode === 'bwrap' ? 'bwrap' : mode === 'unsandboxed' ? 'none' : 'refused',
    ...(mode === 'bwrap' ? {} : { sandboxProblem: sandboxProbe().why }),
    cases: results,
    summary: { cases: results.length, ok, mismatched: results.length - ok, errors: results.filter((r) => r.actual === 'error').length },
  };
}
