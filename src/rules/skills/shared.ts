import { EDGE_KINDS, type EdgeKind } from '../../analysis/graph.js';

/** The `edges` option of the graph rules (`skills/call-depth`, `skills/layer`, `skills/requires-cycle`). */
export interface EdgesOption {
  /** Edge kinds of the skill graph that count as calls; default `requires` only. */
  edges: EdgeKind[];
}

/** The JSON schema of the `edges` option, one for every graph rule so they accept the same kinds. */
export const EDGES_SCHEMA = { type: 'array', items: { enum: [...EDGE_KINDS] }, minItems: 1, uniqueItems: true } as const;

/** The whole options schema of a graph rule whose only option is `edges`. */
export const EDGES_ONLY_SCHEMA = { type: 'object', additionalProperties: false, properties: { edges: EDGES_SCHEMA } } as const;
