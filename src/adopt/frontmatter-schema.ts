import { SPEC_FIELDS } from '../hosts/agentskills.js';
import { BUILT_IN_HOSTS } from '../hosts/index.js';
import type { FieldSpec } from '../hosts/profile.js';
import { SKILLC_BLOCK_KEYS as K } from '../model/skillc-block.js';

type JsonSchema = Record<string, unknown>;

const stringList: JsonSchema = { type: 'array', items: { type: 'string' } };

function fieldSchema(spec: FieldSpec): JsonSchema {
  const base: JsonSchema = { description: spec.description };
  switch (spec.type) {
    case 'string':
      return { ...base, type: 'string', ...(spec.maxLength ? { maxLength: spec.maxLength } : {}), ...(spec.values ? { enum: [...spec.values] } : {}) };
    case 'boolean':
      return { ...base, type: 'boolean' };
    case 'number':
      return { ...base, type: 'number' };
    case 'string-map':
      return { ...base, type: 'object', additionalProperties: { type: 'string' } };
    case 'mapping':
      return { ...base, type: 'object' };
    case 'tool-list':
    case 'string-or-list':
      return { ...base, anyOf: [{ type: 'string' }, stringList] };
    default:
      return base;
  }
}

/**
 * The JSON Schema of a source SKILL.md's frontmatter, from the host profiles:
 * the spec's keys, every host's own keys (each described with the hosts that
 * read it), and the compile-time `skillc:` block with one mapping per host.
 * schema/frontmatter.schema.json is this, written out (a test keeps them equal).
 */
export function frontmatterSchema(): JsonSchema {
  const properties: Record<string, JsonSchema> = {};
  for (const [key, spec] of Object.entries(SPEC_FIELDS)) properties[key] = fieldSchema(spec);
  const readers = new Map<string, string[]>();
  for (const host of Object.values(BUILT_IN_HOSTS)) {
    for (const [key, spec] of Object.entries(host.fields)) {
      if (key in SPEC_FIELDS) continue;
      if (!readers.has(key)) {
        readers.set(key, []);
        properties[key] = fieldSchema(spec);
      }
      readers.get(key)!.push(host.id);
    }
  }
  for (const [key, hosts] of readers) {
    properties[key] = { ...properties[key], description: `${String(properties[key]!.description)} Read by ${hosts.join(', ')} only: in a source, prefer skillc.${hosts[0]}.${key}.` };
  }
  const hostBlocks: Record<string, JsonSchema> = {};
  for (const host of Object.values(BUILT_IN_HOSTS)) {
    // A description of its own, when the source says so here (source/skillc-block checks it against this host's limit).
    const own: Record<string, JsonSchema> = { description: { type: 'string', minLength: 1, description: `The description ${host.displayName} gets instead of the top-level one.` } };
    for (const [key, spec] of Object.entries(host.fields)) if (!(key in SPEC_FIELDS)) own[key] = fieldSchema(spec);
    for (const key of host.emit.metadataFile?.keys ?? []) own[key] = { type: 'object', description: `Written to ${host.emit.metadataFile!.path} beside SKILL.md.` };
    hostBlocks[host.id] = { type: 'object', description: `Fields only ${host.displayName} reads, emitted for it alone.`, properties: own };
  }
  return {
    $schema: 'http://json-schema.org/draft-07/schema#',
    $id: 'https://github.com/skillc-dev/skillc/schema/frontmatter.schema.json',
    title: 'skillc source SKILL.md frontmatter',
    description: 'The frontmatter of skills-src/<skill>/SKILL.md: the Agent Skills spec keys, hosts\' own keys, and the compile-time skillc: block. Generated from the host profiles (src/adopt/frontmatter-schema.ts).',
    type: 'object',
    required: ['name', 'description'],
    properties: {
      ...properties,
      skillc: {
        type: 'object',
        description: 'Compile-time settings, never emitted as is.',
        additionalProperties: false,
        properties: {
          invocation: { enum: ['auto', 'manual'], description: K.invocation.description },
          targets: { type: 'array', items: { enum: Object.keys(BUILT_IN_HOSTS) }, description: K.targets.description },
          kind: { type: 'string', description: K.kind.description },
          requires: { ...stringList, description: K.requires.description },
          artifacts: {
            type: 'object',
            description: K.artifacts.description,
            additionalProperties: {
              type: 'object',
              properties: { sections: stringList, ordered: { type: 'boolean' }, contract: { type: 'string' } },
            },
          },
          effects: { ...stringList, description: K.effects.description },
          files: {
            type: 'object',
            description: K.files.description,
            additionalProperties: {
              type: 'object',
              additionalProperties: false,
              properties: { hosts: { type: 'array', items: { enum: Object.keys(BUILT_IN_HOSTS) } }, as: { type: 'string' } },
            },
          },
          ...hostBlocks,
        },
      },
    },
  };
}
