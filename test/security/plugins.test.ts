// Issue #24: a config is code (its plugins run in lint, `build --check` and the language server), so a
// checkout from a stranger runs the stranger's code. `--no-plugins` and the language server's
// untrusted-workspace mode load no plugin module.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { StreamMessageReader } from 'vscode-jsonrpc/node.js';
import { afterEach, describe, expect, it } from 'vitest';
import { bin, project, skillc } from '../ecosystem/helpers.js';
import { SKILL } from '../helpers.js';

/** A plugin that proves it ran: importing it writes `ran` beside it. */
const PLUGIN = `import fs from 'node:fs';\nfs.writeFileSync(new URL('./ran', import.meta.url), 'yes');\nexport default { prefix: 'evil', rules: [] };\n`;

function checkout(): string {
  return project({
    'skillc.config.json': JSON.stringify({ sources: 'skills-src', plugins: ['./evil.mjs'], rules: { 'evil/x': 'error' } }),
    'evil.mjs': PLUGIN,
    'skills-src/s/SKILL.md': SKILL('s'),
  });
}

const children: ReturnType<typeof spawn>[] = [];
afterEach(() => {
  for (const c of children.splice(0)) c.kill();
});

describe('--no-plugins: no code of the checkout runs', () => {
  it('lint runs the plugin by default (the config is code)', () => {
    const root = checkout();
    skillc(['lint'], root);
    expect(fs.existsSync(path.join(root, 'ran'))).toBe(true);
  });

  it('lint --no-plugins loads none, and names each plugin it skipped', () => {
    const root = checkout();
    const r = skillc(['lint', '--no-plugins'], root);
    expect(fs.existsSync(path.join(root, 'ran'))).toBe(false);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/warning {2}Plugin '\.\/evil\.mjs' not loaded .*plugin\/load/);
  });

  it('build --check --no-plugins loads none', () => {
    const root = checkout();
    const r = skillc(['build', '--check', '--no-plugins'], root);
    expect(fs.existsSync(path.join(root, 'ran'))).toBe(false);
    expect(r.stdout + r.stderr).toContain("Plugin './evil.mjs' not loaded");
  });

  it('the language server in an untrusted workspace loads none', async () => {
    const root = checkout();
    const child = spawn(process.execPath, [bin, 'lsp', '--stdio'], { cwd: root, stdio: ['pipe', 'pipe', 'pipe'] });
    children.push(child);
    const received: { id?: number; method?: string; params?: { diagnostics?: { message: string }[] } }[] = [];
    const waiters: (() => void)[] = [];
    new StreamMessageReader(child.stdout).listen((m) => {
      received.push(m as never);
      for (const w of waiters.splice(0)) w();
    });
    const until = (pred: (m: (typeof received)[number]) => boolean) =>
      new Promise<(typeof received)[number]>((resolve) => {
        const check = () => {
          const hit = received.find(pred);
          if (hit) resolve(hit);
          else waiters.push(check);
        };
        check();
      });
    const send = (msg: unknown) => {
      const body = JSON.stringify(msg);
      child.stdin.write(`Content-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`);
    };
    send({ jsonrpc: '2.0', id: 1, method: 'initialize', params: { processId: null, rootUri: null, capabilities: {}, initializationOptions: { untrustedWorkspace: true } } });
    await until((m) => m.id === 1);
    send({ jsonrpc: '2.0', method: 'initialized', params: {} });
    const file = path.join(root, 'skills-src', 's', 'SKILL.md');
    send({ jsonrpc: '2.0', method: 'textDocument/didOpen', params: { textDocument: { uri: `file://${file}`, languageId: 'markdown', version: 1, text: fs.readFileSync(file, 'utf8') } } });
    await until((m) => m.method === 'textDocument/publishDiagnostics');
    expect(fs.existsSync(path.join(root, 'ran'))).toBe(false);
  });
});
