import type { BuiltinCommands } from '../rehearse/context.js';
import type { Io } from './io.js';
import { runCommand } from './run-command.js';

/**
 * skillc's own commands a rehearsal script case may run, injected into rehearse by the
 * CLI and the package API (rehearse sits below the CLI and never imports it). Each runs
 * through `runCommand`, as `main` runs it, so a usage error is exit 2 with its message, as
 * on the command line; each is loaded on first use.
 */
export const BUILTINS: BuiltinCommands = {
  gate: (argv: string[], io: Io) => runCommand('gate', async () => (await import('./gate.js')).runGate, argv, io),
  catalog: (argv: string[], io: Io) => runCommand('catalog', async () => (await import('./catalog.js')).runCatalog, argv, io),
};
