// The fetch fake: `globalThis.fetch` records `http.<method>` and answers 200 with an empty body.
import type { NodeFake } from './fake.js';

const text = async (body: unknown): Promise<string> => (body == null ? '' : typeof body === 'string' ? body : await new Response(body as BodyInit).text());

export const fetchFake: NodeFake = {
  kind: 'node',
  name: 'fetch',
  install(record) {
    globalThis.fetch = async function fetch(input: string | URL | Request, init: RequestInit = {}): Promise<Response> {
      const req = input instanceof Request ? input : undefined;
      const url = req ? req.url : input instanceof URL ? input.href : input;
      const method = String(init.method ?? req?.method ?? 'GET').toUpperCase();
      const headers = Object.fromEntries(new Headers(init.headers ?? req?.headers ?? {}));
      const body = init.body !== undefined ? await text(init.body) : req && method !== 'GET' && method !== 'HEAD' ? await req.text() : '';
      record({ effect: `http.${method.toLowerCase()}`, via: 'fetch', method, url, headers, body });
      return new Response('', { status: 200, statusText: 'OK (captured by skillc rehearse)' });
    };
  },
};
