import { agentskills } from './agentskills.js';
import { claude } from './claude.js';
import { claudeUpload } from './claude-upload.js';
import { codex } from './codex.js';
import { copilot, cursor, gemini, hermes, opencode, pi } from './others.js';
import { didYouMean } from '../core/suggest.js';
import type { HostProfile } from './profile.js';

export type { FieldSpec, FieldType, HostFact, HostProfile, InstallLayout } from './profile.js';

/**
 * The built-in hosts, by id. Adding a host is its profile module and its entry here, then
 * `npm run generate` (docs/architecture.md, "Worked example: adding a host"): what documents the
 * shipped hosts (both schemas, docs/source-format.md, the host lists of README.md, docs/cli.md and
 * `--help`) reads these; a lint or build reads its config's `hostTable`, which also holds the hosts
 * the config defines.
 */
export const BUILT_IN_HOSTS: Readonly<Record<string, HostProfile>> = { agentskills, claude, 'claude-upload': claudeUpload, codex, opencode, gemini, copilot, cursor, pi, hermes };

/** Every host a config knows, by id: the built-in ones, then those it defines (`customHosts`). A value of the resolved config (`hostTable`), never a registry. */
export type HostTable = Readonly<Record<string, HostProfile>>;

/** True for a host skillc ships a profile for (not one a config defined). */
export function isBuiltInHost(id: string): boolean {
  return Object.prototype.hasOwnProperty.call(BUILT_IN_HOSTS, id);
}

/** What a config says of a host it defines: the built-in profile it extends, and what differs. */
export interface HostDefinition {
  extends: string;
  displayName?: string;
  docs?: string;
}

/**
 * The profile of a host a config defines as a built-in one under another id (hermes-taskflow's
 * `grok` reads skills as OpenCode does): it reads the same keys with the same limits, and
 * gets its own output tree, host blocks and `skillc.<id>` fields. A built-in id cannot be redefined.
 */
export function defineHost(id: string, definition: HostDefinition): HostProfile {
  if (isBuiltInHost(id)) throw new Error(`host '${id}' is built in; a custom host needs an id of its own`);
  const base = BUILT_IN_HOSTS[definition.extends];
  if (!base) throw new Error(`unknown host '${definition.extends}' to extend${didYouMean(definition.extends, Object.keys(BUILT_IN_HOSTS))} (expected one of ${Object.keys(BUILT_IN_HOSTS).join(', ')})`);
  return { ...base, id, displayName: definition.displayName ?? id, docs: definition.docs ?? base.docs };
}

export const DEFAULT_HOSTS: readonly string[] = ['agentskills'];

/** The profile of `id` in `table` (a config's `hostTable`, or `BUILT_IN_HOSTS`), or undefined. */
export function getHost(id: string, table: HostTable): HostProfile | undefined {
  return Object.prototype.hasOwnProperty.call(table, id) ? table[id] : undefined;
}

/**
 * The message for an id that names no host, with a "did you mean" and the known ids; `where` names
 * the mistake's place (`in --host`, `in hosts`). Every host check of the CLI and the config words it so.
 */
export function unknownHostMessage(id: string, where: string, table: HostTable): string {
  const ids = Object.keys(table);
  return `unknown host '${id}' ${where}${didYouMean(id, ids)} (expected one of ${ids.join(', ')})`;
}

/** The first id of `ids` that names no host of `table`, or undefined when every one does. */
export function firstUnknownHost(ids: Iterable<string>, table: HostTable): string | undefined {
  for (const id of ids) if (!getHost(id, table)) return id;
  return undefined;
}
