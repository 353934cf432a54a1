/**
 * Claude Code session logs: the transcript JSONL (`~/.claude/projects/<project>/<session>.jsonl`)
 * and `claude -p --output-format stream-json` / Agent SDK output. Facts and sources:
 * docs/rehearse.md ("Recording a case") and the format notes it cites.
 *
 * A transcript is a tree: every record names its `parentUuid`, and rewinds and edits leave
 * branches the session did not continue from. The active branch is the walk up from the last
 * record, through compaction boundaries (`logicalParentUuid`), widened by the records one API
 * message was split into (same `message.id`: parallel tool calls) and by the results of the
 * calls on it (a result's parent is its call, not the record before it). Sub-agents sit inline
 * (`isSidechain`, 1.0.x), in `agent-<id>.jsonl` beside the session (2.0.x) or in
 * `<session>/subagents/` (2.1.x); their calls are inlined where the Task call is.
 *
 * Read in two passes, so memory stays bounded by the span recorded, not by the file: the first
 * keeps each record's shape (ids, links, tool names, short prompt text), the second parses again
 * only the records of the turns asked for.
 */
import fs from 'node:fs';
import path from 'node:path';
import { createHash } from 'node:crypto';
import { emptyProblems, jsonLines, type LineProblems } from './lines.js';
import { emptyCounts, type CallResult, type Invocation, type ReadCounts, type RecordedCall, type Session, type SessionFacts, type Turn } from './model.js';

/** Record types Claude Code writes (claude-code-viewer's schema); others are skipped and counted. */
const KNOWN_TYPES = new Set([
  'user', 'assistant', 'system', 'summary', 'file-history-snapshot', 'queue-operation', 'progress', 'attachment',
  'custom-title', 'ai-title', 'agent-name', 'agent-setting', 'permission-mode', 'mode', 'pr-link', 'last-prompt', 'bridge-session',
]);
/** stream-json line types (the Agent SDK's SDKMessage union). */
const STREAM_TYPES = new Set(['system', 'assistant', 'user', 'result', 'stream_event', 'tool_progress', 'auth_status', 'rate_limit_event', 'keep_alive']);

interface ToolUseRef {
  id: string;
  name: string;
  /** Task/Agent: a key of the prompt, to find its inline sub-agent (1.0.x). */
  promptKey?: string;
  /** Skill: the skill named. */
  skill?: string;
}

interface Node {
  n: number;
  uuid: string;
  parent?: string;
  type: string;
  subtype?: string;
  sidechain: boolean;
  meta: boolean;
  msgId?: string;
  uses?: ToolUseRef[];
  results?: { id: string; error: boolean }[];
  /** A prompt the user typed (or the harness sent): its first words. */
  prompt?: string;
  slash?: { name: string; args?: string };
  /** isMeta text's first line (the skill's `Base directory …`). */
  metaHead?: string;
  sourceToolUseID?: string;
  at?: string;
  cwd?: string;
  /** stream-json: the Task call a sub-agent frame belongs to. */
  subOf?: string;
  /** A sidechain root's prompt key (1.0.x inline sub-agents). */
  rootKey?: string;
  interrupted?: boolean;
}

const hashKey = (text: string): string => createHash('sha1').update(text.trim()).digest('hex');

/** The text of a message's content: a string, or its text blocks joined. */
export function contentText(content: unknown): string {
  if (typeof content === 'string') return content;
  if (!Array.isArray(content)) return '';
  return content.map((b: unknown) => (b && typeof b === 'object' && (b as { type?: unknown }).type === 'text' ? textOf((b as { text?: unknown }).text) : '')).filter(Boolean).join('\n');
}

const blocksOf = (record: Record<string, unknown>): Record<string, unknown>[] => {
  const message = record.message as { content?: unknown } | undefined;
  const content = message?.content;
  return Array.isArray(content) ? (content.filter((b) => b && typeof b === 'object') as Record<string, unknown>[]) : [];
};

const str = (v: unknown): string | undefined => (typeof v === 'string' ? v : undefined);
/** A field that should be text: itself when it is, else '' (a hostile log may put anything there). */
const textOf = (v: unknown): string => (typeof v === 'string' ? v : '');

/** A user record's text when it is a prompt (typed, a command, a harness message), not a tool result. */
function promptOf(record: Record<string, unknown>): string | undefined {
  const content = (record.message as { content?: unknown } | undefined)?.content;
  if (typeof content === 'string') return content;
  if (!Array.isArray(content)) return undefined;
  if (content.some((b: { type?: unknown }) => b?.type === 'tool_result')) return undefined;
  const text = contentText(content);
  return text || undefined;
}

const SLASH = /<command-name>\s*\/?([^<\s]+)\s*<\/command-name>/;
const SLASH_ARGS = /<command-args>([\s\S]*?)<\/command-args>/;

function nodeOf(n: number, r: Record<string, unknown>, stream: boolean, lastMain: { uuid?: string }): Node | undefined {
  const type = str(r.type) ?? '';
  if (stream) {
    if (type !== 'user' && type !== 'assistant' && type !== 'system' && type !== 'result') return undefined;
    const subOf = str(r.parent_tool_use_id);
    const node: Node = { n, uuid: `line-${n}`, type, sidechain: !!subOf, meta: r.isSynthetic === true, ...(subOf ? { subOf } : {}) };
    if (!subOf) {
      if (lastMain.uuid) node.parent = lastMain.uuid;
      lastMain.uuid = node.uuid;
    }
    return fill(node, r);
  }
  const uuid = str(r.uuid);
  if (!uuid) return undefined;
  const node: Node = { n, uuid, type, sidechain: r.isSidechain === true, meta: r.isMeta === true };
  const parent = str(r.parentUuid) ?? str(r.logicalParentUuid);
  if (parent) node.parent = parent;
  if (type === 'progress') return node;
  return fill(node, r);
}

function fill(node: Node, r: Record<string, unknown>): Node {
  const subtype = str(r.subtype);
  if (subtype) node.subtype = subtype;
  const at = str(r.timestamp);
  if (at) node.at = at;
  const cwd = str(r.cwd);
  if (cwd) node.cwd = cwd;
  const msgId = str((r.message as { id?: unknown } | undefined)?.id);
  if (node.type === 'assistant' && msgId) node.msgId = msgId;
  const source = str(r.sourceToolUseID);
  if (source) node.sourceToolUseID = source;
  for (const b of blocksOf(r)) {
    if (b.type === 'tool_use' && typeof b.id === 'string') {
      const input = (b.input && typeof b.input === 'object' ? b.input : {}) as Record<string, unknown>;
      const use: ToolUseRef = { id: b.id, name: textOf(b.name) };
      if (typeof input.prompt === 'string') use.promptKey = hashKey(input.prompt);
      if (use.name === 'Skill' && typeof input.skill === 'string') use.skill = input.skill;
      (node.uses ??= []).push(use);
    } else if (b.type === 'tool_result' && typeof b.tool_use_id === 'string') {
      (node.results ??= []).push({ id: b.tool_use_id, error: b.is_error === true });
    }
  }
  if (node.type === 'user' && !node.results) {
    const text = promptOf(r);
    if (text !== undefined) {
      if (node.meta) node.metaHead = text.slice(0, 600);
      else if (r.isCompactSummary === true || r.isVisibleInTranscriptOnly === true) node.meta = true;
      else {
        node.prompt = text.slice(0, 400);
        const slash = SLASH.exec(text);
        if (slash) {
          const args = SLASH_ARGS.exec(text)?.[1]?.trim();
          node.slash = { name: slash[1]!, ...(args ? { args } : {}) };
          // Shown as the user typed it.
          node.prompt = `/${slash[1]!}${args ? ` ${args}` : ''}`.slice(0, 400);
        }
        if (/^\[Request interrupted by user/.test(text)) node.interrupted = true;
        if (node.sidechain) node.rootKey = hashKey(text);
      }
    }
  }
  return node;
}

interface Index {
  nodes: Node[];
  byUuid: Map<string, Node>;
  facts: SessionFacts;
  counts: ReadCounts;
  stream: boolean;
}

async function indexFile(file: string, stream: boolean, problems: LineProblems, counts: ReadCounts): Promise<Index> {
  const nodes: Node[] = [];
  const byUuid = new Map<string, Node>();
  const facts: SessionFacts = { agent: stream ? 'claude-stream-json' : 'claude-code' };
  const lastMain: { uuid?: string } = {};
  for await (const { n, value } of jsonLines(file, problems)) {
    const type = str(value.type) ?? '';
    if (!(stream ? STREAM_TYPES : KNOWN_TYPES).has(type)) {
      counts.unknownTypes[type || '(no type)'] = (counts.unknownTypes[type || '(no type)'] ?? 0) + 1;
      continue;
    }
    if (stream && type === 'system' && value.subtype === 'init') {
      facts.version ??= str(value.claude_code_version);
      facts.id ??= str(value.session_id);
      facts.cwd ??= str(value.cwd);
    }
    if (!stream) {
      facts.version ??= str(value.version);
      facts.id ??= str(value.sessionId);
      if (value.isSidechain !== true && type !== 'summary') facts.cwd ??= str(value.cwd);
    }
    if (!facts.startedAt && typeof value.timestamp === 'string') facts.startedAt = value.timestamp;
    const node = nodeOf(n, value, stream, lastMain);
    if (!node) continue;
    nodes.push(node);
    if (!byUuid.has(node.uuid)) byUuid.set(node.uuid, node);
  }
  return { nodes, byUuid, facts, counts, stream };
}

const CONVERSATION = new Set(['user', 'assistant', 'system']);

/**
 * The records of the branch the session continued from: the walk up from `leaf`, with the records
 * an API message was split into and the results of its calls.
 */
function activeBranch(index: Index, leaf: Node | undefined): Set<Node> {
  const on = new Set<Node>();
  const seen = new Set<string>();
  for (let node = leaf; node && !seen.has(node.uuid); node = node.parent ? index.byUuid.get(node.parent) : undefined) {
    seen.add(node.uuid);
    on.add(node);
  }
  const msgIds = new Set([...on].map((x) => x.msgId).filter((x): x is string => !!x));
  const candidates = index.nodes.filter((x) => x.sidechain === leaf?.sidechain);
  for (const x of candidates) if (x.msgId && msgIds.has(x.msgId)) on.add(x);
  const uses = new Set([...on].flatMap((x) => x.uses?.map((u) => u.id) ?? []));
  for (const x of candidates) {
    if (x.results?.some((r) => uses.has(r.id)) || (x.sourceToolUseID && uses.has(x.sourceToolUseID))) on.add(x);
  }
  return on;
}

const isTurnStart = (x: Node): boolean => x.type === 'user' && x.prompt !== undefined && !x.interrupted && !/^\s*<local-command-(stdout|stderr)>/.test(x.prompt);

interface Layout {
  index: Index;
  /** The active main branch, in file order. */
  path: Node[];
  turns: { start: Node; nodes: Node[] }[];
  invocations: Invocation[];
}

const BASE_DIR = /^Base directory for this skill:[^\S\n]*(\S.*)$/m;

function layout(index: Index): Layout {
  const main = index.nodes.filter((x) => !x.sidechain && CONVERSATION.has(x.type));
  const on = activeBranch(index, main.at(-1));
  const path = index.nodes.filter((x) => on.has(x) && CONVERSATION.has(x.type));
  index.counts.abandoned += main.filter((x) => !on.has(x)).length;
  const turns: Layout['turns'] = [];
  // Records before the first prompt (caveats, a resumed session's tail) make a turn only when the agent did something in them.
  const preamble: Node[] = [];
  for (const node of path) {
    if (isTurnStart(node)) turns.push({ start: node, nodes: [] });
    else if (!turns.length) {
      preamble.push(node);
      continue;
    }
    turns.at(-1)!.nodes.push(node);
  }
  if (preamble.some((x) => x.uses?.length)) turns.unshift({ start: preamble[0]!, nodes: preamble });
  const metaByParent = new Map<string, Node>();
  const metaBySource = new Map<string, Node>();
  for (const x of path) {
    if (!x.meta || x.metaHead === undefined) continue;
    if (x.parent && !metaByParent.has(x.parent)) metaByParent.set(x.parent, x);
    if (x.sourceToolUseID) metaBySource.set(x.sourceToolUseID, x);
  }
  const errors = new Map(path.flatMap((x) => x.results?.map((r) => [r.id, r.error] as const) ?? []));
  const invocations: Invocation[] = [];
  turns.forEach((turn, t) => {
    let calls = 0;
    for (const x of turn.nodes) {
      if (x === turn.start && x.slash) {
        const meta = metaByParent.get(x.uuid);
        // A prompt command (a custom command, a skill, /init) expands into an isMeta prompt; a local one (/clear, /mcp) does not.
        if (meta) {
          const base = BASE_DIR.exec(meta.metaHead ?? '')?.[1]?.trim();
          invocations.push({ n: 0, name: x.slash.name, via: 'slash command', line: x.n, ...(x.at ? { at: x.at } : {}), turn: t + 1, from: 0, ...(base ? { baseDir: base } : {}), ...(x.slash.args ? { args: x.slash.args } : {}) });
        }
      }
      for (const use of x.uses ?? []) {
        if (use.name === 'Skill' && use.skill) {
          const base = BASE_DIR.exec(metaBySource.get(use.id)?.metaHead ?? '')?.[1]?.trim();
          invocations.push({ n: 0, name: use.skill, via: 'Skill tool', line: x.n, ...(x.at ? { at: x.at } : {}), turn: t + 1, from: calls, ...(base ? { baseDir: base } : {}), ...(errors.get(use.id) ? { failed: true } : {}) });
        }
        calls++;
      }
    }
  });
  invocations.forEach((inv, i) => (inv.n = i + 1));
  return { index, path, turns, invocations };
}

/** The text and images of a tool_result's content; images are counted and dropped (never written). */
function resultText(content: unknown, counts: ReadCounts): string {
  if (typeof content === 'string') return content;
  if (!Array.isArray(content)) return '';
  const parts: string[] = [];
  for (const b of content as { type?: unknown; text?: unknown }[]) {
    if (b?.type === 'text') parts.push(textOf(b.text));
    else if (b?.type === 'image') counts.images++;
  }
  return parts.join('\n');
}

/** Calls of the given nodes (file order), their results attached, from records parsed in the second pass. */
function callsOf(nodes: Node[], records: Map<number, Record<string, unknown>>, counts: ReadCounts, file?: string): RecordedCall[] {
  const calls: RecordedCall[] = [];
  const byId = new Map<string, RecordedCall>();
  for (const node of nodes) {
    const r = records.get(node.n);
    if (!r) continue;
    for (const b of blocksOf(r)) {
      if (b.type === 'thinking' || b.type === 'redacted_thinking') counts.thinking++;
      else if (b.type === 'image') counts.images++;
      else if (b.type === 'tool_use' && typeof b.id === 'string' && node.type === 'assistant') {
        const call: RecordedCall = { id: b.id, tool: textOf(b.name), input: (b.input && typeof b.input === 'object' ? b.input : {}) as Record<string, unknown>, line: node.n };
        if (file) call.file = file;
        if (node.at) call.at = node.at;
        if (node.cwd) call.cwd = node.cwd;
        calls.push(call);
        byId.set(b.id, call);
      } else if (b.type === 'tool_result' && typeof b.tool_use_id === 'string') {
        const call = byId.get(b.tool_use_id);
        if (!call || call.result) continue;
        const result: CallResult = { text: resultText(b.content, counts), isError: b.is_error === true, line: node.n };
        const data = r.toolUseResult ?? r.tool_use_result;
        if (data !== undefined) result.data = data;
        call.result = result;
      }
    }
  }
  return calls;
}

export interface ClaudeReader {
  session: Session;
  /** Materialises the calls of turns `from`..`to` (1-based, inclusive), sub-agents inlined. */
  load(from: number, to: number): Promise<void>;
}

/** Where a 2.x sub-agent's own file is: `<session>/subagents/agent-<id>.jsonl` (2.1.x) or `agent-<id>.jsonl` beside the session (2.0.x). */
function subagentFile(sessionFile: string, agentId: string, version: string | undefined): string | undefined {
  const dir = path.dirname(sessionFile);
  const id = path.basename(sessionFile, '.jsonl');
  const nested = path.join(dir, id, 'subagents', `agent-${agentId}.jsonl`);
  const beside = path.join(dir, `agent-${agentId}.jsonl`);
  // Dispatch on the recorded version: 2.1.x nests them, 2.0.x puts them beside; the other place is tried too.
  const order = version && /^2\.0\./.test(version) ? [beside, nested] : [nested, beside];
  // Never through a link: each folder on the way below the session's folder, and the file, are checked with lstat.
  const real = (p: string): boolean => fs.lstatSync(p, { throwIfNoEntry: false })?.isDirectory() === true;
  for (const candidate of order) {
    if (candidate === nested && !(real(path.join(dir, id)) && real(path.join(dir, id, 'subagents')))) continue;
    const st = fs.lstatSync(candidate, { throwIfNoEntry: false });
    if (st?.isFile()) return candidate;
  }
  return undefined;
}

/** The second pass: the records at the wanted lines, parsed again (its line problems were reported by the first). */
async function recordsAt(file: string, wanted: Set<number>): Promise<Map<number, Record<string, unknown>>> {
  const out = new Map<number, Record<string, unknown>>();
  if (!wanted.size) return out;
  let last = 0;
  for (const n of wanted) if (n > last) last = n;
  for await (const { n, value } of jsonLines(file, emptyProblems())) {
    if (wanted.has(n)) out.set(n, value);
    if (n >= last) break;
  }
  return out;
}

export async function readClaude(file: string, stream: boolean, problems: LineProblems): Promise<ClaudeReader> {
  const counts = emptyCounts();
  const index = await indexFile(file, stream, problems, counts);
  const lay = layout(index);
  // Dispatch on the recorded version: the shapes above are those of 1.0.x to 2.1.x; a later version is read the same way, leniently, and said.
  const version = index.facts.version;
  if (version && !/^(?:1\.0|2\.[01])\./.test(version)) counts.notes.push(`Claude Code ${version} is outside the versions whose logs skillc knows (1.0.x to 2.1.x): read as 2.1.x; records of unknown types are skipped and counted`);
  const turns: Turn[] = lay.turns.map((t, i) => ({
    index: i + 1,
    line: t.start.n,
    ...(t.start.at ? { at: t.start.at } : {}),
    prompt: t.start.prompt ?? '',
    calls: [],
    endLine: t.nodes.at(-1)!.n,
  }));
  const session: Session = { facts: index.facts, turns, invocations: lay.invocations, counts, file };
  // Sidechain trees, grouped once (one pass in file order: a parent comes before its children), so
  // finding a Task's sub-agent costs its own size, not the session's.
  const treeOf = new Map<Node, Node[]>();
  const rootOfUuid = new Map<string, Node>();
  const rootsByKey = new Map<string, Node[]>();
  const bySubOf = new Map<string, Node[]>();
  for (const x of index.nodes) {
    if (!x.sidechain) continue;
    if (x.subOf) {
      if (!bySubOf.has(x.subOf)) bySubOf.set(x.subOf, []);
      bySubOf.get(x.subOf)!.push(x);
    }
    const root = x.parent ? rootOfUuid.get(x.parent) : x;
    if (!root) continue;
    rootOfUuid.set(x.uuid, root);
    if (root === x) {
      treeOf.set(x, [x]);
      if (x.rootKey) {
        if (!rootsByKey.has(x.rootKey)) rootsByKey.set(x.rootKey, []);
        rootsByKey.get(x.rootKey)!.push(x);
      }
    } else treeOf.get(root)!.push(x);
  }

  /** Inline sub-agents (1.0.x): the sidechain tree whose root prompt is the Task's prompt, each tree used once a load. */
  let usedRoots = new Set<Node>();
  const inlineTree = (promptKey: string | undefined): Node[] | undefined => {
    if (!promptKey || index.stream) return undefined;
    const root = rootsByKey.get(promptKey)?.find((x) => !usedRoots.has(x));
    if (!root) return undefined;
    usedRoots.add(root);
    const members = treeOf.get(root)!;
    const leaf = members.filter((x) => CONVERSATION.has(x.type)).at(-1);
    const on = activeBranch({ ...index, nodes: members }, leaf);
    return members.filter((x) => on.has(x) && CONVERSATION.has(x.type));
  };

  const load = async (from: number, to: number): Promise<void> => {
    usedRoots = new Set();
    const chosen = lay.turns.slice(from - 1, to);
    const taskUses = chosen.flatMap((t) => t.nodes.flatMap((x) => (x.uses ?? []).filter((u) => u.name === 'Task' || u.name === 'Agent')));
    const trees = new Map<string, Node[]>();
    for (const use of taskUses) {
      if (index.stream) {
        trees.set(use.id, bySubOf.get(use.id) ?? []);
        continue;
      }
      const tree = inlineTree(use.promptKey);
      if (tree) trees.set(use.id, tree);
    }
    const wanted = new Set<number>([...chosen.flatMap((t) => t.nodes.map((x) => x.n)), ...[...trees.values()].flat().map((x) => x.n)]);
    const records = await recordsAt(file, wanted);
    for (const [i, t] of chosen.entries()) {
      const calls = callsOf(t.nodes, records, counts);
      for (const call of calls) {
        if (call.tool !== 'Task' && call.tool !== 'Agent') continue;
        const tree = trees.get(call.id);
        if (tree) {
          call.subagent = callsOf(tree, records, counts);
          continue;
        }
        const agentId = str((call.result?.data as { agentId?: unknown } | undefined)?.agentId);
        const sub = agentId ? subagentFile(file, agentId, index.facts.version) : undefined;
        if (sub) call.subagent = await readSubagent(sub, counts, problems);
        else if (agentId) counts.notes.push(`sub-agent ${agentId} (line ${call.line}): its file was not found beside the session; its calls are not in the case`);
      }
      turns[from - 1 + i]!.calls = calls;
    }
  };
  return { session, load };
}

/** A sub-agent's own file (2.x): its active branch's calls, sub-agents of its own inlined too. */
async function readSubagent(file: string, counts: ReadCounts, outer: LineProblems): Promise<RecordedCall[]> {
  const problems = emptyProblems();
  const index = await indexFile(file, false, problems, counts);
  outer.badCount += problems.badCount;
  const nodes = index.nodes.filter((x) => CONVERSATION.has(x.type));
  const on = activeBranch(index, nodes.at(-1));
  const chosen = nodes.filter((x) => on.has(x));
  const records = await recordsAt(file, new Set(chosen.map((x) => x.n)));
  return callsOf(chosen, records, counts, path.basename(file));
}
