/**
 * Capture fakes. Commands that reach the outside world (curl, wget, sendmail,
 * mail, ssh, nc, git push) are shadowed by shims first on PATH; node children
 * get a `--import` preload that replaces fetch, http, https and socket
 * connects. Both append what would have been sent to the capture log and
 * send nothing. The programs are written into each sandbox, so the sandbox
 * needs nothing from the skillc install at run time.
 */
import fs from 'node:fs';
import path from 'node:path';

export const SHIMMED = ['curl', 'wget', 'sendmail', 'mail', 'mailx', 'ssh', 'nc', 'ncat', 'netcat', 'git'] as const;
export const SHIM_PROGRAM = 'skillc-shim.mjs';
export const PRELOAD = 'skillc-preload.mjs';
/**
 * Set (to `1`) when skillc hands a command answered from the recording to a fake
 * (src/rehearse/recorded.ts): the fake records the effect and does nothing else; the git fake
 * then runs no git command, since the recording already answered it.
 */
export const RECORD_ONLY_ENV = 'SKILLC_RECORD_ONLY';

/** The git subcommand a git command line runs (options and their values skipped), as the git shim reads it. */
export function gitSubcommand(args: readonly string[]): string | undefined {
  return args.find((a, i) => !a.startsWith('-') && args[i - 1] !== '-C' && args[i - 1] !== '-c');
}

/** Whether a command a fake shadows has an effect: every one but git, whose other commands than push and send-email pass through. */
export function fakeHasEffect(name: string, args: readonly string[]): boolean {
  if (name !== 'git') return (SHIMMED as readonly string[]).includes(name);
  const sub = gitSubcommand(args);
  return sub === 'push' || sub === 'send-email';
}

/** The shim: `node skillc-shim.mjs <name> <args...>`. Parses just enough of each tool to record its effect. */
const SHIM_SOURCE = String.raw`import fs from 'node:fs';
import { spawnSync } from 'node:child_process';
const [tool, ...args] = process.argv.slice(2);
const log = process.env.SKILLC_CAPTURE_LOG;
const record = (r) => { if (log) fs.appendFileSync(log, JSON.stringify(r) + '\n'); };
let stdinText;
const stdin = () => { if (stdinText === undefined) { try { stdinText = fs.readFileSync(0, 'utf8'); } catch { stdinText = ''; } } return stdinText; };
const readData = (v) => v === '@-' ? stdin() : v.startsWith('@') ? fs.readFileSync(v.slice(1), 'utf8') : v;
const take = (i, flag) => { const a = args[i]; const eq = a.indexOf('='); return a.startsWith('--') && eq > 0 ? [a.slice(eq + 1), i] : [args[i + 1] ?? '', i + 1]; };

function curl() {
  const WITH_VALUE = new Set(['-X','--request','-H','--header','-d','--data','--data-binary','--data-raw','--data-ascii','--data-urlencode','-F','--form','-o','--output','-K','--config','--url','-u','--user','-A','--user-agent','-e','--referer','-m','--max-time','--connect-timeout','-w','--write-out','--retry','-T','--upload-file','-b','--cookie','-c','--cookie-jar','--json']);
  let method, url; const headers = []; const data = [];
  const config = (text) => { for (const line of text.split('\n')) { const m = /^\s*-{0,2}([\w-]+)\s*[=:]?\s*"?(.*?)"?\s*$/.exec(line); if (!m) continue; const [, k, v] = m; if (k === 'url') url = v; else if (k === 'header' || k === 'H') headers.push(v); else if (k.startsWith('data')) data.push(v); else if (k === 'request' || k === 'X') method = v; } };
  for (let i = 0; i < args.length; i++) {
    const a = args[i];
    const flag = a.startsWith('--') && a.includes('=') ? a.slice(0, a.indexOf('=')) : a;
    if (!WITH_VALUE.has(flag)) { if (!a.startsWith('-')) url = a; else if (a === '-G' || a === '--get') method = 'GET'; else if (a === '-I' || a === '--head') method = 'HEAD'; continue; }
    let v; [v, i] = take(i, flag);
    if (flag === '-X' || flag === '--request') method = v;
    else if (flag === '-H' || flag === '--header') headers.push(v);
    else if (flag === '--json') { data.push(readData(v)); headers.push('Content-Type: application/json'); }
    else if (flag.startsWith('-d') || flag.startsWith('--data') || flag === '-F' || flag === '--form') data.push(readData(v));
    else if (flag === '-T' || flag === '--upload-file') { data.push(readData('@' + v)); method ??= 'PUT'; }
    else if (flag === '-K' || flag === '--config') config(v === '-' ? stdin() : fs.readFileSync(v, 'utf8'));
    else if (flag === '--url') url = v;
    else if ((flag === '-o' || flag === '--output') && v !== '-' && v !== '/dev/null') fs.writeFileSync(v, '');
  }
  method = (method ?? (data.length ? 'POST' : 'GET')).toUpperCase();
  record({ effect: 'http.' + method.toLowerCase(), via: 'curl', method, url: url ?? '', headers, body: data.join('&') });
}

function wget() {
  let method, url, body = ''; const headers = [];
  for (let i = 0; i < args.length; i++) {
    const a = args[i];
    const [flag, inline] = a.startsWith('--') && a.includes('=') ? [a.slice(0, a.indexOf('=')), a.slice(a.indexOf('=') + 1)] : [a, undefined];
    const value = () => inline ?? args[++i] ?? '';
    if (flag === '--post-data' || flag === '--body-data') { body = value(); method ??= 'POST'; }
    else if (flag === '--post-file' || flag === '--body-file') { body = fs.readFileSync(value(), 'utf8'); method ??= 'POST'; }
    else if (flag === '--method') method = value();
    else if (flag === '--header') headers.push(value());
    else if (flag === '-O' || flag === '--output-document' || flag === '-o' || flag === '--output-file' || flag === '-U' || flag === '--user-agent' || flag === '-T' || flag === '--timeout') value();
    else if (!a.startsWith('-')) url = a;
  }
  method = (method ?? 'GET').toUpperCase();
  record({ effect: 'http.' + method.toLowerCase(), via: 'wget', method, url: url ?? '', headers, body });
}

function mail() {
  const to = []; let subject; const cc = [];
  const fromHeaders = args.includes('-t');
  for (let i = 0; i < args.length; i++) {
    const a = args[i];
    if (tool !== 'sendmail' && a === '-s') subject = args[++i];
    else if (tool !== 'sendmail' && (a === '-c' || a === '-b')) cc.push(args[++i]);
    else if (a === '-r' || a === '-f' || a === '-a' || a === '-F' || a === '-S' || a === '-o') i++;
    else if (!a.startsWith('-')) to.push(a);
  }
  const message = stdin();
  if (tool === 'sendmail' || fromHeaders) {
    const head = message.split(/\r?\n\r?\n/)[0] ?? '';
    for (const line of head.split(/\r?\n/)) {
      const m = /^(to|cc|bcc|subject):\s*(.*)$/i.exec(line);
      if (!m) continue;
      const key = m[1].toLowerCase();
      if (key === 'subject') subject ??= m[2];
      else if (fromHeaders) (key === 'to' ? to : cc).push(...m[2].split(',').map((s) => s.trim()).filter(Boolean));
    }
  }
  record({ effect: 'email.send', via: tool, to, cc, subject: subject ?? '', message });
}

switch (tool) {
  case 'curl': curl(); break;
  case 'wget': wget(); break;
  case 'sendmail': case 'mail': case 'mailx': mail(); break;
  case 'ssh': record({ effect: 'ssh.exec', via: 'ssh', args }); break;
  case 'nc': case 'ncat': case 'netcat': record({ effect: 'net.connect', via: tool, args }); break;
  case 'git': {
    const sub = (${gitSubcommand.toString()})(args);
    if (sub === 'push' || sub === 'send-email') { record({ effect: sub === 'push' ? 'git.push' : 'email.send', via: 'git', args }); break; }
    if (process.env.SKILLC_RECORD_ONLY === '1') process.exit(0);
    const real = process.env.SKILLC_REAL_GIT;
    if (!real) { process.stderr.write('git: not available in this rehearsal\n'); process.exit(127); }
    const r = spawnSync(real, args, { stdio: 'inherit' });
    process.exit(r.status ?? 1);
  }
  default: process.stderr.write(tool + ': captured by skillc rehearse\n');
}
`;

/** The node preload: fetch, http(s) and socket connects become captures; nothing leaves the process. */
const PRELOAD_SOURCE = String.raw`import fs from 'node:fs';
import http from 'node:http';
import https from 'node:https';
import net from 'node:net';
import { syncBuiltinESMExports } from 'node:module';
import { PassThrough, Writable } from 'node:stream';
const log = process.env.SKILLC_CAPTURE_LOG;
const record = (r) => { if (log) fs.appendFileSync(log, JSON.stringify(r) + '\n'); };
const text = async (body) => body == null ? '' : typeof body === 'string' ? body : await new Response(body).text();

globalThis.fetch = async function fetch(input, init = {}) {
  const req = typeof Request !== 'undefined' && input instanceof Request ? input : undefined;
  const url = req ? req.url : String(input);
  const method = String(init.method ?? req?.method ?? 'GET').toUpperCase();
  const headers = Object.fromEntries(new Headers(init.headers ?? req?.headers ?? {}));
  const body = init.body !== undefined ? await text(init.body) : req && method !== 'GET' && method !== 'HEAD' ? await req.text() : '';
  record({ effect: 'http.' + method.toLowerCase(), via: 'fetch', method, url, headers, body });
  return new Response('', { status: 200, statusText: 'OK (captured by skillc rehearse)' });
};

function fakeRequest(protocol) {
  return function request(...argv) {
    let url, opts = {}, cb;
    for (const a of argv) {
      if (typeof a === 'function') cb = a;
      else if (typeof a === 'string' || a instanceof URL) url = new URL(a);
      else if (a && typeof a === 'object') opts = a;
    }
    const method = String(opts.method ?? 'GET').toUpperCase();
    const host = opts.hostname ?? opts.host ?? url?.hostname ?? 'localhost';
    const port = opts.port ?? url?.port;
    const target = url && !opts.path ? url.href : protocol + '//' + host + (port ? ':' + port : '') + (opts.path ?? url?.pathname ?? '/');
    const headers = { ...(opts.headers ?? {}) };
    const chunks = [];
    const req = new Writable({
      write(chunk, enc, done) { chunks.push(Buffer.from(chunk, enc)); done(); },
      final(done) {
        record({ effect: 'http.' + method.toLowerCase(), via: protocol.slice(0, -1), method, url: target, headers, body: Buffer.concat(chunks).toString('utf8') });
        const res = new PassThrough();
        Object.assign(res, { statusCode: 200, statusMessage: 'OK', headers: {}, rawHeaders: [], httpVersion: '1.1' });
        process.nextTick(() => { req.emit('response', res); if (cb) cb(res); res.end(); });
        done();
      },
    });
    Object.assign(req, {
      method, path: opts.path ?? '/', host,
      setHeader(k, v) { headers[String(k).toLowerCase()] = v; }, getHeader(k) { return headers[String(k).toLowerCase()]; },
      removeHeader(k) { delete headers[String(k).toLowerCase()]; }, setTimeout() { return req; }, setNoDelay() {}, setSocketKeepAlive() {},
      abort() { req.destroy(); }, flushHeaders() {},
    });
    return req;
  };
}
for (const [mod, protocol] of [[http, 'http:'], [https, 'https:']]) {
  mod.request = fakeRequest(protocol);
  mod.get = (...a) => { const r = mod.request(...a); r.end(); return r; };
}

const connect = net.Socket.prototype.connect;
net.Socket.prototype.connect = function (...argv) {
  const first = Array.isArray(argv[0]) ? argv[0][0] : argv[0];
  const o = first && typeof first === 'object' ? first : typeof first === 'string' && isNaN(Number(first)) ? { path: first } : { port: first, host: typeof argv[1] === 'string' ? argv[1] : 'localhost' };
  record({ effect: 'net.connect', via: 'net', host: o.path ? undefined : (o.host ?? 'localhost'), port: o.port, path: o.path });
  const err = Object.assign(new Error('connect EACCES ' + (o.path ?? (o.host ?? 'localhost') + ':' + o.port) + ' (network blocked by skillc rehearse)'), { code: 'EACCES' });
  process.nextTick(() => this.destroy(err));
  return this;
};
void connect;
syncBuiltinESMExports();
`;

/** Where the real git is, so the git shim can pass everything but `push` through. */
function findOnPath(name: string): string | undefined {
  for (const dir of (process.env.PATH ?? '/usr/bin:/bin').split(path.delimiter)) {
    const p = path.join(dir, name);
    try {
      fs.accessSync(p, fs.constants.X_OK);
      return p;
    } catch {
      // keep looking
    }
  }
  return undefined;
}

let realGit: string | null | undefined;
export function realGitPath(): string | undefined {
  if (realGit === undefined) realGit = findOnPath('git') ?? null;
  return realGit ?? undefined;
}

const shQuote = (s: string): string => `'${s.replace(/'/g, `'\\''`)}'`;

/** Writes the shims and the preload into `bin`. */
export function installFakes(bin: string): void {
  fs.writeFileSync(path.join(bin, SHIM_PROGRAM), SHIM_SOURCE);
  fs.writeFileSync(path.join(bin, PRELOAD), PRELOAD_SOURCE);
  const shim = path.join(bin, SHIM_PROGRAM);
  for (const name of SHIMMED) {
    fs.writeFileSync(path.join(bin, name), `#!/bin/sh\nexec ${shQuote(process.execPath)} ${shQuote(shim)} ${name} "$@"\n`, { mode: 0o755 });
  }
}
