import { describe, expect, it } from 'vitest';
import { shellProgram } from '../../src/rehearse/recorded.js';
import { parseTrace } from '../../src/rehearse/trace.js';
import { byCase, skillc, tree } from './helpers.js';

/**
 * The recorded-answer mode of trace commands: what runs live and what is answered from the
 * recording, what is compared, and the effects an answered command still has.
 */
const SKILL = `---
name: rec
description: Use when testing recorded commands.
skillc:
  effects: [http.post, git.push]
---

# rec
`;

const trace = (...events: object[]): string => [{ type: 'step.start', step: 's' }, ...events, { type: 'step.end', step: 's' }].map((e) => JSON.stringify(e)).join('\n');

describe('trace commands answered from the recording', () => {
  it('runs the skill’s own files live and answers the rest; a forced mode wins; effects of answered commands are captured', async () => {
    const root = tree({
      'rec/SKILL.md': SKILL,
      'rec/scripts/hi.sh': 'echo "hi $1"\n',
      'rec/fixtures/pass-mixed/trace.jsonl': trace(
        // Not in the sandbox (no repository, no such tool): answered.
        { type: 'command', run: 'git log --oneline -1 && acme-deploy --check', stdout: 'abc first\nok\n' },
        { type: 'command', run: 'sh {skill}/scripts/hi.sh you', stdout: 'hi you\n' },
        { type: 'command', run: 'git push origin main && curl -sS -X POST https://hooks.example/x -d a=1', stdout: '', exit: 0 },
        { type: 'command', run: 'exit 3', stdout: '', exit: 'unknown', replay: 'live' },
        { type: 'command', run: 'sh {skill}/scripts/hi.sh not-run', stdout: 'anything', replay: 'recorded' },
        { type: 'command', run: '[[ -n x ]] && echo "bash ran"', shell: 'bash', stdout: 'bash ran', replay: 'live' },
        { type: 'command', run: 'sh {skill}/scripts/hi.sh big', stdout: { from: 'outputs/big.stdout' } },
        // Reading a file of the skill is not running it.
        { type: 'command', run: 'cat {skill}/SKILL.md | head -3', stdout: 'as the session read it' },
        { type: 'command', run: 'cd {skill} && sh scripts/hi.sh there', stdout: 'hi there\n' },
      ),
      'rec/fixtures/pass-mixed/outputs/big.stdout': 'hi big\n',
      'rec/fixtures/fail-live-differs/case.yaml': 'failure: stdout\n',
      'rec/fixtures/fail-live-differs/trace.jsonl': trace({ type: 'command', run: 'echo actual', stdout: 'recorded', replay: 'live' }),
      'rec/fixtures/fail-missing-output/trace.jsonl': trace({ type: 'command', run: 'git status', stdout: { from: 'outputs/none.txt' } }),
      'rec/fixtures/fail-bad-fields/trace.jsonl': trace({ type: 'command', argv: ['true'], shell: 'bash' }),
    });
    const r = await skillc(['rehearse', 'rec', '--update', '--format', 'json'], root);
    const cases = byCase(r.stdout);
    const mixed = cases.get('pass-mixed')!;
    expect(mixed.checks.filter((k) => k.id === 'command').map((k) => `${k.ok} ${k.message}`)).toEqual([
      'true `git log --oneline -1 && acme-deploy --check` at step `s` (trace.jsonl:2) answered from the recording (it is not the skill’s own): exit 0',
      'true `sh {skill}/scripts/hi.sh you` at step `s` (trace.jsonl:3) ran live (it runs a file of the skill): exit 0, stdout as recorded',
      'true `git push origin main && curl -sS -X POST https://hooks.example/x -d a=1` at step `s` (trace.jsonl:4) answered from the recording (it is not the skill’s own): exit 0',
      'true `exit 3` at step `s` (trace.jsonl:5) ran live (`replay: live` in the trace): exit status not recorded, not compared, stdout as recorded',
      'true `sh {skill}/scripts/hi.sh not-run` at step `s` (trace.jsonl:6) answered from the recording (`replay: recorded` in the trace): exit 0',
      'true `[[ -n x ]] && echo "bash ran"` at step `s` (trace.jsonl:7) ran live (`replay: live` in the trace): exit 0, stdout as recorded',
      'true `sh {skill}/scripts/hi.sh big` at step `s` (trace.jsonl:8) ran live (it runs a file of the skill): exit 0, stdout as recorded',
      'true `cat {skill}/SKILL.md | head -3` at step `s` (trace.jsonl:9) answered from the recording (it is not the skill’s own): exit 0',
      'true `cd {skill} && sh scripts/hi.sh there` at step `s` (trace.jsonl:10) ran live (it runs a file of the skill): exit 0, stdout as recorded',
    ]);
    expect(mixed.captures.map((c) => [c.effect, c.via])).toEqual([['git.push', 'git'], ['http.post', 'curl']]);
    expect(mixed.actual).toBe('pass');
    expect(cases.get('fail-live-differs')).toMatchObject({ actual: 'fail', ok: true, firstFailure: { id: 'stdout', message: 'Unexpected stdout from `echo actual` at step `s` (trace.jsonl:2): it differs from the recording at line 1: expected "recorded", got "actual"' } });
    expect(cases.get('fail-missing-output')).toMatchObject({ actual: 'error', firstFailure: { id: 'trace', message: 'Unexpected `stdout` file `outputs/none.txt` not found at step `s` (trace.jsonl:2)' } });
    expect(cases.get('fail-bad-fields')?.firstFailure?.message).toBe('trace.jsonl:2: Unexpected `shell` in a `command` event with `argv`, expected it only beside `run`');
  });

  it('a line written for a shell this machine lacks is answered from the recording, never run with sh', async () => {
    const missing = shellProgram('zsh') === undefined;
    const root = tree({
      'rec/SKILL.md': SKILL,
      'rec/fixtures/pass-zsh/trace.jsonl': trace({ type: 'command', run: 'source {skill}/env.zsh && print -l a b', shell: 'zsh', stdout: 'x\n' }),
      'rec/fixtures/fail-zsh-unrecorded/trace.jsonl': trace({ type: 'command', run: 'source {skill}/env.zsh', shell: 'zsh' }),
    });
    const cases = byCase((await skillc(['rehearse', 'rec', '--format', 'json'], root)).stdout);
    if (missing) {
      expect(cases.get('pass-zsh')?.checks.find((k) => k.id === 'command')?.message).toContain('answered from the recording (zsh is not installed here)');
      expect(cases.get('fail-zsh-unrecorded')?.firstFailure?.message).toContain('it is written for zsh, which this machine does not have, and the trace holds no recorded output to answer it with');
    } else expect(cases.get('pass-zsh')?.checks.find((k) => k.id === 'command')?.message).toContain('ran live');
  });

  it('validates the recorded fields', () => {
    const { problems } = parseTrace(
      [
        { type: 'command', run: 'x', stdout: 5 },
        { type: 'command', run: 'x', stdout: { from: 'a', to: 'b' } },
        { type: 'command', run: 'x', replay: 'sometimes' },
        { type: 'command', run: 'x', exit: 'maybe' },
        { type: 'command', run: 'f() { [[ -n $1 ]]; }; f x', shell: 'bash' },
        { type: 'command', run: 'a=(1 2)' },
        { type: 'command', run: 'a=(1 2) && echo ${a[@]', shell: 'bash' },
      ]
        .map((e) => JSON.stringify(e))
        .join('\n'),
    );
    expect(problems.map((p) => `${p.line}: ${p.message}`)).toEqual([
      '1: Unexpected `stdout` 5, expected the recorded text or `{ "from": <a file of the case folder> }`',
      '2: Unexpected `stdout` {"from":"a","to":"b"}, expected the recorded text or `{ "from": <a file of the case folder> }`',
      '3: Unexpected `replay` "sometimes", expected `auto`, `live`, `recorded`',
      '4: Unexpected `exit` "maybe", expected an exit status from 0 to 255, or `unknown`',
      '6: Unexpected `run` that sh cannot parse (arrays are a bash/mksh feature, at column 3 of the command), expected a POSIX shell command line',
      '7: Unexpected `run` that bash cannot parse (reached EOF without matching ${ with }, at column 17 of the command), expected a bash command line',
    ]);
  });
});
