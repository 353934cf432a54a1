import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { MessageConnection } from 'vscode-jsonrpc/node.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONFIG, SKILL, project } from './helpers.js';
import { startLsp, type Diag, type LspClient } from './lsp-client.js';

// What an editor does beyond diagnostics on SKILL.md, through a real JSON-RPC client over stdio:
// the project's other files, fix all, did-you-mean, one action per edit, hover, definition after an edit.

interface Action {
  title: string;
  kind: string;
  diagnostics?: Diag[];
  edit: { changes: Record<string, { range: Diag['range']; newText: string }[]> };
}

// Two safe fixes (the name's case, and `allowed_tools`), a link one letter off a bundled file, and a sibling mentioned.
const ALPHA = `---
name: Alpha
description: Use when testing the editor.
allowed_tools: Read
---

# Alpha

Read [the guide](references/guid.md#guide) and then \`beta\`.
`;

describe('skillc lsp in an editor: other files, fix all, suggestions, hover, definitions', () => {
  let root: string;
  let lsp: LspClient;
  let conn: MessageConnection;
  const uriOf = (rel: string): string => pathToFileURL(path.join(root, rel)).href;

  beforeAll(async () => {
    root = project({
      'skillc.config.json': CONFIG(['claude']),
      'skills-src/alpha/SKILL.md': ALPHA,
      'skills-src/alpha/references/guide.md': '# Guide\n\nSee [the missing page](missing.md).\n',
      'skills-src/alpha/fixtures/pass-basic/case.yaml': 'expect: pass\ncommand: scripts/run.sh\nexpct: pass\n',
      'skills-src/beta/SKILL.md': SKILL('beta', '# Beta\n\nBeta things.\n'),
    });
    lsp = await startLsp(root);
    conn = lsp.conn;
    expect(lsp.capabilities).toMatchObject({ hoverProvider: true, codeActionProvider: { codeActionKinds: ['quickfix', 'source.fixAll.skillc'] } });
  });

  afterAll(() => lsp.close());

  /** The first publication for `uri` (of `version`, when given) that `pred` accepts; waits for it, no clock. */
  const next = (uri: string, pred: (d: Diag[]) => boolean = () => true, version?: number): Promise<Diag[]> => lsp.next(uri, pred, version === undefined ? {} : { version });
  const open = (rel: string, text = fs.readFileSync(path.join(root, rel), 'utf8'), version = 1) => conn.sendNotification('textDocument/didOpen', { textDocument: { uri: uriOf(rel), languageId: 'markdown', version, text } });
  const actionsAt = (uri: string, diagnostics: Diag[], only?: string[]) => conn.sendRequest<Action[]>('textDocument/codeAction', { textDocument: { uri }, range: diagnostics[0]?.range ?? { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } }, context: only ? { diagnostics, only } : { diagnostics } });

  it('fix all: every safe fix in one edit, as source.fixAll.skillc; each quick fix once', async () => {
    const uri = uriOf('skills-src/alpha/SKILL.md');
    await open('skills-src/alpha/SKILL.md');
    const diags = await next(uri, (d) => d.some((x) => x.code === 'frontmatter/unknown-key'));
    const fixable = diags.filter((d) => (d.data as { edits?: unknown } | undefined)?.edits);
    expect(fixable.length, JSON.stringify(diags)).toBeGreaterThanOrEqual(2);
    // On save, editors ask only for the fix-all kind.
    const onSave = await actionsAt(uri, [], ['source.fixAll']);
    expect(onSave.map((a) => a.kind)).toEqual(['source.fixAll.skillc']);
    const edits = onSave[0]!.edit.changes[uri]!;
    expect(edits.map((e) => e.newText).sort()).toEqual(expect.arrayContaining(['allowed-tools', 'alpha']));
    // Asked with every diagnostic of the file: one quick fix per distinct edit, and fix all.
    const all = await actionsAt(uri, diags);
    const keys = all.filter((a) => a.kind === 'quickfix').map((a) => JSON.stringify(a.edit.changes[uri]));
    expect(new Set(keys).size).toBe(keys.length);
    expect(all.filter((a) => a.kind === 'source.fixAll.skillc')).toHaveLength(1);
    // The same diagnostic twice in the request (clients merge publications): still one action.
    const twice = await actionsAt(uri, [fixable[0]!, fixable[0]!], ['quickfix']);
    expect(twice).toHaveLength(1);
  });

  it("links/broken's did-you-mean is a quick fix that rewrites the link, anchor kept", async () => {
    const uri = uriOf('skills-src/alpha/SKILL.md');
    const diags = await next(uri, (d) => d.some((x) => x.code === 'links/broken'));
    const broken = diags.find((d) => d.code === 'links/broken')!;
    expect(broken.message).toContain('did you mean `references/guide.md`?');
    const actions = await actionsAt(uri, [broken], ['quickfix']);
    expect(actions.map((a) => a.title)).toEqual(['Change the link to `references/guide.md` (links/broken)']);
    const [edit] = actions[0]!.edit.changes[uri]!;
    const line = ALPHA.split('\n')[edit!.range.start.line]!;
    expect(line.slice(edit!.range.start.character, edit!.range.end.character)).toBe('references/guid.md');
    expect(edit!.newText).toBe('references/guide.md');
  });

  it('hover over a finding shows its rule, what the rule checks, and its docs', async () => {
    const uri = uriOf('skills-src/alpha/SKILL.md');
    const diags = await next(uri, (d) => d.some((x) => x.code === 'links/broken'));
    const broken = diags.find((d) => d.code === 'links/broken')!;
    const hover = await conn.sendRequest<{ contents: { kind: string; value: string } } | null>('textDocument/hover', { textDocument: { uri }, position: { line: broken.range.start.line, character: broken.range.start.character + 2 } });
    expect(hover!.contents.kind).toBe('markdown');
    expect(hover!.contents.value).toMatch(/^\*\*links\/broken\*\*: Reports a relative link or image whose target file does not exist/);
    expect(hover!.contents.value).toMatch(/\[Docs\]\(https:\/\/[^)]+links\/broken[^)]*\)/);
    expect(await conn.sendRequest('textDocument/hover', { textDocument: { uri }, position: { line: 6, character: 0 } })).toBeNull();
  });

  it('go to definition right after an edit: the edited buffer, before its lint publishes', async () => {
    const uri = uriOf('skills-src/alpha/SKILL.md');
    await next(uri, (d) => d.length > 0);
    // A new line moves the mention one line down; the definition request comes at once.
    const edited = ALPHA.replace('# Alpha\n', '# Alpha\n\nAn added line.\n');
    await conn.sendNotification('textDocument/didChange', { textDocument: { uri, version: 2 }, contentChanges: [{ text: edited }] });
    const lines = edited.split('\n');
    const line = lines.findIndex((l) => l.includes('`beta`'));
    const found = await conn.sendRequest<{ uri: string } | null>('textDocument/definition', { textDocument: { uri }, position: { line, character: lines[line]!.indexOf('`beta`') + 2 } });
    expect(found?.uri).toBe(uriOf('skills-src/beta/SKILL.md'));
    // Code actions wait for the lint of the new text (the old offsets would land in the wrong place).
    await next(uri, () => true, 2);
    const broken = (await next(uri, (d) => d.some((x) => x.code === 'links/broken'), 2)).find((d) => d.code === 'links/broken')!;
    const [edit] = (await actionsAt(uri, [broken], ['quickfix']))[0]!.edit.changes[uri]!;
    expect(lines[edit!.range.start.line]!.slice(edit!.range.start.character, edit!.range.end.character)).toBe('references/guid.md');
  });

  it('a reference Markdown file gets the findings of its skill that sit in it', async () => {
    const uri = uriOf('skills-src/alpha/references/guide.md');
    // The skill links guid.md, not guide.md: fix the buffer of SKILL.md so the guide is read.
    await conn.sendNotification('textDocument/didChange', { textDocument: { uri: uriOf('skills-src/alpha/SKILL.md'), version: 3 }, contentChanges: [{ text: ALPHA.replace('guid.md', 'guide.md') }] });
    await open('skills-src/alpha/references/guide.md');
    const diags = await next(uri, (d) => d.length > 0);
    expect(diags.map((d) => [d.code, d.range.start.line])).toEqual([['links/broken', 2]]);
    expect(diags[0]!.message).toContain('missing.md');
  });

  it('a case.yaml gets what rehearse refuses in it, at the key', async () => {
    const uri = uriOf('skills-src/alpha/fixtures/pass-basic/case.yaml');
    await open('skills-src/alpha/fixtures/pass-basic/case.yaml');
    const [d] = await next(uri, (x) => x.length > 0);
    expect(d!.message).toContain('expct');
    expect(d!.range.start.line).toBe(2);
  });

  it('the config file gets what loading it refuses, at the key; fixed and saved, nothing', async () => {
    const rel = 'skillc.config.json';
    const uri = uriOf(rel);
    const bad = '{\n  "sources": "skills-src",\n  "hostz": ["claude"]\n}\n';
    fs.writeFileSync(path.join(root, rel), bad);
    await open(rel, bad);
    const [d] = await next(uri, (x) => x.length > 0);
    expect(d!.message).toContain("unknown key 'hostz'; did you mean 'hosts'?");
    expect(d!.range).toEqual({ start: { line: 2, character: 2 }, end: { line: 2, character: 9 } });
    const good = CONFIG(['claude']);
    fs.writeFileSync(path.join(root, rel), good);
    await conn.sendNotification('textDocument/didChange', { textDocument: { uri, version: 2 }, contentChanges: [{ text: good }] });
    await conn.sendNotification('textDocument/didSave', { textDocument: { uri } });
    expect(await next(uri, (x) => x.length === 0)).toEqual([]);
  });
});
