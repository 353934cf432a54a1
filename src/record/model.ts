/**
 * What `skillc record` reads out of a session log, whatever the agent: the session's facts, its
 * turns (a user prompt and everything the agent did until the next one), the tool calls of each
 * turn with their results, and the skill invocations that start cases.
 */
export type AgentKind = 'claude-code' | 'claude-stream-json' | 'codex';

export const AGENT_NAMES: Record<AgentKind, string> = {
  'claude-code': 'Claude Code',
  'claude-stream-json': 'Claude Code (stream-json)',
  codex: 'Codex CLI',
};

export interface CallResult {
  /** What the model saw (a string; text blocks joined). */
  text: string;
  isError: boolean;
  /** The tool's structured output, when the log keeps it (Claude Code's `toolUseResult`). */
  data?: unknown;
  line: number;
}

/** One tool call as the agent recorded it. */
export interface RecordedCall {
  id: string;
  /** The agent's own tool name: Bash, Edit, mcp__slack__post, shell, exec_command, apply_patch, ... */
  tool: string;
  input: Record<string, unknown>;
  /** Line of the call in its file. */
  line: number;
  /** The sub-agent file it came from, when not the session's own file. */
  file?: string;
  at?: string;
  /** The working folder the log records for the call. */
  cwd?: string;
  result?: CallResult;
  /** Later results that belong to this call (background output polls, `write_stdin`), in order. */
  polls?: CallResult[];
  /** The sub-agent's calls, when this call delegated to one (Task / Agent), inlined in call order. */
  subagent?: RecordedCall[];
}

export interface Invocation {
  /** 1-based, in session order. */
  n: number;
  /** The skill's name as the session spells it (`plugin:skill` stays whole here). */
  name: string;
  via: 'Skill tool' | 'slash command' | 'skill message';
  line: number;
  at?: string;
  /** The turn it is in (1-based). */
  turn: number;
  /** Where in its turn's calls the case starts: calls from this index on belong to it. */
  from: number;
  /** The skill's folder as the session recorded it (`Base directory for this skill: …`, `<path>`). */
  baseDir?: string;
  args?: string;
  /** The Skill call itself failed (the skill was not loaded). */
  failed?: boolean;
}

export interface Turn {
  /** 1-based. */
  index: number;
  line: number;
  at?: string;
  /** The first words of the prompt (for --list). */
  prompt: string;
  calls: RecordedCall[];
  /** The last line of the turn. */
  endLine: number;
}

export interface SessionFacts {
  agent: AgentKind;
  /** The recorded `version` (Claude Code) or `cli_version` (Codex). */
  version?: string;
  id?: string;
  startedAt?: string;
  /** The project folder the session ran in. */
  cwd?: string;
  /** The shell the agent's commands ran in, when the log says (Codex's environment context, zsh error shapes). */
  shell?: 'bash' | 'zsh' | 'sh';
  /** The user's home folder, when the log shows it. */
  home?: string;
}

/** What the reading dropped before any mapping: unknown record types, thinking, encrypted reasoning, images. */
export interface ReadCounts {
  unknownTypes: Record<string, number>;
  thinking: number;
  encryptedReasoning: number;
  images: number;
  /** Records on branches the session did not continue from (rewinds, edits). */
  abandoned: number;
  /** Notes worth telling the user (a sub-agent file not found, a link not followed). */
  notes: string[];
}

export const emptyCounts = (): ReadCounts => ({ unknownTypes: {}, thinking: 0, encryptedReasoning: 0, images: 0, abandoned: 0, notes: [] });

/** A session as read for one or more spans: turns hold calls only where they were materialised. */
export interface Session {
  facts: SessionFacts;
  turns: Turn[];
  invocations: Invocation[];
  counts: ReadCounts;
  file: string;
}

/** The part of a session a case is made of: calls of one turn from an invocation on, or whole turns. */
export interface Span {
  invocation?: Invocation;
  /** Turns, 1-based, inclusive. */
  fromTurn: number;
  toTurn: number;
}
