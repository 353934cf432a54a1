import { parseArgs, type ParseArgsConfig } from 'node:util';
import { didYouMean } from '../core/suggest.js';
import { UsageError } from '../core/errors.js';

type Options = NonNullable<ParseArgsConfig['options']>;

/** node:util parseArgs, with its errors turned into usage errors (exit 2). */
export type Parsed<O extends Options> = ReturnType<typeof parseArgs<{ args: string[]; options: O; allowPositionals: true; strict: true }>>;

export function parse<O extends Options>(argv: string[], options: O): Parsed<O> {
  try {
    return parseArgs({ args: argv, options, allowPositionals: true, strict: true });
  } catch (error) {
    let message = error instanceof Error ? error.message.replace(/\. To specify a positional argument.*$/s, '') : String(error);
    const unknown = /^Unknown option '(--?[^']+)'/.exec(message)?.[1];
    if (unknown?.startsWith('--')) message += didYouMean(unknown, Object.keys(options).map((name) => `--${name}`));
    throw new UsageError(message);
  }
}

/** `--host a,b --host c` -> [a, b, c]. */
export function splitList(values: string | string[] | undefined): string[] {
  const list = values === undefined ? [] : Array.isArray(values) ? values : [values];
  return list.flatMap((v) => v.split(',')).map((v) => v.trim()).filter(Boolean);
}

/**
 * A flag's value that must be one of a few words (`--format`): anything else, a key of
 * `Object.prototype` included, is a usage error that names the flag and the choices.
 */
export function oneOf<T extends string>(value: string | undefined, allowed: readonly T[], name: string): T {
  if (value !== undefined && (allowed as readonly string[]).includes(value)) return value as T;
  throw new UsageError(`unknown ${name} '${value}', expected ${allowed.join(', ')}${value === undefined ? '' : didYouMean(value, allowed)}`);
}

/**
 * `--format` of a command whose human report is `stylish` (as lint's): `text`, its old name in
 * gate, rules and catalog, still means it.
 */
export function formatOf<T extends string>(value: string | undefined, allowed: readonly T[]): T {
  return oneOf(value === 'text' && (allowed as readonly string[]).includes('stylish') ? 'stylish' : value, allowed, 'format');
}

export function intOption(value: string | undefined, name: string): number | undefined {
  if (value === undefined) return undefined;
  if (!/^-?\d+$/.test(value)) throw new UsageError(`--${name} expects an integer, got '${value}'`);
  return Number(value);
}

/**
 * Whether a human report is coloured, as chalk's supports-color (ESLint's) decides: --color /
 * --no-color when given; else FORCE_COLOR when set (`0` or `false` off, anything else on, even in a
 * pipe: it beats NO_COLOR); else never with a non-empty NO_COLOR; else only on a TTY.
 */
export function useColor(flag: boolean | undefined, noFlag: boolean | undefined, env: NodeJS.ProcessEnv = process.env, isTTY = !!process.stdout.isTTY): boolean {
  if (noFlag) return false;
  if (flag) return true;
  const force = env.FORCE_COLOR;
  if (force !== undefined) return force !== '0' && force !== 'false';
  if (env.NO_COLOR !== undefined && env.NO_COLOR !== '') return false;
  return isTTY;
}
