import { agentskills } from './agentskills.js';
import { claude } from './claude.js';
import { codex } from './codex.js';
import { copilot, cursor, gemini, hermes, opencode, pi } from './others.js';
import { didYouMean } from '../core/suggest.js';
import type { HostProfile } from './profile.js';

export type { FieldSpec, FieldType, HostProfile } from './profile.js';

/** Every known host, by id. Adding a host means adding a profile here, nothing else. */
export const HOSTS: Readonly<Record<string, HostProfile>> = { agentskills, claude, codex, opencode, gemini, copilot, cursor, pi, hermes };

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
