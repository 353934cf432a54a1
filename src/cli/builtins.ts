import type { BuiltinCommands } from '../rehearse/context.js';
import type { Io } from './io.js';

/**
 * skillc's own commands a rehearsal script case may run, injected into rehearse by the
 * CLI and the package API (rehearse sits below the CLI and never imports it). Each runs
 * through `main`, so a usage error is exit 2 with its message, as on the command line;
 * `main` is loaded on first use, as main loads each command.
 */
const viaMain =
  (command: string) =>
  async (argv: string[], io: Io): Promise<number> =>
    (await import('./main.js')).main([command, ...argv], io);

export const BUILTINS: BuiltinCommands = { gate: viaMain('gate'), catalog: viaMain('catalog') };
