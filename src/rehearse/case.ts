/**
 * Rehearsal cases: folders under a skill's `fixtures/`, each described by a
 * `case.yaml` (schema/case.schema.json). Finding and loading only; a case that
 * cannot be loaded carries its problem, so the others still run.
 *
 * Loading checks everything that can be checked before anything runs, and
 * says where (`case.yaml:3:9`): the schema, values no program can be given (a
 * NUL byte in `command`, `args`, the `.args` file or `env`), a `stdout`/`stderr`
 * pattern that does not compile, links and special files on the way. What
 * loads is what `skillc rehearse` runs; `skillc record` writes cases that load.
 */
import fs from 'node:fs';
import path from 'node:path';
import { LineCounter, parseDocument } from 'yaml';
import type { ResolvedConfig } from '../config/config.js';
import { UsageError, discoverSkills } from '../config/discover.js';
import { LIMITS } from '../parse/limits.js';
import { refusedEnv } from './env.js';
import { kindOf, readInside, resolveInside } from './paths.js';
import { packageSchema, schemaValidator } from '../core/schema.js';
import { didYouMean } from '../core/suggest.js';


export type OutputExpectation = string | { contains?: string; matches?: string };

/** case.yaml as written. */
export interface CaseSpec {
  description?: string;
  expect?: 'pass' | 'fail';
  /** For a failing case: the check that must fail (so it cannot fail for another reason). */
  failure?: string;
  command?: string;
  args?: string | string[];
  cwd?: 'run' | 'skill';
  stdout?: OutputExpectation;
  stderr?: OutputExpectation;
  exit?: number;
  timeout?: number;
  env?: Record<string, string>;
  trace?: string;
  captures?: string;
  inputs?: string;
  budgets?: Record<string, number>;
}

export interface RehearsalCase {
  /** The case folder's name. */
  name: string;
  /** Absolute path of the case folder. */
  dir: string;
  /** Absolute path of the skill folder. */
  skillDir: string;
  kind: 'script' | 'workflow' | 'unknown';
  /** The verdict the case must get; undefined when nothing states it (a problem). */
  expect?: 'pass' | 'fail';
  spec: CaseSpec;
  /**
   * A script case's arguments, before `{run}`/`{skill}` expansion: `args` of
   * case.yaml (a string split on white space), else the `.args` file's words.
   */
  args?: string[];
  /** Why the case cannot run: it then fails with this reason. */
  problem?: string;
}

export const CASE_FILE = 'case.yaml';

const caseValidator = schemaValidator('case.schema.json');

/**
 * Where a value of case.yaml is written: `case.yaml:3:9`, or `case.yaml` when it cannot be told.
 * With `key`: where that key of the mapping at `keys` is written (a misspelt key's own position).
 */
type Locate = (keys: readonly (string | number)[], key?: string) => string;

function locator(doc: ReturnType<typeof parseDocument>, lines: LineCounter): Locate {
  return (keys, key) => {
    let node = (keys.length ? doc.getIn(keys, true) : doc.contents) as { range?: [number, number, number]; items?: { key?: { value?: unknown; range?: [number, number, number] } }[] } | undefined;
    if (key !== undefined) node = node?.items?.find((pair) => pair.key?.value === key)?.key ?? node;
    const at = node?.range ? lines.linePos(node.range[0]) : undefined;
    return at ? `${CASE_FILE}:${at.line}:${at.col}` : CASE_FILE;
  };
}

/** The keys the schema allows in the mapping an `additionalProperties` check failed in (its `schemaPath`, `#/properties/budgets/additionalProperties`). */
function allowedKeys(schemaPath: string | undefined): string[] {
  const parts = (schemaPath ?? '').replace(/^#\/?/, '').split('/').filter(Boolean).slice(0, -1);
  let node: unknown = packageSchema('case.schema.json');
  for (const p of parts) node = node && typeof node === 'object' ? (node as Record<string, unknown>)[p.replace(/~1/g, '/').replace(/~0/g, '~')] : undefined;
  const properties = node && typeof node === 'object' ? (node as { properties?: Record<string, unknown> }).properties : undefined;
  return properties ? Object.keys(properties).filter((k) => k !== '$schema') : [];
}

function validateSpec(data: unknown, locate: Locate): string | undefined {
  const validator = caseValidator();
  if (validator(data)) return undefined;
  const first = validator.errors?.find((e) => e.params && 'additionalProperty' in e.params) ?? validator.errors?.[0];
  const keys = first?.instancePath ? first.instancePath.slice(1).split('/').map((k) => (/^\d+$/.test(k) ? Number(k) : k.replace(/~1/g, '/').replace(/~0/g, '~'))) : [];
  const where = keys.length ? keys.join('.') : '(root)';
  if (first?.params && 'additionalProperty' in first.params) {
    // A misspelt key: its own position, the keys allowed there, and the nearest one.
    const key = String(first.params.additionalProperty);
    const allowed = allowedKeys(first.schemaPath);
    const inside = keys.length ? ` in \`${where}\`` : '';
    return `unknown key \`${key}\`${inside} (${locate(keys, key)})${didYouMean(key, allowed) || '.'}${allowed.length ? ` Expected one of: ${allowed.join(', ')}` : ''}`;
  }
  const allowed = first?.params && 'allowedValues' in first.params ? `: ${(first.params.allowedValues as unknown[]).join(', ')}` : '';
  return `invalid case.yaml at ${where} (${locate(keys)}): ${first?.message ?? 'invalid'}${allowed}`;
}

/** The first NUL byte in `text`, as `character N`; a NUL cannot be passed to a program (its arguments and environment are C strings). */
function nulAt(text: string): string | undefined {
  const i = text.indexOf('\0');
  return i < 0 ? undefined : `character ${i + 1}`;
}

/** Values of a validated case.yaml no command can be given, each with where it is written. */
function impossibleValue(spec: CaseSpec, locate: Locate): string | undefined {
  const nul = (keys: (string | number)[], value: string, what: string): string | undefined => {
    const at = nulAt(value);
    return at ? `Unexpected NUL byte in ${what} (${locate(keys)}, ${at}): a program's arguments and environment cannot hold one` : undefined;
  };
  const found: (string | undefined)[] = [];
  if (spec.command !== undefined) found.push(nul(['command'], spec.command, '`command`'));
  if (typeof spec.args === 'string') found.push(nul(['args'], spec.args, '`args`'));
  else spec.args?.forEach((a, i) => found.push(nul(['args', i], a, `\`args[${i}]\``)));
  for (const [k, v] of Object.entries(spec.env ?? {})) found.push(nul(['env', k], v, `\`env.${k}\``));
  for (const key of ['stdout', 'stderr'] as const) {
    const expected = spec[key];
    if (typeof expected !== 'object' || expected.matches === undefined) continue;
    const invalid = invalidPattern(expected.matches);
    if (invalid) found.push(`Unexpected \`${key}.matches\` that is not a regular expression (${locate([key, 'matches'])}): ${invalid}`);
  }
  return found.find((f) => f !== undefined);
}

/** Why `pattern` is not a JavaScript regular expression (as `stdout: { matches }` compiles it), or undefined. */
export function invalidPattern(pattern: string): string | undefined {
  try {
    new RegExp(pattern, 'm');
    return undefined;
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  }
}

/** A script case's arguments: case.yaml's `args`, else the `.args` file (a regular file of the case, never a link), split on white space. */
function argsOf(dir: string, spec: CaseSpec): string[] | { problem: string } {
  if (spec.args !== undefined) return typeof spec.args === 'string' ? spec.args.split(/\s+/).filter(Boolean) : spec.args;
  if (kindOf(path.join(dir, '.args')) === undefined) return [];
  const read = readInside(dir, '.args', 'arguments file', LIMITS.maxBundledTextBytes);
  if ('problem' in read) return read;
  const lines = read.text.split('\n');
  const line = lines.findIndex((l) => l.includes('\0'));
  if (line >= 0) return { problem: `Unexpected NUL byte in the arguments file \`.args\` (line ${line + 1}, column ${lines[line]!.indexOf('\0') + 1}): a program's arguments cannot hold one` };
  return read.text.split(/\s+/).filter(Boolean);
}

/** Loads one case folder. Never throws: a broken case comes back with `problem` set. */
export function loadCase(dir: string, skillDir: string): RehearsalCase {
  const abs = path.resolve(dir);
  const name = path.basename(abs);
  const prefix = /^(pass|fail)-/.exec(name)?.[1] as 'pass' | 'fail' | undefined;
  const base: RehearsalCase = { name, dir: abs, skillDir: path.resolve(skillDir), kind: 'unknown', spec: {} };
  if (prefix) base.expect = prefix;
  const file = path.join(abs, CASE_FILE);
  let spec: CaseSpec = {};
  const hasFile = kindOf(file) !== undefined;
  if (hasFile) {
    const read = readInside(abs, CASE_FILE, 'case file', LIMITS.maxFileBytes);
    if ('problem' in read) return { ...base, problem: read.problem };
    const lines = new LineCounter();
    const doc = parseDocument(read.text, { lineCounter: lines });
    const error = doc.errors[0];
    let data: unknown;
    try {
      if (error) throw error;
      data = doc.toJS({ maxAliasCount: 100 }) ?? {};
    } catch (error) {
      return { ...base, problem: `cannot parse case.yaml: ${error instanceof Error ? error.message.split('\n')[0] : String(error)}` };
    }
    const locate = locator(doc, lines);
    const invalid = validateSpec(data, locate);
    if (invalid) return { ...base, problem: invalid };
    spec = data as CaseSpec;
    const refused = refusedEnv(spec.env);
    if (refused) return { ...base, problem: `case.yaml \`env\` ${refused}` };
    const impossible = impossibleValue(spec, locate);
    if (impossible) return { ...base, problem: impossible };
  }
  const result: RehearsalCase = { ...base, spec };
  if (spec.expect) {
    if (prefix && prefix !== spec.expect) return { ...result, problem: `case.yaml says \`expect: ${spec.expect}\` but the folder is named \`${name}\`` };
    result.expect = spec.expect;
  }
  if (spec.failure !== undefined && result.expect !== 'fail') return { ...result, problem: '`failure` names the check a failing case must fail; this case expects to pass' };
  for (const key of ['trace', 'captures', 'inputs'] as const) {
    const v = spec[key];
    const r = v === undefined ? undefined : resolveInside(abs, v, `${key} path`);
    if (r && 'problem' in r) return { ...result, problem: r.problem };
  }
  const traceFile = path.join(abs, spec.trace ?? 'trace.jsonl');
  if (spec.command !== undefined && spec.trace !== undefined) return { ...result, problem: 'case.yaml has both `command` and `trace`; a case is a script case or a workflow case' };
  if (spec.command !== undefined) result.kind = 'script';
  else if (spec.trace !== undefined || kindOf(traceFile) !== undefined) result.kind = 'workflow';
  if (!hasFile && result.kind === 'unknown') return { ...result, problem: `no case.yaml in ${name}/ (and no trace.jsonl)` };
  if (result.kind === 'unknown') return { ...result, problem: 'case.yaml names neither a `command` (script case) nor a `trace` (workflow case)' };
  if (!result.expect) return { ...result, problem: 'no expected verdict: set `expect: pass|fail` or name the folder pass-… or fail-…' };
  if (result.kind === 'workflow') {
    for (const key of ['args', 'stdout', 'stderr', 'exit', 'cwd'] as const) {
      if (spec[key] !== undefined) return { ...result, problem: `\`${key}\` is for script cases; a workflow case records its commands in the trace` };
    }
    const kind = kindOf(traceFile);
    if (kind === undefined) return { ...result, problem: `trace not found: ${spec.trace ?? 'trace.jsonl'}` };
    if (kind !== 'file') return { ...result, problem: `trace \`${spec.trace ?? 'trace.jsonl'}\` ${kind === 'symlink' ? 'is a symlink; skillc does not follow links out of a case' : 'is not a regular file (a FIFO, socket, device or folder)'}` };
  } else {
    if (spec.budgets || spec.inputs) return { ...result, problem: '`budgets` and `inputs` are for workflow cases' };
    const args = argsOf(abs, spec);
    if ('problem' in args) return { ...result, problem: args.problem };
    result.args = args;
  }
  return result;
}

const isCaseFolder = (entry: fs.Dirent): boolean => entry.isDirectory() && !entry.name.startsWith('.') && !entry.name.startsWith('_');

/** The cases of one skill: every folder under its fixtures/, sorted by name. */
export function casesOfSkill(skillDir: string): RehearsalCase[] {
  const fixtures = path.join(skillDir, 'fixtures');
  // A fixtures/ that is a link would make cases of another folder's contents.
  if (kindOf(fixtures) !== 'dir') return [];
  let entries: fs.Dirent[];
  try {
    entries = fs.readdirSync(fixtures, { withFileTypes: true });
  } catch {
    return [];
  }
  return entries.filter(isCaseFolder).map((e) => e.name).sort().map((n) => loadCase(path.join(fixtures, n), skillDir));
}

/**
 * Resolves command-line paths to cases. A path is a case folder (inside a
 * skill's fixtures/), a skill folder, or a root searched for skills; with no
 * path, the config's sources. Skills without fixtures/ contribute nothing.
 */
export function findCases(paths: readonly string[], config: ResolvedConfig, cwd: string): RehearsalCase[] {
  const out: RehearsalCase[] = [];
  const seen = new Set<string>();
  const add = (c: RehearsalCase): void => {
    if (!seen.has(c.dir)) {
      seen.add(c.dir);
      out.push(c);
    }
  };
  const skillRoots: string[] = [];
  for (const p of paths) {
    const abs = path.resolve(cwd, p);
    const parent = path.dirname(abs);
    if (path.basename(parent) === 'fixtures' && fs.existsSync(path.join(path.dirname(parent), 'SKILL.md'))) {
      if (!fs.existsSync(abs) || !fs.statSync(abs).isDirectory()) throw new UsageError(`No such case folder: ${p}`);
      add(loadCase(abs, path.dirname(parent)));
    } else if (path.basename(abs) === 'fixtures' && fs.existsSync(path.join(parent, 'SKILL.md'))) {
      casesOfSkill(parent).forEach(add);
    } else skillRoots.push(p);
  }
  if (skillRoots.length || paths.length === 0) {
    for (const dir of discoverSkills(skillRoots, config, cwd)) casesOfSkill(dir).forEach(add);
  }
  return out;
}
