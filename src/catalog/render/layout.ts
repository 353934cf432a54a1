import type { Viz } from '@viz-js/viz';
import type { EdgeKind } from '../../analysis/graph.js';
import type { CatalogPicture, PictureEdge } from './model.js';
import { groupOf, sceneOf, STRUCTURAL_EDGES, type Fold } from './scene.js';

/**
 * The skill graph laid out by Graphviz's `dot` (layered: callers above the
 * skills they call, crossings minimised, splines routed around the boxes), run
 * as WebAssembly through `@viz-js/viz`, so nothing has to be installed. skillc
 * sizes the boxes itself (`textWidth`) and draws the SVG from dot's
 * coordinates, so the text it measured is the text it draws.
 */

/**
 * Advance widths of DejaVu Sans (units of 1/2048 em), the widest of the fonts
 * the SVG names (Helvetica, Arial, Liberation Sans and DejaVu Sans): a label
 * measured with it fits in any of them. Characters not listed count as `M`.
 */
const ADVANCE: Record<string, number> = {
  ' ': 651, '!': 821, '"': 942, '#': 1716, $: 1303, '%': 1946, '&': 1597, "'": 563, '(': 799, ')': 799, '*': 1024, '+': 1716, ',': 651, '-': 739, '.': 651, '/': 690,
  ':': 690, ';': 690, '<': 1716, '=': 1716, '>': 1716, '?': 1087, '@': 2048, '[': 799, '\\': 690, ']': 799, '^': 1716, _: 1024, '`': 1024, '{': 1303, '|': 690, '}': 1303, '~': 1716,
  a: 1255, b: 1300, c: 1126, d: 1300, e: 1260, f: 721, g: 1300, h: 1298, i: 569, j: 569, k: 1186, l: 569, m: 1995, n: 1298, o: 1253, p: 1300, q: 1300, r: 842, s: 1067, t: 803,
  u: 1298, v: 1212, w: 1675, x: 1212, y: 1212, z: 1075,
  A: 1401, B: 1405, C: 1430, D: 1577, E: 1294, F: 1178, G: 1587, H: 1540, I: 604, J: 604, K: 1343, L: 1141, M: 1767, N: 1532, O: 1612, P: 1235, Q: 1612, R: 1423, S: 1300,
  T: 1251, U: 1499, V: 1401, W: 2025, X: 1403, Y: 1251, Z: 1403, '×': 1716, '·': 651,
};
for (const d of '0123456789') ADVANCE[d] = 1303;

/** Width in pixels of `text` at `size` pixels, never less than what a browser draws with the SVG's fonts. */
export function textWidth(text: string, size: number): number {
  let units = 0;
  for (const ch of text) units += ADVANCE[ch] ?? 2048;
  return Math.ceil((units / 2048) * size * 1.04);
}

/** Where the SVG puts the graph's top-left corner: under the title, inside the margin. */
export const GRAPH_OFFSET: Point = [24, 64];

export const FONT_SIZE = 13;
export const COUNT_SIZE = 11;
export const NODE_H = 34;
const NODE_PAD = 14;

/** One drawn edge: every edge of one kind between two nodes, both ways, merged. */
export interface DrawnEdge {
  from: string;
  to: string;
  kind: EdgeKind;
  /** References it stands for: the sum of the merged edges' counts. */
  count: number;
  /** `to` refers back to `from` the same way too. */
  both: boolean;
  /** The merged edges, for tooltips and the side panel. */
  edges: PictureEdge[];
}

/** Merges parallel edges: one per kind and pair of nodes, whichever way they point, with a count. */
export function drawnEdges(edges: readonly PictureEdge[], kinds: readonly EdgeKind[]): DrawnEdge[] {
  const out = new Map<string, DrawnEdge>();
  for (const e of edges) {
    if (!kinds.includes(e.kind)) continue;
    const [a, b] = e.from <= e.to ? [e.from, e.to] : [e.to, e.from];
    const key = `${e.kind}\0${a}\0${b}`;
    const found = out.get(key);
    if (!found) out.set(key, { from: e.from, to: e.to, kind: e.kind, count: e.count, both: false, edges: [e] });
    else {
      found.count += e.count;
      found.edges.push(e);
      if (e.from !== found.from) found.both = true;
    }
  }
  return [...out.values()];
}

export type Point = [number, number];

export interface LaidNode {
  id: string;
  /** Top-left corner and size, pixels. */
  x: number;
  y: number;
  w: number;
  h: number;
}

export interface LaidEdge extends DrawnEdge {
  /** Cubic Bézier control points: a start, then three points a segment. */
  curve: Point[];
  /** Arrowhead polygons at the head (and at the tail when `both`). */
  heads: Point[][];
  /** Centre of the count label, when `count` > 1. */
  label?: { x: number; y: number; w: number; h: number; text: string };
}

/** A group's frame (a plugin's skills), when the catalog has more than one group. */
export interface LaidCluster {
  group: string;
  x: number;
  y: number;
  w: number;
  h: number;
}

export interface LaidFold extends Fold, LaidNode {}

export interface CatalogLayout {
  /** Nodes drawn one by one (folded ones are in `folds`). */
  nodes: Map<string, LaidNode>;
  edges: LaidEdge[];
  folds: LaidFold[];
  clusters: LaidCluster[];
  width: number;
  height: number;
  kinds: EdgeKind[];
}

/** Text of a count label, `×3`. */
export const countText = (count: number): string => `×${count}`;

export function nodeWidth(label: string): number {
  return Math.max(80, textWidth(label, FONT_SIZE) + 2 * NODE_PAD);
}

/** Drawn edges past which the layout trades quality for time. */
const BIG_GRAPH = 300;

let vizInstance: Promise<Viz> | undefined;
/** Graphviz compiled to WebAssembly, loaded once (about 0.1 s). */
function graphviz(): Promise<Viz> {
  vizInstance ??= import('@viz-js/viz').then((m) => m.instance());
  return vizInstance;
}

/**
 * The dot source the layout runs. Boxes are fixed-size (skillc measured the
 * labels) and unlabelled; a count label is an empty fixed-size table, so dot
 * keeps room for it. The limits on network simplex and crossing minimisation
 * change nothing on a catalog's structural edges; past `BIG_GRAPH` edges (a
 * 100-skill catalog with every mention: 700 edges) they are cut hard and the
 * edges drawn straight, or dot would take minutes.
 */
export function layoutSource(nodes: readonly { id: string; label: string }[], edges: readonly DrawnEdge[]): string {
  const lines = [
    'digraph skills {',
    `  graph [rankdir=TB, nodesep=0.35, ranksep=0.6, pad=0, ${edges.length > BIG_GRAPH ? 'splines=false, nslimit=1, nslimit1=1, mclimit=0.05, searchsize=10' : 'splines=true, nslimit=20, nslimit1=20, mclimit=0.6'}];`,
    `  node [shape=box, fixedsize=true, height=${NODE_H / 72}, label=""];`,
    '  edge [arrowsize=0.8];',
  ];
  // dot sees node numbers, never names: a name is anything a SKILL.md says (control characters included).
  const num = new Map(nodes.map((nd, i) => [nd.id, i]));
  nodes.forEach((nd, i) => lines.push(`  n${i} [width=${nodeWidth(nd.label) / 72}];`));
  for (const e of edges) {
    const attrs = [e.both ? 'dir=both' : ''];
    if (e.count > 1) {
      const w = textWidth(countText(e.count), COUNT_SIZE) + 4;
      attrs.push(`label=<<TABLE BORDER="0" CELLPADDING="0" CELLSPACING="0"><TR><TD FIXEDSIZE="TRUE" WIDTH="${w}" HEIGHT="14"></TD></TR></TABLE>>`);
    }
    lines.push(`  n${num.get(e.from)} -> n${num.get(e.to)} [${attrs.filter(Boolean).join(', ')}];`);
  }
  lines.push('}');
  return `${lines.join('\n')}\n`;
}

interface DotJson {
  bb: string;
  objects?: { name: string; pos?: string; width?: string; height?: string }[];
  edges?: { tail: number; head: number; lp?: string; _draw_?: DrawOp[]; _hdraw_?: DrawOp[]; _tdraw_?: DrawOp[] }[];
}
interface DrawOp {
  op: string;
  points?: Point[];
}

/** A part of the graph laid out on its own, from (0, 0). */
interface Part {
  nodes: LaidNode[];
  edges: LaidEdge[];
  width: number;
  height: number;
}

/** One connected part through dot. */
function dotPart(viz: Viz, labels: readonly { id: string; label: string }[], edges: readonly DrawnEdge[]): Part {
  const result = viz.renderJSON(layoutSource(labels, edges)) as DotJson;
  const [, , bw, bh] = result.bb.split(',').map(Number) as [number, number, number, number];
  const at = (p: Point): Point => [round(p[0]), round(bh - p[1])];
  const nodes: LaidNode[] = (result.objects ?? []).map((o) => {
    const [cx, cy] = (o.pos ?? '0,0').split(',').map(Number) as Point;
    const w = Number(o.width) * 72;
    const h = Number(o.height) * 72;
    const [x, y] = at([cx - w / 2, cy + h / 2]);
    return { id: labels[Number(o.name.slice(1))]!.id, x, y, w: round(w), h: round(h) };
  });
  const laid: LaidEdge[] = edges.map((e, i) => {
    const j = result.edges?.[i];
    const curve = (j?._draw_ ?? []).filter((d) => d.op === 'b' || d.op === 'B').flatMap((d) => d.points ?? []).map(at);
    const heads = [...(j?._hdraw_ ?? []), ...(j?._tdraw_ ?? [])].filter((d) => d.op === 'P' || d.op === 'p').map((d) => (d.points ?? []).map(at));
    const edge: LaidEdge = { ...e, curve, heads };
    if (e.count > 1 && j?.lp) {
      const [lx, ly] = at(j.lp.split(',').map(Number) as Point);
      const text = countText(e.count);
      edge.label = { x: lx, y: ly, w: textWidth(text, COUNT_SIZE), h: COUNT_SIZE + 3, text };
    }
    return edge;
  });
  return { nodes, edges: laid, width: bw, height: bh };
}

const PACK_GAP_X = 28;
const PACK_GAP_Y = 36;
/** Room inside a group's frame: padding, and the title line above its drawing. */
export const CLUSTER_PAD = 12;
export const CLUSTER_TITLE = 24;

/** Places boxes in rows no wider than the widest box or about 1.6 times the side of a square of the same area, tallest first. */
function shelf<T extends { width: number; height: number }>(items: readonly T[]): { placed: { item: T; x: number; y: number }[]; width: number; height: number } {
  const order = items.map((p, i) => ({ p, i })).sort((a, b) => b.p.height - a.p.height || b.p.width - a.p.width || a.i - b.i);
  const area = items.reduce((sum, p) => sum + (p.width + PACK_GAP_X) * (p.height + PACK_GAP_Y), 0);
  const rowMax = Math.max(...items.map((p) => p.width), Math.sqrt(area) * 1.6);
  const placed: { item: T; x: number; y: number }[] = [];
  let x = 0;
  let y = 0;
  let rowH = 0;
  let width = 0;
  for (const { p } of order) {
    if (x > 0 && x + p.width > rowMax) {
      y += rowH + PACK_GAP_Y;
      x = 0;
      rowH = 0;
    }
    placed.push({ item: p, x, y });
    width = Math.max(width, x + p.width);
    rowH = Math.max(rowH, p.height);
    x += p.width + PACK_GAP_X;
  }
  return { placed, width, height: items.length ? y + rowH : 0 };
}

/** A drawing in progress, from (0, 0): nodes, edges (by their index in drawnEdges), folds, frames. */
interface Block {
  nodes: LaidNode[];
  edges: { at: number; edge: LaidEdge }[];
  folds: LaidFold[];
  clusters: LaidCluster[];
  width: number;
  height: number;
}

function moved(b: Block, dx: number, dy: number): Block {
  const move = (q: Point): Point => [round(q[0] + dx), round(q[1] + dy)];
  return {
    nodes: b.nodes.map((nd) => ({ ...nd, x: round(nd.x + dx), y: round(nd.y + dy) })),
    edges: b.edges.map(({ at, edge }) => {
      const e: LaidEdge = { ...edge, curve: edge.curve.map(move), heads: edge.heads.map((h) => h.map(move)) };
      if (edge.label) e.label = { ...edge.label, x: round(edge.label.x + dx), y: round(edge.label.y + dy) };
      return { at, edge: e };
    }),
    folds: b.folds.map((fd) => ({ ...fd, x: round(fd.x + dx), y: round(fd.y + dy) })),
    clusters: b.clusters.map((c) => ({ ...c, x: round(c.x + dx), y: round(c.y + dy) })),
    width: b.width,
    height: b.height,
  };
}

/** Blocks packed in rows into one. */
function packed(blocks: readonly Block[]): Block {
  const { placed, width, height } = shelf(blocks);
  const out: Block = { nodes: [], edges: [], folds: [], clusters: [], width, height };
  for (const { item, x, y } of placed) {
    const b = moved(item, x, y);
    out.nodes.push(...b.nodes);
    out.edges.push(...b.edges);
    out.folds.push(...b.folds);
    out.clusters.push(...b.clusters);
  }
  return out;
}

/**
 * One group's drawing: each connected part of its own edges through dot on its own, a lone
 * node as its box, its fold as a box, packed in rows.
 */
function groupBlock(viz: Viz, labels: readonly { id: string; label: string }[], folds: readonly Fold[], edges: readonly { at: number; edge: DrawnEdge }[]): Block {
  // Connected parts, by union-find over the group's edges.
  const parent = new Map(labels.map((nd) => [nd.id, nd.id]));
  const find = (id: string): string => {
    while (parent.get(id) !== id) id = parent.get(id)!;
    return id;
  };
  for (const { edge: e } of edges) parent.set(find(e.from), find(e.to));
  const parts = new Map<string, { labels: { id: string; label: string }[]; edges: { at: number; edge: DrawnEdge }[] }>();
  for (const nd of labels) {
    const g = find(nd.id);
    if (!parts.has(g)) parts.set(g, { labels: [], edges: [] });
    parts.get(g)!.labels.push(nd);
  }
  for (const e of edges) parts.get(find(e.edge.from))!.edges.push(e);
  const blocks: Block[] = [...parts.values()].map((g) => {
    if (!g.edges.length) {
      const w = nodeWidth(g.labels[0]!.label);
      return { nodes: [{ id: g.labels[0]!.id, x: 0, y: 0, w, h: NODE_H }], edges: [], folds: [], clusters: [], width: w, height: NODE_H };
    }
    const part = dotPart(viz, g.labels, g.edges.map((e) => e.edge));
    return { nodes: part.nodes, edges: part.edges.map((edge, k) => ({ at: g.edges[k]!.at, edge })), folds: [], clusters: [], width: part.width, height: part.height };
  });
  for (const fd of folds) {
    const w = nodeWidth(fd.label);
    blocks.push({ nodes: [], edges: [], folds: [{ ...fd, x: 0, y: 0, w, h: NODE_H }], clusters: [], width: w, height: NODE_H });
  }
  return packed(blocks);
}

/**
 * Lays the catalog out; `kinds` chooses which edges shape it. The nodes no drawn edge touches
 * are folded into one box a group (`sceneOf`). With more than one group (a marketplace's
 * plugins), each group is drawn in a frame of its own and the frames packed in rows; the edges
 * between groups are drawn over that as curves. Inside a group, each connected part goes
 * through dot on its own and the parts are packed in rows, largest first: laid out whole, dot
 * would put every part side by side; dot's own `pack` misplaces edge labels. Coordinates are
 * pixels, y down, from `offset` (the SVG's).
 */
export async function layoutCatalog(picture: CatalogPicture, kinds: readonly EdgeKind[] = STRUCTURAL_EDGES, offset: Point = GRAPH_OFFSET): Promise<CatalogLayout> {
  const scene = sceneOf(picture, kinds);
  const edges = drawnEdges(picture.edges, kinds);
  const viz = await graphviz();
  const groupById = new Map(scene.shown.map((nd) => [nd.id, groupOf(nd)]));
  const inGroup = new Map(scene.groups.map((g) => [g, { labels: [] as { id: string; label: string }[], edges: [] as { at: number; edge: DrawnEdge }[] }]));
  for (const nd of scene.shown) inGroup.get(groupOf(nd))!.labels.push(nd);
  const across: number[] = [];
  edges.forEach((edge, at) => {
    const g = groupById.get(edge.from);
    if (g === undefined || !groupById.has(edge.to)) return;
    if (g === groupById.get(edge.to)) inGroup.get(g)!.edges.push({ at, edge });
    else across.push(at);
  });
  const framed = scene.groups.length > 1;
  const blocks = scene.groups.map((g) => {
    const block = groupBlock(viz, inGroup.get(g)!.labels, scene.folds.filter((fd) => fd.group === g), inGroup.get(g)!.edges);
    if (!framed) return block;
    const title = textWidth(g || '(root)', FONT_SIZE) + 2 * CLUSTER_PAD;
    const w = Math.max(block.width + 2 * CLUSTER_PAD, title);
    const inner = moved(block, CLUSTER_PAD, CLUSTER_TITLE);
    return { ...inner, clusters: [{ group: g, x: 0, y: 0, w, h: block.height + CLUSTER_TITLE + CLUSTER_PAD }, ...inner.clusters], width: w, height: block.height + CLUSTER_TITLE + CLUSTER_PAD };
  });
  const all = moved(packed(arranged(viz, blocks, scene.groups, across.map((at) => [groupById.get(edges[at]!.from)!, groupById.get(edges[at]!.to)!]))), offset[0], offset[1]);
  const nodes = new Map(all.nodes.map((nd) => [nd.id, nd]));
  // Edges between groups: a gentle curve from box to box, over the frames.
  for (const at of across) {
    const e = edges[at]!;
    const { curve, head } = overlayCurve(nodes.get(e.from)!, nodes.get(e.to)!);
    all.edges.push({ at, edge: { ...e, curve, heads: e.both ? [head, arrowhead(curve[1]!, curve[0]!)] : [head] } });
  }
  // Edges in the order drawnEdges gave them, whatever part they were laid out in.
  return { nodes, edges: all.edges.sort((a, b) => a.at - b.at).map((l) => l.edge), folds: all.folds, clusters: all.clusters, width: round(all.width), height: round(all.height), kinds: [...kinds] };
}

/**
 * Groups that refer to each other placed together: each set of groups joined by edges goes
 * through dot as boxes of their frames' size (so the frames of a plugin and the plugins it
 * calls sit side by side or one above the other, and the curves between them stay short); the
 * sets, and the groups no edge leaves, are then packed in rows. `links` are the group pairs of
 * the edges between groups.
 */
function arranged(viz: Viz, blocks: readonly Block[], groups: readonly string[], links: readonly [string, string][]): Block[] {
  if (!links.length) return [...blocks];
  const index = new Map(groups.map((g, i) => [g, i]));
  const parent = groups.map((_, i) => i);
  const find = (i: number): number => {
    while (parent[i] !== i) i = parent[i]!;
    return i;
  };
  const pairs = new Set<string>();
  for (const [a, b] of links) {
    const i = index.get(a)!;
    const j = index.get(b)!;
    parent[find(i)] = find(j);
    pairs.add(`${Math.min(i, j)} ${Math.max(i, j)}`);
  }
  const sets = new Map<number, number[]>();
  groups.forEach((_, i) => {
    const r = find(i);
    if (!sets.has(r)) sets.set(r, []);
    sets.get(r)!.push(i);
  });
  const out: Block[] = [];
  for (const members of sets.values()) {
    if (members.length === 1) {
      out.push(blocks[members[0]!]!);
      continue;
    }
    const inSet = new Set(members);
    const lines = ['graph groups {', '  graph [nodesep=0.4, ranksep=0.5, pad=0];', '  node [shape=box, fixedsize=true, label=""];'];
    for (const i of members) lines.push(`  g${i} [width=${blocks[i]!.width / 72}, height=${blocks[i]!.height / 72}];`);
    for (const pair of pairs) {
      const [i, j] = pair.split(' ').map(Number) as [number, number];
      if (inSet.has(i)) lines.push(`  g${i} -- g${j};`);
    }
    lines.push('}');
    const result = viz.renderJSON(`${lines.join('\n')}\n`) as DotJson;
    const [, , bw, bh] = result.bb.split(',').map(Number) as [number, number, number, number];
    const placed = (result.objects ?? []).map((o) => {
      const i = Number(o.name.slice(1));
      const [cx, cy] = (o.pos ?? '0,0').split(',').map(Number) as Point;
      return moved(blocks[i]!, round(Math.max(0, cx - blocks[i]!.width / 2)), round(Math.max(0, bh - cy - blocks[i]!.height / 2)));
    });
    const merged: Block = { nodes: [], edges: [], folds: [], clusters: [], width: bw, height: bh };
    for (const b of placed) {
      merged.nodes.push(...b.nodes);
      merged.edges.push(...b.edges);
      merged.folds.push(...b.folds);
      merged.clusters.push(...b.clusters);
      merged.width = Math.max(merged.width, ...b.clusters.map((c) => c.x + c.w));
      merged.height = Math.max(merged.height, ...b.clusters.map((c) => c.y + c.h));
    }
    out.push(merged);
  }
  return out;
}

/** Where the segment from a box's centre towards `p` leaves the box. */
function border(n: LaidNode, p: Point): Point {
  const cx = n.x + n.w / 2;
  const cy = n.y + n.h / 2;
  const dx = p[0] - cx;
  const dy = p[1] - cy;
  if (!dx && !dy) return [cx, cy];
  const t = Math.min(dx ? n.w / 2 / Math.abs(dx) : Infinity, dy ? n.h / 2 / Math.abs(dy) : Infinity);
  return [cx + dx * t, cy + dy * t];
}

/** A gentle curve between two boxes dot did not route together (boxes of two groups). */
function overlayCurve(a: LaidNode, b: LaidNode): { curve: Point[]; head: Point[] } {
  const ca: Point = [a.x + a.w / 2, a.y + a.h / 2];
  const cb: Point = [b.x + b.w / 2, b.y + b.h / 2];
  const bend = 0.15;
  const mid: Point = [(ca[0] + cb[0]) / 2 - (cb[1] - ca[1]) * bend, (ca[1] + cb[1]) / 2 + (cb[0] - ca[0]) * bend];
  const s = border(a, mid);
  const e = border(b, mid);
  const c1: Point = [s[0] + (mid[0] - s[0]) * 0.66, s[1] + (mid[1] - s[1]) * 0.66];
  const c2: Point = [e[0] + (mid[0] - e[0]) * 0.66, e[1] + (mid[1] - e[1]) * 0.66];
  return { curve: [s, c1, c2, e].map(([x, y]) => [round(x), round(y)]), head: arrowhead(c2, e) };
}

function arrowhead(from: Point, tip: Point): Point[] {
  const len = Math.hypot(tip[0] - from[0], tip[1] - from[1]) || 1;
  const ux = (tip[0] - from[0]) / len;
  const uy = (tip[1] - from[1]) / len;
  return [tip, [tip[0] - ux * 9 - uy * 4, tip[1] - uy * 9 + ux * 4], [tip[0] - ux * 9 + uy * 4, tip[1] - uy * 9 - ux * 4]].map(([x, y]) => [round(x!), round(y!)] as Point);
}

const round = (x: number): number => Math.round(x * 100) / 100;

/** Figures of merit of a drawing: how many times two edges cross, and how long the edges are in all. */
export interface LayoutMerit {
  edges: number;
  crossings: number;
  length: number;
}

/** Points along a path of `M`, `L` and `C` commands (the SVG subset both layouts write), Béziers sampled. */
export function pathPoints(d: string): Point[] {
  // eslint-disable-next-line regexp/no-super-linear-move -- `d` is a path Graphviz wrote (numbers of a few digits), not skill text
  const tokens = d.match(/[MLC]|-?\d*\.?\d+(?:e-?\d+)?/gi) ?? [];
  const pts: Point[] = [];
  let cmd = 'M';
  let i = 0;
  const num = (): number => Number(tokens[i++]);
  while (i < tokens.length) {
    if (/^[MLC]$/i.test(tokens[i]!)) cmd = tokens[i++]!.toUpperCase();
    if (cmd === 'C') {
      const p0 = pts[pts.length - 1] ?? [0, 0];
      const c: Point[] = [p0, [num(), num()], [num(), num()], [num(), num()]];
      for (let k = 1; k <= 12; k++) pts.push(bezier(c, k / 12));
    } else pts.push([num(), num()]);
  }
  return pts;
}

function bezier([a, b, c, d]: Point[], t: number): Point {
  const u = 1 - t;
  const f = (k: 0 | 1): number => u * u * u * a![k] + 3 * u * u * t * b![k] + 3 * u * t * t * c![k] + t * t * t * d![k];
  return [f(0), f(1)];
}

function segmentsCross(p: Point, q: Point, r: Point, s: Point): boolean {
  const o = (a: Point, b: Point, c: Point): number => Math.sign((b[0] - a[0]) * (c[1] - a[1]) - (b[1] - a[1]) * (c[0] - a[0]));
  return o(p, q, r) * o(p, q, s) < 0 && o(r, s, p) * o(r, s, q) < 0;
}

/**
 * Crossings and total length of polylines (one per drawn edge). Two edges
 * count once per place they properly cross; edges that share an end node are
 * not compared (they meet there by design).
 */
export function layoutMerit(lines: readonly { ends: [string, string]; points: Point[] }[]): LayoutMerit {
  let crossings = 0;
  let length = 0;
  for (const l of lines) for (let k = 1; k < l.points.length; k++) length += Math.hypot(l.points[k]![0] - l.points[k - 1]![0], l.points[k]![1] - l.points[k - 1]![1]);
  for (let a = 0; a < lines.length; a++) {
    for (let b = a + 1; b < lines.length; b++) {
      const A = lines[a]!;
      const B = lines[b]!;
      if (A.ends.some((x) => B.ends.includes(x))) continue;
      for (let i = 1; i < A.points.length; i++) for (let j = 1; j < B.points.length; j++) if (segmentsCross(A.points[i - 1]!, A.points[i]!, B.points[j - 1]!, B.points[j]!)) crossings++;
    }
  }
  return { edges: lines.length, crossings, length: Math.round(length) };
}

/** The figures of merit of a rendered skill-graph SVG, read from its edge paths (`data-from`, `data-to`, `d`); hidden edges left out. */
export function svgMerit(svg: string): LayoutMerit {
  const lines: { ends: [string, string]; points: Point[] }[] = [];
  for (const m of svg.matchAll(/<path class="edge[^"]*"([^>]*)>/g)) {
    const attrs = m[1]!;
    if (/\bdata-hidden="1"/.test(attrs)) continue;
    const get = (name: string): string => new RegExp(`\\b${name}="([^"]*)"`).exec(attrs)?.[1] ?? '';
    lines.push({ ends: [get('data-from'), get('data-to')], points: pathPoints(get('d')) });
  }
  return layoutMerit(lines);
}
