import { UsageError } from '../config/discover.js';
import { parse } from './args.js';
import type { Io } from './io.js';

export const LSP_HELP = `Usage: skillc lsp --stdio

Run the skillc language server over standard input and output (JSON-RPC, the
Language Server Protocol). For an open SKILL.md it publishes skillc's
diagnostics as you type (with the whole catalog for the catalog rules), offers
quick fixes for fixable rules, and goes to the definition of links, include
directives, backticked sibling skill names and skillc.requires entries.

Options:
      --stdio              talk over stdin/stdout (the only transport)
      --no-plugins         untrusted workspace: load no plugin or local rule module the
                           config names (a config is code); a client may ask the same with
                           initializationOptions: { "untrustedWorkspace": true }
  -h, --help               show this help

Examples:
  skillc lsp --stdio
  # Neovim: vim.lsp.start({ name = 'skillc', cmd = { 'npx', 'skillc', 'lsp', '--stdio' } })
`;

export async function runLsp(argv: string[], io: Io): Promise<number> {
  const { values, positionals } = parse(argv, { stdio: { type: 'boolean' }, 'no-plugins': { type: 'boolean' }, help: { type: 'boolean', short: 'h' } });
  if (values.help) {
    io.stdout(LSP_HELP);
    return 0;
  }
  if (positionals.length) throw new UsageError(`lsp takes no arguments (got ${positionals.join(' ')})`);
  if (!values.stdio) throw new UsageError('lsp needs --stdio');
  // Loaded here only: the language server's modules cost the other commands nothing.
  const loaded = await import('vscode-languageserver/node.js');
  // A CommonJS package: its names are on the namespace under Node, on `default` once bundled.
  const lsp = (typeof loaded.StreamMessageReader === 'function' ? loaded : (loaded as unknown as { default: typeof loaded }).default);
  const { createConnection, StreamMessageReader, StreamMessageWriter } = lsp;
  const { startLanguageServer } = await import('../lsp/server.js');
  const { FrameGuard } = await import('../lsp/frames.js');
  const writer = new StreamMessageWriter(process.stdout);
  // Malformed frames are dropped and reported, so one bad Content-Length cannot wedge the connection. A
  // complete message that cannot be read (not JSON, nested too deep) is answered with a JSON-RPC error,
  // id null as JSON-RPC says when the id cannot be read, through the connection's own writer.
  const guard = new FrameGuard((problem) => {
    io.stderr(`skillc lsp: dropped a malformed message: ${problem.why}\n`);
    if (problem.reply) void writer.write({ jsonrpc: '2.0', id: null, error: problem.reply } as Parameters<typeof writer.write>[0]);
  });
  process.stdin.pipe(guard);
  const connection = createConnection(new StreamMessageReader(guard), writer);
  startLanguageServer(connection, values['no-plugins'] ? { plugins: false } : {});
  connection.listen();
  // Runs until the client sends exit (the library ends the process) or closes stdin.
  await new Promise<void>((resolve) => {
    process.stdin.on('close', resolve);
    connection.onExit(resolve);
  });
  return 0;
}
