import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseTrace } from '../../src/rehearse/trace.js';
import { KnobError, parseKnobs, whatIf } from '../../src/rehearse/whatif.js';
import { repo, skillc, tree } from './helpers.js';

const announce = path.join(repo, 'skills-src/release-announce/fixtures/pass-announce-email-webhook');
const notes = path.join(repo, 'skills-src/release-notes/fixtures/pass-notes-workflow');
const halts = path.join(repo, 'skills-src/release-announce/fixtures/fail-gate-halts');

const fold = (dir: string, set: string[]) => {
  const { events, problems } = parseTrace(fs.readFileSync(path.join(dir, 'trace.jsonl'), 'utf8'));
  expect(problems).toEqual([]);
  return whatIf(events, parseKnobs(set));
};
const outcomes = (r: ReturnType<typeof fold>) => Object.fromEntries(r.steps.map((s) => [s.step, s.outcome]));

describe('parseTrace', () => {
  it('reads each event type and fills in the open step', () => {
    const { events, problems } = parseTrace(fs.readFileSync(path.join(announce, 'trace.jsonl'), 'utf8'));
    expect(problems).toEqual([]);
    expect(new Set(events.map((e) => e.type))).toEqual(new Set(['step.start', 'step.end', 'file.write', 'command', 'tool', 'delegate', 'gate']));
    expect(events.find((e) => e.type === 'delegate')).toMatchObject({ step: 'gate-notes', skill: 'release-notes', line: 3 });
  });

  it('reports each malformed line with its number', () => {
    const text = [
      '{"type":"step.start","step":"a"}',
      '{"type":"teleport"}',
      '{"type":"command"}',
      '{"type":"gate","verdict":"maybe"}',
      'not json',
      '{"type":"file.write","path":"x.md","content":"x","bogus":1}',
      '{"type":"step.end","step":"b"}',
    ].join('\n');
    expect(parseTrace(text).problems).toEqual([
      { line: 2, message: expect.stringContaining('Unexpected event type "teleport", expected one of `step.start`') },
      { line: 3, message: 'Unexpected `command` event, expected exactly one of `run` or `argv`' },
      { line: 4, message: 'Unexpected `verdict` "maybe", expected `pass` or `fail`' },
      { line: 5, message: expect.stringMatching(/^Unexpected invalid JSON/) },
      { line: 6, message: 'Unexpected key `bogus` in a `file.write` event' },
      { line: 7, message: 'Unexpected `step.end` of `b`, expected `step.end` of `a`' },
    ]);
  });

  it('parses each `run` as sh would, with the parser\'s message and column', () => {
    const runs = ['echo "unterminated', 'ls &&', 'a=(1 2)', 'grep -q x f && echo "$(date)" | tee -a log', 'cat <<EOF\nx\nEOF'];
    const text = runs.map((run) => JSON.stringify({ type: 'command', run })).join('\n');
    expect(parseTrace(text).problems).toEqual([
      { line: 1, message: 'Unexpected `run` that sh cannot parse (reached EOF without closing quote ", at column 6 of the command), expected a POSIX shell command line' },
      { line: 2, message: 'Unexpected `run` that sh cannot parse (&& must be followed by a statement, at column 4 of the command), expected a POSIX shell command line' },
      { line: 3, message: 'Unexpected `run` that sh cannot parse (arrays are a bash/mksh feature, at column 3 of the command), expected a POSIX shell command line' },
    ]);
  });
});

describe('whatIf', () => {
  it('reuses every step with no knob', () => {
    const r = fold(announce, []);
    expect(r.changed).toBe(false);
    expect(r).toMatchObject({ recorded: 'pass', would: 'pass' });
    expect(new Set(r.steps.map((s) => s.outcome))).toEqual(new Set(['reused']));
  });

  it('flips a gate under a stricter threshold and blocks what follows', () => {
    const r = fold(announce, ['threshold.announcement=0.9']);
    expect(outcomes(r)).toEqual({
      'gate-notes': 'reused',
      'earlier-run': 'reused',
      draft: 'verdict-flipped',
      'cut-channels': 'would-block',
      confirm: 'would-block',
      'send-chat': 'would-block',
      'send-email': 'would-block',
      record: 'would-block',
    });
    expect(r.would).toBe('fail');
  });

  it('flags a loop over a smaller budget, and spending over a token or dollar budget', () => {
    expect(outcomes(fold(notes, ['budget.draft=1']))).toMatchObject({ 'draft-1': 'reused', 'draft-2': 'would-exceed-budget', 'hand-over': 'would-block' });
    expect(outcomes(fold(notes, ['budget.tokens=2000']))).toMatchObject({ collect: 'reused', 'draft-1': 'would-exceed-budget', 'draft-2': 'would-block' });
    expect(outcomes(fold(notes, ['budget.usd=0.03']))).toMatchObject({ 'draft-1': 'reused', 'draft-2': 'would-exceed-budget' });
    expect(fold(notes, ['budget.draft=2']).changed).toBe(false);
  });

  it('says when only a live run can tell', () => {
    const lenient = fold(notes, ['threshold.notes=0.5']);
    expect(outcomes(lenient)).toMatchObject({ 'draft-1': 'verdict-flipped', 'draft-2': 'needs-live-rerun', 'hand-over': 'needs-live-rerun' });
    expect(lenient.would).toBe('unknown');
    const model = fold(announce, ['model=other-model']);
    expect(new Set(model.steps.map((s) => s.outcome))).toEqual(new Set(['needs-live-rerun']));
    const unscored = fold(announce, ['threshold.confirmation=0.5']);
    expect(outcomes(unscored).confirm).toBe('needs-live-rerun');
    // The recorded run went on after its failed gate: those steps are what a pass would run.
    expect(outcomes(fold(halts, ['threshold=0.5']))).toMatchObject({ draft: 'verdict-flipped', 'send-chat': 'reused' });
    // A run that stopped at its failed gate: what a pass would do next was never recorded.
    const stopped = parseTrace('{"type":"step.start","step":"draft"}\n{"type":"gate","name":"g","verdict":"fail","score":0.5}\n{"type":"step.end","step":"draft"}\n');
    const reopened = whatIf(stopped.events, parseKnobs(['threshold.g=0.4']));
    expect(reopened.steps.map((s) => [s.step, s.outcome])).toEqual([['draft', 'verdict-flipped'], ['(rest of the run)', 'needs-live-rerun']]);
    expect(reopened.would).toBe('unknown');
  });

  it('rejects knobs it cannot apply', () => {
    expect(() => parseKnobs(['budget.draft=1.5'])).toThrow(KnobError);
    expect(() => parseKnobs(['temperature=1'])).toThrow(/Unexpected knob 'temperature'/);
    expect(() => parseKnobs(['threshold'])).toThrow(/expected <knob>=<value>/);
    expect(() => fold(notes, ['budget.review=1'])).toThrow("Unexpected knob 'budget.review': the trace has loops 'draft'");
  });
});

describe('skillc replay', () => {
  it('prints the per-step table and exits 1 when something changes', async () => {
    const r = await skillc(['replay', 'skills-src/release-notes/fixtures/pass-notes-workflow', '--set', 'budget.draft=1'], repo);
    expect(r.code).toBe(1);
    expect(r.stdout).toMatch(/^ +15 {2}draft-2 +would-exceed-budget +iteration 2 of loop `draft`, budget 1$/m);
    expect(r.stdout).toContain('recorded: pass; would: fail');
    const same = await skillc(['replay', 'skills-src/release-announce/fixtures/pass-announce-email-webhook/trace.jsonl', '-f', 'json'], repo);
    expect(same.code).toBe(0);
    expect(JSON.parse(same.stdout)).toMatchObject({ trace: 'skills-src/release-announce/fixtures/pass-announce-email-webhook/trace.jsonl', changed: false, would: 'pass' });
  });

  it('never runs anything: a trace whose commands would write leaves no file', async () => {
    const dir = tree({ 'trace.jsonl': '{"type":"step.start","step":"a"}\n{"type":"command","run":"touch SHOULD-NOT-EXIST"}\n{"type":"gate","verdict":"pass","score":0.5}\n{"type":"step.end","step":"a"}\n' });
    const r = await skillc(['replay', 'trace.jsonl', '--set', 'threshold=0.9'], dir);
    expect(r.code).toBe(1);
    expect(r.stdout).toContain('verdict-flipped');
    expect(fs.readdirSync(dir)).toEqual(['trace.jsonl']);
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('exits 2 on a bad knob, a malformed trace or a missing path', async () => {
    const dir = tree({ 'trace.jsonl': '{"type":"step.start","step":"a"}\n{oops\n' });
    const bad = await skillc(['replay', 'trace.jsonl'], dir);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/trace\.jsonl:2: Unexpected invalid JSON/);
    expect((await skillc(['replay', 'nope.jsonl'], dir)).code).toBe(2);
    const knob = await skillc(['replay', 'skills-src/release-notes/fixtures/pass-notes-workflow', '--set', 'threshold.nope=1'], repo);
    expect(knob.code).toBe(2);
    expect(knob.stderr).toContain("Unexpected knob 'threshold.nope': the trace has gates 'notes'");
    fs.rmSync(dir, { recursive: true, force: true });
  });
});
