import type { EdgeKind } from '../../analysis/graph.js';
import { COUNT_SIZE, drawnEdges, FONT_SIZE, GRAPH_OFFSET, textWidth, type CatalogLayout, type DrawnEdge, type LaidNode, type Point } from './layout.js';
import { budgetLine, type CatalogPicture, type PictureNode } from './model.js';

/**
 * The skill graph as SVG, drawn from the layout Graphviz's dot computed
 * (`layout.ts`): boxes, routed edges with a count where several references
 * were merged, a legend and the hosts' listing budgets under the graph. Every
 * piece of text is measured (`textWidth`) and given its own room.
 */

export const EDGE_COLORS: Record<string, string> = { requires: '#1f4e8c', mention: '#2e7d32', link: '#8a6d00', include: '#7b3fa0' };
const EDGE_DASH: Record<string, string> = { requires: '', mention: '', link: '6 4', include: '2 3' };
const EDGE_WIDTH: Record<string, number> = { requires: 2.4, mention: 1.4, link: 1.2, include: 1.2 };

const MARGIN = 24;
const BAR_W = 220;
const ROW_H = 26;

/** Text safe in XML and HTML: escaped, and the control characters XML forbids (a hostile name or description) replaced. */
// eslint-disable-next-line no-control-regex
export const xml = (s: string): string => s.replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F\uFFFE\uFFFF]/g, '\uFFFD').replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

const f = (x: number): string => String(Math.round(x * 100) / 100);
const curvePath = (c: Point[]): string => (c.length ? `M${f(c[0]![0])},${f(c[0]![1])}${c.length > 1 ? ` C${c.slice(1).map((p) => `${f(p[0])},${f(p[1])}`).join(' ')}` : ''}` : '');

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

/** A gentle curve between two boxes, for edges drawn over a layout that did not route them (the HTML view's on-demand kinds). */
function overlayCurve(a: LaidNode, b: LaidNode): { curve: Point[]; head: Point[] } {
  const ca: Point = [a.x + a.w / 2, a.y + a.h / 2];
  const cb: Point = [b.x + b.w / 2, b.y + b.h / 2];
  const bend = 0.15;
  const mid: Point = [(ca[0] + cb[0]) / 2 - (cb[1] - ca[1]) * bend, (ca[1] + cb[1]) / 2 + (cb[0] - ca[0]) * bend];
  const s = border(a, mid);
  const e = border(b, mid);
  const c1: Point = [s[0] + (mid[0] - s[0]) * 0.66, s[1] + (mid[1] - s[1]) * 0.66];
  const c2: Point = [e[0] + (mid[0] - e[0]) * 0.66, e[1] + (mid[1] - e[1]) * 0.66];
  return { curve: [s, c1, c2, e], head: arrowhead(c2, e) };
}

function arrowhead(from: Point, tip: Point): Point[] {
  const len = Math.hypot(tip[0] - from[0], tip[1] - from[1]) || 1;
  const ux = (tip[0] - from[0]) / len;
  const uy = (tip[1] - from[1]) / len;
  return [tip, [tip[0] - ux * 9 - uy * 4, tip[1] - uy * 9 + ux * 4], [tip[0] - ux * 9 + uy * 4, tip[1] - uy * 9 - ux * 4]];
}

const tooltip = (e: DrawnEdge): string => e.edges.map((x) => `${x.from} ${x.kind} ${x.to} (${x.via}${x.count > 1 ? `, ${x.count} times` : ''})`).join('\n');

function edgeSvg(e: DrawnEdge, curve: Point[], heads: Point[][], hidden: boolean): string {
  const dash = EDGE_DASH[e.kind] ? ` stroke-dasharray="${EDGE_DASH[e.kind]}"` : '';
  const color = EDGE_COLORS[e.kind];
  const polys = heads.map((h) => `<polygon points="${h.map((p) => `${f(p[0])},${f(p[1])}`).join(' ')}" fill="${color}"/>`).join('');
  return `<g class="edge-group${hidden ? ' edge-hidden' : ''}" data-kind="${e.kind}"><path class="edge edge-${e.kind}" data-from="${xml(e.from)}" data-to="${xml(e.to)}" data-kind="${e.kind}" data-count="${e.count}"${e.both ? ' data-both="1"' : ''}${hidden ? ' data-hidden="1"' : ''} d="${curvePath(curve)}" fill="none" stroke="${color}" stroke-width="${EDGE_WIDTH[e.kind]}"${dash}><title>${xml(tooltip(e))}</title></path>${polys}</g>`;
}

function nodeSvg(nd: PictureNode, p: LaidNode): string {
  const states = nd.hosts ? Object.values(nd.hosts) : [];
  const hidden = states.some((s) => s.listing === 'hidden');
  const trouble = states.some((s) => s.listing === 'dropped' || s.listing === 'cut');
  const fill = nd.kind === 'fragment' ? '#f3ecf8' : trouble ? '#fdecea' : '#f5f7fa';
  const stroke = nd.kind === 'fragment' ? '#7b3fa0' : trouble ? '#c62828' : '#5a6b7d';
  const dash = hidden ? ' stroke-dasharray="5 3"' : '';
  const tip = [nd.kind === 'fragment' ? `fragment ${nd.path}` : nd.path, nd.description ?? '', ...Object.entries(nd.hosts ?? {}).map(([h, s]) => `${h}: ${s.listing}`)].filter(Boolean).join('\n');
  return (
    `<g class="node node-${nd.kind}" data-id="${xml(nd.id)}"><title>${xml(tip)}</title>` +
    `<rect x="${f(p.x)}" y="${f(p.y)}" width="${f(p.w)}" height="${f(p.h)}" rx="${nd.kind === 'skill' ? 8 : 2}" fill="${fill}" stroke="${stroke}" stroke-width="1.4"${dash}/>` +
    `<text class="label" x="${f(p.x + p.w / 2)}" y="${f(p.y + p.h / 2 + 4.5)}" text-anchor="middle" font-size="${FONT_SIZE}" fill="#1b1b1b">${xml(nd.label)}</text></g>`
  );
}

export interface SvgOptions {
  /** Kinds drawn over the layout but hidden, for the HTML view to show on demand. */
  overlay?: readonly EdgeKind[];
}

/**
 * The catalog as a standalone SVG document, from `layoutCatalog(picture, kinds)`
 * (laid out at `GRAPH_OFFSET`, under the title).
 */
export function renderSvg(picture: CatalogPicture, layout: CatalogLayout, options: SvgOptions = {}): string {
  const kinds = [...layout.kinds, ...(options.overlay ?? []).filter((k) => !layout.kinds.includes(k))];
  const legendItems = kinds.map((k) => ({ kind: k, w: 34 + textWidth(k, 12) + 18 }));
  const note = 'dashed box: manual only · red box: cut or dropped by a host · ×N: N references merged';
  const nameW = Math.max(0, ...picture.hosts.map((h) => textWidth(h.name, FONT_SIZE))) + 16;
  const hostTexts = picture.hosts.map((h) => budgetLine(h).slice(h.name.length + 2));
  const hostsW = MARGIN + nameW + BAR_W + 8 + Math.max(0, ...hostTexts.map((t) => textWidth(t, FONT_SIZE))) + MARGIN;
  const budgetTitle = `Listing budget at ${picture.contextTokens.toLocaleString('en-US')} tokens`;
  const width = Math.ceil(Math.max(480, GRAPH_OFFSET[0] + layout.width + MARGIN, picture.hosts.length ? hostsW : 0, MARGIN + textWidth(budgetTitle, FONT_SIZE) + MARGIN, MARGIN + legendItems.reduce((a, b) => a + b.w, 0) + MARGIN, MARGIN + textWidth(note, 12) + MARGIN));
  // Legend: the edge kinds on one row, the note on the next.
  const legendY = GRAPH_OFFSET[1] + layout.height + 20;
  const hostsTop = legendY + 2 * 22 + 24;
  const height = Math.ceil((picture.hosts.length ? hostsTop + 12 + picture.hosts.length * ROW_H : legendY + 2 * 22) + MARGIN);
  const skills = picture.nodes.filter((nd) => nd.kind === 'skill').length;
  const drawnCount = layout.edges.length;
  const out: string[] = [];
  out.push(`<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" font-family="Helvetica, Arial, 'Liberation Sans', 'DejaVu Sans', sans-serif" font-size="${FONT_SIZE}" role="img" aria-label="skill graph">`);
  out.push(`<title>skill graph: ${skills} skills, ${drawnCount} edges drawn (${layout.kinds.join(', ') || 'none'})</title>`);
  out.push(`<rect width="${width}" height="${height}" fill="#ffffff"/>`);
  out.push(`<text class="title" x="${MARGIN}" y="${MARGIN + 4}" font-size="15" font-weight="bold" fill="#222">Skill graph</text>`);
  out.push(`<text class="subtitle" x="${MARGIN}" y="${MARGIN + 24}" font-size="12" fill="#555">${xml(`${skills} skills; edges: ${layout.kinds.join(', ') || 'none'}`)}</text>`);
  out.push('<g class="edges">');
  for (const e of layout.edges) out.push(edgeSvg(e, e.curve, e.heads, false));
  for (const e of drawnEdges(picture.edges, options.overlay ?? [])) {
    if (layout.kinds.includes(e.kind)) continue;
    const a = layout.nodes.get(e.from);
    const b = layout.nodes.get(e.to);
    if (!a || !b || a === b) continue;
    const { curve, head } = overlayCurve(a, b);
    out.push(edgeSvg(e, curve, e.both ? [head, arrowhead(curve[1]!, curve[0]!)] : [head], true));
  }
  out.push('</g>');
  out.push('<g class="nodes">');
  for (const nd of picture.nodes) {
    const p = layout.nodes.get(nd.id);
    if (p) out.push(nodeSvg(nd, p));
  }
  out.push('</g>');
  out.push('<g class="counts">');
  for (const e of layout.edges) {
    if (!e.label) continue;
    out.push(`<text class="count" data-kind="${e.kind}" x="${f(e.label.x)}" y="${f(e.label.y + COUNT_SIZE / 2 - 1)}" text-anchor="middle" font-size="${COUNT_SIZE}" fill="${EDGE_COLORS[e.kind]}">${e.label.text}</text>`);
  }
  out.push('</g>');
  let lx = MARGIN;
  out.push(`<g class="legend" font-size="12">`);
  for (const { kind, w } of legendItems) {
    const dash = EDGE_DASH[kind] ? ` stroke-dasharray="${EDGE_DASH[kind]}"` : '';
    out.push(`<line x1="${lx}" y1="${legendY + 10}" x2="${lx + 26}" y2="${legendY + 10}" stroke="${EDGE_COLORS[kind]}" stroke-width="${EDGE_WIDTH[kind]}"${dash}/><polygon points="${lx + 28},${legendY + 10} ${lx + 20},${legendY + 6} ${lx + 20},${legendY + 14}" fill="${EDGE_COLORS[kind]}"/>`);
    out.push(`<text x="${lx + 34}" y="${legendY + 14}" font-size="12" fill="#333">${kind}</text>`);
    lx += w;
  }
  out.push(`<text x="${MARGIN}" y="${legendY + 36}" font-size="12" fill="#555">${xml(note)}</text>`);
  out.push('</g>');
  if (picture.hosts.length) {
    out.push(`<g class="hosts"><text x="${MARGIN}" y="${hostsTop}" font-weight="bold" fill="#222">${xml(budgetTitle)}</text>`);
    const barX = MARGIN + nameW;
    picture.hosts.forEach((h, i) => {
      const y = hostsTop + 12 + i * ROW_H;
      const share = h.budget ? Math.min(1, h.wanted / h.budget) : 0;
      const over = h.budget !== null && h.wanted > h.budget;
      out.push(`<g class="host" data-host="${xml(h.id)}"><text x="${MARGIN}" y="${y + 13}" fill="#222">${xml(h.name)}</text>`);
      out.push(`<rect class="budget-bar" x="${barX}" y="${y}" width="${BAR_W}" height="16" rx="3" fill="#eceff3"/>`);
      if (h.budget !== null) out.push(`<rect class="used" x="${barX}" y="${y}" width="${Math.max(1, Math.round(BAR_W * share))}" height="16" rx="3" fill="${over ? '#c62828' : '#2e7d32'}"/>`);
      out.push(`<text x="${barX + BAR_W + 8}" y="${y + 13}" fill="#333">${xml(hostTexts[i]!)}</text></g>`);
    });
    out.push('</g>');
  }
  out.push('</svg>');
  return `${out.join('\n')}\n`;
}
