import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sandboxProbe } from '../../src/rehearse/sandbox.js';
import { byCase, type JsonCase, netnsWorks, skillc, tree } from './helpers.js';

/**
 * What a case can reach of the user's machine: the parent's secrets in the
 * environment, the real HOME, the network by every route, files outside its
 * run folder. Each probe case is named pass-… and must come out failed (or, for
 * the secret probes, pass while proving it saw nothing).
 */
const SECRET = 'skillc-test-secret-4f1c2a';
let server: http.Server;
let port = 0;
let hits = 0;
let root = '';
let realHome = '';
let outside = '';
let cases: Map<string, JsonCase>;

const SKILL = `---\nname: probe\ndescription: Use when testing the rehearsal sandbox.\n---\n\n# Probe\n`;

beforeAll(async () => {
  server = http.createServer((_req, res) => {
    hits++;
    res.end('leaked');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
  realHome = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'skillc-home-')));
  fs.writeFileSync(path.join(realHome, '.secret'), SECRET);
  outside = path.join(os.tmpdir(), `skillc-outside-${process.pid}.txt`);
  const url = `http://127.0.0.1:${port}/leak`;
  root = tree({
    'probe/SKILL.md': SKILL,
    'probe/scripts/run.sh': '"$@"\n',
    // Prints nothing of the secret when it cannot see it; the case pins stdout to that.
    'probe/fixtures/pass-env-secret/case.yaml': 'command: scripts/run.sh\nargs: [sh, -c, "printf \'%s|%s\' \\"${SECRET_TOKEN:-none}\\" \\"$(cat $HOME/.secret 2>/dev/null || echo none)\\""]\nstdout: "none|none"\n',
    'probe/fixtures/pass-read-real-home/case.yaml': `command: scripts/run.sh\nargs: [cat, ${path.join(realHome, '.secret')}]\nstdout: "${SECRET}"\n`,
    'probe/fixtures/pass-wget-absolute/case.yaml': `command: scripts/run.sh\nargs: [/usr/bin/wget, -q, -T, "3", -O, "-", "${url}"]\n`,
    // Past the fakes: a client with the preload switched off, and bash's /dev/tcp.
    'probe/fixtures/pass-node-no-preload/case.yaml': `command: scripts/run.sh\nargs: [sh, -c, "NODE_OPTIONS= node -e \\"require('http').get('${url}', (r) => console.log(r.statusCode)).on('error', (e) => { console.error(e.code); process.exit(4) })\\""]\n`,
    'probe/fixtures/pass-bash-tcp/case.yaml': `command: scripts/run.sh\nargs: [bash, -c, "exec 3<>/dev/tcp/127.0.0.1/${port}; echo sent >&3"]\n`,
    'probe/fixtures/pass-node-http/case.yaml': `command: scripts/run.sh\nargs: [node, -e, "require('http').get('${url}', (r) => console.log(r.statusCode))"]\nstdout: "200"\nexit: 0\n`,
    'probe/fixtures/pass-dns/case.yaml': 'command: scripts/run.sh\nargs: [node, -e, "require(\'dns\').lookup(\'example.com\', (e, a) => { if (e) { console.error(e.code); process.exit(4) } console.log(a) })"]\n',
    'probe/fixtures/pass-write-tmp/case.yaml': `command: scripts/run.sh\nargs: [sh, -c, "echo x > ${outside}"]\n`,
  });
  const r = await skillc(['rehearse', 'probe', '--format', 'json'], root, { SECRET_TOKEN: SECRET, HOME: realHome });
  cases = byCase(r.stdout);
});

afterAll(() => {
  server?.close();
  for (const p of [root, realHome]) if (p) fs.rmSync(p, { recursive: true, force: true });
  fs.rmSync(outside, { force: true });
});

const reason = (name: string): string => {
  const c = cases.get(name)!;
  return `${c.firstFailure?.id}: ${c.firstFailure?.message}\n${c.firstFailure?.evidence ?? ''}`;
};

describe('skillc rehearse: what a case cannot reach', () => {
  it('sees neither the parent environment nor the real HOME', () => {
    expect(cases.get('pass-env-secret')).toMatchObject({ actual: 'pass', ok: true });
    for (const c of cases.values()) expect(JSON.stringify(c.checks.filter((k) => k.id !== 'stdout'))).not.toContain(SECRET); // a pinned stdout quotes its expectation
  });

  it.skipIf(!sandboxProbe().ok)('cannot read the real HOME even by absolute path: an empty folder hides it', () => {
    expect(cases.get('pass-read-real-home')!.actual).toBe('fail');
    expect(reason('pass-read-real-home')).toMatch(/^exit: .* exited [1-9]/);
  });

  it.skipIf(!netnsWorks)('has no network: DNS, a node client without the preload and bash /dev/tcp fail; wget by absolute path is the fake', () => {
    expect(reason('pass-dns')).toMatch(/^exit: .* exited 4/);
    expect(reason('pass-node-no-preload')).toMatch(/^exit: .* exited 4/);
    expect(reason('pass-bash-tcp')).toMatch(/^exit: .* exited [1-9]/);
    expect(cases.get('pass-wget-absolute')!.captures[0]).toMatchObject({ effect: 'http.get', via: 'wget', url: `http://127.0.0.1:${port}/leak` });
    expect(hits).toBe(0);
  });

  it('captures node http instead of sending it', () => {
    expect(cases.get('pass-node-http')!.captures[0]).toMatchObject({ effect: 'http.get', via: 'http', url: `http://127.0.0.1:${port}/leak` });
    // Without a sandbox, wget by absolute path does reach it (pass-wget-absolute); the preload still kept node's request.
    if (netnsWorks) expect(hits).toBe(0);
  });

  it.skipIf(!sandboxProbe().ok)('cannot write outside its folder, even by absolute path', () => {
    expect(reason('pass-write-tmp')).toMatch(/Read-only file system/);
    expect(fs.existsSync(outside)).toBe(false);
  });
});
