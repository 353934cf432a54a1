import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import path from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { compiledFakesDir, installFakes, PRELOAD_ENTRY, SHIM_ENTRY } from '../../src/rehearse/fakes.js';
import { curl } from '../../src/rehearse/fakes/curl.js';
import type { Capture, CommandCall, CommandFake } from '../../src/rehearse/fakes/fake.js';
import { git, gitSubcommand } from '../../src/rehearse/fakes/git.js';
import { CAPTURE_FAKES, COMMAND_FAKES, FAKED_PROGRAMS, NODE_FAKES } from '../../src/rehearse/fakes/index.js';
import { mail } from '../../src/rehearse/fakes/mail.js';
import { netcat } from '../../src/rehearse/fakes/netcat.js';
import { ssh } from '../../src/rehearse/fakes/ssh.js';
import { wget } from '../../src/rehearse/fakes/wget.js';
import { tempDir } from '../helpers.js';

const FAKES_SRC = path.resolve(import.meta.dirname, '../../src/rehearse/fakes');
const DOCS = fs.readFileSync(path.resolve(import.meta.dirname, '../../docs/rehearse.md'), 'utf8');

/** Runs a command fake in this process, as the shim would, with files and standard input given. */
function call(fake: CommandFake, name: string, args: string[], io: { stdin?: string; files?: Record<string, string>; realGit?: string } = {}): { status: number; captures: Capture[] } {
  const captures: Capture[] = [];
  const c: CommandCall = {
    name,
    args,
    record: (k) => void captures.push(k),
    stdin: () => io.stdin ?? '',
    readFile: (f) => {
      const text = io.files?.[f];
      if (text === undefined) throw new Error(`ENOENT ${f}`);
      return text;
    },
    settings: { captureLog: '/nowhere', ...(io.realGit ? { realGit: io.realGit } : {}) },
  };
  return { status: fake.run(c), captures };
}

describe('capture fakes, one module each', () => {
  it('curl: method, URL, headers and body from every way curl takes them', () => {
    expect(call(curl, 'curl', ['-sS', '-X', 'put', '-H', 'A: 1', '--data-binary', '@body.json', 'https://h.example/x'], { files: { 'body.json': '{"a":1}' } }).captures).toEqual([
      { effect: 'http.put', via: 'curl', method: 'PUT', url: 'https://h.example/x', headers: ['A: 1'], body: '{"a":1}' },
    ]);
    expect(call(curl, 'curl', ['--json', '@-', '--url=https://h.example/j'], { stdin: '{}' }).captures[0]).toMatchObject({ effect: 'http.post', headers: ['Content-Type: application/json'], body: '{}', url: 'https://h.example/j' });
    expect(call(curl, 'curl', ['-K', '-'], { stdin: 'url = "https://h.example/k"\nheader = "B: 2"\ndata = "q=1"\n' }).captures[0]).toMatchObject({ effect: 'http.post', url: 'https://h.example/k', headers: ['B: 2'], body: 'q=1' });
    expect(call(curl, 'curl', ['-T', 'up.txt', 'https://h.example/u'], { files: { 'up.txt': 'U' } }).captures[0]).toMatchObject({ effect: 'http.put', body: 'U' });
    expect(call(curl, 'curl', ['-I', 'https://h.example/h']).captures[0]).toMatchObject({ effect: 'http.head', method: 'HEAD' });
  });

  it('wget: GET by default, POST with --post-data or --post-file', () => {
    expect(call(wget, 'wget', ['-q', '-O', '-', 'https://h.example/g']).captures[0]).toMatchObject({ effect: 'http.get', url: 'https://h.example/g' });
    expect(call(wget, 'wget', ['--post-file=b.txt', '--header', 'C: 3', 'https://h.example/p'], { files: { 'b.txt': 'B' } }).captures[0]).toMatchObject({ effect: 'http.post', body: 'B', headers: ['C: 3'] });
  });

  it('mail: sendmail -t takes recipients from the headers, mailx from its arguments', () => {
    const message = 'To: a@x.example, b@x.example\nCc: c@x.example\nSubject: Hi\n\nBody\n';
    expect(call(mail, 'sendmail', ['-t'], { stdin: message }).captures[0]).toMatchObject({ effect: 'email.send', via: 'sendmail', to: ['a@x.example', 'b@x.example'], cc: ['c@x.example'], subject: 'Hi' });
    expect(call(mail, 'mailx', ['-s', 'Sub', '-c', 'd@x.example', 'e@x.example'], { stdin: 'Body' }).captures[0]).toMatchObject({ via: 'mailx', to: ['e@x.example'], cc: ['d@x.example'], subject: 'Sub', message: 'Body' });
  });

  it('ssh and netcat record their command lines', () => {
    expect(call(ssh, 'ssh', ['host', 'ls']).captures[0]).toEqual({ effect: 'ssh.exec', via: 'ssh', args: ['host', 'ls'] });
    expect(call(netcat, 'ncat', ['h', '25']).captures[0]).toEqual({ effect: 'net.connect', via: 'ncat', args: ['h', '25'] });
  });

  it('git: push and send-email are captured, the rest runs the real git (127 without one)', () => {
    expect(gitSubcommand(['-C', 'repo', '-c', 'a=b', 'push', 'origin'])).toBe('push');
    expect(call(git, 'git', ['-C', 'x', 'push', 'origin', 'main'])).toEqual({ status: 0, captures: [{ effect: 'git.push', via: 'git', args: ['-C', 'x', 'push', 'origin', 'main'] }] });
    expect(call(git, 'git', ['send-email', 'p.patch']).captures[0]).toMatchObject({ effect: 'email.send', via: 'git' });
    expect(call(git, 'git', ['status'], { realGit: '/bin/true' })).toEqual({ status: 0, captures: [] });
    const quiet = vi.spyOn(process.stderr, 'write').mockImplementation(() => true);
    try {
      expect(call(git, 'git', ['status']).status).toBe(127);
    } finally {
      quiet.mockRestore();
    }
  });
});

describe('the registry of capture fakes', () => {
  const modules = fs.readdirSync(FAKES_SRC).filter((f) => f.endsWith('.ts'));
  const RUNTIME = new Set(['fake.ts', 'index.ts', 'shim.ts', 'preload.ts']);

  it('lists every fake module once, and names every program once', async () => {
    const listed = new Set<unknown>(CAPTURE_FAKES);
    for (const m of modules.filter((f) => !RUNTIME.has(f))) {
      const exported = Object.values((await import(path.join(FAKES_SRC, m))) as Record<string, unknown>).filter((v) => v && typeof v === 'object' && 'kind' in v);
      expect(exported.length, m).toBe(1);
      expect(listed.has(exported[0]), `${m} is in fakes/index.ts`).toBe(true);
    }
    expect(CAPTURE_FAKES.length).toBe(modules.length - RUNTIME.size);
    expect(new Set(FAKED_PROGRAMS).size).toBe(FAKED_PROGRAMS.length);
    expect(COMMAND_FAKES.length + NODE_FAKES.length).toBe(CAPTURE_FAKES.length);
  });

  it('imports only node built-ins and modules of its own folder (the folder is copied into the sandbox alone)', () => {
    for (const m of modules) {
      const text = fs.readFileSync(path.join(FAKES_SRC, m), 'utf8');
      for (const [, spec] of text.matchAll(/\bfrom '([^']+)'/g)) expect(spec, `${m} imports ${spec}`).toMatch(/^(node:[a-z_/]+|\.\/[a-z-]+\.js)$/);
    }
  });

  it('does nothing when a fake module is imported: node fakes act only when installed', async () => {
    const apis = (): unknown[] => [globalThis.fetch, Reflect.get(http, 'request'), Reflect.get(net.Socket.prototype, 'connect')];
    const before = apis();
    for (const m of modules.filter((f) => f !== 'shim.ts' && f !== 'preload.ts')) await import(path.join(FAKES_SRC, m));
    expect(apis()).toEqual(before);
  });

  it('is what docs/rehearse.md lists', () => {
    for (const name of FAKED_PROGRAMS) expect(DOCS, name).toContain(`\`${name}\``);
    for (const f of NODE_FAKES) expect(DOCS, f.name).toContain(`\`${f.name}\``);
  });
});

describe('the compiled fakes, run by plain node outside any sandbox', () => {
  const install = (): { bin: string; log: string } => {
    const dir = tempDir('skillc-fakes-');
    const bin = path.join(dir, 'bin');
    fs.mkdirSync(bin);
    const log = path.join(dir, 'captures.jsonl');
    fs.writeFileSync(log, '');
    installFakes(bin, { captureLog: log, realGit: '/bin/true' });
    return { bin, log };
  };
  const captures = (log: string): Capture[] => fs.readFileSync(log, 'utf8').split('\n').filter(Boolean).map((l) => JSON.parse(l) as Capture);

  it('are compiled to dist/ and installed with their settings', () => {
    expect(fs.existsSync(path.join(compiledFakesDir(), 'shim.js'))).toBe(true);
    const { bin, log } = install();
    expect(JSON.parse(fs.readFileSync(path.join(bin, 'fakes', 'settings.json'), 'utf8'))).toEqual({ captureLog: log, realGit: '/bin/true' });
    for (const name of FAKED_PROGRAMS) expect(fs.statSync(path.join(bin, name)).mode & 0o111, name).not.toBe(0);
  });

  it('a program wrapper records to the channel of its settings, whatever SKILLC_CAPTURE_LOG says', () => {
    const { bin, log } = install();
    const r = spawnSync(path.join(bin, 'curl'), ['-d', 'x', 'https://h.example/w'], { env: { PATH: '/usr/bin:/bin', SKILLC_CAPTURE_LOG: '/dev/null' }, encoding: 'utf8' });
    expect(r.status, r.stderr).toBe(0);
    expect(captures(log)).toEqual([{ effect: 'http.post', via: 'curl', method: 'POST', url: 'https://h.example/w', headers: [], body: 'x' }]);
    expect(spawnSync(process.execPath, [path.join(bin, SHIM_ENTRY), 'git', 'status'], { encoding: 'utf8' }).status).toBe(0);
  });

  it('the preload replaces fetch, http and sockets in a node process', () => {
    const { bin, log } = install();
    const script = "fetch('https://h.example/f', { method: 'POST', body: 'b' }).then(() => require('http').get('http://h.example/g', () => require('net').connect(5432, 'db.example').on('error', (e) => console.log(e.code))))";
    const r = spawnSync(process.execPath, ['--import', `file://${path.join(bin, PRELOAD_ENTRY)}`, '-e', script], { encoding: 'utf8', env: { PATH: '/usr/bin:/bin' } });
    expect(r.stdout.trim(), r.stderr).toBe('EACCES');
    const where = (c: Capture): string => (typeof c.url === 'string' ? c.url : `${String(c.host)}:${String(c.port)}`);
    expect(captures(log).map((c) => `${c.effect} ${c.via} ${where(c)}`)).toEqual(['http.post fetch https://h.example/f', 'http.get http http://h.example/g', 'net.connect net db.example:5432']);
  });
});
