// The wget fake: method, URL, headers and body (`--post-data`, `--post-file`), as `http.<method>`.
import type { CommandFake } from './fake.js';

/** wget options whose value the fake skips (it records neither). */
const SKIPPED_VALUE = new Set(['-O', '--output-document', '-o', '--output-file', '-U', '--user-agent', '-T', '--timeout']);

export const wget: CommandFake = {
  kind: 'command',
  names: ['wget'],
  run(call) {
    const { args } = call;
    let method: string | undefined;
    let url: string | undefined;
    let body = '';
    const headers: string[] = [];
    for (let i = 0; i < args.length; i++) {
      const a = args[i]!;
      const [flag, inline] = a.startsWith('--') && a.includes('=') ? [a.slice(0, a.indexOf('=')), a.slice(a.indexOf('=') + 1)] : [a, undefined];
      const value = (): string => inline ?? args[++i] ?? '';
      if (flag === '--post-data' || flag === '--body-data') {
        body = value();
        method ??= 'POST';
      } else if (flag === '--post-file' || flag === '--body-file') {
        body = call.readFile(value());
        method ??= 'POST';
      } else if (flag === '--method') method = value();
      else if (flag === '--header') headers.push(value());
      else if (SKIPPED_VALUE.has(flag)) value();
      else if (!a.startsWith('-')) url = a;
    }
    const verb = (method ?? 'GET').toUpperCase();
    call.record({ effect: `http.${verb.toLowerCase()}`, via: 'wget', method: verb, url: url ?? '', headers, body });
    return 0;
  },
};
