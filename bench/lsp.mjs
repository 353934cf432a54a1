#!/usr/bin/env node
// node bench/lsp.mjs <project> <SKILL.md> [edits] [--skillc <bin>]: how long the language server
// takes, as an editor sees it, on a project's catalog: from didOpen of one SKILL.md to its first
// publishDiagnostics (the skill's own findings) and to its last (the catalog rules' findings
// too), then from each didChange (a line appended) to its first and last publish, the server's
// 150 ms debounce included. A publish is the last of its version when none follows within the
// quiet period (20 s after the open, whose catalog findings may need every skill read; 3 s after an edit). Talks JSON-RPC over stdio itself (no client library); wall clock, since
// latency is what it measures. bench/run.mjs imports `lspLatency` for its rows. Never asserted.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const OPEN_QUIET_MS = 20_000;
const EDIT_QUIET_MS = 3000;

/** A JSON-RPC client over a child's stdio: `request`, `notify`, and every notification by method. */
function client(child) {
  let buffer = Buffer.alloc(0);
  let nextId = 1;
  const pending = new Map();
  const listeners = [];
  child.stdout.on('data', (chunk) => {
    buffer = Buffer.concat([buffer, chunk]);
    for (;;) {
      const end = buffer.indexOf('\r\n\r\n');
      if (end < 0) return;
      const length = Number(/Content-Length: (\d+)/i.exec(buffer.subarray(0, end).toString())?.[1]);
      if (buffer.length < end + 4 + length) return;
      const message = JSON.parse(buffer.subarray(end + 4, end + 4 + length).toString());
      buffer = buffer.subarray(end + 4 + length);
      if (message.id !== undefined && pending.has(message.id)) {
        pending.get(message.id)(message.result);
        pending.delete(message.id);
      } else if (message.method) for (const l of listeners) l(message, performance.now());
    }
  });
  const send = (message) => {
    const body = Buffer.from(JSON.stringify({ jsonrpc: '2.0', ...message }));
    child.stdin.write(`Content-Length: ${body.length}\r\n\r\n`);
    child.stdin.write(body);
  };
  return {
    request: (method, params) => new Promise((resolve) => {
      const id = nextId++;
      pending.set(id, resolve);
      send({ id, method, params });
    }),
    notify: (method, params) => send({ method, params }),
    on: (l) => listeners.push(l),
  };
}

/** Latencies in seconds: `open` and each edit's `{ first, last }`, and the medians of the edits. */
export async function lspLatency(skillc, project, file, edits = 5) {
  const child = spawn(process.execPath, [skillc, 'lsp', '--stdio'], { cwd: project, stdio: ['pipe', 'pipe', 'ignore'] });
  const rpc = client(child);
  const uri = pathToFileURL(file).href;
  const publishes = [];
  let wake;
  rpc.on((m, at) => {
    if (m.method === 'textDocument/publishDiagnostics' && m.params.uri === uri) {
      publishes.push({ version: m.params.version, at, count: m.params.diagnostics.length });
      wake?.();
    }
  });
  const exited = new Promise((resolve) => child.on('exit', resolve));
  const orExit = (promise) => Promise.race([promise, exited.then(() => Promise.reject(new Error('the language server exited')))]);
  /** The first and last publish of `version` after `t0`, once the quiet period passed. */
  const settle = async (version, t0, quiet) => {
    for (;;) {
      const mine = publishes.filter((p) => p.version === version);
      const last = mine.at(-1);
      const waitFor = last ? last.at + quiet - performance.now() : 600_000;
      if (last && waitFor <= 0) return { first: (mine[0].at - t0) / 1000, last: (last.at - t0) / 1000, publishes: mine.length, diagnostics: last.count };
      let timer;
      const woke = await Promise.race([new Promise((r) => { wake = () => r(true); }), new Promise((r) => { timer = setTimeout(() => r(false), Math.max(1, waitFor)); }), exited.then(() => 'exit')]);
      // A timer left behind would keep the process alive for up to its 600 s after the last edit.
      clearTimeout(timer);
      if (woke === 'exit') throw new Error('the language server exited');
    }
  };
  try {
    await orExit(rpc.request('initialize', { processId: process.pid, rootUri: pathToFileURL(project).href, capabilities: {}, workspaceFolders: null }));
    rpc.notify('initialized', {});
    const text = fs.readFileSync(file, 'utf8');
    let t0 = performance.now();
    rpc.notify('textDocument/didOpen', { textDocument: { uri, languageId: 'markdown', version: 1, text } });
    const open = await settle(1, t0, OPEN_QUIET_MS);
    const changes = [];
    for (let i = 0; i < edits; i++) {
      const version = i + 2;
      t0 = performance.now();
      rpc.notify('textDocument/didChange', { textDocument: { uri, version }, contentChanges: [{ text: `${text}\nEdited ${i}.\n` }] });
      changes.push(await settle(version, t0, EDIT_QUIET_MS));
    }
    const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor((xs.length - 1) / 2)];
    return { open, edits: changes, edit: { first: median(changes.map((c) => c.first)), last: median(changes.map((c) => c.last)) } };
  } finally {
    child.kill();
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const args = process.argv.slice(2);
  const at = args.indexOf('--skillc');
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
  const skillc = at >= 0 ? path.resolve(args[at + 1]) : path.join(root, 'bin', 'skillc.js');
  const [project, file, edits] = args.filter((a, i) => !a.startsWith('--') && (at < 0 || i !== at + 1));
  if (!project || !file) {
    console.error('usage: bench/lsp.mjs <project> <SKILL.md> [edits] [--skillc <bin>]');
    process.exit(2);
  }
  console.log(JSON.stringify(await lspLatency(skillc, path.resolve(project), path.resolve(file), Number(edits ?? 5)), null, 2));
}
