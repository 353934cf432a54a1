/**
 * OpenAI Codex CLI rollouts (`~/.codex/sessions/YYYY/MM/DD/rollout-*.jsonl`): the
 * `{timestamp, type, payload}` envelope (from about September 2025, cli_version 0.4x on) and the
 * bare lines before it (each line a response item, the first one the session's meta). A turn
 * starts at a user message that is not a harness injection (environment context, AGENTS.md
 * instructions); `<skill>` messages are skill invocations. `exec_command` sessions that were still
 * running get their later `write_stdin` polls attached, so the exit status they report reaches
 * the command. Read in two passes, as claude.ts does, so memory is bounded by the span.
 */
import { emptyProblems, jsonLines, type LineProblems } from './lines.js';
import { emptyCounts, type CallResult, type Invocation, type RecordedCall, type Session, type SessionFacts, type Turn } from './model.js';

const ENVELOPE_TYPES = new Set(['session_meta', 'response_item', 'event_msg', 'turn_context', 'compacted', 'inter_agent_communication', 'world_state']);
const ITEM_TYPES = new Set([
  'message', 'reasoning', 'function_call', 'function_call_output', 'custom_tool_call', 'custom_tool_call_output', 'local_shell_call',
  'web_search_call', 'ghost_snapshot', 'compaction', 'tool_search_call', 'tool_search_output', 'image_generation_call', 'agent_message',
]);
const CALL_TYPES = new Set(['function_call', 'custom_tool_call', 'local_shell_call', 'web_search_call']);
const OUTPUT_TYPES = new Set(['function_call_output', 'custom_tool_call_output']);

const str = (v: unknown): string | undefined => (typeof v === 'string' ? v : undefined);

/** A Codex rollout's line as `{ type, payload }`, bare lines (older rollouts) included; undefined for meta-only lines. */
export function codexItem(value: Record<string, unknown>, first: boolean): { type: string; payload: Record<string, unknown>; at?: string } | undefined {
  if (typeof value.type === 'string' && value.payload && typeof value.payload === 'object') {
    return { type: value.type, payload: value.payload as Record<string, unknown>, ...(typeof value.timestamp === 'string' ? { at: value.timestamp } : {}) };
  }
  if (value.record_type !== undefined) return undefined;
  if (first && typeof value.id === 'string' && !('type' in value)) return { type: 'session_meta', payload: value };
  if (typeof value.type === 'string') return { type: 'response_item', payload: value };
  return undefined;
}

/** True for a line that starts a Codex rollout, in either shape. */
export function looksLikeCodex(value: Record<string, unknown>): boolean {
  if (typeof value.type === 'string' && ENVELOPE_TYPES.has(value.type) && value.payload && typeof value.payload === 'object') return true;
  if (value.record_type !== undefined) return true;
  if (typeof value.id === 'string' && ('instructions' in value || 'git' in value) && !('type' in value) && !('sessionId' in value)) return true;
  return typeof value.type === 'string' && ITEM_TYPES.has(value.type) && !('sessionId' in value) && !('uuid' in value);
}

const messageText = (payload: Record<string, unknown>): string =>
  Array.isArray(payload.content) ? (payload.content as { text?: unknown }[]).map((c) => (typeof c?.text === 'string' ? c.text : '')).filter(Boolean).join('\n') : '';

/** Messages the harness sends as the user: not prompts. */
const INJECTED = /^\s*(?:<environment_context>|<user_instructions>|<INSTRUCTIONS>|# AGENTS\.md instructions|<turn_aborted>|<user_shell_command>)/;
const SKILL_MESSAGE = /^\s*<skill>\s*<name>([^<]+)<\/name>\s*(?:<path>([^<]*)<\/path>)?/;

interface Row {
  n: number;
  kind: 'turn' | 'skill' | 'call' | 'output' | 'other';
  callId?: string;
  at?: string;
  prompt?: string;
  skill?: { name: string; path?: string };
}

export interface CodexReader {
  session: Session;
  load(from: number, to: number): Promise<void>;
}

export async function readCodex(file: string, problems: LineProblems): Promise<CodexReader> {
  const counts = emptyCounts();
  const facts: SessionFacts = { agent: 'codex' };
  const rows: Row[] = [];
  let first = true;
  for await (const { n, value } of jsonLines(file, problems)) {
    const item = codexItem(value, first);
    first = false;
    if (!item) continue;
    const { type, payload } = item;
    if (!ENVELOPE_TYPES.has(type)) {
      counts.unknownTypes[type] = (counts.unknownTypes[type] ?? 0) + 1;
      continue;
    }
    if (type === 'session_meta') {
      facts.id ??= str(payload.id);
      facts.startedAt ??= str(payload.timestamp);
      facts.cwd ??= str(payload.cwd);
      facts.version ??= str(payload.cli_version);
      continue;
    }
    if (type === 'turn_context') {
      facts.cwd ??= str(payload.cwd);
      continue;
    }
    if (type !== 'response_item') continue;
    const itemType = str(payload.type) ?? '';
    if (!ITEM_TYPES.has(itemType)) {
      counts.unknownTypes[`response_item ${itemType}`] = (counts.unknownTypes[`response_item ${itemType}`] ?? 0) + 1;
      continue;
    }
    const at = item.at ?? str(payload.timestamp);
    if (itemType === 'message' && payload.role === 'user') {
      const text = messageText(payload);
      const shell = /<shell>\s*(\w+)\s*<\/shell>/.exec(text)?.[1];
      if (shell === 'bash' || shell === 'zsh' || shell === 'sh') facts.shell ??= shell;
      const skill = SKILL_MESSAGE.exec(text);
      if (skill) rows.push({ n, kind: 'skill', skill: { name: skill[1]!.trim(), ...(skill[2] ? { path: skill[2].trim() } : {}) }, ...(at ? { at } : {}) });
      else if (!INJECTED.test(text)) rows.push({ n, kind: 'turn', prompt: text.slice(0, 400), ...(at ? { at } : {}) });
    } else if (CALL_TYPES.has(itemType)) rows.push({ n, kind: 'call', ...(str(payload.call_id) ? { callId: str(payload.call_id)! } : {}), ...(at ? { at } : {}) });
    else if (OUTPUT_TYPES.has(itemType)) rows.push({ n, kind: 'output', ...(str(payload.call_id) ? { callId: str(payload.call_id)! } : {}) });
    else rows.push({ n, kind: 'other' });
  }
  // Dispatch on cli_version: 0.x (bare lines before about 0.4x, the envelope after) is what skillc knows; a later major version is read the same way, and said.
  if (facts.version && !/^0\./.test(facts.version)) counts.notes.push(`Codex ${facts.version} is outside the versions whose rollouts skillc knows (0.x): read as the latest it knows; records of unknown types are skipped and counted`);
  const turnRows: { start: Row; rows: Row[] }[] = [];
  for (const row of rows) {
    if (row.kind === 'turn' || (turnRows.length === 0 && row.kind !== 'other')) turnRows.push({ start: row, rows: [] });
    turnRows.at(-1)?.rows.push(row);
  }
  const turns: Turn[] = turnRows.map((t, i) => ({ index: i + 1, line: t.start.n, ...(t.start.at ? { at: t.start.at } : {}), prompt: t.start.prompt ?? '', calls: [], endLine: t.rows.at(-1)!.n }));
  const invocations: Invocation[] = [];
  turnRows.forEach((t, i) => {
    let calls = 0;
    for (const row of t.rows) {
      if (row.kind === 'call') calls++;
      if (row.kind === 'skill' && row.skill) {
        const base = row.skill.path?.replace(/\/SKILL\.md$/i, '');
        invocations.push({ n: invocations.length + 1, name: row.skill.name, via: 'skill message', line: row.n, ...(row.at ? { at: row.at } : {}), turn: i + 1, from: calls, ...(base ? { baseDir: base } : {}) });
      }
    }
  });
  const session: Session = { facts, turns, invocations, counts, file };

  const load = async (from: number, to: number): Promise<void> => {
    const chosen = turnRows.slice(from - 1, to);
    if (!chosen.length) return;
    const firstLine = chosen[0]!.start.n;
    const lastLine = chosen.at(-1)!.rows.at(-1)!.n;
    // The working folder of each call: the latest turn_context (or the call's own workdir).
    let cwd = facts.cwd;
    const calls: { call: RecordedCall; turn: number }[] = [];
    const byId = new Map<string, RecordedCall>();
    const running = new Map<string, RecordedCall>();
    let turn = 0;
    let firstItem = true;
    const starts = new Map(chosen.map((t, i) => [t.start.n, i]));
    for await (const { n, value } of jsonLines(file, emptyProblems())) {
      const item = codexItem(value, firstItem);
      firstItem = false;
      if (!item) continue;
      if (item.type === 'turn_context') cwd = str(item.payload.cwd) ?? cwd;
      if (n < firstLine) continue;
      if (n > lastLine) break;
      if (starts.has(n)) turn = starts.get(n)!;
      if (item.type !== 'response_item') continue;
      const p = item.payload;
      const itemType = str(p.type);
      if (itemType === 'reasoning') {
        if (p.encrypted_content) counts.encryptedReasoning++;
        else counts.thinking++;
        continue;
      }
      if (itemType === 'message' && Array.isArray(p.content)) counts.images += (p.content as { type?: unknown }[]).filter((c) => c?.type === 'input_image').length;
      if (itemType && CALL_TYPES.has(itemType)) {
        const call = codexCall(p, n, item.at ?? str(p.timestamp), cwd);
        // write_stdin polls belong to the exec_command session they poll.
        const session = call.tool === 'write_stdin' ? (typeof call.input.session_id === 'number' || typeof call.input.session_id === 'string' ? String(call.input.session_id) : '') : undefined;
        if (session && running.has(session)) {
          byId.set(call.id, running.get(session)!);
          continue;
        }
        calls.push({ call, turn });
        byId.set(call.id, call);
        if (call.result) continue;
      } else if (itemType && OUTPUT_TYPES.has(itemType)) {
        const call = byId.get(str(p.call_id) ?? '');
        if (!call) continue;
        const result: CallResult = { text: outputText(p.output), isError: false, line: n };
        if (call.result) (call.polls ??= []).push(result);
        else call.result = result;
        const session = /Process running with session ID (\d+)/.exec(result.text)?.[1];
        if (session) running.set(session, call);
      }
    }
    for (const { call, turn: i } of calls) turns[from - 1 + i]!.calls.push(call);
  };
  return { session, load };
}

function outputText(output: unknown): string {
  if (typeof output === 'string') return output;
  if (output && typeof output === 'object' && typeof (output as { content?: unknown }).content === 'string') return (output as { content: string }).content;
  return output === undefined ? '' : JSON.stringify(output);
}

function codexCall(p: Record<string, unknown>, n: number, at: string | undefined, cwd: string | undefined): RecordedCall {
  const type = str(p.type);
  const id = str(p.call_id) ?? str(p.id) ?? `line-${n}`;
  const base = { id, line: n, ...(at ? { at } : {}), ...(cwd ? { cwd } : {}) };
  if (type === 'local_shell_call') {
    const action = (p.action ?? {}) as Record<string, unknown>;
    return { ...base, tool: 'local_shell', input: { command: action.command, workdir: action.working_directory } };
  }
  if (type === 'web_search_call') {
    const action = (p.action ?? {}) as Record<string, unknown>;
    return { ...base, tool: 'web_search', input: action, result: { text: '', isError: false, line: n } };
  }
  if (type === 'custom_tool_call') return { ...base, tool: str(p.name) ?? '', input: { input: p.input } };
  let input: Record<string, unknown>;
  try {
    const parsed: unknown = typeof p.arguments === 'string' ? JSON.parse(p.arguments) : p.arguments;
    input = parsed && typeof parsed === 'object' && !Array.isArray(parsed) ? (parsed as Record<string, unknown>) : { arguments: parsed };
  } catch {
    input = { arguments: p.arguments };
  }
  const workdir = str(input.workdir);
  return { ...base, ...(workdir ? { cwd: workdir } : {}), tool: str(p.name) ?? '', input };
}
