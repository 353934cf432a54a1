import { isMap, type Node } from 'yaml';
import type { HostProfile } from '../hosts/profile.js';
import type { Skill } from '../model/skill.js';
import { skillcBlock } from '../model/skillc-block.js';

export interface HostFrontmatter {
  /** Keys the host reads, in the order the source wrote them. */
  frontmatter: Record<string, unknown>;
  /** The host's metadata file content (e.g. Codex agents/openai.yaml), or undefined. */
  metadata?: Record<string, unknown>;
  /** The source's YAML node for each emitted key (frontmatter and metadata), so its quoting and layout carry over. */
  nodes: { frontmatter: Record<string, Node>; metadata: Record<string, Node> };
}

function isObject(v: unknown): v is Record<string, unknown> {
  return !!v && typeof v === 'object' && !Array.isArray(v);
}

function deepMerge(a: Record<string, unknown>, b: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = { ...a };
  for (const [k, v] of Object.entries(b)) out[k] = isObject(v) && isObject(out[k]) ? deepMerge(out[k], v) : v;
  return out;
}

/** The value nodes of a YAML mapping node, by key. */
function nodesOf(node: unknown): Record<string, Node> {
  const out: Record<string, Node> = {};
  if (!isMap(node)) return out;
  for (const pair of node.items) {
    const key = (pair.key as { value?: unknown } | null)?.value;
    if (typeof key === 'string' && pair.value) out[key] = pair.value as Node;
  }
  return out;
}

/**
 * The frontmatter one host gets: the portable keys, the host-only fields from
 * `skillc.<host>` (a `description` there replaces the top-level one, in its place),
 * and the host's own switch for manual invocation, filtered to the keys the host
 * reads, in the order the source wrote them. `skillc:` itself is never emitted.
 */
export function hostFrontmatter(skill: Skill, data: Record<string, unknown>, host: HostProfile): HostFrontmatter {
  const { skillc: _compileTime, ...portable } = data;
  void _compileTime;
  const hostOnly = skillcBlock(skill).host(host.id) ?? {};
  const metaKeys = new Set(host.emit.metadataFile?.keys ?? []);
  const top = nodesOf(skill.frontmatter?.document.contents);
  const own = nodesOf(isMap(top.skillc) ? top.skillc.get(host.id, true) : undefined);
  const nodes: HostFrontmatter['nodes'] = { frontmatter: { ...top }, metadata: {} };
  let merged: Record<string, unknown> = { ...portable };
  let metadata: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(hostOnly)) {
    if (metaKeys.has(k)) {
      metadata[k] = v;
      if (own[k]) nodes.metadata[k] = own[k];
    } else {
      merged[k] = v;
      if (own[k]) nodes.frontmatter[k] = own[k];
      else delete nodes.frontmatter[k];
    }
  }
  const manual = skillcBlock(skill).invocation === 'manual';
  if (manual && host.manualInvocation?.frontmatter) {
    merged = { ...merged, ...host.manualInvocation.frontmatter };
    for (const k of Object.keys(host.manualInvocation.frontmatter)) delete nodes.frontmatter[k];
  }
  if (manual && host.manualInvocation?.metadata) {
    metadata = deepMerge(metadata, host.manualInvocation.metadata);
    // A value the switch changed is no longer the source's: its node no longer describes it.
    for (const k of Object.keys(host.manualInvocation.metadata)) delete nodes.metadata[k];
  }
  const frontmatter: Record<string, unknown> = {};
  for (const [key, v] of Object.entries(merged)) {
    if (!Object.prototype.hasOwnProperty.call(host.fields, key) || v === undefined || v === null) continue;
    frontmatter[key] = v;
  }
  const result: HostFrontmatter = { frontmatter, nodes };
  if (Object.keys(metadata).length) result.metadata = metadata;
  return result;
}
