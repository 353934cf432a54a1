#!/usr/bin/env node
// Figures of merit of `skillc graph --format svg` on a catalog: edges drawn,
// crossings, total edge length (px), canvas size and layout time, per edge set.
//   node bench/graph-merit.mjs DIR [kinds;kinds...]    (default: "requires,include;all")
// e.g. node ../shared/bench/gen-corpus.mjs 100 /tmp/gen100 && node bench/graph-merit.mjs /tmp/gen100
// Uses dist/ (npm run compile first).
import path from 'node:path';
import { catalogReport } from '../dist/catalog/load.js';
import { edgeKinds, renderGraph, svgMerit } from '../dist/catalog/render/index.js';

const [, , dir, sets = 'requires,include;all'] = process.argv;
if (!dir) {
  console.error('usage: graph-merit.mjs DIR [kinds;kinds...]');
  process.exit(2);
}
const picture = catalogReport({ cwd: path.resolve(dir), paths: ['.'], hosts: ['claude', 'codex', 'agentskills'] });
console.log(`${picture.nodes.length} nodes, ${picture.edges.length} references`);
for (const set of sets.split(';')) {
  const t = performance.now();
  const svg = await renderGraph(picture, 'svg', { edges: edgeKinds(set.split(',')) });
  const ms = Math.round(performance.now() - t);
  const m = svgMerit(svg);
  const [, w, h] = /viewBox="0 0 (\S+) (\S+)"/.exec(svg);
  console.log(`--edges ${set}: ${m.edges} edges drawn, ${m.crossings} crossings, length ${m.length} px, ${w}x${h} px, ${ms} ms`);
}
