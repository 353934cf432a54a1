/**
 * Tool calls, whatever the agent, as the few actions a rehearsal replays: a shell command with
 * its recorded answer, a file written (Write, an edit, a patch), a file's full text seen (a
 * read: it seeds inputs/), a tool with a side effect, a delegated skill; everything else is
 * dropped with its reason. Interrupted, denied and rejected calls are dropped, never turned into
 * writes; a call whose tool refused to run (`<tool_use_error>`) did nothing and is dropped too.
 */
import path from 'node:path';
import type { CommandShell } from '../rehearse/trace.js';
import type { AgentKind, RecordedCall, SessionFacts } from './model.js';
import { parsePatch, patchInShell, type PatchOp, type StringEdit } from './patch.js';

export interface Source {
  tool: string;
  line: number;
  file?: string;
}

export type Action =
  | { kind: 'command'; source: Source; run?: string; argv?: string[]; shell: CommandShell; cwd?: string; stdout?: string; stderr: string; exit: number | 'unknown' }
  | { kind: 'write'; source: Source; path: string; content: string; before?: string | null }
  | { kind: 'edit'; source: Source; path: string; edits: StringEdit[]; before?: string }
  | { kind: 'patch'; source: Source; cwd?: string; ops: PatchOp[] }
  | { kind: 'read'; source: Source; path: string; content: string }
  | { kind: 'tool'; source: Source; tool: string; effect?: string; payload: unknown }
  | { kind: 'delegate'; source: Source; skill: string; result: 'pass' | 'fail' }
  | { kind: 'dropped'; source: Source; why: string };

export interface MapOptions {
  agent: AgentKind;
  facts: SessionFacts;
  /** `record.effects` of the config: tool name -> effect id. */
  effects: Record<string, string>;
}

/** Claude Code's tools that only read or only talk to the user: nothing to replay. */
const READ_ONLY = new Set(['Read', 'Glob', 'Grep', 'LS', 'NotebookRead', 'ToolSearch', 'ListMcpResourcesTool', 'ReadMcpResourceTool', 'view_image', 'list_dir', 'read_file', 'grep_files']);
const UI = new Set(['TodoWrite', 'TodoRead', 'AskUserQuestion', 'ExitPlanMode', 'EnterPlanMode', 'update_plan', 'request_user_input']);
const POLLS = new Set(['BashOutput', 'TaskOutput', 'KillBash', 'KillShell', 'TaskStop', 'write_stdin']);

const DENIED = /^(?:User rejected|The user doesn't want to (?:proceed|take this action)|Permission to use \S+ (?:has been )?denied|Claude requested permissions|.*\bhook\b.*\b(?:blocked|denied)\b|patch rejected by user|exec command rejected by user|Rejected by user)/i;
const TOOL_ERROR = /^\s*<tool_use_error>/;

const str = (v: unknown): string | undefined => (typeof v === 'string' ? v : undefined);
const obj = (v: unknown): Record<string, unknown> | undefined => (v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : undefined);

/** Why a finished call did nothing, or undefined when it ran. */
function notRun(call: RecordedCall): string | undefined {
  const r = call.result;
  if (!r) return 'no result in the log (the session ended or the call was cut off)';
  const data = r.data;
  if (data === 'User rejected tool use' || obj(data)?.interrupted === true) return data === 'User rejected tool use' ? 'rejected by the user' : 'interrupted';
  if (DENIED.test(r.text) || (typeof data === 'string' && DENIED.test(data.replace(/^Error:\s*/, '')))) return 'denied';
  if (TOOL_ERROR.test(r.text)) return 'the tool refused it (a tool_use_error: nothing ran)';
  if (/^\[Request interrupted by user/.test(r.text)) return 'interrupted';
  return undefined;
}

/** The shell Claude Code's Bash tool ran in: the user's, which shows in zsh's error shape (`(eval):1: …`); bash otherwise. */
export function claudeShell(calls: RecordedCall[]): CommandShell {
  const walk = (list: RecordedCall[]): boolean => list.some((c) => (c.tool === 'Bash' && /(?:^|\n)\(eval\):\d+: |^zsh: /m.test(c.result?.text ?? '')) || walk(c.subagent ?? []));
  return walk(calls) ? 'zsh' : 'bash';
}

const sourceOf = (c: RecordedCall): Source => ({ tool: c.tool, line: c.line, ...(c.file ? { file: c.file } : {}) });

/** Background output of a Claude Code command: its later BashOutput / TaskOutput polls. */
function backgroundOutput(polls: RecordedCall[]): { stdout: string; exit: number | 'unknown' } {
  let stdout = '';
  let exit: number | 'unknown' = 'unknown';
  for (const p of polls) {
    const data = obj(p.result?.data);
    const task = obj(data?.task);
    if (task) {
      if (typeof task.output === 'string') stdout = task.output;
      if (typeof task.exitCode === 'number') exit = task.exitCode;
    } else if (data) {
      if (typeof data.stdout === 'string') stdout += data.stdout;
      if (typeof data.exitCode === 'number') exit = data.exitCode;
    }
  }
  return { stdout, exit };
}

function claudeActions(calls: RecordedCall[], options: MapOptions, shell: CommandShell): Action[] {
  const out: Action[] = [];
  // Background commands are answered by their polls: poll calls by the id they poll.
  const pollsOf = new Map<string, RecordedCall[]>();
  for (const c of calls) {
    const id = str(c.input.bash_id) ?? str(c.input.task_id) ?? str(c.input.shell_id);
    if (id && POLLS.has(c.tool)) {
      if (!pollsOf.has(id)) pollsOf.set(id, []);
      pollsOf.get(id)!.push(c);
    }
  }
  for (const call of calls) {
    const source = sourceOf(call);
    const why = notRun(call);
    const data = obj(call.result?.data);
    const tool = call.tool;
    if (POLLS.has(tool)) {
      out.push({ kind: 'dropped', source, why: 'a poll of a background command (its output goes to that command)' });
      continue;
    }
    if (READ_ONLY.has(tool)) {
      const file = obj(data?.file);
      if (!why && tool === 'Read' && data?.type === 'text' && file && typeof file.content === 'string' && typeof file.filePath === 'string') {
        const whole = (file.startLine === undefined || file.startLine === 1) && (file.totalLines === undefined || file.numLines === file.totalLines);
        if (whole) out.push({ kind: 'read', source, path: file.filePath, content: file.content });
      }
      out.push({ kind: 'dropped', source, why: 'read-only' });
      continue;
    }
    if (UI.has(tool)) {
      out.push({ kind: 'dropped', source, why: 'talks to the user only' });
      continue;
    }
    if (tool === 'Task' || tool === 'Agent') {
      if (why && !call.subagent) out.push({ kind: 'dropped', source, why });
      else if (!call.subagent) out.push({ kind: 'dropped', source, why: 'a sub-agent whose records are not in the log' });
      else out.push(...claudeActions(call.subagent, options, shell));
      continue;
    }
    if (tool.startsWith('mcp__')) {
      // An MCP call is kept even when it failed or has no result: its effect was attempted.
      if (why === 'denied' || why === 'rejected by the user' || why === 'interrupted') out.push({ kind: 'dropped', source, why });
      else out.push({ kind: 'tool', source, tool, ...(options.effects[tool] ? { effect: options.effects[tool] } : {}), payload: call.input });
      continue;
    }
    if (why) {
      out.push({ kind: 'dropped', source, why });
      continue;
    }
    const result = call.result!;
    switch (tool) {
      case 'Bash': {
        const command = str(call.input.command);
        if (!command) {
          out.push({ kind: 'dropped', source, why: 'no command' });
          break;
        }
        const background = str(data?.backgroundTaskId) ?? /running in background with ID: (\S+?)\.?(?:\s|$)/.exec(result.text)?.[1];
        let stdout: string | undefined;
        let stderr = '';
        let exit: number | 'unknown';
        if (background) ({ stdout, exit } = backgroundOutput(pollsOf.get(background) ?? []));
        else if (result.isError) {
          // A failed command's text is its output and error together, with `Exit code N` first when known.
          const code = /^Exit code (\d+)\n?/.exec(result.text);
          exit = code ? Number(code[1]) : 'unknown';
          stderr = code ? result.text.slice(code[0].length) : result.text;
        } else {
          stdout = str(data?.stdout) ?? result.text;
          stderr = str(data?.stderr) ?? '';
          // `returnCodeInterpretation` marks an exit status other than 0 reported as success ("No matches found").
          exit = data?.returnCodeInterpretation ? 'unknown' : 0;
        }
        out.push({ kind: 'command', source, run: command, shell, ...(call.cwd ? { cwd: call.cwd } : {}), ...(stdout !== undefined ? { stdout } : {}), stderr, exit });
        break;
      }
      case 'Write': {
        const file = str(call.input.file_path);
        const content = str(call.input.content);
        if (!file || content === undefined || result.isError) out.push({ kind: 'dropped', source, why: 'the write failed' });
        else out.push({ kind: 'write', source, path: file, content, ...(data?.type === 'create' ? { before: null } : typeof data?.originalFile === 'string' ? { before: data.originalFile } : {}) });
        break;
      }
      case 'Edit':
      case 'MultiEdit': {
        const file = str(call.input.file_path);
        const raw = tool === 'Edit' ? [call.input] : Array.isArray(call.input.edits) ? (call.input.edits as Record<string, unknown>[]) : [];
        const edits = raw.map((e) => ({ old: str(e.old_string) ?? '', new: str(e.new_string) ?? '', all: e.replace_all === true }));
        if (!file || result.isError || !edits.length) {
          out.push({ kind: 'dropped', source, why: 'the edit failed' });
          break;
        }
        const before = str(data?.originalFile) ?? str(data?.originalFileContents);
        out.push({ kind: 'edit', source, path: file, edits, ...(before !== undefined ? { before } : {}) });
        break;
      }
      case 'WebFetch':
        out.push({ kind: 'tool', source, tool, effect: 'http.get', payload: { url: call.input.url ?? null } });
        break;
      case 'WebSearch':
        out.push({ kind: 'tool', source, tool, effect: 'http.get', payload: { query: call.input.query ?? null } });
        break;
      case 'Skill': {
        const name = str(call.input.skill) ?? '';
        out.push({ kind: 'delegate', source, skill: name.replace(/^.*:/, ''), result: result.isError ? 'fail' : 'pass' });
        break;
      }
      default:
        out.push({ kind: 'dropped', source, why: `a tool skillc does not replay (${tool})` });
    }
  }
  return out;
}

/** A Codex shell call's argv as a line and the shell it was written for (`["bash", "-lc", line]`), or undefined. */
function shellLine(argv: string[]): { run: string; shell: CommandShell } | undefined {
  const name = path.basename(argv[0] ?? '');
  if ((name === 'bash' || name === 'zsh' || name === 'sh') && argv.length === 3 && /^-l?c$|^-cl$/.test(argv[1]!)) return { run: argv[2]!, shell: name };
  return undefined;
}

/** A Codex tool output: `{ output, metadata: { exit_code } }` (0.40–0.58), or the unified-exec / shell_command text. */
export function codexOutput(text: string): { stdout: string; exit: number | 'unknown' } {
  try {
    const v = JSON.parse(text) as { output?: unknown; metadata?: { exit_code?: unknown } };
    if (v && typeof v === 'object' && typeof v.output === 'string') return { stdout: v.output, exit: typeof v.metadata?.exit_code === 'number' ? v.metadata.exit_code : 'unknown' };
  } catch {
    // text
  }
  const code = /(?:^|\n)(?:Process exited with code|Exit code:?)\s*(-?\d+)/.exec(text) ?? /\bexit code:?\s*(\d+)/i.exec(text);
  const output = /(?:^|\n)Output:\n([\s\S]*)$/.exec(text);
  return { stdout: output ? output[1]! : text, exit: code ? Number(code[1]) : 'unknown' };
}

function codexActions(calls: RecordedCall[], options: MapOptions): Action[] {
  const out: Action[] = [];
  const shell: CommandShell = options.facts.shell ?? 'bash';
  for (const call of calls) {
    const source = sourceOf(call);
    const tool = call.tool;
    if (UI.has(tool)) {
      out.push({ kind: 'dropped', source, why: 'talks to the user only' });
      continue;
    }
    if (READ_ONLY.has(tool)) {
      out.push({ kind: 'dropped', source, why: 'read-only' });
      continue;
    }
    if (tool.startsWith('mcp__')) {
      out.push({ kind: 'tool', source, tool, ...(options.effects[tool] ? { effect: options.effects[tool] } : {}), payload: call.input });
      continue;
    }
    if (tool === 'web_search') {
      out.push({ kind: 'tool', source, tool, effect: 'http.get', payload: call.input });
      continue;
    }
    if (POLLS.has(tool)) {
      out.push({ kind: 'dropped', source, why: 'a poll of a command that is not in the span' });
      continue;
    }
    const why = notRun(call);
    if (why) {
      out.push({ kind: 'dropped', source, why });
      continue;
    }
    const text = call.result!.text;
    if (/^\s*(?:patch rejected by user|exec command rejected by user|rejected by user)/i.test(text)) {
      out.push({ kind: 'dropped', source, why: 'rejected by the user' });
      continue;
    }
    if (/^\s*execution error:/i.test(text)) {
      out.push({ kind: 'dropped', source, why: 'did not start (execution error)' });
      continue;
    }
    if (tool === 'apply_patch') {
      const ops = parsePatch(str(call.input.input) ?? str(call.input.patch) ?? '');
      const { exit } = codexOutput(text);
      if (!ops || (exit !== 0 && !/^Success\b|Done!/m.test(text))) out.push({ kind: 'dropped', source, why: ops ? 'the patch did not apply' : 'not a patch' });
      else out.push({ kind: 'patch', source, ...(call.cwd ? { cwd: call.cwd } : {}), ops });
      continue;
    }
    let run: string | undefined;
    let argv: string[] | undefined;
    let lineShell = shell;
    if (tool === 'shell' || tool === 'local_shell' || tool === 'container.exec') {
      const command = Array.isArray(call.input.command) ? (call.input.command as unknown[]).map(String) : undefined;
      if (!command?.length) {
        out.push({ kind: 'dropped', source, why: 'no command' });
        continue;
      }
      const line = shellLine(command);
      if (line) ({ run, shell: lineShell } = line);
      else argv = command;
    } else if (tool === 'shell_command') run = str(call.input.command);
    else if (tool === 'exec_command') run = str(call.input.cmd);
    else {
      out.push({ kind: 'dropped', source, why: `a tool skillc does not replay (${tool})` });
      continue;
    }
    if (run === undefined && !argv) {
      out.push({ kind: 'dropped', source, why: 'no command' });
      continue;
    }
    const patch = run !== undefined ? patchInShell(run) : undefined;
    const answer = codexOutput(text);
    // The exit of a command that kept running arrives in a later poll's output.
    let stdout = /Process running with session ID/.test(text) ? '' : answer.stdout;
    let exit = answer.exit;
    for (const poll of call.polls ?? []) {
      const p = codexOutput(poll.text);
      stdout += p.stdout;
      if (p.exit !== 'unknown') exit = p.exit;
    }
    if (patch !== undefined) {
      const ops = parsePatch(patch);
      if (ops && exit === 0) out.push({ kind: 'patch', source, ...(call.cwd ? { cwd: call.cwd } : {}), ops });
      else out.push({ kind: 'dropped', source, why: ops ? 'the patch did not apply' : 'not a patch' });
      continue;
    }
    out.push({ kind: 'command', source, ...(run !== undefined ? { run, shell: lineShell } : { argv: argv!, shell: 'sh' }), ...(call.cwd ? { cwd: call.cwd } : {}), stdout, stderr: '', exit });
  }
  return out;
}

export function actionsOf(calls: RecordedCall[], options: MapOptions): Action[] {
  return options.agent === 'codex' ? codexActions(calls, options) : claudeActions(calls, options, claudeShell(calls));
}
