// `--host` lists, checked against the built-in hosts and the config's custom hosts. Apart from
// args.ts because it loads the config reader (and YAML): commands without --host must not.
import { unknownConfiguredHost, type ResolvedConfig } from '../config/config.js';
import { firstUnknownHost, unknownHostMessage } from '../hosts/index.js';
import { UsageError } from '../core/errors.js';
import { wrapWords } from '../model/text.js';
import { splitList } from './args.js';

/**
 * `--host a,b`, each id checked here, once, for every command that takes it: against the built-in
 * hosts and the ones the config defines (`customHosts`; the config where the command would find it,
 * `--config` or the one above `cwd`, is loaded first when an id is not built in). An unknown id is a
 * usage error that names the flag, with a "did you mean" (the config's own `hosts` are checked where
 * it is loaded). No `config`: the built-in hosts only.
 */
/** `--host a,b` checked against a config already resolved (its `hostTable`): the command resolves its config once. */
export function hostsOf(values: string | string[] | undefined, config: ResolvedConfig, flag = '--host'): string[] {
  const ids = splitList(values);
  const unknown = firstUnknownHost(ids, config.hostTable);
  if (unknown !== undefined) throw new UsageError(unknownHostMessage(unknown, `in ${flag}`, config.hostTable));
  return ids;
}

export function hostList(values: string | string[] | undefined, config: { cwd: string; configFile?: string | undefined } | undefined, flag = '--host'): string[] {
  const ids = splitList(values);
  const load: { cwd: string; configFile?: string } | undefined = config && { cwd: config.cwd };
  if (load && config?.configFile) load.configFile = config.configFile;
  const unknown = unknownConfiguredHost(ids, load, `in ${flag}`);
  if (unknown !== undefined) throw new UsageError(unknown);
  return ids;
}


/**
 * Host ids as a command's help lists them, from the profiles (never a hand-kept list): comma-separated
 * and followed by `tail`, wrapped at 80 columns, each line indented to the options' description column.
 */
export function helpHostIds(ids: readonly string[], tail = '', indent = 27): string {
  return wrapWords(ids.join(', ') + tail, 80 - indent)
    .map((line) => ' '.repeat(indent) + line)
    .join('\n');
}
