// The ssh fake: the whole command line, as `ssh.exec`.
import type { CommandFake } from './fake.js';

export const ssh: CommandFake = {
  kind: 'command',
  names: ['ssh'],
  run(call) {
    call.record({ effect: 'ssh.exec', via: 'ssh', args: call.args });
    return 0;
  },
};
