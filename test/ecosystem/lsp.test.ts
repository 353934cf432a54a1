import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { MessageConnection } from 'vscode-jsonrpc/node.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONFIG, SKILL, project } from './helpers.js';
import { startLsp, type Diag, type LspClient } from './lsp-client.js';

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
  let lsp: LspClient;
  let conn: MessageConnection;

  beforeAll(async () => {
    root = project({
      'skillc.config.json': CONFIG(['agentskills']),
      'skills-src/alpha/SKILL.md': SKILL('alpha'),
      'skills-src/alpha/references/notes.md': '# Notes\n\n## Details\n\nMore.\n',
      'skills-src/_shared/common.md': 'Shared text.\n',
      'skills-src/beta/SKILL.md': SKILL('beta', '# Beta\n\nBeta things for later.\n'),
    });
    lsp = await startLsp(root);
    conn = lsp.conn;
    expect(lsp.capabilities).toMatchObject({ definitionProvider: true, codeActionProvider: expect.anything() });
  });

  afterAll(() => lsp.close());

  /** The latest publication for `uri` that `pred` accepts; waits for it with no clock, failing only when the server exits first. */
  const next = (uri: string, pred: (d: Diag[]) => boolean = () => true): Promise<Diag[]> => lsp.next(uri, pred, { latest: true });

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
