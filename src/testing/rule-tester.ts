import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Diagnostic, Severity } from '../model/diagnostic.js';
import type { Skill } from '../model/skill.js';
import { resolveConfig, type SkillcConfig } from '../config/config.js';
import { applyEdits } from '../lint/fix.js';
import { lintSkillsSync } from '../lint/core.js';
import { linterWith } from '../lint/pipeline/configure.js';
import { diskSkills } from '../lint/sources.js';
import { wrapRule } from '../lint/plugins.js';
import { BUILTIN_RULES } from '../rules/index.js';
import { interpolate, type AnyRule } from '../rules/rule.js';

/**
 * A skill tree for one test case: file paths (relative to the catalog root)
 * to contents. `SKILL.md` alone means one skill in folder `dir` (default `my-skill`).
 * A value `{ symlink: target }` makes a symlink; `{ mode }` sets permissions.
 */
export type TreeSpec = Record<string, string | Buffer | { symlink: string } | { text: string; mode: number }>;

export interface RuleCase {
  /** Names the case in the test output. */
  name?: string;
  files: TreeSpec;
  /** Folder of the single skill when `files` has a top-level `SKILL.md`. */
  dir?: string;
  options?: Record<string, unknown>;
  hosts?: string[];
  config?: SkillcConfig;
  /** The skill folders, relative to the root, when they are deeper than `<folder>/SKILL.md` (e.g. a plugin's `plugins/p/skills/s`). */
  skills?: string[];
}

export interface ExpectedDiagnostic {
  /** The id of the rule's `meta.messages` entry the problem was reported with. An expected problem states this or `message`. */
  messageId?: string;
  /** With `messageId`: the placeholder values; the message must be the template filled with them. */
  data?: Record<string, unknown>;
  line?: number;
  column?: number;
  endLine?: number;
  endColumn?: number;
  /** Exact message, or a pattern it must match. An expected problem states this or `messageId`. */
  message?: string | RegExp;
  /** Path relative to the catalog root; default the skill's SKILL.md. */
  file?: string;
  /** The reported severity (a rule may report milder than configured). */
  severity?: Severity;
}

export interface InvalidCase extends RuleCase {
  errors: ExpectedDiagnostic[];
  /** The SKILL.md (or `outputFile`) after one round of fixes (path relative to the root when several skills). */
  output?: string;
  /** The file `output` is, relative to the skill folder, when the fix edits a bundled file. */
  outputFile?: string;
  /**
   * What the rule still reports once `output` is linted again (default: nothing).
   * Every fix is re-linted: a fix must leave no problem of its own kind behind.
   */
  afterFix?: ExpectedDiagnostic[];
}

export interface RuleCases {
  valid: RuleCase[];
  invalid: InvalidCase[];
}

/** The test framework's `describe` and `it` (vitest, jest, node:test all fit). */
export interface TestApi {
  describe(name: string, fn: () => void): void;
  it(name: string, fn: () => void | Promise<void>): void;
}

function writeTree(root: string, files: TreeSpec, dir: string): void {
  const single = Object.prototype.hasOwnProperty.call(files, 'SKILL.md');
  for (const [rel, content] of Object.entries(files)) {
    const p = path.join(root, single ? dir : '', rel);
    fs.mkdirSync(path.dirname(p), { recursive: true });
    if (typeof content === 'string' || Buffer.isBuffer(content)) fs.writeFileSync(p, content);
    else if ('symlink' in content) fs.symlinkSync(content.symlink, p);
    else fs.writeFileSync(p, content.text, { mode: content.mode });
  }
}

function skillDirs(root: string, files: TreeSpec, dir: string, explicit?: string[]): string[] {
  if (explicit) return explicit.map((d) => path.join(root, d)).sort();
  if (Object.prototype.hasOwnProperty.call(files, 'SKILL.md')) return [path.join(root, dir)];
  return Object.keys(files)
    .filter((f) => f.endsWith('/SKILL.md') && f.split('/').length === 2)
    .map((f) => path.join(root, path.dirname(f)))
    .sort();
}

export interface CaseRun {
  root: string;
  skills: Skill[];
  diagnostics: Diagnostic[];
  internalErrors: number;
}

/** Writes one case's tree under a fresh temporary folder and returns the folder (the caller removes it). */
export function writeCaseTree(c: RuleCase): string {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'skillc-rule-'));
  writeTree(root, c.files, c.dir ?? 'my-skill');
  return root;
}

/**
 * Lints one case's tree with one rule (at its default severity, or error), through
 * the engine's own steps: the rule wrapped as a plugin rule is (a read-only model),
 * each skill read, checked and summarized as `lint()` does it, catalog rules
 * given those summaries, not the parsed skills, then inline suppressions applied
 * and the problems sorted, as `lint()` reports them.
 */
export function runRuleCase(rule: AnyRule, c: RuleCase): CaseRun {
  const root = writeCaseTree(c);
  try {
    return lintCase(rule, c, root);
  } catch (error) {
    // A case the engine refuses (an unknown host, invalid options) leaves no folder behind.
    fs.rmSync(root, { recursive: true, force: true });
    throw error;
  }
}

function lintCase(rule: AnyRule, c: RuleCase, root: string): CaseRun {
  const dir = c.dir ?? 'my-skill';
  const setting = c.options ? ([rule.meta.severity === 'warning' ? 'warn' : rule.meta.severity, c.options] as const) : rule.meta.severity === 'warning' ? 'warn' : rule.meta.severity;
  const config = resolveConfig({ ...c.config, hosts: c.hosts ?? c.config?.hosts ?? ['agentskills'], rules: { ...c.config?.rules, [rule.meta.id]: setting as never } }, root, undefined, BUILTIN_RULES);
  // The engine's linter over this one rule, wrapped as a plugin rule is (a read-only model); a
  // directive may name any built-in rule or the one tested.
  const linter = linterWith(config, { plugins: [], rules: [], diagnostics: [], skipped: [] }, { rules: [wrapRule(rule)], knownRules: [...BUILTIN_RULES, rule] });
  // The lint core, as lint() runs it: each skill read, checked and summarized, catalog rules given
  // those summaries (not the parsed skills), then inline suppressions applied and the problems sorted.
  const result = lintSkillsSync(linter, diskSkills(skillDirs(root, c.files, dir, c.skills)), { cwd: root, keepSkills: true });
  return { root, skills: result.skills ?? [], diagnostics: result.files.flatMap((f) => f.messages), internalErrors: result.internalErrors };
}

function describeDiagnostic(d: Diagnostic, root: string): string {
  return `${path.relative(root, d.file)}:${d.line}:${d.column}-${d.endLine}:${d.endColumn} ${d.message}`;
}

function fail(message: string): never {
  throw new Error(message);
}

/** Throws unless `e` states what the problem says: ESLint's RuleTester asks the same of every expected error. */
function requireMessage(rule: AnyRule, e: ExpectedDiagnostic, where: string): void {
  if (e.message === undefined && e.messageId === undefined) fail(`${where} states neither a message nor a messageId: every expected problem must say which message it is`);
  if (e.message !== undefined && e.messageId !== undefined) fail(`${where} states both a message and a messageId: give one`);
  if (e.data !== undefined && e.messageId === undefined) fail(`${where} states data without a messageId`);
  if (e.messageId !== undefined) {
    const messages = rule.meta.messages;
    if (!messages) fail(`${where} states the messageId '${e.messageId}', but ${rule.meta.id} has no meta.messages`);
    if (!Object.prototype.hasOwnProperty.call(messages, e.messageId)) fail(`${where} states the messageId '${e.messageId}', which is not one of ${rule.meta.id}'s: ${Object.keys(messages).map((k) => `'${k}'`).join(', ')}`);
  }
}

/** Throws unless diagnostic `d` is what `e` expects (`label` names it in the error). */
function matchExpected(rule: AnyRule, e: ExpectedDiagnostic, d: Diagnostic, label: string, where: string): void {
  for (const key of ['line', 'column', 'endLine', 'endColumn'] as const) {
    if (e[key] !== undefined && e[key] !== d[key]) fail(`${label}: expected ${key} ${e[key]}, got ${d[key]} (${where})`);
  }
  if (e.severity !== undefined && e.severity !== d.severity) fail(`${label}: expected severity ${e.severity}, got ${d.severity} (${where})`);
  if (typeof e.message === 'string' && e.message !== d.message) fail(`${label}: expected message\n  ${e.message}\ngot\n  ${d.message}`);
  if (e.message instanceof RegExp && !e.message.test(d.message)) fail(`${label}: message ${JSON.stringify(d.message)} does not match ${e.message}`);
  if (e.messageId !== undefined) {
    if (d.messageId !== e.messageId) fail(`${label}: expected messageId '${e.messageId}', got ${d.messageId === undefined ? 'a message without one' : `'${d.messageId}'`} (${where})`);
    if (e.data !== undefined) {
      const want = interpolate((rule.meta.messages as Record<string, string>)[e.messageId]!, e.data);
      if (want !== d.message) fail(`${label}: expected message (messageId '${e.messageId}' with the data given)\n  ${want}\ngot\n  ${d.message}`);
    }
  }
}

/** Checks one invalid case; throws an Error describing the first mismatch. */
export function assertInvalid(rule: AnyRule, c: InvalidCase): void {
  c.errors.forEach((e, i) => requireMessage(rule, e, `expected problem ${i + 1}`));
  (c.afterFix ?? []).forEach((e, i) => requireMessage(rule, e, `afterFix problem ${i + 1}`));
  const run = runRuleCase(rule, c);
  try {
    const got = run.diagnostics;
    const list = got.map((d) => `  ${describeDiagnostic(d, run.root)}`).join('\n');
    if (run.internalErrors) fail(`${rule.meta.id} crashed:\n${list}`);
    if (got.length !== c.errors.length) fail(`expected ${c.errors.length} diagnostic(s) from ${rule.meta.id}, got ${got.length}:\n${list}`);
    c.errors.forEach((e, i) => {
      const d = got[i]!;
      matchExpected(rule, e, d, `diagnostic ${i + 1}`, describeDiagnostic(d, run.root));
      if (e.file !== undefined) {
        const single = Object.prototype.hasOwnProperty.call(c.files, 'SKILL.md');
        const want = path.join(run.root, single ? (c.dir ?? 'my-skill') : '', e.file);
        if (d.file !== want) fail(`diagnostic ${i + 1}: expected file ${e.file}, got ${path.relative(run.root, d.file)}`);
      }
    });
    if (c.output !== undefined) {
      const skill = run.skills[0]!;
      const target = c.outputFile ? path.join(skill.dir, c.outputFile) : skill.file.path;
      const edits = got.filter((d) => d.fix && d.fix.file === target).flatMap((d) => d.fix!.edits);
      const fixed = applyEdits(c.outputFile ? fs.readFileSync(target, 'utf8') : skill.file.text, edits).text;
      if (fixed !== c.output) fail(`fix output differs:\n--- expected\n${c.output}\n--- got\n${fixed}`);
      relintFixed(rule, c, target, fixed, run.root);
    } else if (got.some((d) => d.fix)) {
      fail(`${rule.meta.id} offered a fix; the case must state its \`output\``);
    }
  } finally {
    fs.rmSync(run.root, { recursive: true, force: true });
  }
}

/** Lints the case again with `file` (absolute, inside the case's tree) holding its fixed text. */
function relintFixed(rule: AnyRule, c: InvalidCase, file: string, fixed: string, root: string): void {
  const rel = path.relative(root, file).split(path.sep).join('/');
  const single = Object.prototype.hasOwnProperty.call(c.files, 'SKILL.md');
  const key = single ? rel.slice((c.dir ?? 'my-skill').length + 1) : rel;
  const again = runRuleCase(rule, { ...c, files: { ...c.files, [key]: fixed } });
  try {
    const expected = c.afterFix ?? [];
    const list = again.diagnostics.map((d) => `  ${describeDiagnostic(d, again.root)}`).join('\n');
    if (again.diagnostics.length !== expected.length) fail(`the fixed output still gives ${again.diagnostics.length} diagnostic(s) from ${rule.meta.id}, expected ${expected.length} (state them in \`afterFix\`):\n${list}`);
    expected.forEach((e, i) => {
      const d = again.diagnostics[i]!;
      matchExpected(rule, e, d, `after the fix, diagnostic ${i + 1}`, describeDiagnostic(d, again.root));
    });
    if (again.diagnostics.some((d) => d.fix)) fail(`the fixed output is offered another fix by ${rule.meta.id}: fixes must converge in one round`);
  } finally {
    fs.rmSync(again.root, { recursive: true, force: true });
  }
}

export function assertValid(rule: AnyRule, c: RuleCase): void {
  const run = runRuleCase(rule, c);
  try {
    if (run.diagnostics.length) {
      fail(`expected no diagnostics from ${rule.meta.id}, got:\n${run.diagnostics.map((d) => `  ${describeDiagnostic(d, run.root)}`).join('\n')}`);
    }
  } finally {
    fs.rmSync(run.root, { recursive: true, force: true });
  }
}

/** A case's input (what is linted, not its name or expectations), as one string: equal strings lint the same. */
function caseKey(c: RuleCase): string {
  const stable = (v: unknown): unknown => {
    if (Buffer.isBuffer(v)) return { buffer: v.toString('base64') };
    if (Array.isArray(v)) return v.map(stable);
    if (v && typeof v === 'object') return Object.fromEntries(Object.keys(v).sort().map((k) => [k, stable((v as Record<string, unknown>)[k])]));
    return v;
  };
  return JSON.stringify(stable({ files: c.files, dir: c.dir ?? 'my-skill', options: c.options, hosts: c.hosts, config: c.config, skills: c.skills }));
}

/** ESLint's RuleTester, for skillc rules: `valid` cases report nothing, `invalid` ones exactly `errors`. */
export function testRule(rule: AnyRule, cases: RuleCases, api: TestApi): void {
  api.describe(rule.meta.id, () => {
    if (rule.meta.fixable && !cases.invalid.some((c) => c.output !== undefined)) {
      api.it('has a fix case', () => fail(`${rule.meta.id} is fixable but no invalid case states an output`));
    }
    // A case that lints the same tree as an earlier one tests nothing new (and, across
    // valid and invalid, cannot pass both): ESLint's RuleTester fails duplicates too.
    const seen = new Map<string, string>();
    const duplicateOf = (c: RuleCase, label: string): string | undefined => {
      const key = caseKey(c);
      const first = seen.get(key);
      if (first === undefined) seen.set(key, label);
      return first;
    };
    const label = (kind: string, c: RuleCase, i: number): string => `${kind}: ${c.name ?? `#${i + 1}`}`;
    cases.valid.forEach((c, i) => {
      const first = duplicateOf(c, label('valid', c, i));
      api.it(label('valid', c, i), () => (first ? fail(`duplicate case: it lints the same files with the same options as "${first}"`) : assertValid(rule, c)));
    });
    cases.invalid.forEach((c, i) => {
      const first = duplicateOf(c, label('invalid', c, i));
      api.it(label('invalid', c, i), () => (first ? fail(`duplicate case: it lints the same files with the same options as "${first}"`) : assertInvalid(rule, c)));
    });
  });
}

/** ESLint-style class form of `testRule`: `new RuleTester({ describe, it }).run(rule, { valid, invalid })`. */
export class RuleTester {
  constructor(private readonly api: TestApi) {}

  run(rule: AnyRule, cases: RuleCases): void {
    testRule(rule, cases, this.api);
  }
}
