import type { HostProfile } from '../hosts/profile.js';
import type { Skill } from '../model/skill.js';
import { sortKeys } from './yaml.js';

export interface HostFrontmatter {
  /** Keys the host reads, in the profile's order. */
  frontmatter: Record<string, unknown>;
  /** The host's metadata file content (e.g. Codex agents/openai.yaml), or undefined. */
  metadata?: Record<string, unknown>;
}

function isObject(v: unknown): v is Record<string, unknown> {
  return !!v && typeof v === 'object' && !Array.isArray(v);
}

function deepMerge(a: Record<string, unknown>, b: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = { ...a };
  for (const [k, v] of Object.entries(b)) out[k] = isObject(v) && isObject(out[k]) ? deepMerge(out[k] as Record<string, unknown>, v) : v;
  return out;
}

/**
 * The frontmatter one host gets: the portable keys, the host-only fields from
 * `skillc.<host>`, and the host's own switch for manual invocation, filtered to
 * the keys the host reads. `skillc:` itself is never emitted.
 */
export function hostFrontmatter(skill: Skill, data: Record<string, unknown>, host: HostProfile): HostFrontmatter {
  const { skillc: _compileTime, ...portable } = data;
  void _compileTime;
  const hostOnly = isObject(skill.skillc?.[host.id]) ? (skill.skillc![host.id] as Record<string, unknown>) : {};
  const metaKeys = new Set(host.emit.metadataFile?.keys ?? []);
  let merged: Record<string, unknown> = { ...portable };
  let metadata: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(hostOnly)) {
    if (metaKeys.has(k)) metadata[k] = v;
    else merged[k] = v;
  }
  const manual = skill.skillc?.invocation === 'manual';
  if (manual && host.manualInvocation?.frontmatter) merged = { ...merged, ...host.manualInvocation.frontmatter };
  if (manual && host.manualInvocation?.metadata) metadata = deepMerge(metadata, host.manualInvocation.metadata);
  const frontmatter: Record<string, unknown> = {};
  for (const key of Object.keys(host.fields)) {
    const v = merged[key];
    if (v === undefined || v === null) continue;
    frontmatter[key] = key === 'metadata' ? sortKeys(v) : v;
  }
  const result: HostFrontmatter = { frontmatter };
  if (Object.keys(metadata).length) result.metadata = sortKeys(metadata) as Record<string, unknown>;
  return result;
}
