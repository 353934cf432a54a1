// The curl fake: method, URL (also from `-K`/`--config`), headers and body, as `http.<method>`.
import fs from 'node:fs';
import { type CommandCall, type CommandFake, flagOf, optionValue } from './fake.js';

/** curl's options that take a value (the others are flags or the URL). */
const WITH_VALUE = new Set([
  '-X', '--request', '-H', '--header', '-d', '--data', '--data-binary', '--data-raw', '--data-ascii', '--data-urlencode',
  '-F', '--form', '-o', '--output', '-K', '--config', '--url', '-u', '--user', '-A', '--user-agent', '-e', '--referer',
  '-m', '--max-time', '--connect-timeout', '-w', '--write-out', '--retry', '-T', '--upload-file', '-b', '--cookie',
  '-c', '--cookie-jar', '--json',
]);

/** `@file` and `@-` (standard input) as curl reads them; anything else is the data itself. */
const readData = (call: CommandCall, v: string): string => (v === '@-' ? call.stdin() : v.startsWith('@') ? call.readFile(v.slice(1)) : v);

export const curl: CommandFake = {
  kind: 'command',
  names: ['curl'],
  run(call) {
    const { args } = call;
    let method: string | undefined;
    let url: string | undefined;
    const headers: string[] = [];
    const data: string[] = [];
    /** A curl config file (`-K`): `url = ...`, `header = ...`, `data = ...`, `request = ...`, one a line. */
    const config = (text: string): void => {
      for (const line of text.split('\n')) {
        // Read by hand: one regex (`([\w-]+)\s*[=:]?\s*"?(.*?)"?\s*$`) backtracked polynomially on a long line.
        const trimmed = line.trim();
        const key = /^-{0,2}([\w-]+)/.exec(trimmed);
        if (!key) continue;
        let rest = trimmed.slice(key[0].length).trimStart();
        if (rest.startsWith('=') || rest.startsWith(':')) rest = rest.slice(1).trimStart();
        if (rest.startsWith('"')) rest = rest.slice(1);
        if (rest.endsWith('"')) rest = rest.slice(0, -1);
        const k = key[1]!;
        const v = rest;
        if (k === 'url') url = v;
        else if (k === 'header' || k === 'H') headers.push(v);
        else if (k.startsWith('data')) data.push(v);
        else if (k === 'request' || k === 'X') method = v;
      }
    };
    for (let i = 0; i < args.length; i++) {
      const a = args[i]!;
      const flag = flagOf(a);
      if (!WITH_VALUE.has(flag)) {
        if (!a.startsWith('-')) url = a;
        else if (a === '-G' || a === '--get') method = 'GET';
        else if (a === '-I' || a === '--head') method = 'HEAD';
        continue;
      }
      let v: string;
      [v, i] = optionValue(args, i);
      if (flag === '-X' || flag === '--request') method = v;
      else if (flag === '-H' || flag === '--header') headers.push(v);
      else if (flag === '--json') {
        data.push(readData(call, v));
        headers.push('Content-Type: application/json');
      } else if (flag.startsWith('-d') || flag.startsWith('--data') || flag === '-F' || flag === '--form') data.push(readData(call, v));
      else if (flag === '-T' || flag === '--upload-file') {
        data.push(readData(call, `@${v}`));
        method ??= 'PUT';
      } else if (flag === '-K' || flag === '--config') config(v === '-' ? call.stdin() : call.readFile(v));
      else if (flag === '--url') url = v;
      // The output file exists afterwards, as after a real download.
      else if ((flag === '-o' || flag === '--output') && v !== '-' && v !== '/dev/null') fs.writeFileSync(v, '');
    }
    const verb = (method ?? (data.length ? 'POST' : 'GET')).toUpperCase();
    call.record({ effect: `http.${verb.toLowerCase()}`, via: 'curl', method: verb, url: url ?? '', headers, body: data.join('&') });
    return 0;
  },
};
