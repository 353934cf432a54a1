import picomatch from 'picomatch';
import { adjacency, buildGraph } from '../../analysis/graph.js';
import type { LayerSpec } from '../../config/config.js';
import { defineCatalogRule } from '../rule.js';
import { EDGES_ONLY_SCHEMA, type EdgesOption } from './shared.js';

export type LayerOptions = EdgesOption;

/** The layer each skill belongs to: the first layer (top first) whose names or globs match it. */
export function layerOf(layers: readonly LayerSpec[]): (name: string) => LayerSpec | undefined {
  const matchers = layers.map((l) => ({ layer: l, match: picomatch(l.skills) }));
  return (name) => matchers.find((m) => m.match(name))?.layer;
}

/** The layers a layer may call: its `mayCall`, else every layer listed after it. */
export function allowedCallees(layers: readonly LayerSpec[], layer: LayerSpec): string[] {
  if (layer.mayCall) return layer.mayCall;
  return layers.slice(layers.indexOf(layer) + 1).map((l) => l.name);
}

export default defineCatalogRule<LayerOptions>(
  {
    id: 'skills/layer',
    description: "Reports a call from one skill to another that the config's `layers` do not allow, such as a kernel skill calling any skill.",
    severity: 'error',
    fixable: false,
    schema: EDGES_ONLY_SCHEMA,
    defaultOptions: { edges: ['requires'] },
    messages: {
      layerViolation: 'Unexpected call from `{{id}}` (layer `{{name}}`) to `{{to}}` ({{detail}}) by {{kind}} `{{via}}`, expected {{expected}}',
    },
  },
  ({ catalog, config, options, report }) => {
    const layers = config.layers ?? [];
    if (!layers.length) return;
    const find = layerOf(layers);
    const graph = buildGraph(catalog.skills);
    const adj = adjacency(graph, options.edges);
    for (const node of graph.nodes) {
      if (!node.skill) continue;
      const from = find(node.id);
      if (!from) continue;
      const allowed = allowedCallees(layers, from);
      for (const edge of adj.get(node.id) ?? []) {
        const target = graph.nodes.find((n) => n.id === edge.to);
        if (!target?.skill) continue;
        const to = find(edge.to);
        // A skill outside every layer is unconstrained, except for a layer that may call nothing.
        if (to ? allowed.includes(to.name) : allowed.length > 0) continue;
        const expected = allowed.length ? `calls into ${allowed.map((l) => `\`${l}\``).join(', ')} only` : `no calls from layer \`${from.name}\``;
        report(node.skill, {
          messageId: 'layerViolation', data: { id: node.id, name: from.name, to: edge.to, detail: to ? `layer \`${to.name}\`` : 'no layer', kind: edge.kind, via: edge.via, expected },
          range: edge.range,
        });
      }
    }
  },
);
