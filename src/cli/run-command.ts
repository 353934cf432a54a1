import { ConfigError, UsageError } from '../core/errors.js';
import type { Io } from './io.js';

export type Command = (argv: string[], io: Io) => Promise<number>;

/**
 * Runs one command as the command line does: a usage error is exit 2 with its message and a
 * hint, a config error exit 2, anything else an internal error (exit 2, with its stack). `main`
 * and the commands injected into rehearse (`builtins.ts`) both run commands through it.
 */
export async function runCommand(name: string, load: () => Promise<Command>, argv: string[], io: Io): Promise<number> {
  try {
    const command = await load();
    return await command(argv, io);
  } catch (error) {
    if (error instanceof UsageError) {
      io.stderr(`skillc ${name}: ${error.message}\nRun \`skillc ${name} --help\` for usage.\n`);
      return 2;
    }
    if (error instanceof ConfigError) {
      io.stderr(`skillc: config error: ${error.message}\n`);
      return 2;
    }
    io.stderr(`skillc: internal error: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
    return 2;
  }
}
