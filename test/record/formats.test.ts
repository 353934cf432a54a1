import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { actionsOf, type Action } from '../../src/record/actions.js';
import { buildCase } from '../../src/record/build.js';
import { openSession } from '../../src/record/input.js';
import { tempDir } from '../helpers.js';
import { Transcript } from './builder.js';

/** Reads a session written to a temporary file and returns its reader, every turn loaded. */
async function read(text: string, name = 'session.jsonl', dir = tempDir()) {
  const file = path.join(dir, name);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, text);
  const reader = await openSession(file);
  await reader.load(1, reader.session.turns.length);
  return reader;
}

const lines = (...records: unknown[]): string => `${records.map((r) => JSON.stringify(r)).join('\n')}\n`;
const summary = (a: Action): string => (a.kind === 'command' ? `command ${a.run ?? a.argv?.join(' ')} exit ${a.exit}` : a.kind === 'dropped' ? `dropped ${a.source.tool}: ${a.why}` : a.kind === 'tool' ? `tool ${a.tool} ${a.effect ?? ''}`.trim() : a.kind === 'write' || a.kind === 'edit' || a.kind === 'read' ? `${a.kind} ${a.path}` : a.kind);

describe('Claude Code transcripts', () => {
  it('follows the branch the session continued from: a rewound prompt and its calls are left out', async () => {
    const t = new Transcript();
    const root = t.prompt('first try');
    t.bash('toolu_old', 'echo abandoned', 'abandoned');
    // The user rewinds and edits the prompt: a second child of the same parent.
    t.prompt('second try', null);
    t.bash('toolu_new', 'echo kept', 'kept');
    void root;
    const r = await read(t.text());
    expect(r.session.turns.map((x) => x.prompt)).toEqual(['second try']);
    expect(r.session.turns[0]!.calls.map((c) => c.id)).toEqual(['toolu_new']);
    expect(r.session.counts.abandoned).toBe(3);
  });

  it('replays parallel calls of one API message in call order, whatever order their results came in', async () => {
    const t = new Transcript();
    t.prompt('go');
    const a = t.call('toolu_a', 'Bash', { command: 'echo a' }, 'msg_same');
    t.call('toolu_b', 'Bash', { command: 'echo b' }, 'msg_same');
    t.result('toolu_b', 'b', { stdout: 'b', stderr: '', interrupted: false });
    t.result('toolu_a', 'a', { stdout: 'a', stderr: '', interrupted: false }, { parent: a });
    t.call('toolu_c', 'Bash', { command: 'echo c' });
    t.result('toolu_c', 'c', { stdout: 'c', stderr: '', interrupted: false });
    const r = await read(t.text());
    expect(r.session.turns[0]!.calls.map((c) => c.input.command)).toEqual(['echo a', 'echo b', 'echo c']);
  });

  it('walks through a compaction boundary, and drops interrupted, denied, refused and rejected calls without turning them into writes', async () => {
    const t = new Transcript();
    t.prompt('work');
    t.bash('toolu_1', 'make build', 'ok');
    const last = t.add('system', { subtype: 'compact_boundary', content: 'Conversation compacted', logicalParentUuid: null }, null);
    t.records.at(-1)!.logicalParentUuid = t.records.at(-2)!.uuid;
    t.add('user', { isCompactSummary: true, isVisibleInTranscriptOnly: true, message: { role: 'user', content: 'This session is being continued…' } }, last);
    t.call('toolu_2', 'Bash', { command: 'sleep 100' });
    t.result('toolu_2', '[Request interrupted by user for tool use]', { stdout: '', stderr: '', interrupted: true });
    t.call('toolu_3', 'Write', { file_path: `${t.cwd}/x.md`, content: 'never written' });
    t.result('toolu_3', 'User rejected tool use', 'User rejected tool use', { isError: true });
    t.call('toolu_4', 'Edit', { file_path: `${t.cwd}/y.md`, old_string: 'a', new_string: 'b' });
    t.result('toolu_4', '<tool_use_error>File has not been read yet. Read it first before writing to it.</tool_use_error>', 'Error: File has not been read yet.', { isError: true });
    t.call('toolu_5', 'Bash', { command: 'rm -rf build' });
    t.result('toolu_5', "Permission to use Bash with command rm -rf build has been denied.", 'Error: Permission to use Bash has been denied.', { isError: true });
    t.bash('toolu_6', 'grep -q x f', '', { exitCode: 1 });
    t.call('toolu_7', 'Bash', { command: 'diff a b' });
    t.result('toolu_7', 'Files differ', { stdout: '', stderr: '', interrupted: false, returnCodeInterpretation: 'Files differ' });
    const r = await read(t.text());
    expect(r.session.turns).toHaveLength(1);
    const actions = actionsOf(r.session.turns[0]!.calls, { agent: 'claude-code', facts: r.session.facts, effects: {} });
    expect(actions.map(summary)).toEqual([
      'command make build exit 0',
      'dropped Bash: interrupted',
      'dropped Write: rejected by the user',
      'dropped Edit: the tool refused it (a tool_use_error: nothing ran)',
      'dropped Bash: denied',
      'command grep -q x f exit 1',
      'command diff a b exit unknown',
    ]);
  });

  it('answers a background command with its polls, and inlines a 2.0 sub-agent from agent-<id>.jsonl beside the session', async () => {
    const dir = tempDir();
    const t = new Transcript('/home/alice/work/app', '2.0.27');
    t.prompt('serve and explore');
    t.call('toolu_bg', 'Bash', { command: 'npm run dev', run_in_background: true });
    t.result('toolu_bg', 'Command running in background with ID: bash_1', { stdout: '', stderr: '', interrupted: false, backgroundTaskId: 'bash_1' });
    t.call('toolu_poll', 'BashOutput', { bash_id: 'bash_1' });
    t.result('toolu_poll', '<status>completed</status>', { shellId: 'bash_1', command: 'npm run dev', status: 'completed', exitCode: 0, stdout: 'ready on :3000\n', stderr: '' });
    t.call('toolu_task', 'Task', { description: 'explore', prompt: 'List the files', subagent_type: 'general-purpose' });
    t.result('toolu_task', [{ type: 'text', text: 'done' }], { status: 'completed', agentId: 'f00d', content: [] });
    const sub = new Transcript('/home/alice/work/app', '2.0.27');
    sub.prompt('List the files');
    sub.bash('toolu_sub_ls', 'ls', 'a\nb\n');
    for (const record of sub.records) record.isSidechain = true;
    fs.writeFileSync(path.join(dir, 'agent-f00d.jsonl'), sub.text());
    const r = await read(t.text(), 'main.jsonl', dir);
    const actions = actionsOf(r.session.turns[0]!.calls, { agent: 'claude-code', facts: r.session.facts, effects: {} });
    expect(actions.map(summary)).toEqual(['command npm run dev exit 0', 'dropped BashOutput: a poll of a background command (its output goes to that command)', 'command ls exit 0']);
    expect(actions[0]).toMatchObject({ stdout: 'ready on :3000\n' });
  });

  it('maps tools: Write, Edit with its original text, MultiEdit, WebFetch, WebSearch, MCP through record.effects, a delegated skill', async () => {
    const t = new Transcript();
    t.prompt('go');
    t.call('toolu_e', 'Edit', { file_path: `${t.cwd}/a.md`, old_string: 'one', new_string: 'two' });
    t.result('toolu_e', 'updated', { filePath: `${t.cwd}/a.md`, oldString: 'one', newString: 'two', originalFile: 'one one\n', structuredPatch: [] });
    t.call('toolu_m', 'MultiEdit', { file_path: `${t.cwd}/a.md`, edits: [{ old_string: 'one', new_string: 'three' }, { old_string: 'two', new_string: 'four' }] });
    t.result('toolu_m', 'Applied 2 edits', { filePath: `${t.cwd}/a.md`, edits: [], originalFileContents: 'two one\n', structuredPatch: [] });
    t.call('toolu_f', 'WebFetch', { url: 'https://example.com/docs', prompt: 'summarise' });
    t.result('toolu_f', 'summary', { bytes: 10, code: 200, codeText: 'OK', result: 'summary', url: 'https://example.com/docs' });
    t.call('toolu_s', 'WebSearch', { query: 'xterm scroll' });
    t.result('toolu_s', 'results', { query: 'xterm scroll', results: [] });
    t.call('toolu_p', 'mcp__slack__post_message', { channel: '#x', text: 'hi' });
    t.result('toolu_p', [{ type: 'text', text: 'ok' }], [{ type: 'text', text: 'ok' }]);
    t.call('toolu_q', 'mcp__linear__create_issue', { title: 't' });
    t.call('toolu_k', 'Skill', { skill: 'acme:changelog-style' });
    t.result('toolu_k', 'Launching skill: acme:changelog-style', { success: true });
    const r = await read(t.text());
    const actions = actionsOf(r.session.turns[0]!.calls, { agent: 'claude-code', facts: r.session.facts, effects: { mcp__slack__post_message: 'slack.post' } });
    const built = buildCase(actions, { step: 's', project: t.cwd });
    expect(built.events.slice(1, -1).map((e) => [e.type, e.path ?? e.tool ?? e.skill, e.content ?? e.effect ?? e.result])).toEqual([
      ['file.write', 'a.md', 'two one\n'],
      ['file.write', 'a.md', 'four three\n'],
      ['tool', 'WebFetch', 'http.get'],
      ['tool', 'WebSearch', 'http.get'],
      ['tool', 'mcp__slack__post_message', 'slack.post'],
      ['tool', 'mcp__linear__create_issue', undefined],
      ['delegate', 'changelog-style', 'pass'],
    ]);
    expect(built.inputs.get('a.md')).toBe('one one\n');
    expect(built.stats.unmapped).toEqual(['mcp__linear__create_issue']);
  });

  it('reads claude -p --output-format stream-json, sub-agent frames inlined where their Task is', async () => {
    const r = await read(
      lines(
        { type: 'system', subtype: 'init', cwd: '/work/app', session_id: 'sdk-1', tools: ['Bash'], mcp_servers: [], model: 'claude-opus-4-6', permissionMode: 'default', slash_commands: [], skills: ['wordcount'], claude_code_version: '2.1.50' },
        { type: 'assistant', message: { id: 'm1', role: 'assistant', content: [{ type: 'tool_use', id: 't1', name: 'Skill', input: { skill: 'wordcount' } }] }, parent_tool_use_id: null, session_id: 'sdk-1' },
        { type: 'user', message: { role: 'user', content: [{ type: 'tool_result', tool_use_id: 't1', content: 'Launching skill: wordcount' }] }, parent_tool_use_id: null, session_id: 'sdk-1', tool_use_result: { success: true } },
        { type: 'assistant', message: { id: 'm2', role: 'assistant', content: [{ type: 'tool_use', id: 't2', name: 'Task', input: { prompt: 'count', description: 'count' } }] }, parent_tool_use_id: null, session_id: 'sdk-1' },
        { type: 'assistant', message: { id: 'm3', role: 'assistant', content: [{ type: 'tool_use', id: 't3', name: 'Bash', input: { command: 'wc -w notes.md' } }] }, parent_tool_use_id: 't2', session_id: 'sdk-1' },
        { type: 'user', message: { role: 'user', content: [{ type: 'tool_result', tool_use_id: 't3', content: '4 notes.md' }] }, parent_tool_use_id: 't2', session_id: 'sdk-1', tool_use_result: { stdout: '4 notes.md', stderr: '', interrupted: false } },
        { type: 'user', message: { role: 'user', content: [{ type: 'tool_result', tool_use_id: 't2', content: [{ type: 'text', text: 'four' }] }] }, parent_tool_use_id: null, session_id: 'sdk-1' },
        { type: 'result', subtype: 'success', is_error: false, num_turns: 3, result: 'four', session_id: 'sdk-1' },
      ),
    );
    expect(r.session.facts).toMatchObject({ agent: 'claude-stream-json', version: '2.1.50', id: 'sdk-1', cwd: '/work/app' });
    expect(r.session.invocations.map((i) => [i.name, i.via, i.from])).toEqual([['wordcount', 'Skill tool', 0]]);
    const actions = actionsOf(r.session.turns[0]!.calls.slice(1), { agent: 'claude-stream-json', facts: r.session.facts, effects: {} });
    expect(actions.map(summary)).toEqual(['command wc -w notes.md exit 0']);
  });

  it('reads a version it does not know leniently, and says so', async () => {
    const t = new Transcript('/home/alice/work/app', '3.0.1');
    t.prompt('go');
    t.bash('toolu_1', 'true', '');
    const r = await read(t.text());
    expect(r.session.turns[0]!.calls).toHaveLength(1);
    expect(r.session.counts.notes).toEqual(['Claude Code 3.0.1 is outside the versions whose logs skillc knows (1.0.x to 2.1.x): read as 2.1.x; records of unknown types are skipped and counted']);
  });

  it('counts record types it does not know, and says so', async () => {
    const t = new Transcript();
    t.prompt('go');
    t.records.push({ type: 'future-thing', uuid: 'x' }, { type: 'future-thing', uuid: 'y' });
    const r = await read(t.text());
    expect(r.session.counts.unknownTypes).toEqual({ 'future-thing': 2 });
  });
});

describe('Codex rollouts', () => {
  const meta = { timestamp: '2026-01-05T10:00:00.000Z', type: 'session_meta', payload: { id: 'cx-1', timestamp: '2026-01-05T10:00:00.000Z', cwd: '/work/app', originator: 'codex_cli_rs', cli_version: '0.104.0' } };
  const item = (payload: unknown, at = '2026-01-05T10:00:01.000Z') => ({ timestamp: at, type: 'response_item', payload });
  const user = (text: string) => item({ type: 'message', role: 'user', content: [{ type: 'input_text', text }] });
  const call = (name: string, args: unknown, id: string) => item({ type: 'function_call', name, arguments: JSON.stringify(args), call_id: id });
  const output = (id: string, out: string) => item({ type: 'function_call_output', call_id: id, output: out });

  it('joins exec_command with its write_stdin polls: the exit status of the last poll is the command’s', async () => {
    const r = await read(
      lines(
        meta,
        user('<environment_context>\n  <cwd>/work/app</cwd>\n  <shell>zsh</shell>\n</environment_context>'),
        user('run the tests'),
        call('exec_command', { cmd: 'npm test', workdir: '/work/app' }, 'c1'),
        output('c1', 'Chunk ID: 1\nWall time: 1.0 seconds\nProcess running with session ID 7\nOutput:\nRUNS tests\n'),
        call('write_stdin', { session_id: 7, chars: '' }, 'c2'),
        output('c2', 'Chunk ID: 2\nWall time: 3.0 seconds\nProcess exited with code 3\nOriginal token count: 9\nOutput:\n1 failed\n'),
        { timestamp: '2026-01-05T10:00:09.000Z', type: 'future_record', payload: {} },
      ),
    );
    expect(r.session.facts).toMatchObject({ agent: 'codex', version: '0.104.0', shell: 'zsh' });
    expect(r.session.counts.unknownTypes).toEqual({ future_record: 1 });
    const actions = actionsOf(r.session.turns[0]!.calls, { agent: 'codex', facts: r.session.facts, effects: {} });
    expect(actions).toHaveLength(1);
    expect(actions[0]).toMatchObject({ kind: 'command', run: 'npm test', shell: 'zsh', exit: 3, stdout: '1 failed\n' });
  });

  it('applies patches: a custom_tool_call that adds a file, a heredoc update of a file the log showed whole, one it never showed', async () => {
    const r = await read(
      lines(
        meta,
        user('fix the notes'),
        item({ type: 'custom_tool_call', name: 'apply_patch', call_id: 'p1', input: '*** Begin Patch\n*** Add File: docs/new.md\n+# New\n+text\n*** End Patch\n' }),
        item({ type: 'custom_tool_call_output', call_id: 'p1', output: '{"output":"Success. Updated the following files:\\nA docs/new.md\\n","metadata":{"exit_code":0}}' }),
        call('shell', { command: ['bash', '-lc', 'cat notes.md'], workdir: '/work/app' }, 's1'),
        output('s1', '{"output":"one\\ntwo\\nthree\\n","metadata":{"exit_code":0,"duration_seconds":0.0}}'),
        call('shell', { command: ['bash', '-lc', "apply_patch <<'PATCH'\n*** Begin Patch\n*** Update File: notes.md\n@@\n one\n-two\n+TWO\n*** Update File: other.md\n@@\n-x\n+y\n*** End Patch\nPATCH"], workdir: '/work/app' }, 's2'),
        output('s2', '{"output":"Success.","metadata":{"exit_code":0}}'),
        call('mcp__supabase__execute_sql', { query: 'select 1' }, 'm1'),
        output('m1', '[{"type":"text","text":"1"}]'),
        call('update_plan', { plan: [] }, 'u1'),
        output('u1', 'Plan updated'),
      ),
    );
    const actions = actionsOf(r.session.turns[0]!.calls, { agent: 'codex', facts: r.session.facts, effects: { mcp__supabase__execute_sql: 'db.write' } });
    const built = buildCase(actions, { step: 's', project: '/work/app' });
    expect(built.events.slice(1, -1).map((e) => [e.type, e.path ?? e.run ?? e.tool, e.content ?? e.effect ?? ''])).toEqual([
      ['file.write', 'docs/new.md', '# New\ntext\n'],
      ['command', 'cat notes.md', ''],
      ['file.write', 'notes.md', 'one\nTWO\nthree\n'],
      ['tool', 'mcp__supabase__execute_sql', 'db.write'],
    ]);
    expect(built.inputs).toEqual(new Map([['notes.md', 'one\ntwo\nthree\n']]));
    expect(built.stats.unreconstructable).toEqual([{ path: 'other.md', why: 'the patch holds only its hunks, and no full text of the file is in the log' }]);
  });

  it('reads the bare lines of rollouts before the envelope, and a <skill> message as an invocation', async () => {
    const r = await read(
      lines(
        { id: 'bare-1', timestamp: '2025-08-01T09:00:00.000Z', instructions: null, git: { branch: 'main' } },
        { record_type: 'state' },
        { type: 'message', role: 'user', content: [{ type: 'input_text', text: 'use $wordcount on notes.md' }] },
        { type: 'message', role: 'user', content: [{ type: 'input_text', text: '<skill>\n<name>wordcount</name>\n<path>/home/al/.codex/skills/wordcount/SKILL.md</path>\nCount words.\n</skill>' }] },
        { type: 'function_call', name: 'shell', arguments: JSON.stringify({ command: ['bash', '-lc', 'sh /home/al/.codex/skills/wordcount/scripts/count.sh notes.md'] }), call_id: 'c1' },
        { type: 'function_call_output', call_id: 'c1', output: '{"output":"notes.md: 3 words\\n","metadata":{"exit_code":0}}' },
      ),
    );
    expect(r.session.facts).toMatchObject({ agent: 'codex', id: 'bare-1' });
    expect(r.session.invocations).toMatchObject([{ name: 'wordcount', via: 'skill message', baseDir: '/home/al/.codex/skills/wordcount', turn: 1, from: 0 }]);
    expect(r.session.turns[0]!.calls.map((c) => c.tool)).toEqual(['shell']);
  });

  it('a slice far down a file costs nothing, and slices that cover a file from line 1 seed it', () => {
    const command = (run: string, stdout: string): Action => ({ kind: 'command', source: { tool: 'shell', line: 1 }, run, shell: 'bash', cwd: '/work/app', stdout, stderr: '', exit: 0 });
    const built = buildCase(
      [command("sed -n '900000000,900000001p' big.txt", ''), command("sed -n '1,2p' f.txt", 'a\nb\n'), command("sed -n '3,10p' f.txt", 'c\n')],
      { step: 's', project: '/work/app' },
    );
    expect(built.inputs).toEqual(new Map([['f.txt', 'a\nb\nc\n']]));
  });
});
