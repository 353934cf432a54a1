/**
 * Actions to a case: the trace's events in call order, the files the span starts from (inputs/,
 * each with its text before the span), and large outputs moved to files of the case folder. The
 * workspace is followed through the span: a file's text is known from a Read of all of it, from
 * the text an edit reports it had (Claude Code's `originalFile`), from a `cat` of it or `sed -n`
 * slices that cover it, or from an earlier write; an edit or patch of a file whose text is not
 * known cannot be replayed, and is listed as such.
 */
import path from 'node:path';
import { parseShell, commandOf } from '../parse/shell.js';
import { modeOf, shellProgram } from '../rehearse/recorded.js';
import { toEvent, type CommandRun } from '../rehearse/trace.js';
import { isInside } from '../core/paths.js';
import type { Action, Source } from './actions.js';
import { applyEdits, applyHunks } from './patch.js';

/** Outputs and file contents longer than this go to files of the case folder (`from:`), not into trace lines. */
export const INLINE_MAX = 4000;
/** A trace line may hold 1 MiB; a command line longer than this cannot be one. */
const MAX_RUN = 256 * 1024;

export interface CaseFolder {
  /** trace.jsonl's events, in order (before redaction). */
  events: Record<string, unknown>[];
  /** Other files of the case folder by relative path: outputs/, files/. */
  files: Map<string, string>;
  /** inputs/: the span's files as they were before it, by path relative to the project. */
  inputs: Map<string, string>;
  stats: CaseStats;
}

export interface CaseStats {
  commands: number;
  live: number;
  recorded: number;
  writes: number;
  tools: number;
  delegates: string[];
  /** Tool effects the trace records (tool events). */
  effects: string[];
  /** MCP tools with no effect in `record.effects`. */
  unmapped: string[];
  dropped: Record<string, number>;
  seeded: string[];
  unreconstructable: { path: string; why: string }[];
}

export interface BuildOptions {
  step: string;
  /** The project folder on the recording machine (the session's cwd). */
  project?: string;
  /** The skill's folder on the recording machine, when known. */
  skillDir?: string;
}

const note = (s: Source): string => `${s.tool}, ${s.file ? `${s.file} ` : 'session '}line ${s.line}`;

/** `cat <file>` with one literal file argument: its stdout is the whole file. */
function catOf(run: string): string | undefined {
  const parsed = parseShell(run, 'bash');
  if (parsed.error || parsed.commands.length !== 1 || parsed.pipelines.length !== 1) return undefined;
  const c = commandOf(parsed.commands[0]!);
  if (c?.name !== 'cat' || c.args.length !== 1 || !c.args[0]!.literal || c.args[0]!.value.startsWith('-') || parsed.commands[0]!.redirects.length) return undefined;
  return c.args[0]!.value;
}

/** `sed -n 'A,Bp' <file>`: the file and the lines asked for. */
function sedSliceOf(run: string): { file: string; from: number; to: number } | undefined {
  const m = /^\s*sed -n ['"]?(\d+),(\d+)p['"]? (?:'([^']+)'|"([^"]+)"|([^\s'";|&<>]+))\s*$/.exec(run);
  if (!m) return undefined;
  return { from: Number(m[1]), to: Number(m[2]), file: (m[3] ?? m[4] ?? m[5])! };
}

/** Slices of a file seen through `sed -n`; the whole text once they cover it from line 1 to a slice that ended early. */
class Slices {
  private readonly lines = new Map<number, string>();
  private end: number | undefined;
  add(from: number, to: number, text: string): void {
    if (from < 1 || to < from) return;
    const got = text === '' ? [] : (text.endsWith('\n') ? text.slice(0, -1) : text).split('\n');
    got.forEach((l, i) => this.lines.set(from + i, l));
    if (got.length < to - from + 1) this.end = from - 1 + got.length;
  }
  whole(): string | undefined {
    // Counted before walked: a slice far down the file (`sed -n '900000000,900000001p'`) costs nothing.
    if (this.end === undefined || this.lines.size < this.end) return undefined;
    const out: string[] = [];
    for (let i = 1; i <= this.end; i++) {
      const l = this.lines.get(i);
      if (l === undefined) return undefined;
      out.push(l);
    }
    return this.end === 0 ? '' : `${out.join('\n')}\n`;
  }
}

/** Output an agent cut before the model saw it: not the command's whole output. */
const CUT = /^Total output lines: \d+|\[\.\.\. omitted \d+ of \d+ lines \.\.\.\]|\.\.\. \[\d+ lines truncated\] \.\.\./m;

export function buildCase(actions: Action[], options: BuildOptions): CaseFolder {
  const events: Record<string, unknown>[] = [{ type: 'step.start', step: options.step }];
  const files = new Map<string, string>();
  const inputs = new Map<string, string>();
  const stats: CaseStats = { commands: 0, live: 0, recorded: 0, writes: 0, tools: 0, delegates: [], effects: [], unmapped: [], dropped: {}, seeded: [], unreconstructable: [] };
  /** Known text of each project file (relative path), as the span has it now; null: deleted. */
  const known = new Map<string, string | null>();
  /** Files the span has written: their text before the span can no longer be learnt. */
  const touched = new Set<string>();
  const slices = new Map<string, Slices>();
  const drop = (why: string): void => void (stats.dropped[why] = (stats.dropped[why] ?? 0) + 1);
  let outputs = 0;

  const rel = (p: string, cwd?: string): string | undefined => {
    if (!options.project) return undefined;
    const abs = path.resolve(cwd ?? options.project, p);
    if (options.skillDir && isInside(abs, options.skillDir)) return undefined;
    if (!isInside(abs, options.project) || abs === options.project) return undefined;
    return path.relative(options.project, abs).split(path.sep).join('/');
  };
  const seed = (file: string, text: string | undefined): void => {
    if (text === undefined || touched.has(file) || known.has(file)) return;
    known.set(file, text);
    inputs.set(file, text);
  };
  const inline = (text: string, kind: string, ext: string): string | { from: string } => {
    if (text.length <= INLINE_MAX) return text;
    const name = `${kind}/${String(++outputs).padStart(3, '0')}${ext}`;
    files.set(name, text);
    return { from: name };
  };
  const write = (file: string, content: string, source: Source): void => {
    touched.add(file);
    known.set(file, content);
    stats.writes++;
    const body = inline(content, 'files', `-${path.posix.basename(file).replace(/[^A-Za-z0-9._-]+/g, '-')}`);
    events.push({ type: 'file.write', path: file, ...(typeof body === 'string' ? { content: body } : body), note: note(source) });
  };
  const cannot = (file: string, why: string): void => {
    if (!stats.unreconstructable.some((u) => u.path === file)) stats.unreconstructable.push({ path: file, why });
    touched.add(file);
    known.delete(file);
  };

  for (const a of actions) {
    switch (a.kind) {
      case 'dropped':
        drop(a.why);
        break;
      case 'read': {
        const file = rel(a.path);
        if (file) seed(file, a.content);
        break;
      }
      case 'tool':
        stats.tools++;
        if (a.effect) stats.effects.push(a.effect);
        else if (a.tool.startsWith('mcp__') && !stats.unmapped.includes(a.tool)) stats.unmapped.push(a.tool);
        events.push({ type: 'tool', tool: a.tool, ...(a.effect ? { effect: a.effect } : {}), payload: payloadOf(a.payload), note: note(a.source) });
        break;
      case 'delegate':
        stats.delegates.push(a.skill);
        events.push({ type: 'delegate', skill: a.skill, result: a.result, note: note(a.source) });
        break;
      case 'write': {
        const file = rel(a.path);
        if (!file) {
          drop('a write outside the project folder');
          break;
        }
        if (a.before !== undefined && a.before !== null) seed(file, a.before);
        write(file, a.content, a.source);
        break;
      }
      case 'edit': {
        const file = rel(a.path);
        if (!file) {
          drop('an edit outside the project folder');
          break;
        }
        seed(file, a.before);
        const base = known.get(file) ?? undefined;
        const after = base === undefined ? undefined : applyEdits(base, a.edits);
        if (after === undefined) cannot(file, base === undefined ? 'its text before the edit is not in the log' : 'the recorded edit does not apply to its known text');
        else write(file, after, a.source);
        break;
      }
      case 'patch':
        for (const op of a.ops) {
          const file = rel(op.path, a.cwd);
          if (!file) {
            drop('a patch outside the project folder');
            continue;
          }
          if (op.op === 'add') write(file, op.content, a.source);
          else if (op.op === 'delete') {
            touched.add(file);
            known.set(file, null);
            drop('a file deletion (not replayed)');
          } else {
            const base = known.get(file) ?? undefined;
            const after = base === undefined ? undefined : applyHunks(base, op.hunks);
            if (after === undefined) {
              cannot(file, base === undefined ? 'the patch holds only its hunks, and no full text of the file is in the log' : 'the hunks do not apply to its known text');
              continue;
            }
            const target = op.moveTo ? rel(op.moveTo, a.cwd) : file;
            if (target) write(target, after, a.source);
          }
        }
        break;
      case 'command':
        command(a);
        break;
    }
  }

  function command(a: Action & { kind: 'command' }): void {
    const whole = a.exit === 0 && a.stdout !== undefined && !CUT.test(a.stdout);
    if (a.run !== undefined && whole) {
      const cat = catOf(a.run);
      const file = cat ? rel(cat, a.cwd) : undefined;
      if (file) seed(file, a.stdout);
      const slice = sedSliceOf(a.run);
      const sliced = slice ? rel(slice.file, a.cwd) : undefined;
      if (slice && sliced && !touched.has(sliced)) {
        const s = slices.get(sliced) ?? new Slices();
        slices.set(sliced, s);
        s.add(slice.from, slice.to, a.stdout!);
        seed(sliced, s.whole());
      }
    }
    if ((a.run?.length ?? 0) > MAX_RUN) {
      drop('a command line too long for a trace line');
      return;
    }
    // No shell runs a line with a NUL byte in it: a log that holds one was not written by one.
    if ((a.run ?? a.argv!.join(' ')).includes('\0')) {
      drop('a command line with a NUL byte');
      return;
    }
    const event: Record<string, unknown> = { type: 'command' };
    if (a.run !== undefined) {
      event.run = runFrom(a.run, a.cwd, options);
      if (a.shell !== 'sh') event.shell = a.shell;
    } else event.argv = a.argv;
    // A status a process cannot exit with (Codex writes -1 for a command it killed) is not one to compare.
    const exit = typeof a.exit === 'number' && !(Number.isInteger(a.exit) && a.exit >= 0 && a.exit <= 255) ? 'unknown' : a.exit;
    if (exit !== 0) event.exit = exit;
    if (a.stdout !== undefined) event.stdout = inline(a.stdout, 'outputs', '.stdout');
    else if (!a.stderr) event.stdout = '';
    if (a.stderr) event.stderr = inline(a.stderr, 'outputs', '.stderr');
    event.note = note(a.source);
    stats.commands++;
    const e = event as unknown as CommandRun;
    const { mode } = modeOf(e);
    if (mode === 'live' && (e.run === undefined || shellProgram(e.shell ?? 'sh'))) stats.live++;
    else stats.recorded++;
    events.push(event);
  }

  events.push({ type: 'step.end', step: options.step });
  stats.seeded = [...inputs.keys()].sort();
  return { events, files, inputs, stats };
}

/** A tool call's input as its event's payload; one too large for a trace line is left out, its size said. */
function payloadOf(payload: unknown): unknown {
  const text = JSON.stringify(payload ?? null);
  return text.length > MAX_RUN ? { left_out: `a payload of ${text.length} characters` } : (payload ?? null);
}

/**
 * A command event the trace can hold. A line its shell cannot parse (the session ran it, so the
 * agent's shell was another) is kept as `argv: [shell, -c, line]`, which is never re-parsed, and
 * answered from the recording: no shell here would run it as the session's did.
 */
export function replayable(event: Record<string, unknown>, line: number): Record<string, unknown> {
  if (event.type !== 'command' || typeof event.run !== 'string' || typeof toEvent(event, line) !== 'string') return event;
  const { run, shell, ...rest } = event;
  return { ...rest, argv: [typeof shell === 'string' ? shell : 'sh', '-c', run], replay: 'recorded' };
}

/**
 * A command line as the trace writes it: the skill's folder as `{skill}` (also when the line
 * names it relative to the project), and for a command of the skill that ran in a subfolder of
 * the project, a `cd` into it first (the rehearsal runs commands in the run folder).
 */
function runFrom(run: string, cwd: string | undefined, options: BuildOptions): string {
  let line = run;
  if (options.skillDir) {
    line = line.split(options.skillDir).join('{skill}');
    if (options.project && isInside(options.skillDir, options.project)) {
      const relSkill = path.relative(options.project, options.skillDir).split(path.sep).join('/');
      line = line.replace(new RegExp(`(^|[\\s'"=])(?:\\./)?${relSkill.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?=/)`, 'g'), '$1{skill}');
    }
  }
  if (/\{skill\}/.test(line) && cwd && options.project && cwd !== options.project && isInside(cwd, options.project)) {
    const sub = path.relative(options.project, cwd).split(path.sep).join('/');
    line = `cd '${sub.replace(/'/g, `'\\''`)}' && ${line}`;
  }
  return line;
}
