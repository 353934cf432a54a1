import { spawn, type ChildProcess } from 'node:child_process';
import { pathToFileURL } from 'node:url';
import { createMessageConnection, StreamMessageReader, StreamMessageWriter, type MessageConnection } from 'vscode-jsonrpc/node.js';
import { bin } from './helpers.js';

/** A diagnostic as the server publishes it. */
export interface Diag {
  range: { start: { line: number; character: number }; end: { line: number; character: number } };
  code?: string;
  message: string;
  severity: number;
  data?: unknown;
}

export interface Publication {
  uri: string;
  version?: number;
  diagnostics: Diag[];
}

/** `skillc lsp --stdio` in `root`, talked to through a real JSON-RPC client (vscode-jsonrpc), as an editor does. */
export interface LspClient {
  conn: MessageConnection;
  child: ChildProcess;
  /** What `initialize` answered. */
  capabilities: Record<string, unknown>;
  /** Every publishDiagnostics, in order. */
  published: Publication[];
  /**
   * A publication for `uri` that `pred` accepts (of `version`, when given): the first such, or with
   * `latest` the last one so far. Waits for it with no clock, failing only when the server exits first.
   */
  next(uri: string, pred?: (d: Diag[]) => boolean, options?: { version?: number; latest?: boolean }): Promise<Diag[]>;
  /** shutdown, exit, and the process ended. */
  close(): Promise<void>;
}

export async function startLsp(root: string): Promise<LspClient> {
  const child = spawn(process.execPath, [bin, 'lsp', '--stdio'], { cwd: root, stdio: ['pipe', 'pipe', 'inherit'] });
  const conn = createMessageConnection(new StreamMessageReader(child.stdout), new StreamMessageWriter(child.stdin));
  const published: Publication[] = [];
  const waiters: (() => void)[] = [];
  const wake = (): void => {
    for (const w of waiters.splice(0)) w();
  };
  conn.onNotification('textDocument/publishDiagnostics', (p: Publication) => {
    published.push(p);
    wake();
  });
  conn.listen();
  child.on('exit', (code) => {
    wake();
    if (code) console.error(`skillc lsp exited with ${code}`);
  });
  const init = await conn.sendRequest<{ capabilities: Record<string, unknown> }>('initialize', { processId: process.pid, rootUri: pathToFileURL(root).href, capabilities: {}, workspaceFolders: null });
  await conn.sendNotification('initialized', {});
  const next: LspClient['next'] = (uri, pred = () => true, options = {}) =>
    new Promise((resolve, reject) => {
      const check = (): void => {
        const mine = published.filter((p) => p.uri === uri && (options.version === undefined || p.version === options.version) && pred(p.diagnostics));
        const hit = options.latest ? mine.at(-1) : mine[0];
        if (hit) resolve(hit.diagnostics);
        else if (child.exitCode !== null || child.signalCode !== null) reject(new Error(`the server exited before publishing the diagnostics awaited for ${uri}`));
        else waiters.push(check);
      };
      check();
    });
  const close = async (): Promise<void> => {
    try {
      await conn.sendRequest('shutdown');
      await conn.sendNotification('exit');
    } catch {
      // already gone
    }
    conn.dispose();
    child.kill();
  };
  return { conn, child, capabilities: init.capabilities, published, next, close };
}
