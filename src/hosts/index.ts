import { agentskills } from './agentskills.js';
import { claude } from './claude.js';
import { claudeUpload } from './claude-upload.js';
import { codex } from './codex.js';
import { copilot, cursor, gemini, hermes, opencode, pi } from './others.js';
import { didYouMean } from '../core/suggest.js';
import type { HostProfile } from './profile.js';

export type { FieldSpec, FieldType, HostFact, HostProfile } from './profile.js';

/**
 * The built-in hosts, by id. Adding a host means adding a profile here, nothing else. What documents
 * the shipped hosts (the frontmatter schema, docs/source-format.md) reads these, never HOSTS, which
 * also holds the hosts of the config in use.
 */
export const BUILT_IN_HOSTS: Readonly<Record<string, HostProfile>> = { agentskills, claude, 'claude-upload': claudeUpload, codex, opencode, gemini, copilot, cursor, pi, hermes };

/**
 * Every known host, by id: the built-in ones, then those a config defined (`customHosts`,
 * registered when the config is resolved, see defineHost).
 */
export const HOSTS: Readonly<Record<string, HostProfile>> = { ...BUILT_IN_HOSTS };

/** True for a host skillc ships a profile for (not one a config defined). */
export function isBuiltInHost(id: string): boolean {
  return Object.prototype.hasOwnProperty.call(BUILT_IN_HOSTS, id);
}

/**
 * Forgets every host a config defined, keeping the built-in ones. Resolving a config starts here, so
 * the known hosts are the built-in ones plus those of the config in use, not of every config one
 * process resolved before (an editor or an API caller lints several projects in one process).
 */
export function forgetCustomHosts(): void {
  for (const id of Object.keys(HOSTS)) if (!isBuiltInHost(id)) delete (HOSTS as Record<string, HostProfile>)[id];
}

/** What a config says of a host it defines: the built-in profile it extends, and what differs. */
export interface HostDefinition {
  extends: string;
  displayName?: string;
  docs?: string;
}

/**
 * Registers a host a config defines as a built-in one under another id (hermes-taskflow's
 * `grok` reads skills as OpenCode does): it reads the same keys with the same limits, and
 * gets its own output tree, host blocks and `skillc.<id>` fields. Defining the same id
 * again replaces it; a built-in id cannot be redefined.
 */
export function defineHost(id: string, definition: HostDefinition): HostProfile {
  if (isBuiltInHost(id)) throw new Error(`host '${id}' is built in; a custom host needs an id of its own`);
  const base = BUILT_IN_HOSTS[definition.extends];
  if (!base) throw new Error(`unknown host '${definition.extends}' to extend${didYouMean(definition.extends, Object.keys(BUILT_IN_HOSTS))} (expected one of ${Object.keys(BUILT_IN_HOSTS).join(', ')})`);
  const profile: HostProfile = { ...base, id, displayName: definition.displayName ?? id, docs: definition.docs ?? base.docs };
  (HOSTS as Record<string, HostProfile>)[id] = profile;
  return profile;
}

export const DEFAULT_HOSTS: readonly string[] = ['agentskills'];

export function hostIds(): string[] {
  return Object.keys(HOSTS);
}

export function getHost(id: string): HostProfile | undefined {
  return Object.prototype.hasOwnProperty.call(HOSTS, id) ? HOSTS[id] : undefined;
}

/**
 * The message for an id that names no host, with a "did you mean" and the known ids; `where` names
 * the mistake's place (`in --host`, `in hosts`). Every host check of the CLI and the config words it so.
 */
export function unknownHostMessage(id: string, where: string): string {
  return `unknown host '${id}' ${where}${didYouMean(id, hostIds())} (expected one of ${hostIds().join(', ')})`;
}

/** The first id of `ids` that names no host, or undefined when every one does. */
export function firstUnknownHost(ids: Iterable<string>): string | undefined {
  for (const id of ids) if (!getHost(id)) return id;
  return undefined;
}
