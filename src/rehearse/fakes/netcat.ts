// The netcat fakes (nc, ncat, netcat): the command line, as `net.connect`.
import type { CommandFake } from './fake.js';

export const netcat: CommandFake = {
  kind: 'command',
  names: ['nc', 'ncat', 'netcat'],
  run(call) {
    call.record({ effect: 'net.connect', via: call.name, args: call.args });
    return 0;
  },
};
