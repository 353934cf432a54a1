import fs from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { byCase } from '../rehearse/helpers.js';
import { project, record, sessions, skillc, synthetic, type RecordJson } from './helpers.js';

/**
 * Every real session of test/fixtures/record/sessions/ (copied from public projects' fixtures,
 * each folder with its licence) recorded through the real CLI into a copy of the stand-in
 * project, then rehearsed: each must give a case that passes with no case error. Sessions with a
 * skill invocation are recorded as they are; the others as a --from/--to span for `span-demo`.
 */
interface Example {
  session: string;
  args: string[];
  skill: string;
  invocations: number;
  commands: number;
  live: number;
  seeded: number;
}

const EXAMPLES: Example[] = [
  { session: 'claude-code/spotter/8463c716-a2ea-4c14-9efa-87158ebd9f20.jsonl', args: [], skill: 'commit', invocations: 1, commands: 74, live: 0, seeded: 16 },
  { session: 'claude-code/claude-code-viewer/1af7fc5e-8455-4414-9ccd-011d40f70b2a.jsonl', args: [], skill: 'init', invocations: 1, commands: 2, live: 0, seeded: 0 },
  { session: 'claude-code/claude-code-viewer/fe5e1c67-53e7-4862-81ae-d0e013e3270b.jsonl', args: [], skill: 'orchestrator', invocations: 1, commands: 61, live: 0, seeded: 6 },
  { session: 'claude-code/claude-code-viewer/5c0375b4-57a5-4f26-b12d-d022ee4e51b7.jsonl', args: [], skill: 'orchestrator', invocations: 1, commands: 5, live: 0, seeded: 2 },
  { session: 'claude-code/agentcmd/full-session-four.jsonl', args: ['--from', '2', '--to', '4', '--skill', 'span-demo'], skill: 'span-demo', invocations: 0, commands: 2, live: 0, seeded: 5 },
  { session: 'claude-code/agentcmd/tool-mcp__happy__change_title.jsonl', args: ['--from', '1', '--skill', 'span-demo'], skill: 'span-demo', invocations: 0, commands: 0, live: 0, seeded: 0 },
  { session: 'claude-code/spotter/tool_heavy.jsonl', args: ['--from', '1', '--to', '3', '--skill', 'span-demo'], skill: 'span-demo', invocations: 0, commands: 2, live: 0, seeded: 1 },
  { session: 'codex/codex-session-view/rollout-2025-11-17T15-30-28-019a93b9-f380-7600-98ff-940e6b99603c.jsonl', args: ['--from', '1', '--skill', 'span-demo'], skill: 'span-demo', invocations: 0, commands: 35, live: 0, seeded: 11 },
  { session: 'codex/agent-history/session-01.jsonl', args: ['--from', '2026-06-05T04:58:23.506Z', '--skill', 'span-demo'], skill: 'span-demo', invocations: 0, commands: 0, live: 0, seeded: 0 },
];

let root = '';
const recorded = new Map<string, RecordJson>();

beforeAll(() => {
  root = project();
});

/** Records one session into the project (each test records its own; the later ones read what they wrote). */
async function recordInto(session: string, args: string[]): Promise<RecordJson> {
  const r = await record([session, ...args, '--write-frontmatter', '--format', 'json'], root);
  expect(r.stderr).toBe('');
  return JSON.parse(r.stdout) as RecordJson;
}

describe('skillc record on the example sessions', () => {
  it.each(EXAMPLES)('$session', async (e) => {
    const r = await recordInto(path.join(sessions, e.session), e.args);
    recorded.set(e.session, r);
    expect(r.session.invocations).toHaveLength(e.invocations);
    expect(r.cases).toHaveLength(1);
    const c = r.cases[0]!;
    expect(c.skill).toBe(e.skill);
    expect({ commands: c.stats.commands, live: c.stats.live, seeded: c.stats.seeded.length }).toEqual({ commands: e.commands, live: e.live, seeded: e.seeded });
    expect(c.stats.recorded).toBe(c.stats.commands - c.stats.live);
    expect(c.rehearsal).toMatchObject({ ok: true, verdict: 'pass' });
    expect(fs.existsSync(path.join(c.dir, 'trace.jsonl'))).toBe(true);
  });

  it('records a synthetic session whose skill runs its own script', async () => {
    recorded.set('wordcount', await recordInto(path.join(synthetic, 'wordcount-claude-2.1.jsonl'), []));
    expect(recorded.get('wordcount')!.cases[0]!.stats).toMatchObject({ commands: 3, live: 1, recorded: 2 });
  });

  it('every recorded case passes `skillc rehearse` with no case error', async () => {
    const r = await skillc(['rehearse', '--format', 'json'], root);
    const cases = byCase(r.stdout);
    expect(cases.size).toBe(EXAMPLES.length + 1);
    for (const c of cases.values()) expect({ case: c.case, actual: c.actual, ok: c.ok, why: c.firstFailure?.message }).toEqual({ case: c.case, actual: 'pass', ok: true, why: undefined });
    expect(r.code).toBe(0);
  });

  it('the spotter case answers git from the recording and still captures its two pushes', () => {
    const c = recorded.get(EXAMPLES[0]!.session)!.cases[0]!;
    expect(c.frontmatter).toMatchObject({ effects: ['git.push'], written: true });
    expect(c.rehearsal.captures).toBe(2);
    expect(fs.readFileSync(path.join(root, 'skills-src/commit/SKILL.md'), 'utf8')).toContain('effects: [git.push]');
  });

  it('inlines sub-agents: the 2.1 subagents/ file and 1.0 sidechains', () => {
    const trace = (e: Example): string => fs.readFileSync(path.join(recorded.get(e.session)!.cases[0]!.dir, 'trace.jsonl'), 'utf8');
    expect(trace(EXAMPLES[0]!)).toContain('agent-a7be2f0.jsonl line');
    // fe5e1c67: the orchestrator's five Task sub-agents ran every command of the case.
    expect(trace(EXAMPLES[2]!)).toContain('npx create-next-app@latest todo-app');
  });

  it('lists what it could not replay: a Codex patch of a file the log never shows whole', () => {
    const c = recorded.get(EXAMPLES[7]!.session)!.cases[0]!;
    expect(c.stats.unreconstructable).toEqual([{ path: 'components/chat/chat-helpers/index.ts', why: 'the patch holds only its hunks, and no full text of the file is in the log' }]);
    expect(c.redacted['encrypted reasoning']).toBe(38);
  });

  it('names MCP tools it has no effect for', () => {
    const c = recorded.get(EXAMPLES[5]!.session)!.cases[0]!;
    expect(c.stats.unmapped).toEqual(['mcp__happy__change_title']);
  });

  it("runs the skill's own script for real, and a changed script fails the case naming the command and the difference", async () => {
    const c = recorded.get('wordcount')!.cases[0]!;
    expect(c.frontmatter.effects).toEqual(['git.push', 'slack.post']);
    const script = path.join(root, 'skills-src/wordcount/scripts/count.sh');
    fs.writeFileSync(script, fs.readFileSync(script, 'utf8').replace("words\\n'", "word(s)\\n'"));
    const r = await skillc(['rehearse', 'skills-src/wordcount', '--format', 'json'], root);
    const failed = [...byCase(r.stdout).values()][0]!;
    expect(failed.actual).toBe('fail');
    expect(failed.firstFailure?.message).toBe('Unexpected stdout from `bash {skill}/scripts/count.sh notes.md` at step `wordcount` (trace.jsonl:2): it differs from the recording at line 1: expected "notes.md: 5 words", got "notes.md: 5 word(s)"');
  });
});
