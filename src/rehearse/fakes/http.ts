// The http and https fakes: `request` and `get` record `http.<method>` when the request ends and answer 200 with an empty body.
import http from 'node:http';
import https from 'node:https';
import { PassThrough, Writable } from 'node:stream';
import type { NodeFake, Recorder } from './fake.js';

interface RequestOptions {
  method?: string;
  hostname?: string;
  host?: string;
  port?: number | string;
  path?: string;
  headers?: Record<string, unknown>;
}

/** A stand-in for `http.request` / `https.request`: a writable request whose end records the capture. */
function fakeRequest(protocol: 'http:' | 'https:', record: Recorder) {
  return function request(...argv: unknown[]): Writable {
    let url: URL | undefined;
    let opts: RequestOptions = {};
    let cb: ((res: PassThrough) => void) | undefined;
    for (const a of argv) {
      if (typeof a === 'function') cb = a as (res: PassThrough) => void;
      else if (typeof a === 'string' || a instanceof URL) url = new URL(a);
      else if (a && typeof a === 'object') opts = a;
    }
    const method = String(opts.method ?? 'GET').toUpperCase();
    const host = opts.hostname ?? opts.host ?? url?.hostname ?? 'localhost';
    const port = opts.port ?? url?.port;
    const target = url && !opts.path ? url.href : `${protocol}//${host}${port ? `:${port}` : ''}${opts.path ?? url?.pathname ?? '/'}`;
    const headers: Record<string, unknown> = { ...(opts.headers ?? {}) };
    const chunks: Buffer[] = [];
    const req = new Writable({
      write(chunk: Buffer | string, enc: BufferEncoding, done: () => void) {
        chunks.push(typeof chunk === 'string' ? Buffer.from(chunk, enc) : Buffer.from(chunk));
        done();
      },
      final(done: () => void) {
        record({ effect: `http.${method.toLowerCase()}`, via: protocol.slice(0, -1), method, url: target, headers, body: Buffer.concat(chunks).toString('utf8') });
        const res = new PassThrough();
        Object.assign(res, { statusCode: 200, statusMessage: 'OK', headers: {}, rawHeaders: [], httpVersion: '1.1' });
        process.nextTick(() => {
          req.emit('response', res);
          if (cb) cb(res);
          res.end();
        });
        done();
      },
    });
    Object.assign(req, {
      method,
      path: opts.path ?? '/',
      host,
      setHeader: (k: string, v: unknown) => void (headers[String(k).toLowerCase()] = v),
      getHeader: (k: string) => headers[String(k).toLowerCase()],
      removeHeader: (k: string) => void delete headers[String(k).toLowerCase()],
      setTimeout: () => req,
      setNoDelay: () => undefined,
      setSocketKeepAlive: () => undefined,
      abort: () => void req.destroy(),
      flushHeaders: () => undefined,
    });
    return req;
  };
}

export const httpFake: NodeFake = {
  kind: 'node',
  name: 'http',
  install(record) {
    for (const [mod, protocol] of [[http, 'http:'], [https, 'https:']] as const) {
      const request = fakeRequest(protocol, record);
      (mod as { request: unknown }).request = request;
      (mod as { get: unknown }).get = (...a: unknown[]) => request(...a).end();
    }
  },
};
