import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sandboxProbe } from '../../src/rehearse/sandbox.js';
import { byCase, type JsonCase, processesRunning, type Run, skillc, tree } from '../rehearse/helpers.js';

/**
 * The escapes a security review found in the rehearsal sandbox (issue 14),
 * each as a hostile case. A case named pass-… that escapes would pass; each
 * must come out as an error (or failed) with nothing changed outside.
 */
const probe = sandboxProbe();
const SKILL = `---\nname: probe\ndescription: Use when testing the rehearsal sandbox.\n---\n\n# Probe\n`;
const PYTHON = fs.existsSync('/usr/bin/python3') ? '/usr/bin/python3' : undefined;

const reasonOf = (c: JsonCase | undefined): string => `${c?.firstFailure?.id}: ${c?.firstFailure?.message}\n${c?.firstFailure?.evidence ?? ''}`;

describe.skipIf(!probe.ok)(`rehearse under bubblewrap: escapes that must fail${probe.ok ? '' : ` (skipped: ${probe.why})`}`, () => {
  let root = '';
  let outside = '';
  let sockets: net.Server | undefined;
  let abstractServer: net.Server | undefined;
  const abstract = `skillc-sec-abstract-${process.pid}`;
  let socketHits = 0;
  let run: Run;
  let cases: Map<string, JsonCase>;
  const marker = (name: string): string => path.join(outside, name);

  beforeAll(async () => {
    outside = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'skillc-sec-outside-')));
    fs.chmodSync(outside, 0o777);
    const sock = path.join(outside, 'host.sock');
    sockets = net.createServer((c) => {
      socketHits++;
      c.end();
    });
    await new Promise<void>((resolve) => sockets!.listen(sock, resolve));
    fs.chmodSync(sock, 0o777);
    abstractServer = net.createServer((c) => {
      socketHits++;
      c.end();
    });
    await new Promise<void>((resolve) => abstractServer!.listen(`\0${abstract}`, resolve));
    const fakeLauncher = `#!/bin/sh\necho ran > ${marker('launcher-ran')}\nexec "$@"\n`;
    const shm = `skillc-sec-shm-${process.pid}`;
    root = tree(
      {
        'probe/SKILL.md': SKILL,
        'probe/scripts/run.sh': '"$@"\n',
        // The case's PATH finds its own `unshare` / `bwrap` first: the launcher must not be looked up on it.
        'probe/fixtures/pass-launcher-path/case.yaml': 'command: scripts/run.sh\nargs: ["true"]\nenv: { PATH: ".:/usr/bin:/bin" }\n',
        'probe/fixtures/pass-launcher-path/unshare': fakeLauncher,
        'probe/fixtures/pass-launcher-path/bwrap': fakeLauncher,
        // Root in its user namespace: remount everything writable, unmount what hides the host, then write out.
        'probe/fixtures/pass-remount/case.yaml': `command: scripts/run.sh\nargs: [sh, -c, "mount -o remount,bind,rw / 2>/dev/null; mount -o remount,rw /usr 2>/dev/null; umount -l /tmp 2>/dev/null; unshare -rm true 2>/dev/null && echo NESTED_$((1+1)); echo x > ${marker('remount.txt')} 2>/dev/null; grep -E '^(CapEff|NoNewPrivs)' /proc/self/status"]\nstdout: "CapEff:\\t0000000000000000\\nNoNewPrivs:\\t1"\n`,
        // Processes that leave the process group.
        'probe/fixtures/pass-setsid/case.yaml': `command: scripts/run.sh\nargs: [sh, -c, "setsid sleep 61.8642 & (sh -c 'sleep 61.8642 &' &); true"]\n`,
        // Shared memory and host Unix sockets.
        'probe/fixtures/pass-shm/case.yaml': `command: scripts/run.sh\nargs: [sh, -c, "echo x > /dev/shm/${shm}"]\n`,
        ...(PYTHON
          ? {
              'probe/fixtures/pass-host-socket/case.yaml': `command: scripts/run.sh\nargs: [${PYTHON}, -c, "import socket,sys; s=socket.socket(socket.AF_UNIX); s.connect(sys.argv[1]); s.sendall(b'x')", ${sock}]\n`,
              'probe/fixtures/pass-abstract-socket/case.yaml': `command: scripts/run.sh\nargs: [${PYTHON}, -c, "import socket,sys; s=socket.socket(socket.AF_UNIX); s.connect(chr(0) + sys.argv[1]); s.sendall(b'x')", ${abstract}]\n`,
            }
          : {}),
        // Reads the capture channel itself, to steal what the shims send before skillc does.
        'probe/fixtures/pass-steal-captures/case.yaml': `command: scripts/run.sh\nargs: [sh, -c, "(timeout 3 cat \\"$SKILLC_CAPTURE_LOG\\" > /dev/null 2>&1 &); chmod 666 \\"$SKILLC_CAPTURE_LOG\\" 2>/dev/null; sleep 0.3; echo hi | sendmail ops@acme.example; sleep 0.5"]\n`,
        // Files only root may read: a case started by root runs as nobody.
        'probe/fixtures/pass-shadow/case.yaml': 'command: scripts/run.sh\nargs: [cat, /etc/shadow]\n',
      },
      { 'probe/fixtures/pass-launcher-path/unshare': 0o755, 'probe/fixtures/pass-launcher-path/bwrap': 0o755 },
    );
    run = await skillc(['rehearse', 'probe', '--format', 'json'], root);
    cases = byCase(run.stdout);
    (globalThis as { shmName?: string }).shmName = shm;
  });

  afterAll(() => {
    sockets?.close();
    abstractServer?.close();
    for (const p of [root, outside]) if (p) fs.rmSync(p, { recursive: true, force: true });
    const shm = (globalThis as { shmName?: string }).shmName;
    if (shm) fs.rmSync(path.join('/dev/shm', shm), { force: true });
  });

  it('resolves the launcher by absolute path: a case PATH with its own `unshare`/`bwrap` runs nothing outside', () => {
    expect(fs.existsSync(marker('launcher-ran'))).toBe(false);
    expect(cases.get('pass-launcher-path')).toMatchObject({ actual: 'pass', ok: true });
  });

  it('drops every capability and sets no-new-privileges: root in the namespace cannot remount, unmount or nest a namespace', () => {
    expect(cases.get('pass-remount'), reasonOf(cases.get('pass-remount'))).toMatchObject({ actual: 'pass', ok: true });
    expect(fs.existsSync(marker('remount.txt'))).toBe(false);
  });

  it('kills setsid and double-forked children with the sandbox (PID namespace)', () => {
    expect(cases.get('pass-setsid')).toMatchObject({ actual: 'pass' });
    expect(processesRunning('61.8642')).toEqual([]);
  });

  it('gives the case a private /dev/shm: nothing it writes there persists', () => {
    expect(cases.get('pass-shm')).toMatchObject({ actual: 'pass' });
    expect(fs.existsSync(path.join('/dev/shm', (globalThis as { shmName?: string }).shmName!))).toBe(false);
  });

  it.skipIf(!PYTHON)('reaches no Unix socket of the host, on the file system or abstract', () => {
    expect(cases.get('pass-host-socket')!.actual).toBe('fail');
    expect(cases.get('pass-abstract-socket')!.actual).toBe('fail');
    expect(socketHits).toBe(0);
  });

  it('cannot read (steal) from the capture channel: skillc alone reads it', () => {
    expect(cases.get('pass-steal-captures')!.captures.map((c) => c.effect)).toEqual(['email.send']);
  });

  it.skipIf(!fs.existsSync('/etc/shadow'))('cannot read files only root may read (a root skillc runs the case as nobody)', () => {
    expect(cases.get('pass-shadow')!.actual).toBe('fail');
    expect(reasonOf(cases.get('pass-shadow'))).toMatch(/Permission denied/);
  });
});

describe('rehearse: case paths are never followed through links, and special files never opened', () => {
  let root = '';
  let outside = '';
  let run: Run;
  let cases: Map<string, JsonCase>;
  const SECRET = 'skillc-sec-secret-9d2e';

  beforeAll(async () => {
    outside = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'skillc-sec-links-')));
    fs.writeFileSync(path.join(outside, 'id_rsa'), SECRET);
    fs.mkdirSync(path.join(outside, 'golden'));
    fs.writeFileSync(path.join(outside, 'golden', '001-keep.json'), `{"effect":"${SECRET}"}\n`);
    fs.mkdirSync(path.join(outside, 'skills', 'private-skill'), { recursive: true });
    fs.writeFileSync(path.join(outside, 'skills', 'private-skill', 'SKILL.md'), `---\nname: private-skill\ndescription: ${SECRET}\n---\n# P\n`);
    const wf = (lines: object[]): string => lines.map((l) => JSON.stringify(l)).join('\n') + '\n';
    root = tree({
      'probe/SKILL.md': SKILL,
      'probe/scripts/run.sh': '"$@"\n',
      'probe/fixtures/pass-write-through-inputs-link/trace.jsonl': wf([{ type: 'file.write', path: 'd/planted.txt', content: 'x' }]),
      'probe/fixtures/pass-inputs-is-link/trace.jsonl': wf([{ type: 'file.write', path: 'planted.txt', content: 'x' }]),
      'probe/fixtures/pass-from-link/trace.jsonl': wf([{ type: 'file.write', path: 'copy.txt', from: 'key' }]),
      'probe/fixtures/pass-captures-link/case.yaml': 'command: scripts/run.sh\nargs: ["true"]\n',
      'probe/fixtures/pass-catalog-outside/case.yaml': `command: catalog\nargs: [${path.join(outside, 'skills')}]\n`,
      'probe/fixtures/pass-catalog-link/case.yaml': 'command: catalog\nargs: [skills]\n',
      'probe/fixtures/pass-catalog-output/case.yaml': `command: catalog\nargs: ["-o", "${path.join(outside, 'catalog.json')}"]\n`,
      'probe/fixtures/pass-case-yaml-link/README': 'case.yaml links to a secret\n',
      'probe/fixtures/pass-catalog-skill-md-link/case.yaml': 'command: catalog\nargs: [.]\n',
    });
    const fx = path.join(root, 'probe', 'fixtures');
    fs.mkdirSync(path.join(fx, 'pass-write-through-inputs-link', 'inputs'));
    fs.symlinkSync(outside, path.join(fx, 'pass-write-through-inputs-link', 'inputs', 'd'));
    fs.symlinkSync(outside, path.join(fx, 'pass-inputs-is-link', 'inputs'));
    fs.symlinkSync(path.join(outside, 'id_rsa'), path.join(fx, 'pass-from-link', 'key'));
    fs.symlinkSync(path.join(outside, 'golden'), path.join(fx, 'pass-captures-link', 'captures'));
    fs.symlinkSync(path.join(outside, 'skills'), path.join(fx, 'pass-catalog-link', 'skills'));
    fs.symlinkSync(path.join(outside, 'id_rsa'), path.join(fx, 'pass-case-yaml-link', 'case.yaml'));
    fs.mkdirSync(path.join(fx, 'pass-catalog-skill-md-link', 'mine'));
    fs.symlinkSync(path.join(outside, 'skills', 'private-skill', 'SKILL.md'), path.join(fx, 'pass-catalog-skill-md-link', 'mine', 'SKILL.md'));
    run = await skillc(['rehearse', 'probe', '--format', 'json', '--update', '--unsandboxed'], root);
    cases = byCase(run.stdout);
  });

  afterAll(() => {
    for (const p of [root, outside]) if (p) fs.rmSync(p, { recursive: true, force: true });
  });

  it('refuses a trace write through a link in inputs/', () => {
    expect(fs.existsSync(path.join(outside, 'planted.txt'))).toBe(false);
    expect(cases.get('pass-write-through-inputs-link')!.actual).toBe('error');
    expect(reasonOf(cases.get('pass-write-through-inputs-link'))).toMatch(/^sandbox: Unexpected write to `d\/planted\.txt` goes through the symlink `d`/);
  });

  it('refuses an inputs/ that is a link (the run folder would be the outside folder)', () => {
    expect(fs.existsSync(path.join(outside, 'planted.txt'))).toBe(false);
    expect(reasonOf(cases.get('pass-inputs-is-link'))).toMatch(/^case: inputs folder `inputs` is a symlink; skillc does not follow links/);
  });

  it('refuses a `from:` file that is a link', () => {
    expect(reasonOf(cases.get('pass-from-link'))).toMatch(/^trace: Unexpected `from` file `key` is a symlink/);
    expect(run.stdout).not.toContain(SECRET);
    expect(run.code).toBe(1);
  });

  it('refuses a captures/ that is a link, and --update deletes nothing through it', () => {
    expect(reasonOf(cases.get('pass-captures-link'))).toMatch(/^case: captures folder `captures` is a symlink; skillc does not follow links/);
    expect(fs.readdirSync(path.join(outside, 'golden'))).toEqual(['001-keep.json']);
  });

  it('refuses a case.yaml that is a link', () => {
    expect(reasonOf(cases.get('pass-case-yaml-link'))).toMatch(/^case: case file `case\.yaml` is a symlink/);
  });

  it('keeps `command: catalog` inside the sandbox: no outside path, no link out, no output file', () => {
    for (const name of ['pass-catalog-outside', 'pass-catalog-link', 'pass-catalog-output', 'pass-catalog-skill-md-link']) {
      expect(cases.get(name)!.actual, name).toBe('error');
      expect(reasonOf(cases.get(name))).toMatch(/^sandbox: Unexpected `catalog` (argument .* is outside the sandbox|option `-o` is not allowed|would read through the link <run>\/mine\/SKILL\.md -> )/);
    }
    expect(fs.existsSync(path.join(outside, 'catalog.json'))).toBe(false);
  });
});

describe('rehearse and replay: FIFOs are refused, not waited on', () => {
  let root = '';
  let run: Run;
  let cases: Map<string, JsonCase>;
  const mkfifo = (p: string): void => {
    const r = spawnSync('/usr/bin/mkfifo', [p]);
    if (r.status !== 0) throw new Error(`mkfifo ${p} failed`);
  };

  beforeAll(async () => {
    root = tree({
      'probe/SKILL.md': SKILL,
      'probe/scripts/run.sh': '"$@"\n',
      'probe/fixtures/pass-trace-fifo/case.yaml': 'expect: pass\n',
      'probe/fixtures/pass-golden-fifo/case.yaml': 'command: scripts/run.sh\nargs: ["true"]\n',
      'probe/fixtures/pass-args-fifo/case.yaml': 'command: scripts/run.sh\n',
      'probe/fixtures/pass-case-fifo/README': 'case.yaml is a FIFO\n',
      'probe/fixtures/pass-from-fifo/trace.jsonl': `${JSON.stringify({ type: 'file.write', path: 'x', from: 'pipe' })}\n`,
    });
    const fx = path.join(root, 'probe', 'fixtures');
    mkfifo(path.join(fx, 'pass-trace-fifo', 'trace.jsonl'));
    fs.mkdirSync(path.join(fx, 'pass-golden-fifo', 'captures'));
    mkfifo(path.join(fx, 'pass-golden-fifo', 'captures', '001-x.json'));
    mkfifo(path.join(fx, 'pass-args-fifo', '.args'));
    mkfifo(path.join(fx, 'pass-case-fifo', 'case.yaml'));
    mkfifo(path.join(fx, 'pass-from-fifo', 'pipe'));
    fs.mkdirSync(path.join(root, 'probe', 'references'));
    mkfifo(path.join(root, 'probe', 'references', 'pipe.md'));
    run = await skillc(['rehearse', 'probe', '--format', 'json', '--unsandboxed'], root);
    cases = byCase(run.stdout);
  });

  afterAll(() => {
    if (root) fs.rmSync(root, { recursive: true, force: true });
  });

  it('finishes, each FIFO case failing with a reason', () => {
    expect(run.code, run.stderr).toBe(1);
    expect(reasonOf(cases.get('pass-trace-fifo'))).toMatch(/^case: trace `trace\.jsonl` is not a regular file/);
    expect(reasonOf(cases.get('pass-case-fifo'))).toMatch(/^case: case file `case\.yaml` is not a regular file/);
    expect(reasonOf(cases.get('pass-args-fifo'))).toMatch(/^case: arguments file `\.args` is not a regular file/);
    expect(reasonOf(cases.get('pass-from-fifo'))).toMatch(/^trace: Unexpected `from` file `pipe` is not a regular file/);
    expect(reasonOf(cases.get('pass-golden-fifo'))).toMatch(/^captures: Missing capture 1: captures\/001-x\.json/);
  });

  it('replay refuses a FIFO trace, named directly or as a case folder\'s trace.jsonl', async () => {
    const fifo = path.join(root, 'probe', 'fixtures', 'pass-trace-fifo');
    for (const target of [fifo, path.join(fifo, 'trace.jsonl')]) {
      const r = await skillc(['replay', target], root);
      expect(r.code, target).toBe(2);
      expect(r.stderr).toMatch(/is not a regular file \(a FIFO, socket or device\)/);
    }
  });
});

describe('rehearse: captures, violations and the missing sandbox', () => {
  let root = '';
  const outsideMarker = path.join(os.tmpdir(), `skillc-sec-unsandboxed-${process.pid}`);

  beforeAll(() => {
    const wf = (lines: object[]): string => lines.map((l) => JSON.stringify(l)).join('\n') + '\n';
    root = tree({
      'probe/SKILL.md': SKILL,
      'probe/scripts/run.sh': '"$@"\n',
      // Records an undeclared email, then empties the capture channel it was written to.
      'probe/fixtures/pass-erase-captures/case.yaml': 'command: scripts/run.sh\nargs: [sh, -c, "echo hi | sendmail ops@acme.example; : > \\"$SKILLC_CAPTURE_LOG\\"; rm -f \\"$SKILLC_CAPTURE_LOG\\" 2>/dev/null; true"]\n',
      // A failing case whose trace also tries to write outside the run folder.
      'probe/fixtures/fail-masked-violation/case.yaml': 'failure: gate\n',
      'probe/fixtures/fail-masked-violation/trace.jsonl': wf([
        { type: 'file.write', path: '../../escape.md', content: 'x' },
        { type: 'gate', name: 'g', verdict: 'fail' },
      ]),
      'probe/fixtures/pass-env-ld-preload/case.yaml': 'command: scripts/run.sh\nargs: ["true"]\nenv: { LD_PRELOAD: ./evil.so }\n',
      'probe/fixtures/pass-env-node-options/trace.jsonl': wf([{ type: 'command', argv: ['true'], env: { NODE_OPTIONS: '--require=./evil.js' } }]),
      'probe/fixtures/pass-unsandboxed-write/case.yaml': `command: scripts/run.sh\nargs: [sh, -c, "echo x > ${outsideMarker}"]\n`,
    });
  });

  afterAll(() => {
    if (root) fs.rmSync(root, { recursive: true, force: true });
    fs.rmSync(outsideMarker, { force: true });
  });

  it('keeps a capture the script erased from the channel afterwards', async () => {
    const r = await skillc(['rehearse', 'probe/fixtures/pass-erase-captures', '--format', 'json', '--unsandboxed'], root);
    const c = byCase(r.stdout).get('pass-erase-captures')!;
    expect(c.captures.map((k) => k.effect)).toEqual(['email.send']);
    expect(reasonOf(c)).toMatch(/^effects: Unexpected effect `email\.send`/);
  });

  it('makes a sandbox violation an error even in a fail- case, and shows it in stylish output', async () => {
    const json = await skillc(['rehearse', 'probe/fixtures/fail-masked-violation', '--format', 'json', '--unsandboxed'], root);
    const c = byCase(json.stdout).get('fail-masked-violation')!;
    expect(c).toMatchObject({ actual: 'error', ok: false });
    expect(json.code).toBe(1);
    const stylish = await skillc(['rehearse', 'probe/fixtures/fail-masked-violation', '--unsandboxed'], root);
    expect(stylish.stdout).toMatch(/✖ fail-masked-violation/);
    expect(stylish.stdout).toMatch(/^ {6}sandbox: Unexpected write to `\.\.\/\.\.\/escape\.md` outside the run folder/m);
  });

  it('refuses loader and runtime injection variables in a case\'s env', async () => {
    const r = await skillc(['rehearse', 'probe/fixtures/pass-env-ld-preload', 'probe/fixtures/pass-env-node-options', '--format', 'json', '--unsandboxed'], root);
    const cases = byCase(r.stdout);
    expect(reasonOf(cases.get('pass-env-ld-preload'))).toMatch(/^case: case\.yaml `env` sets `LD_PRELOAD`: loader and runtime injection variables/);
    expect(reasonOf(cases.get('pass-env-node-options'))).toMatch(/^trace: trace\.jsonl:1: Unexpected `env` that sets `NODE_OPTIONS`/);
  });

  it('without a sandbox, runs no command unless --unsandboxed, and says so on the first line', async () => {
    const refused = await skillc(['rehearse', 'probe/fixtures/pass-unsandboxed-write'], root, { SKILLC_REHEARSE_NO_SANDBOX: '1' });
    expect(refused.stdout.split('\n')[0]).toMatch(/^NO SANDBOX: no sandbox \(SKILLC_REHEARSE_NO_SANDBOX=1\); the cases' commands were not run/);
    expect(refused.stdout).toMatch(/sandbox: `scripts\/run\.sh .*` not run: no sandbox is available/);
    expect(refused.code).toBe(1);
    expect(fs.existsSync(outsideMarker)).toBe(false);
    const junit = await skillc(['rehearse', 'probe/fixtures/pass-unsandboxed-write', '-f', 'junit'], root, { SKILLC_REHEARSE_NO_SANDBOX: '1' });
    expect(junit.stdout.split('\n')[1]).toMatch(/^<!-- NO SANDBOX: /);
    expect(junit.stderr).toMatch(/^skillc rehearse: NO SANDBOX: /);
    const allowed = await skillc(['rehearse', 'probe/fixtures/pass-unsandboxed-write', '--unsandboxed'], root, { SKILLC_REHEARSE_NO_SANDBOX: '1' });
    expect(allowed.stdout.split('\n')[0]).toMatch(/^UNSANDBOXED: /);
    expect(allowed.code).toBe(0);
  });
});
