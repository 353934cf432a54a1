/**
 * `skillc record`: a real agent session in, a rehearsal case out. The stages, each a module of
 * this folder: read the session (input.ts, then claude.ts or codex.ts: two streamed passes) ->
 * pick the spans (an invocation to the end of its turn, or --from/--to turns) -> the calls as
 * actions (actions.ts) -> the case folder's events, inputs and output files (build.ts) ->
 * redaction (redact.ts) -> written to a temporary folder beside the case, rehearsed there once to
 * write the golden captures, re-read for any redacted value, then renamed into place (write.ts)
 * -> frontmatter proposals (frontmatter.ts).
 */
import path from 'node:path';
import { stringify as yamlStringify } from 'yaml';
import { loadConfig, type ResolvedConfig } from '../config/config.js';
import { discoverSkills } from '../config/discover.js';
import { UsageError } from '../core/errors.js';
import { trimEndOf } from '../core/strings.js';
import type { Skill } from '../model/skill.js';
import { readSkill } from '../parse/skill.js';
import { loadCase } from '../rehearse/case.js';
import { rehearseCase } from '../rehearse/rehearse.js';
import type { CaseResult } from '../rehearse/result.js';
import { sandboxMode, type SandboxMode } from '../rehearse/sandbox.js';
import { actionsOf, type Action } from './actions.js';
import { buildCase, replayable, type CaseStats } from './build.js';
import { proposal, proposalLines, writeProposal, type FrontmatterProposal } from './frontmatter.js';
import { openSession, type SessionReader } from './input.js';
import { SessionError } from './lines.js';
import { AGENT_NAMES, type Invocation, type ReadCounts, type RecordedCall, type Session, type SessionFacts, type Span } from './model.js';
import { ENV_FILE, homeOf, Redactor, type RedactionKind } from './redact.js';
import { caseTarget, commitCase, discardCase, redactionLeftovers, stageCase, type StagedCase } from './write.js';

export { SessionError };

export interface RecordOptions {
  /** A session file, or a folder holding one session and its sub-agent files. */
  session: string;
  cwd?: string;
  config?: ResolvedConfig;
  /** The skill the case is for: picks the invocations of that skill; required for a --from/--to span. */
  skill?: string;
  /** The case folder to write (in a skill's fixtures/); default `<skill>/fixtures/pass-recorded-<session>`. */
  output?: string;
  /** A span of turns instead of the invocations: a turn's number (1-based) or a timestamp in it. */
  from?: string;
  to?: string;
  /** Replace a case folder that exists. */
  force?: boolean;
  /** Add the effects and delegations the frontmatter lacks to the skill's SKILL.md. */
  writeFrontmatter?: boolean;
  /** Rehearse the new case without a sandbox where none is available (as `skillc rehearse --unsandboxed`). */
  unsandboxed?: boolean;
}

export interface SessionSummary {
  agent: string;
  version?: string;
  id?: string;
  file: string;
  startedAt?: string;
  turns: { index: number; line: number; at?: string; prompt: string }[];
  invocations: Invocation[];
  /** Records of types this version of skillc does not know, skipped, by type. */
  skipped: Record<string, number>;
  notes: string[];
}

export interface RecordedCase {
  /** The case folder written. */
  dir: string;
  skill: string;
  skillDir: string;
  invocation?: Invocation;
  span: Span;
  stats: CaseStats;
  /** What was redacted, by kind: counts. */
  redacted: Partial<Record<RedactionKind | 'thinking block' | 'encrypted reasoning' | 'image', number>>;
  frontmatter: FrontmatterProposal & { lines: string[]; written: boolean };
  /** The case's rehearsal (after --write-frontmatter when given). */
  rehearsal: { verdict: CaseResult['actual']; ok: boolean; first?: string; captures: number; sandbox: SandboxMode };
}

export interface RecordResult {
  session: SessionSummary;
  cases: RecordedCase[];
}

const summaryOf = (session: Session): SessionSummary => ({
  agent: AGENT_NAMES[session.facts.agent],
  ...(session.facts.version ? { version: session.facts.version } : {}),
  ...(session.facts.id ? { id: session.facts.id } : {}),
  file: session.file,
  ...(session.facts.startedAt ? { startedAt: session.facts.startedAt } : {}),
  turns: session.turns.map((t) => ({ index: t.index, line: t.line, ...(t.at ? { at: t.at } : {}), prompt: t.prompt })),
  invocations: session.invocations,
  skipped: session.counts.unknownTypes,
  notes: session.counts.notes,
});

/** The invocations and turns of a session (`skillc record --list`); reads the session once, writes nothing. */
export async function listSession(options: { session: string; cwd?: string }): Promise<SessionSummary> {
  const reader = await openSession(path.resolve(options.cwd ?? process.cwd(), options.session));
  const summary = summaryOf(reader.session);
  // Prompts are shown to the user: redacted as a case would be.
  const redactor = new Redactor(redactionFacts(reader.session.facts));
  summary.turns = summary.turns.map((t) => ({ ...t, prompt: redactor.text(t.prompt) }));
  return summary;
}

/** A turn by number (1-based) or by a timestamp it holds: the last turn that started at or before it. */
function turnAt(session: Session, spec: string, flag: string): number {
  if (/^\d+$/.test(spec)) {
    const n = Number(spec);
    if (n < 1 || n > session.turns.length) throw new UsageError(`${flag} ${spec}: the session has ${session.turns.length} turn${session.turns.length === 1 ? '' : 's'}`);
    return n;
  }
  const t = Date.parse(spec);
  if (Number.isNaN(t)) throw new UsageError(`${flag} expects a turn number or a timestamp (ISO 8601), got '${spec}'`);
  const before = session.turns.filter((x) => x.at !== undefined && Date.parse(x.at) <= t);
  if (!before.length) throw new UsageError(`${flag} ${spec}: no turn starts at or before it (the first starts at ${session.turns[0]?.at ?? 'an unknown time'})`);
  return before.at(-1)!.index;
}

const skillNameOf = (inv: Invocation): string => inv.name.replace(/^.*:/, '').replace(/^\//, '');

/** The spans to record: one a selected invocation, or the --from/--to turns. */
function spansOf(session: Session, options: RecordOptions): Span[] {
  if (options.from !== undefined || options.to !== undefined) {
    const from = turnAt(session, options.from ?? '1', '--from');
    const to = turnAt(session, options.to ?? String(session.turns.length), '--to');
    if (to < from) throw new UsageError(`--to (turn ${to}) comes before --from (turn ${from})`);
    return [{ fromTurn: from, toTurn: to }];
  }
  const invocations = options.skill ? session.invocations.filter((i) => i.name === options.skill || skillNameOf(i) === options.skill) : session.invocations;
  if (!session.invocations.length) {
    throw new UsageError(`no skill invocation in ${session.file} (${session.turns.length} turn${session.turns.length === 1 ? '' : 's'}): pick turns with --from/--to and name the skill with --skill (\`skillc record ${path.basename(session.file)} --list\` shows them)`);
  }
  if (!invocations.length) throw new UsageError(`no invocation of \`${options.skill}\` in the session; it invokes ${[...new Set(session.invocations.map((i) => `\`${i.name}\``))].join(', ')}`);
  return invocations.map((i) => ({ invocation: i, fromTurn: i.turn, toTurn: i.turn }));
}

interface ProjectSkill {
  dir: string;
  skill: Skill;
  name: string;
}

function findSkill(name: string, config: ResolvedConfig, cwd: string): ProjectSkill | undefined {
  for (const dir of discoverSkills([], config, cwd)) {
    const skill = readSkill(dir);
    if (skill.name === name || skill.dirName === name) return { dir, skill, name: skill.name ?? skill.dirName };
  }
  return undefined;
}

/** The skill a case is written for, and where: `-o` (a folder in a skill's fixtures/) or the skill's fixtures/. */
function targetOf(name: string | undefined, options: RecordOptions, config: ResolvedConfig, cwd: string, suffix: string): { skill: ProjectSkill; dir: string } {
  if (options.output) {
    const dir = path.resolve(cwd, options.output);
    const fixtures = path.dirname(dir);
    if (path.basename(fixtures) !== 'fixtures') throw new UsageError(`-o ${options.output}: name a folder in a skill's fixtures/ (…/<skill>/fixtures/<case>), where skillc rehearse finds it`);
    const skill = readSkill(path.dirname(fixtures));
    if (skill.readProblem) throw new UsageError(`-o ${options.output}: ${path.dirname(fixtures)} holds no SKILL.md`);
    return { skill: { dir: path.dirname(fixtures), skill, name: skill.name ?? skill.dirName }, dir: suffix ? `${dir}${suffix}` : dir };
  }
  if (!name) throw new UsageError('name the skill the case is for with --skill (or the case folder with -o)');
  const skill = findSkill(name, config, cwd);
  if (!skill) throw new UsageError(`the skill \`${name}\` is not among this project's skills (${config.sources}); name its case folder with -o <skill>/fixtures/<case>`);
  return { skill, dir: path.join(skill.dir, 'fixtures', `pass-recorded${suffix}`) };
}

/** The folders to redact: the project, the skill as the session saw it, the home folder. */
function redactionFacts(facts: SessionFacts, skillDir?: string): { project?: string; skillDir?: string; home?: string } {
  const home = facts.home ?? homeOf(facts.cwd) ?? homeOf(skillDir);
  return { ...(facts.cwd ? { project: facts.cwd } : {}), ...(skillDir ? { skillDir } : {}), ...(home ? { home } : {}) };
}

/** The skill's folder on the recording machine: the session says it (`Base directory …`), or a command names `…/skills/<name>/`. */
function recordedSkillDir(inv: Invocation | undefined, name: string, calls: RecordedCall[]): string | undefined {
  if (inv?.baseDir) return trimEndOf(inv.baseDir, '/');
  const pattern = new RegExp(`(/[^\\s'"]*?/skills/${name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')})(?=/)`);
  const walk = (list: RecordedCall[]): string | undefined => {
    for (const c of list) {
      const text = typeof c.input.command === 'string' ? c.input.command : typeof c.input.cmd === 'string' ? c.input.cmd : Array.isArray(c.input.command) ? c.input.command.join(' ') : '';
      const m = pattern.exec(text);
      if (m) return m[1];
      const inner = walk(c.subagent ?? []);
      if (inner) return inner;
    }
    return undefined;
  };
  return walk(calls);
}

const texts = (a: Action): string[] => {
  switch (a.kind) {
    case 'command':
      return [a.run ?? a.argv!.join(' '), a.stdout ?? '', a.stderr];
    case 'write':
      return [a.content, a.before ?? ''];
    case 'edit':
      return [a.before ?? '', ...a.edits.flatMap((e) => [e.old, e.new])];
    case 'read':
      return [a.content];
    case 'tool':
      return [JSON.stringify(a.payload ?? null)];
    default:
      return [];
  }
};

/** Names the span shows (git identity, `ls -l` owners) and `.env` values, learnt before anything is redacted. */
function learn(redactor: Redactor, actions: Action[]): void {
  for (const a of actions) {
    for (const t of texts(a)) redactor.learn(t);
    if (a.kind === 'command' && a.run && /\bgit\s+config\b.*\buser\.name\b/.test(a.run) && a.stdout) redactor.addName(a.stdout.trim());
    if ((a.kind === 'read' || a.kind === 'write') && ENV_FILE.test(a.path)) redactor.learnEnv(a.kind === 'read' ? a.content : a.content);
    if (a.kind === 'command' && a.run && ENV_FILE.test(a.run)) redactor.learnEnv(a.stdout ?? '');
  }
}

function redactEvents(events: Record<string, unknown>[], redactor: Redactor): Record<string, unknown>[] {
  return events.map((e) => {
    if (e.type === 'command' && typeof e.run === 'string' && ENV_FILE.test(e.run)) {
      const out: Record<string, unknown> = redactor.value({ ...e, stdout: undefined, stderr: undefined });
      for (const k of ['stdout', 'stderr'] as const) if (typeof e[k] === 'string') out[k] = redactor.envText(e[k]);
      else if (e[k] !== undefined) out[k] = e[k];
      for (const k of Object.keys(out)) if (out[k] === undefined) delete out[k];
      return out;
    }
    if (e.type === 'file.write' && typeof e.path === 'string' && ENV_FILE.test(e.path) && typeof e.content === 'string') return { ...redactor.value({ ...e, content: '' }), content: redactor.envText(e.content) };
    return redactor.value(e);
  });
}

function describe(session: Session, span: Span, skill: string, stats: CaseStats): string {
  const f = session.facts;
  const inv = span.invocation;
  const parts = [
    `Recorded by skillc record from a ${AGENT_NAMES[f.agent]}${f.version ? ` ${f.version}` : ''} session${f.id ? ` ${f.id}` : ''}${f.startedAt ? ` of ${f.startedAt}` : ''}:`,
    inv ? `invocation ${inv.n} of ${inv.name} (${inv.via}, line ${inv.line}${inv.at ? `, ${inv.at}` : ''}${inv.failed ? '; the Skill call failed' : ''}) to the end of turn ${inv.turn}.` : `turns ${span.fromTurn} to ${span.toTurn}, for ${skill}.`,
    `${stats.commands} command${stats.commands === 1 ? '' : 's'} (${stats.live} run live, ${stats.recorded} answered from the recording), ${stats.writes} file write${stats.writes === 1 ? '' : 's'}, ${stats.tools} tool call${stats.tools === 1 ? '' : 's'}, ${stats.delegates.length} delegation${stats.delegates.length === 1 ? '' : 's'}.`,
  ];
  const dropped = Object.entries(stats.dropped);
  if (dropped.length) parts.push(`Dropped: ${dropped.map(([why, n]) => `${n} ${why}`).join('; ')}.`);
  if (stats.unreconstructable.length) parts.push(`Not reconstructable (not written): ${stats.unreconstructable.map((u) => `${u.path} (${u.why})`).join('; ')}.`);
  return parts.join(' ');
}

function countsRedacted(redactor: Redactor, counts: ReadCounts): RecordedCase['redacted'] {
  const out: RecordedCase['redacted'] = { ...redactor.counts };
  if (counts.thinking) out['thinking block'] = counts.thinking;
  if (counts.encryptedReasoning) out['encrypted reasoning'] = counts.encryptedReasoning;
  if (counts.images) out.image = counts.images;
  return out;
}

async function rehearseStaged(dir: string, skillDir: string, cwd: string, roots: string[], mode: SandboxMode, update: boolean): Promise<CaseResult> {
  return rehearseCase(loadCase(dir, skillDir), { cwd, roots, mode, update });
}

/** Records the session's invocations (or --from/--to span) as rehearsal cases. */
export async function record(options: RecordOptions): Promise<RecordResult> {
  const cwd = path.resolve(options.cwd ?? process.cwd());
  const config = options.config ?? loadConfig({ cwd });
  const reader: SessionReader = await openSession(path.resolve(cwd, options.session));
  const { session } = reader;
  const spans = spansOf(session, options);
  const mode = sandboxMode(options.unsandboxed ?? false);
  const id8 = (session.facts.id ?? path.basename(session.file, '.jsonl')).replace(/^rollout-[\d-T]+-/, '').slice(0, 8).replace(/[^A-Za-z0-9_-]/g, '-');
  const plans = spans.map((span, i) => {
    const name = span.invocation ? skillNameOf(span.invocation) : options.skill;
    const many = spans.length > 1 ? `-${span.invocation?.n ?? i + 1}` : '';
    const suffix = options.output ? many : `-${id8}${span.invocation ? '' : `-turns-${span.fromTurn}-${span.toTurn}`}${many}`;
    const target = targetOf(name, options, config, cwd, suffix);
    caseTarget(target.dir, target.skill.dir, options.force ?? false);
    return { span, target };
  });
  const cases: RecordedCase[] = [];
  for (const { span, target } of plans) {
    const counts = session.counts;
    const before = { thinking: counts.thinking, encryptedReasoning: counts.encryptedReasoning, images: counts.images };
    for (const t of session.turns) t.calls = [];
    await reader.load(span.fromTurn, span.toTurn);
    const turns = session.turns.slice(span.fromTurn - 1, span.toTurn);
    const inv = span.invocation;
    // An invocation's case starts after the call that invoked it; a slash command's turn is all of it.
    const calls = inv ? turns[0]!.calls.slice(inv.via === 'slash command' ? 0 : inv.from + (inv.via === 'Skill tool' ? 1 : 0)) : turns.flatMap((t) => t.calls);
    const actions = actionsOf(calls, { agent: session.facts.agent, facts: session.facts, effects: config.record.effects });
    const skillDir = recordedSkillDir(inv, target.skill.name, calls);
    const built = buildCase(actions, { step: target.skill.name, ...(session.facts.cwd ? { project: session.facts.cwd } : {}), ...(skillDir ? { skillDir } : {}) });
    const redactor = new Redactor(redactionFacts(session.facts, skillDir));
    learn(redactor, actions);
    const events = redactEvents(built.events, redactor).map((e, i) => replayable(e, i + 1));
    const files = new Map([...built.files].map(([rel, text]) => [rel, redactor.text(text)]));
    const inputs = new Map([...built.inputs].map(([rel, text]) => [redactor.text(rel), ENV_FILE.test(rel) ? redactor.envText(text) : redactor.text(text)]));
    const spanCounts: ReadCounts = { ...counts, thinking: counts.thinking - before.thinking, encryptedReasoning: counts.encryptedReasoning - before.encryptedReasoning, images: counts.images - before.images };
    const description = redactor.text(describe(session, span, target.skill.name, built.stats));
    const caseYaml = yamlStringify({ description, expect: 'pass' }, { lineWidth: 100 });
    const staged: StagedCase = stageCase(target.dir, { caseYaml, events, files, inputs });
    let result: CaseResult;
    try {
      result = await rehearseStaged(staged.dir, target.skill.dir, cwd, [config.root, cwd], mode, true);
      const left = redactionLeftovers(staged.dir, redactor);
      if (left) throw new SessionError(`the redaction check failed: ${left}; nothing was written`, session.file);
      commitCase(staged, target.dir, options.force ?? false);
    } catch (error) {
      discardCase(staged);
      throw error;
    }
    const effects = result.captures.map((c) => c.effect);
    const p = proposal(target.skill.skill, effects, built.stats.delegates);
    let written = false;
    if (options.writeFrontmatter && (p.effects.length || p.requires.length)) {
      try {
        written = writeProposal(path.join(target.skill.dir, 'SKILL.md'), p);
      } catch (error) {
        throw new UsageError(`--write-frontmatter: ${path.join(target.skill.dir, 'SKILL.md')}: ${error instanceof Error ? error.message : String(error)} (the case was written)`);
      }
      if (written) result = await rehearseStaged(target.dir, target.skill.dir, cwd, [config.root, cwd], mode, false);
    }
    const first = result.firstFailure;
    cases.push({
      dir: target.dir,
      skill: target.skill.name,
      skillDir: target.skill.dir,
      ...(inv ? { invocation: inv } : {}),
      span,
      stats: built.stats,
      redacted: countsRedacted(redactor, spanCounts),
      frontmatter: { ...p, lines: proposalLines(target.skill.skill, p), written },
      rehearsal: { verdict: result.actual, ok: result.ok, ...(first ? { first: `${first.id}: ${first.message}` } : {}), captures: result.captures.length, sandbox: mode },
    });
  }
  return { session: summaryOf(session), cases };
}
