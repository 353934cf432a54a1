/**
 * The session `skillc record` is given: a file, or a folder holding one session file (and its
 * sub-agent files), read without following a link. Which agent wrote it is decided by its first
 * record's shape (and each reader then dispatches on the recorded version): Claude Code
 * transcripts carry `sessionId` and `uuid`; stream-json output starts with a `system`/`init`
 * record with `session_id`; Codex rollouts are `{timestamp, type, payload}` lines or, before
 * September 2025, bare response items.
 */
import fs from 'node:fs';
import path from 'node:path';
import { readClaude } from './claude.js';
import { looksLikeCodex, readCodex } from './codex.js';
import { emptyProblems, jsonLines, SessionError, type LineProblems } from './lines.js';
import type { AgentKind, Session } from './model.js';

export interface SessionReader {
  session: Session;
  load(from: number, to: number): Promise<void>;
  problems: LineProblems;
}

/** The session file a path names: the file itself, or the one session file in a folder. */
export function sessionFileOf(p: string): string {
  const st = fs.lstatSync(p, { throwIfNoEntry: false });
  if (!st) throw new SessionError('not found', p);
  if (st.isSymbolicLink()) throw new SessionError('is a symlink; skillc record does not follow links', p);
  if (st.isFile()) return p;
  if (!st.isDirectory()) throw new SessionError('is not a regular file or a folder', p);
  const candidates = fs
    .readdirSync(p, { withFileTypes: true })
    .filter((e) => e.isFile() && e.name.endsWith('.jsonl') && !e.name.startsWith('agent-'))
    .map((e) => e.name)
    .sort();
  if (candidates.length === 1) return path.join(p, candidates[0]!);
  if (!candidates.length) throw new SessionError('holds no session file (*.jsonl other than agent-*.jsonl sub-agent files)', p);
  throw new SessionError(`holds ${candidates.length} session files (${candidates.slice(0, 5).join(', ')}${candidates.length > 5 ? ', …' : ''}); name the one to record`, p);
}

const CLAUDE_TYPES = new Set(['user', 'assistant', 'system', 'summary', 'file-history-snapshot', 'queue-operation', 'progress']);

/** Which agent wrote a session, from its first JSON record; undefined when no record has a known shape. */
async function detect(file: string): Promise<{ agent: AgentKind; line: number } | { problem: string; line?: number }> {
  const problems = emptyProblems();
  let seen = 0;
  for await (const { n, value } of jsonLines(file, problems)) {
    if (looksLikeCodex(value)) return { agent: 'codex', line: n };
    if ('session_id' in value && !('sessionId' in value) && typeof value.type === 'string') return { agent: 'claude-stream-json', line: n };
    if (typeof value.type === 'string' && CLAUDE_TYPES.has(value.type) && ('sessionId' in value || 'uuid' in value || value.type === 'summary' || value.type === 'file-history-snapshot')) return { agent: 'claude-code', line: n };
    if (++seen >= 20) return { problem: `not a session log: no record in its first 20 has the shape of a Claude Code, stream-json or Codex record (line ${n} has keys ${Object.keys(value).slice(0, 6).join(', ') || 'none'})`, line: n };
  }
  if (problems.bad.length) return { problem: `not a session log: line ${problems.bad[0]!.n} is not JSON (${problems.bad[0]!.why})`, line: problems.bad[0]!.n };
  if (problems.truncatedLast) return { problem: `not a session log: its only line (${problems.truncatedLast}) is cut short`, line: problems.truncatedLast };
  if (problems.tooLong.length) return { problem: `not a session log: line ${problems.tooLong[0]!.n} is ${problems.tooLong[0]!.size} bytes, longer than a record may be`, line: problems.tooLong[0]!.n };
  return { problem: seen ? 'not a session log: no record has a known shape' : 'not a session log: it holds no JSON record' };
}

export async function openSession(p: string): Promise<SessionReader> {
  const file = sessionFileOf(p);
  const kind = await detect(file);
  if ('problem' in kind) throw new SessionError(kind.problem, file, kind.line);
  const problems = emptyProblems();
  const reader = kind.agent === 'codex' ? await readCodex(file, problems) : await readClaude(file, kind.agent === 'claude-stream-json', problems);
  // Damage in more than a tenth of the lines is no longer a session with a bad line.
  if (problems.badCount && problems.badCount * 10 > problems.lines) {
    const first = problems.bad[0]!;
    throw new SessionError(`${problems.badCount} of ${problems.lines} lines are not JSON objects (first: line ${first.n}, ${first.why}); is this a session log?`, file, first.n);
  }
  const notes = reader.session.counts.notes;
  for (const b of problems.bad) notes.push(`line ${b.n} is not a JSON object (${b.why}); skipped`);
  if (problems.badCount > problems.bad.length) notes.push(`${problems.badCount - problems.bad.length} more lines that are not JSON objects; skipped`);
  if (problems.truncatedLast) notes.push(`line ${problems.truncatedLast}, the last, is cut short (the session was still being written?); skipped`);
  for (const t of problems.tooLong) notes.push(`line ${t.n} is ${t.size} bytes, longer than a record may be; skipped`);
  return { ...reader, problems };
}
