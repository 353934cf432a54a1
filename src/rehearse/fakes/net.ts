// The socket fake: every `net.Socket` connect (`net.connect`, `tls.connect`, database clients...) records `net.connect` and fails with EACCES.
import net from 'node:net';
import type { NodeFake } from './fake.js';

interface Target {
  host?: string;
  port?: number | string;
  path?: string;
}

export const netFake: NodeFake = {
  kind: 'node',
  name: 'net',
  install(record) {
    const connect = function connect(this: net.Socket, ...argv: unknown[]): net.Socket {
      const first: unknown = Array.isArray(argv[0]) ? argv[0][0] : argv[0];
      const o: Target =
        first && typeof first === 'object'
          ? first
          : typeof first === 'string' && isNaN(Number(first))
            ? { path: first }
            : { port: first as number, host: typeof argv[1] === 'string' ? argv[1] : 'localhost' };
      record({ effect: 'net.connect', via: 'net', host: o.path ? undefined : (o.host ?? 'localhost'), port: o.port, path: o.path });
      const where = o.path ?? `${o.host ?? 'localhost'}:${String(o.port)}`;
      const err = Object.assign(new Error(`connect EACCES ${where} (network blocked by skillc rehearse)`), { code: 'EACCES' });
      process.nextTick(() => this.destroy(err));
      return this;
    };
    // One stand-in for every overload of connect (port and host, options, a path, with or without a listener).
    Reflect.set(net.Socket.prototype, 'connect', connect);
  },
};
