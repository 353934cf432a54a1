// The git fake: `git push` and `git send-email` are captured (`git.push`, `email.send`); every other git command runs the real git.
import { spawnSync } from 'node:child_process';
import type { CommandFake } from './fake.js';

/** The subcommand: the first argument that is neither an option nor the value of `-C`/`-c`. */
export function gitSubcommand(args: readonly string[]): string | undefined {
  return args.find((a, i) => !a.startsWith('-') && args[i - 1] !== '-C' && args[i - 1] !== '-c');
}

export const git: CommandFake = {
  kind: 'command',
  names: ['git'],
  run(call) {
    const sub = gitSubcommand(call.args);
    if (sub === 'push' || sub === 'send-email') {
      call.record({ effect: sub === 'push' ? 'git.push' : 'email.send', via: 'git', args: call.args });
      return 0;
    }
    const real = call.settings.realGit;
    if (!real) {
      process.stderr.write('git: not available in this rehearsal\n');
      return 127;
    }
    const r = spawnSync(real, call.args, { stdio: 'inherit' });
    return r.status ?? 1;
  },
};
