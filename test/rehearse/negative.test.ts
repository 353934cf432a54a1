import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sandboxProbe } from '../../src/rehearse/sandbox.js';
import { byCase, type JsonCase, netnsWorks, processesRunning, skillc, tree } from './helpers.js';

/** With a mount namespace, writes outside the run folder fail (prevented); without, they are detected afterwards. */
const prevents = sandboxProbe().ok;

/**
 * Negative controls: every case below is named pass-… and must come out
 * failed, with the reason stated, while the others still run. Sockets only
 * ever target a server of this test on 127.0.0.1, which must see no request.
 */
let server: http.Server;
let port = 0;
let hits = 0;
let root = '';
let cases: Map<string, JsonCase>;
let stdout = '';

const SKILL = `---
name: probe
description: Use when testing the rehearsal sandbox.
skillc:
  effects: [http.post]
  artifacts:
    report.md: { sections: [summary, details] }
---

# Probe
`;

const step = (name: string, body: string) => [
  JSON.stringify({ type: 'step.start', step: name }),
  body,
  JSON.stringify({ type: 'step.end', step: name }),
];

beforeAll(async () => {
  server = http.createServer((_req, res) => {
    hits++;
    res.end('leaked');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
  const url = `http://127.0.0.1:${port}/leak`;
  root = tree(
    {
      'probe/SKILL.md': SKILL,
      'probe/scripts/ok.sh': 'echo fine\n',
      'probe/scripts/run.sh': '"$@"\n',
      'probe/scripts/fetch.mjs': `const r = await fetch(${JSON.stringify(url)}); console.log(r.status);\n`,
      'probe/fixtures/pass-control/case.yaml': 'command: scripts/ok.sh\nstdout: fine\n',
      'probe/fixtures/pass-curl-absolute/case.yaml': `command: scripts/run.sh\nargs: [/usr/bin/curl, -sS, --max-time, "3", "${url}"]\n`,
      // A socket no fake sees (bash's /dev/tcp): only the missing network stops it.
      'probe/fixtures/pass-bash-tcp/case.yaml': `command: scripts/run.sh\nargs: [bash, -c, "exec 3<>/dev/tcp/127.0.0.1/${port}; echo sent >&3"]\n`,
      'probe/fixtures/pass-node-fetch/case.yaml': 'command: scripts/fetch.mjs\n',
      'probe/fixtures/pass-node-e-fetch/case.yaml': `command: scripts/run.sh\nargs: [node, -e, "fetch('${url}').then((r) => console.log(r.status))"]\n`,
      'probe/fixtures/pass-node-socket/case.yaml': `command: scripts/run.sh\nargs: [node, -e, "require('net').connect(${port}, '127.0.0.1').on('error', (e) => { console.error(e.message); process.exit(3) })"]\n`,
      'probe/fixtures/pass-write-outside/case.yaml': 'command: scripts/run.sh\nargs: [sh, -c, "echo x > ../escape.txt"]\n',
      'probe/fixtures/pass-undeclared-effect/case.yaml': 'command: scripts/run.sh\nargs: [sh, -c, "printf \'Subject: hi\\\\n\\\\nhello\\\\n\' | sendmail ops@acme.example"]\n',
      'probe/fixtures/pass-missing-section/case.yaml': 'command: gate\nargs: [report.md]\n',
      'probe/fixtures/pass-missing-section/report.md': '# Report\n\n## summary\n\nAll good.\n',
      'probe/fixtures/pass-hang/case.yaml': 'command: scripts/run.sh\nargs: [sh, -c, "sleep 61.4321 & echo bgpid=$! >&2; sleep 60"]\ntimeout: 1\n',
      'probe/fixtures/pass-outside-command/case.yaml': 'command: ../../../../usr/bin/curl\n',
      'probe/fixtures/pass-bad-yaml/case.yaml': 'expect: maybe\ncommand: scripts/ok.sh\n',
      'probe/fixtures/pass-bad-trace/trace.jsonl': '{"type":"step.start","step":"a"}\n{not json\n',
      'probe/fixtures/pass-budget-overrun/case.yaml': 'budgets: { fix: 1 }\n',
      'probe/fixtures/pass-budget-overrun/trace.jsonl': [
        JSON.stringify({ type: 'step.start', step: 'fix-1', loop: 'fix' }),
        JSON.stringify({ type: 'step.end', step: 'fix-1' }),
        JSON.stringify({ type: 'step.start', step: 'fix-2', loop: 'fix' }),
        JSON.stringify({ type: 'command', run: 'touch ran-after-budget' }),
        JSON.stringify({ type: 'step.end', step: 'fix-2' }),
      ].join('\n'),
      'probe/fixtures/pass-workflow-missing-section/trace.jsonl': [
        ...step('write', JSON.stringify({ type: 'file.write', path: 'report.md', content: '## summary\n\nok\n' })),
        ...step('send', JSON.stringify({ type: 'command', run: `curl -sS -d x ${url}` })),
      ].join('\n'),
      'probe/fixtures/pass-workflow-write-outside/trace.jsonl': step('write', JSON.stringify({ type: 'file.write', path: '../../outside.md', content: 'x' })).join('\n'),
    },
  );
  // A case that writes into the real skill folder by absolute path: caught by the before/after comparison.
  fs.mkdirSync(path.join(root, 'probe/fixtures/pass-write-skill'));
  fs.writeFileSync(path.join(root, 'probe/fixtures/pass-write-skill/case.yaml'), `command: scripts/run.sh\nargs: [sh, -c, "echo x > ${path.join(root, 'probe', 'leak.txt')}"]\n`, { flag: 'wx' });
  const r = await skillc(['rehearse', 'probe', '--format', 'json'], root);
  stdout = r.stdout;
  expect(r.code, r.stdout + r.stderr).toBe(1);
  cases = byCase(r.stdout);
});

afterAll(() => {
  server?.close();
  if (root) fs.rmSync(root, { recursive: true, force: true });
});

const reason = (name: string): string => {
  const c = cases.get(name)!;
  return `${c.firstFailure?.id}: ${c.firstFailure?.message}\n${c.firstFailure?.evidence ?? ''}`;
};

describe('skillc rehearse: negative controls', () => {
  it('runs the control case and every other case despite the broken ones', () => {
    expect(cases.get('pass-control')).toMatchObject({ actual: 'pass', ok: true });
    expect(cases.size).toBe(17);
    // Without a sandbox (--unsandboxed) nothing stops curl by absolute path or bash's /dev/tcp: those cases then pass.
    for (const [name, c] of cases) if (name !== 'pass-control' && (netnsWorks || !['pass-curl-absolute', 'pass-bash-tcp'].includes(name))) expect(c.ok, `${name}: ${stdout}`).toBe(false);
  });

  it.skipIf(!netnsWorks)('never lets a request reach the server', () => {
    expect(hits).toBe(0);
  });

  it.skipIf(!netnsWorks)('captures curl run by absolute path: the fake is bound over /usr/bin/curl', () => {
    expect(cases.get('pass-curl-absolute')!.actual).toBe('fail');
    expect(reason('pass-curl-absolute')).toMatch(/^effects: Unexpected effect `http\.get`/);
    expect(cases.get('pass-curl-absolute')!.captures[0]).toMatchObject({ effect: 'http.get', via: 'curl', url: `http://127.0.0.1:${port}/leak` });
  });

  it.skipIf(!netnsWorks)('fails a socket no fake sees (bash /dev/tcp): no network in the namespace', () => {
    expect(cases.get('pass-bash-tcp')!.actual).toBe('fail');
    expect(reason('pass-bash-tcp')).toMatch(/^exit: .* exited [1-9]/);
  });

  it('captures fetch in a node child, as a script and with node -e', () => {
    for (const name of ['pass-node-fetch', 'pass-node-e-fetch']) {
      expect(reason(name)).toMatch(/^effects: Unexpected effect `http\.get`: `probe` declares `http\.post`/);
      expect(cases.get(name)!.captures[0]).toMatchObject({ effect: 'http.get', via: 'fetch', url: `http://127.0.0.1:${port}/leak` });
    }
  });

  it('blocks a raw socket and records it', () => {
    expect(reason('pass-node-socket')).toMatch(/^effects: Unexpected effect `net\.connect`/);
    expect(cases.get('pass-node-socket')!.captures[0]).toMatchObject({ effect: 'net.connect', host: '127.0.0.1', port });
  });

  it.skipIf(!prevents)('prevents writes outside the run folder: the file system is read-only there', () => {
    for (const name of ['pass-write-outside', 'pass-write-skill']) expect(reason(name)).toMatch(/^exit: .* exited [1-9]/);
    expect(reason('pass-write-outside')).toMatch(/Read-only file system/);
    // The real skill folder is not even in the sandbox: its path does not exist there.
    expect(reason('pass-write-skill')).toMatch(/Read-only file system|No such file|Directory nonexistent/);
    expect(fs.existsSync(path.join(root, 'probe', 'leak.txt'))).toBe(false);
  });

  it.skipIf(prevents)('detects writes outside the run folder and outside the sandbox', () => {
    expect(reason('pass-write-outside')).toMatch(/^sandbox: Unexpected write outside the run folder: <sandbox>\/escape\.txt/);
    expect(reason('pass-write-skill')).toMatch(/^sandbox: Unexpected write outside the sandbox: probe\/leak\.txt/);
  });

  it('catches a workflow write outside the run folder', () => {
    expect(reason('pass-workflow-write-outside')).toMatch(/^sandbox: Unexpected write to `\.\.\/\.\.\/outside\.md` outside the run folder/);
    expect(fs.existsSync(path.join(root, 'outside.md'))).toBe(false);
  });

  it('catches an undeclared effect (sendmail, captured)', () => {
    expect(reason('pass-undeclared-effect')).toMatch(/^effects: Unexpected effect `email\.send`/);
    expect(cases.get('pass-undeclared-effect')!.captures[0]).toMatchObject({ to: ['ops@acme.example'], subject: 'hi' });
  });

  it('fails a missing section, as a script case and in a workflow (which then stops)', () => {
    expect(reason('pass-missing-section')).toContain('Missing required section `## details` in `report.md`');
    const wf = cases.get('pass-workflow-missing-section')!;
    expect(wf.firstFailure).toMatchObject({ id: 'gate', message: '`report.md` produced at step `write` fails the gate: Missing required section `## details` in `report.md`' });
    expect(wf.checks.some((c) => c.id === 'fail-closed' && !c.ok)).toBe(true);
    expect(wf.captures).toEqual([]);
  });

  it('fails a budget overrun and stops there', () => {
    expect(reason('pass-budget-overrun')).toMatch(/^budget: Unexpected iteration 2 of loop `fix` at step `fix-2`/);
  });

  it('kills a hang after its timeout, with its whole process group', () => {
    const r = reason('pass-hang');
    expect(r).toMatch(/^timeout: Unexpected hang: .* ran past 1 s and was killed with its process group/);
    expect(Number(/bgpid=(\d+)/.exec(r)?.[1])).toBeGreaterThan(0);
    // The background sleep is gone too: no process on the machine runs it any more (its pid is
    // the one of its PID namespace under bwrap, so look for its unique argument instead).
    expect(processesRunning('61.4321')).toEqual([]);
  });

  it('refuses a command outside the skill, and malformed case files, with a clear reason', () => {
    expect(cases.get('pass-outside-command')!.actual).toBe('error');
    expect(reason('pass-outside-command')).toMatch(/^case: command `\.\.\/\.\.\/\.\.\/\.\.\/usr\/bin\/curl` is outside the skill/);
    expect(reason('pass-bad-yaml')).toMatch(/^case: invalid case\.yaml at expect \(case\.yaml:1:9\): must be equal to one of the allowed values: pass, fail/);
    expect(reason('pass-bad-trace')).toMatch(/^trace: trace\.jsonl:2: Unexpected invalid JSON/);
  });

  it('leaves nothing behind in the skill folder', () => {
    const left = fs.readdirSync(path.join(root, 'probe')).sort();
    // leak.txt: the one write a case attempts on purpose; prevented, or made and reported above.
    expect(left).toEqual(prevents ? ['SKILL.md', 'fixtures', 'scripts'] : ['SKILL.md', 'fixtures', 'leak.txt', 'scripts']);
  });
});

describe('skillc rehearse without a sandbox (--unsandboxed)', () => {
  it('says so on its first line, and still captures fetch through the preload', async () => {
    const dir = tree({
      'probe/SKILL.md': SKILL,
      'probe/scripts/fetch.mjs': `await fetch('http://127.0.0.1:${port}/leak', { method: 'POST', body: 'x' });\n`,
      'probe/fixtures/pass-fetch/case.yaml': 'command: scripts/fetch.mjs\n',
      'probe/fixtures/pass-fetch/captures/001-http.post.json': `${JSON.stringify({ effect: 'http.post', via: 'fetch', method: 'POST', url: `http://127.0.0.1:${port}/leak`, headers: {}, body: 'x' }, null, 2)}\n`,
    });
    try {
      const before = hits;
      const r = await skillc(['rehearse', 'probe', '--unsandboxed'], dir, { SKILLC_REHEARSE_NO_SANDBOX: '1' });
      expect(r.stdout.split('\n')[0]).toMatch(/^UNSANDBOXED: no sandbox \(SKILLC_REHEARSE_NO_SANDBOX=1\)/);
      expect(r.code, r.stdout).toBe(0);
      expect(hits).toBe(before);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
