import { buildGraph, longestChains } from '../../analysis/graph.js';
import { defineCatalogRule } from '../rule.js';
import { EDGES_SCHEMA, type EdgesOption } from './shared.js';

export interface CallDepthOptions extends EdgesOption {
  /** The most calls one skill may chain (a calls b calls c is 2). */
  max: number;
}

export default defineCatalogRule<CallDepthOptions>(
  {
    id: 'skills/call-depth',
    description: 'Reports a skill whose chain of calls to other skills (`skillc.requires`, and with the `edges` option backticked names, links, includes) is deeper than the limit.',
    severity: 'warning',
    fixable: false,
    schema: {
      type: 'object',
      additionalProperties: false,
      properties: {
        max: { type: 'integer', minimum: 0 },
        edges: EDGES_SCHEMA,
      },
    },
    defaultOptions: { max: 3, edges: ['requires'] },
    messages: {
      tooDeep: 'Unexpected call chain `{{chain}}` of depth {{depth}}, expected at most {{max}}',
    },
  },
  ({ catalog, options, report }) => {
    const graph = buildGraph(catalog.skills);
    const chains = longestChains(graph, options.edges);
    for (const node of graph.nodes) {
      if (!node.skill) continue;
      const { chain, first } = chains.get(node.id)!;
      const depth = chain.length - 1;
      if (depth <= options.max || !first) continue;
      report(node.skill, {
        messageId: 'tooDeep', data: { chain: chain.join(' -> '), depth, max: options.max },
        range: first.range,
      });
    }
  },
);
