// Issue #14: `skillc lsp` given file:///SKILL.md walked the whole filesystem and stopped
// answering; a bad Content-Length wedged the connection.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { StreamMessageReader } from 'vscode-jsonrpc/node.js';
import { afterEach, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { FrameGuard, MAX_JSON_DEPTH, type FrameProblem } from '../../src/lsp/frames.js';
import { bin } from '../ecosystem/helpers.js';

const children: ReturnType<typeof spawn>[] = [];
const roots: string[] = [];
afterEach(() => {
  for (const c of children.splice(0)) c.kill();
  for (const r of roots.splice(0)) fs.rmSync(r, { recursive: true, force: true });
});

/** A server on raw stdio: frames are written byte for byte, messages read with vscode-jsonrpc's reader. */
function server() {
  const cwd = fs.mkdtempSync(path.join(os.tmpdir(), 'skillc-sec-lsp-'));
  roots.push(cwd);
  const child = spawn(process.execPath, [bin, 'lsp', '--stdio'], { cwd, stdio: ['pipe', 'pipe', 'pipe'] });
  children.push(child);
  let stderr = '';
  child.stderr.on('data', (d) => (stderr += d));
  const received: { id?: number; method?: string; params?: { uri?: string } }[] = [];
  const waiters: (() => void)[] = [];
  new StreamMessageReader(child.stdout).listen((m) => {
    received.push(m as never);
    for (const w of waiters.splice(0)) w();
  });
  const frame = (msg: unknown) => {
    const body = Buffer.from(JSON.stringify(msg), 'utf8');
    return Buffer.concat([Buffer.from(`Content-Length: ${body.length}\r\n\r\n`), body]);
  };
  const until = (pred: (m: (typeof received)[number]) => boolean) =>
    new Promise<void>((resolve) => {
      const check = () => (received.some(pred) ? resolve() : waiters.push(check));
      check();
    });
  return { child, frame, until, stderr: () => stderr };
}

const initialize = (id: number) => ({ jsonrpc: '2.0', id, method: 'initialize', params: { processId: null, rootUri: null, capabilities: {} } });

const frameOf = (msg: unknown): string => {
  const body = JSON.stringify(msg);
  return `Content-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`;
};

/** Good frames between bad ones: a non-numeric, a missing, a too-large, a too-small and an absurd length, and junk. */
const HOSTILE = [
  'Content-Length: abc\r\n\r\n{"jsonrpc":"2.0","id":90,"method":"x"}',
  frameOf({ jsonrpc: '2.0', id: 1, method: 'a' }),
  'X-Nothing: 1\r\n\r\n{}',
  'Content-Length: 99999\r\n\r\n{"jsonrpc":"2.0","id":91,"method":"x"}',
  frameOf({ jsonrpc: '2.0', id: 2, method: 'b', params: { text: 'é and Content-Length: 3 inside' } }),
  'Content-Length: 5\r\n\r\n{"jsonrpc":"2.0","id":92,"method":"x"}',
  frameOf({ jsonrpc: '2.0', id: 3, method: 'c' }),
  'Content-Length: 999999999999\r\n\r\ngarbage',
  frameOf({ jsonrpc: '2.0', id: 4, method: 'd' }),
].join('');

async function feed(chunks: Buffer[]): Promise<{ ids: number[]; problems: number }> {
  let problems = 0;
  const guard = new FrameGuard(() => problems++);
  let out = Buffer.alloc(0);
  guard.on('data', (d: Buffer) => (out = Buffer.concat([out, d])));
  for (const c of chunks) guard.write(c);
  await new Promise((r) => setImmediate(r));
  const ids = [...out.toString('utf8').matchAll(/"id":(\d+)/g)].map((m) => Number(m[1]));
  return { ids, problems };
}

describe('lsp framing', () => {
  it('passes every good frame and drops every bad one, however the bytes are split', async () => {
    const bytes = Buffer.from(HOSTILE, 'utf8');
    const whole = await feed([bytes]);
    expect(whole.ids).toEqual([1, 2, 3, 4]);
    expect(whole.problems).toBeGreaterThanOrEqual(5);
    for (const size of [1, 2, 7, 64]) {
      const chunks: Buffer[] = [];
      for (let i = 0; i < bytes.length; i += size) chunks.push(bytes.subarray(i, i + size));
      expect((await feed(chunks)).ids, `chunks of ${size}`).toEqual([1, 2, 3, 4]);
    }
  });
});

describe('lsp: hostile client input', () => {
  it('answers after a non-numeric, a missing, a too-large and a too-small Content-Length', async () => {
    const s = server();
    const good = s.frame(initialize(1));
    s.child.stdin.write(Buffer.from('Content-Length: abc\r\n\r\n{"jsonrpc":"2.0","id":90,"method":"x"}'));
    s.child.stdin.write(Buffer.from('X-Nothing: 1\r\n\r\n{}'));
    s.child.stdin.write(Buffer.from('Content-Length: 99999\r\n\r\n{"jsonrpc":"2.0","id":91,"method":"shutdown"}'));
    s.child.stdin.write(good);
    await s.until((m) => m.id === 1);
    s.child.stdin.write(Buffer.from('Content-Length: 5\r\n\r\n{"jsonrpc":"2.0","id":92,"method":"shutdown"}'));
    s.child.stdin.write(s.frame({ jsonrpc: '2.0', id: 2, method: 'shutdown' }));
    await s.until((m) => m.id === 2);
    expect(s.stderr()).toContain('dropped a malformed message');
  });

  it('file:///SKILL.md (a skill at the filesystem root, no config) is linted without walking the filesystem', async () => {
    const s = server();
    s.child.stdin.write(s.frame(initialize(1)));
    await s.until((m) => m.id === 1);
    s.child.stdin.write(s.frame({ jsonrpc: '2.0', method: 'initialized', params: {} }));
    s.child.stdin.write(s.frame({ jsonrpc: '2.0', method: 'textDocument/didOpen', params: { textDocument: { uri: 'file:///SKILL.md', languageId: 'markdown', version: 1, text: '---\nname: Bad_Name\ndescription: Use when testing.\n---\n\n# T\n' } } }));
    await s.until((m) => m.method === 'textDocument/publishDiagnostics' && m.params?.uri === 'file:///SKILL.md');
    s.child.stdin.write(s.frame({ jsonrpc: '2.0', id: 2, method: 'shutdown' }));
    await s.until((m) => m.id === 2);
  });
});

// Issue #24: a deeply nested message crashed the server (a stack overflow in the JSON-RPC layer);
// a large document sent in chunks made the guard quadratic (32 MB: 33 s).
describe('lsp: nesting and large messages (issue #24)', () => {
  it('answers a message nested a million deep with a JSON-RPC error, then answers the next request', async () => {
    const s = server();
    const deep = `{"jsonrpc":"2.0","id":7,"method":"initialize","params":${'{"a":'.repeat(1_000_000)}1${'}'.repeat(1_000_000)}}`;
    s.child.stdin.write(Buffer.from(`Content-Length: ${Buffer.byteLength(deep)}\r\n\r\n${deep}`));
    s.child.stdin.write(s.frame(initialize(1)));
    await s.until((m) => m.id === 1);
    expect(s.child.exitCode).toBeNull();
    expect(s.stderr()).toContain(`nested deeper than ${MAX_JSON_DEPTH} levels`);
    s.child.stdin.write(s.frame({ jsonrpc: '2.0', id: 2, method: 'shutdown' }));
    await s.until((m) => m.id === 2);
  });

  it('replies to the nested message with id null and code -32600', async () => {
    const s = server();
    const deep = `{"jsonrpc":"2.0","id":7,"method":"x","params":${'['.repeat(100_000)}${']'.repeat(100_000)}}`;
    s.child.stdin.write(Buffer.from(`Content-Length: ${Buffer.byteLength(deep)}\r\n\r\n${deep}`));
    await s.until((m) => (m as { error?: { code: number } }).error?.code === -32600);
    s.child.stdin.write(s.frame(initialize(1)));
    await s.until((m) => m.id === 1);
  });

  it('passes a 60 MB document sent in 64 KB chunks, byte for byte, in one pass', async () => {
    const text = 'x'.repeat(60 * 1024 * 1024);
    const body = Buffer.from(JSON.stringify({ jsonrpc: '2.0', method: 'textDocument/didOpen', params: { textDocument: { uri: 'file:///a/SKILL.md', languageId: 'markdown', version: 1, text } } }));
    const frame = Buffer.concat([Buffer.from(`Content-Length: ${body.length}\r\n\r\n`), body]);
    const problems: FrameProblem[] = [];
    const guard = new FrameGuard((p) => problems.push(p));
    const out: Buffer[] = [];
    guard.on('data', (d: Buffer) => out.push(d));
    for (let i = 0; i < frame.length; i += 65536) guard.write(frame.subarray(i, i + 65536));
    await new Promise((r) => setImmediate(r));
    expect(problems).toEqual([]);
    expect(Buffer.concat(out).equals(frame)).toBe(true);
  });

  it('good frames pass and bad ones are dropped (a reply owed for a deep one) however the stream is split', () => {
    const good = (id: number): string => frameOf({ jsonrpc: '2.0', id, method: 'm', params: { text: 'Content-Length: 3 {[' } });
    const bad = fc.constantFrom(
      'Content-Length: abc\r\n\r\n{}',
      'Content-Length: 5\r\n\r\n{"jsonrpc":"2.0","id":92}',
      // An overstated length is caught only by the next header after the value (junk after it would be read as body).
      `Content-Length: 99999\r\n\r\n{"jsonrpc":"2.0","id":91}\r\n${good(99)}`,
      frameOf({ deep: JSON.parse(`${'['.repeat(MAX_JSON_DEPTH + 1)}${']'.repeat(MAX_JSON_DEPTH + 1)}`) as unknown }),
      'junk\r\n',
    );
    fc.assert(
      fc.property(fc.array(fc.oneof(fc.integer({ min: 100, max: 1000 }).map((id) => ({ id })), bad), { maxLength: 12 }), fc.array(fc.integer({ min: 1, max: 97 }), { minLength: 1, maxLength: 8 }), (items, sizes) => {
        const stream = Buffer.from(items.map((it) => (typeof it === 'string' ? it : good(it.id))).join('') + good(100_000), 'utf8');
        const problems: FrameProblem[] = [];
        const guard = new FrameGuard((p) => problems.push(p));
        const out: Buffer[] = [];
        guard.on('data', (d: Buffer) => out.push(d));
        for (let i = 0, k = 0; i < stream.length; k++) {
          const n = sizes[k % sizes.length]!;
          guard.write(stream.subarray(i, i + n));
          i += n;
        }
        const ids = [...Buffer.concat(out).toString('utf8').matchAll(/"id":(\d+)/g)].map((m) => Number(m[1]));
        expect(ids.at(-1)).toBe(100_000);
        // Every id passed was a good frame's, in order.
        const goodIds = items.filter((it): it is { id: number } => typeof it !== 'string').map((it) => it.id);
        let j = 0;
        for (const id of ids.slice(0, -1).filter((id) => id !== 99)) {
          while (j < goodIds.length && goodIds[j] !== id) j++;
          expect(j, `id ${id} out of order`).toBeLessThan(goodIds.length);
          j++;
        }
        if (items.some((it) => typeof it === 'string' && it.includes('"deep"'))) expect(problems.some((p) => p.reply?.code === -32600)).toBe(true);
      }),
      { seed: 20261202, numRuns: 200 },
    );
  });
});
