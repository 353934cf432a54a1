import { spawn } from 'node:child_process';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { createMessageConnection, StreamMessageReader, StreamMessageWriter, type MessageConnection } from 'vscode-jsonrpc/node.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONFIG, SKILL, bin, project } from './helpers.js';

interface Diag {
  range: { start: { line: number; character: number }; end: { line: number; character: number } };
  code: string;
  message: string;
  severity: number;
  data?: unknown;
}

const BROKEN = `---
name: Alpha_Skill
description: Use when testing the language server.
skillc:
  requires: [beta]
---

# Alpha

Read [the notes](references/notes.md#details) and use \`beta\` next.

<!-- include: ../_shared/common.md -->
`;

describe('skillc lsp (a real JSON-RPC client over stdio)', () => {
  let root: string;
  let conn: MessageConnection;
  let child: ReturnType<typeof spawn>;
  const published: { uri: string; diagnostics: Diag[] }[] = [];
  const waiters: (() => void)[] = [];

  beforeAll(async () => {
    root = project({
      'skillc.config.json': CONFIG(['agentskills']),
      'skills-src/alpha/SKILL.md': SKILL('alpha'),
      'skills-src/alpha/references/notes.md': '# Notes\n\n## Details\n\nMore.\n',
      'skills-src/_shared/common.md': 'Shared text.\n',
      'skills-src/beta/SKILL.md': SKILL('beta', '# Beta\n\nBeta things for later.\n'),
    });
    child = spawn(process.execPath, [bin, 'lsp', '--stdio'], { cwd: root, stdio: ['pipe', 'pipe', 'inherit'] });
    conn = createMessageConnection(new StreamMessageReader(child.stdout!), new StreamMessageWriter(child.stdin!));
    conn.onNotification('textDocument/publishDiagnostics', (p: { uri: string; diagnostics: Diag[] }) => {
      published.push(p);
      for (const w of waiters.splice(0)) w();
    });
    conn.listen();
    child.on('exit', (code) => {
      for (const w of waiters.splice(0)) w();
      if (code) console.error(`skillc lsp exited with ${code}`);
    });
    const init = await conn.sendRequest('initialize', { processId: process.pid, rootUri: pathToFileURL(root).href, capabilities: {}, workspaceFolders: null });
    expect((init as { capabilities: Record<string, unknown> }).capabilities).toMatchObject({ definitionProvider: true, codeActionProvider: expect.anything() });
    await conn.sendNotification('initialized', {});
  });

  afterAll(async () => {
    try {
      await conn.sendRequest('shutdown');
      await conn.sendNotification('exit');
    } catch {
      // already gone
    }
    conn.dispose();
    child.kill();
  });

  /** The latest publication for `uri` that `pred` accepts; waits for it with no clock, failing only when the server exits first. */
  const next = (uri: string, pred: (d: Diag[]) => boolean = () => true): Promise<Diag[]> =>
    new Promise((resolve, reject) => {
      const check = (): void => {
        const hit = [...published].reverse().find((p) => p.uri === uri && pred(p.diagnostics));
        if (hit) resolve(hit.diagnostics);
        else if (child.exitCode !== null || child.signalCode !== null) reject(new Error(`the server exited before publishing the diagnostics awaited for ${uri}`));
        else waiters.push(check);
      };
      check();
    });

  it('publishes diagnostics for the open text, offers quick fixes, and goes to definitions', async () => {
    const file = path.join(root, 'skills-src/alpha/SKILL.md');
    const uri = pathToFileURL(file).href;
    // The buffer differs from the disk: the server lints what the editor holds.
    await conn.sendNotification('textDocument/didOpen', { textDocument: { uri, languageId: 'markdown', version: 1, text: BROKEN } });
    const diags = await next(uri, (d) => d.length > 0);
    const name = diags.find((d) => d.code === 'frontmatter/name-format')!;
    expect(name, JSON.stringify(diags)).toBeDefined();
    expect(name.range.start).toEqual({ line: 1, character: 6 });
    expect(name.severity).toBe(1);

    const actions = await conn.sendRequest<
      {
        title: string;
        kind: string;
        edit: { changes: Record<string, { range: Diag['range']; newText: string }[]> };
      }[]
    >('textDocument/codeAction', { textDocument: { uri }, range: name.range, context: { diagnostics: [name] } });
    expect(actions.length).toBeGreaterThan(0);
    expect(actions[0]!.kind).toBe('quickfix');
    const edits = actions[0]!.edit.changes[uri]!;
    expect(edits[0]!.newText).toBe('alpha-skill');

    // As you type: the fixed name clears that diagnostic.
    await conn.sendNotification('textDocument/didChange', { textDocument: { uri, version: 2 }, contentChanges: [{ text: BROKEN.replace('Alpha_Skill', 'alpha') }] });
    const after = await next(uri, (d) => !d.some((x) => x.code === 'frontmatter/name-format'));
    expect(after.some((d) => d.code === 'frontmatter/name-format')).toBe(false);

    const lines = BROKEN.replace('Alpha_Skill', 'alpha').split('\n');
    const at = (needle: string, shift = 1) => {
      const line = lines.findIndex((l) => l.includes(needle));
      return { line, character: lines[line]!.indexOf(needle) + shift };
    };
    const definition = (position: { line: number; character: number }) => conn.sendRequest<{ uri: string; range: Diag['range'] } | null>('textDocument/definition', { textDocument: { uri }, position });

    const link = await definition(at('[the notes]'));
    expect(link!.uri).toBe(pathToFileURL(path.join(root, 'skills-src/alpha/references/notes.md')).href);
    expect(link!.range.start.line).toBe(2);
    const include = await definition(at('include:'));
    expect(include!.uri).toBe(pathToFileURL(path.join(root, 'skills-src/_shared/common.md')).href);
    const beta = pathToFileURL(path.join(root, 'skills-src/beta/SKILL.md')).href;
    expect((await definition(at('`beta`', 2)))!.uri).toBe(beta);
    expect((await definition(at('requires: [beta]', 'requires: ['.length + 1)))!.uri).toBe(beta);
    expect(await definition({ line: 7, character: 1 })).toBeNull();
  });
});
