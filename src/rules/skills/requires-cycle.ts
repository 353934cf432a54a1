import { adjacency, buildGraph, type GraphEdge } from '../../analysis/graph.js';
import { defineCatalogRule } from '../rule.js';
import { EDGES_ONLY_SCHEMA, type EdgesOption } from './shared.js';

/** Enough to show every cycle a real catalog has, without exponential work on a dense graph. */
const MAX_CYCLES = 100;
const MAX_STEPS = 100_000;

export type RequiresCycleOptions = EdgesOption;

export default defineCatalogRule<RequiresCycleOptions>(
  {
    id: 'skills/requires-cycle',
    description: 'Reports a cycle of `skillc.requires` between skills.',
    severity: 'error',
    fixable: false,
    schema: EDGES_ONLY_SCHEMA,
    defaultOptions: { edges: ['requires'] },
    messages: {
      requiresCycle: 'Unexpected cycle `{{cycle}}` in `skillc.requires`, expected requirements without a loop',
      graphCycle: 'Unexpected cycle `{{cycle}}` in the skill graph ({{used}}), expected calls without a loop',
    },
  },
  ({ catalog, options, report }) => {
    const graph = buildGraph(catalog.skills);
    const kinds = options.edges;
    const requiresOnly = kinds.length === 1 && kinds[0] === 'requires';
    const edges = adjacency(graph, kinds);
    const skills = new Map(graph.nodes.filter((n) => n.skill).map((n) => [n.id, n.skill!]));
    const order = [...skills.keys()].sort();
    const rank = new Map(order.map((n, i) => [n, i]));
    let found = 0;
    let steps = 0;
    // Each elementary cycle is found once: from its smallest name, through larger names only.
    for (const start of order) {
      const path: string[] = [start];
      const via: GraphEdge[] = [];
      const on = new Set(path);
      const visit = (node: string): void => {
        for (const edge of edges.get(node) ?? []) {
          const to = edge.to;
          if (found >= MAX_CYCLES || ++steps > MAX_STEPS) return;
          if (!rank.has(to)) continue;
          via.push(edge);
          if (to === start) {
            found++;
            const cycle = [...path, start].join(' -> ');
            const used = [...new Set(via.map((e) => e.kind))].join(', ');
            report(skills.get(start)!, {
              ...(requiresOnly ? { messageId: 'requiresCycle', data: { cycle } } : { messageId: 'graphCycle', data: { cycle, used } }),
              range: via[0]!.range,
            });
          } else if (rank.get(to)! > rank.get(start)! && !on.has(to)) {
            path.push(to);
            on.add(to);
            visit(to);
            on.delete(to);
            path.pop();
          }
          via.pop();
        }
      };
      visit(start);
    }
  },
);
