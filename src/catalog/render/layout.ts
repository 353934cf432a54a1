import type { Viz } from '@viz-js/viz';
import { EDGE_KINDS, type EdgeKind } from '../../analysis/graph.js';
import type { CatalogPicture, PictureEdge } from './model.js';

/**
 * The skill graph laid out by Graphviz's `dot` (layered: callers above the
 * skills they call, crossings minimised, splines routed around the boxes), run
 * as WebAssembly through `@viz-js/viz`, so nothing has to be installed. skillc
 * sizes the boxes itself (`textWidth`) and draws the SVG from dot's
 * coordinates, so the text it measured is the text it draws.
 */

/** Edge kinds drawn by default: the ones that shape the catalog (a skill needs another, or pulls in its text). */
export const STRUCTURAL_EDGES: readonly EdgeKind[] = ['requires', 'include'];

/** Parses `--edges requires,include` (or `all`). */
export function edgeKinds(list: readonly string[] | undefined): EdgeKind[] {
  if (!list?.length) return [...STRUCTURAL_EDGES];
  if (list.includes('all')) return [...EDGE_KINDS];
  const bad = list.filter((k) => !(EDGE_KINDS as readonly string[]).includes(k));
  if (bad.length) throw new RangeError(`unknown edge kind '${bad[0]}', expected ${EDGE_KINDS.join(', ')} or all`);
  return EDGE_KINDS.filter((k) => list.includes(k));
}

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

export interface CatalogLayout {
  nodes: Map<string, LaidNode>;
  edges: LaidEdge[];
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

/**
 * Lays the catalog out; `kinds` chooses which edges shape it. Each connected
 * part goes through dot on its own, then the parts (a skill no drawn edge
 * touches is a part of one box) are packed in rows into a near-square block,
 * largest first: laid out whole, dot would put every part side by side (100
 * skills without edges: one row 10,000 px long); dot's own `pack` misplaces
 * edge labels. Coordinates are pixels, y down, from `offset` (the SVG's).
 */
export async function layoutCatalog(picture: CatalogPicture, kinds: readonly EdgeKind[] = STRUCTURAL_EDGES, offset: Point = GRAPH_OFFSET): Promise<CatalogLayout> {
  const edges = drawnEdges(picture.edges, kinds);
  const viz = await graphviz();
  // Connected parts, by union-find over the drawn edges.
  const parent = new Map(picture.nodes.map((nd) => [nd.id, nd.id]));
  const find = (id: string): string => {
    while (parent.get(id) !== id) id = parent.get(id)!;
    return id;
  };
  for (const e of edges) if (parent.has(e.from) && parent.has(e.to)) parent.set(find(e.from), find(e.to));
  const groups = new Map<string, { labels: { id: string; label: string }[]; edges: DrawnEdge[] }>();
  for (const nd of picture.nodes) {
    const g = find(nd.id);
    if (!groups.has(g)) groups.set(g, { labels: [], edges: [] });
    groups.get(g)!.labels.push(nd);
  }
  for (const e of edges) groups.get(find(e.from))?.edges.push(e);
  const index = new Map(edges.map((e, i) => [e, i]));
  const parts: (Part & { from: DrawnEdge[] })[] = [...groups.values()].map((g) => ({
    ...(g.edges.length ? dotPart(viz, g.labels, g.edges) : { nodes: [{ id: g.labels[0]!.id, x: 0, y: 0, w: nodeWidth(g.labels[0]!.label), h: NODE_H }], edges: [], width: nodeWidth(g.labels[0]!.label), height: NODE_H }),
    from: g.edges,
  }));
  // Shelf packing: rows no wider than the widest part or about 1.6 times the side of a square of the same area.
  const order = parts.map((p, i) => ({ p, i })).sort((a, b) => b.p.height - a.p.height || b.p.width - a.p.width || a.i - b.i);
  const area = parts.reduce((sum, p) => sum + (p.width + PACK_GAP_X) * (p.height + PACK_GAP_Y), 0);
  const rowMax = Math.max(...parts.map((p) => p.width), Math.sqrt(area) * 1.6);
  const nodes = new Map<string, LaidNode>();
  const laid: { at: number; edge: LaidEdge }[] = [];
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
    const dx = x + offset[0];
    const dy = y + offset[1];
    const move = (q: Point): Point => [round(q[0] + dx), round(q[1] + dy)];
    for (const nd of p.nodes) nodes.set(nd.id, { ...nd, x: round(nd.x + dx), y: round(nd.y + dy) });
    p.edges.forEach((e, k) => {
      const edge: LaidEdge = { ...e, curve: e.curve.map(move), heads: e.heads.map((h) => h.map(move)) };
      if (e.label) edge.label = { ...e.label, x: round(e.label.x + dx), y: round(e.label.y + dy) };
      laid.push({ at: index.get(p.from[k]!)!, edge });
    });
    width = Math.max(width, x + p.width);
    rowH = Math.max(rowH, p.height);
    x += p.width + PACK_GAP_X;
  }
  // Edges in the order drawnEdges gave them, whatever part they were laid out in.
  return { nodes, edges: laid.sort((a, b) => a.at - b.at).map((l) => l.edge), width: round(width), height: round(parts.length ? y + rowH : 0), kinds: [...kinds] };
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
