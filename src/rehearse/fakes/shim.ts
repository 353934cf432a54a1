/**
 * Entry: `node shim.js <program> <args...>`, what each program wrapper in the
 * sandbox's bin/ runs. Finds the program's fake in the registry and runs it
 * with the capture channel named in settings.json (fixed at install).
 */
import fs from 'node:fs';
import { type CommandCall, readSettings, recorder } from './fake.js';
import { COMMAND_FAKES } from './index.js';

function main(argv: string[]): number {
  const [name = '', ...args] = argv;
  const settings = readSettings(new URL('.', import.meta.url));
  const fake = COMMAND_FAKES.find((f) => f.names.includes(name));
  let stdinText: string | undefined;
  const call: CommandCall = {
    name,
    args,
    settings,
    record: recorder(settings.captureLog),
    stdin() {
      if (stdinText === undefined) {
        try {
          stdinText = fs.readFileSync(0, 'utf8');
        } catch {
          stdinText = '';
        }
      }
      return stdinText;
    },
    readFile: (file) => fs.readFileSync(file, 'utf8'),
  };
  if (fake) return fake.run(call);
  process.stderr.write(`${name}: captured by skillc rehearse\n`);
  return 127;
}

process.exitCode = main(process.argv.slice(2));
