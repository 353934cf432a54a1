import { CLUSTER_PAD, CLUSTER_TITLE, COUNT_SIZE, FONT_SIZE, GRAPH_OFFSET, textWidth, type CatalogLayout, type DrawnEdge, type LaidCluster, type LaidFold, type LaidNode, type Point } from './layout.js';
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

const tooltip = (e: DrawnEdge): string => e.edges.map((x) => `${x.from} ${x.kind} ${x.to} (${x.via}${x.count > 1 ? `, ${x.count} times` : ''})`).join('\n');

function edgeSvg(e: DrawnEdge, curve: Point[], heads: Point[][]): string {
  const dash = EDGE_DASH[e.kind] ? ` stroke-dasharray="${EDGE_DASH[e.kind]}"` : '';
  const color = EDGE_COLORS[e.kind];
  const polys = heads.map((h) => `<polygon points="${h.map((p) => `${f(p[0])},${f(p[1])}`).join(' ')}" fill="${color}"/>`).join('');
  return `<g class="edge-group" data-kind="${e.kind}"><path class="edge edge-${e.kind}" data-from="${xml(e.from)}" data-to="${xml(e.to)}" data-kind="${e.kind}" data-count="${e.count}"${e.both ? ' data-both="1"' : ''} d="${curvePath(curve)}" fill="none" stroke="${color}" stroke-width="${EDGE_WIDTH[e.kind]}"${dash}><title>${xml(tooltip(e))}</title></path>${polys}</g>`;
}

function nodeSvg(nd: PictureNode, p: LaidNode): string {
  const states = nd.hosts ? Object.values(nd.hosts) : [];
  const hidden = states.some((s) => s.listing === 'hidden');
  // Dropped (not listed at all) is worse than cut (listed, description shortened): red, then orange.
  const fate = states.some((s) => s.listing === 'dropped') ? 'dropped' : states.some((s) => s.listing === 'cut') ? 'cut' : undefined;
  const fill = nd.kind === 'fragment' ? '#f3ecf8' : fate ? FATE_COLORS[fate].fill : '#f5f7fa';
  const stroke = nd.kind === 'fragment' ? '#7b3fa0' : fate ? FATE_COLORS[fate].stroke : '#5a6b7d';
  const dash = hidden ? ' stroke-dasharray="5 3"' : '';
  const tip = [nd.kind === 'fragment' ? `fragment ${nd.path}` : nd.path, nd.description ?? '', ...Object.entries(nd.hosts ?? {}).map(([h, s]) => `${h}: ${s.listing}`)].filter(Boolean).join('\n');
  return (
    `<g class="node node-${nd.kind}" data-id="${xml(nd.id)}"><title>${xml(tip)}</title>` +
    `<rect x="${f(p.x)}" y="${f(p.y)}" width="${f(p.w)}" height="${f(p.h)}" rx="${nd.kind === 'skill' ? 8 : 2}" fill="${fill}" stroke="${stroke}" stroke-width="1.4"${dash}/>` +
    `<text class="label" x="${f(p.x + p.w / 2)}" y="${f(p.y + p.h / 2 + 4.5)}" text-anchor="middle" font-size="${FONT_SIZE}" fill="#1b1b1b">${xml(nd.label)}</text></g>`
  );
}

/** A group's nodes no drawn edge touches, as one box with their count; their names in its tooltip. */
function foldSvg(fd: LaidFold): string {
  return (
    `<g class="fold" data-group="${xml(fd.group)}" data-members="${fd.members.length}"><title>${xml(`${fd.label}:\n${fd.members.join('\n')}`)}</title>` +
    `<rect x="${f(fd.x)}" y="${f(fd.y)}" width="${f(fd.w)}" height="${f(fd.h)}" rx="8" fill="#ffffff" stroke="#9aa7b4" stroke-width="1.2" stroke-dasharray="2 2"/>` +
    `<text class="label" x="${f(fd.x + fd.w / 2)}" y="${f(fd.y + fd.h / 2 + 4.5)}" text-anchor="middle" font-size="${FONT_SIZE}" fill="#555">${xml(fd.label)}</text></g>`
  );
}

function clusterSvg(c: LaidCluster): string {
  return (
    `<g class="cluster" data-group="${xml(c.group)}"><rect x="${f(c.x)}" y="${f(c.y)}" width="${f(c.w)}" height="${f(c.h)}" rx="6" fill="#fbfcfd" stroke="#c9d2dc" stroke-width="1"/>` +
    `<text class="cluster-title" x="${f(c.x + CLUSTER_PAD)}" y="${f(c.y + CLUSTER_TITLE - 8)}" font-size="${FONT_SIZE}" font-weight="bold" fill="#3a4a5a">${xml(c.group || '(root)')}</text></g>`
  );
}

/** Box colours of a skill a host lists with a shortened description (cut) or leaves out (dropped). */
export const FATE_COLORS = { cut: { fill: '#fff3e0', stroke: '#e65100' }, dropped: { fill: '#fdecea', stroke: '#c62828' } } as const;

/**
 * The catalog as a standalone SVG document, from `layoutCatalog(picture, kinds)`
 * (laid out at `GRAPH_OFFSET`, under the title).
 */
export function renderSvg(picture: CatalogPicture, layout: CatalogLayout, note?: string): string {
  const legendItems = layout.kinds.map((k) => ({ kind: k, w: 34 + textWidth(k, 12) + 18 }));
  const legend = 'dashed box: manual only · red box: dropped by a host · orange box: cut · ×N: N references merged';
  const nameW = Math.max(0, ...picture.hosts.map((h) => textWidth(h.name, FONT_SIZE))) + 16;
  const hostTexts = picture.hosts.map((h) => budgetLine(h).slice(h.name.length + 2));
  const hostsW = MARGIN + nameW + BAR_W + 8 + Math.max(0, ...hostTexts.map((t) => textWidth(t, FONT_SIZE))) + MARGIN;
  const skills = picture.nodes.filter((nd) => nd.kind === 'skill').length;
  const folded = layout.folds.reduce((sum, fd) => sum + fd.members.length, 0);
  const subtitle = `${skills} skills; edges: ${layout.kinds.join(', ') || 'none'}${folded ? `; ${folded} without edges folded into ${layout.folds.length === 1 ? 'a count' : 'counts'}` : ''}${note ? ` (${note})` : ''}`;
  const budgetTitle = `Listing budget at ${picture.contextTokens.toLocaleString('en-US')} tokens`;
  const width = Math.ceil(Math.max(480, GRAPH_OFFSET[0] + layout.width + MARGIN, picture.hosts.length ? hostsW : 0, MARGIN + textWidth(budgetTitle, FONT_SIZE) + MARGIN, MARGIN + legendItems.reduce((a, b) => a + b.w, 0) + MARGIN, MARGIN + textWidth(legend, 12) + MARGIN, MARGIN + textWidth(subtitle, 12) + MARGIN));
  // Legend: the edge kinds on one row, the note on the next.
  const legendY = GRAPH_OFFSET[1] + layout.height + 20;
  const hostsTop = legendY + 2 * 22 + 24;
  const height = Math.ceil((picture.hosts.length ? hostsTop + 12 + picture.hosts.length * ROW_H : legendY + 2 * 22) + MARGIN);
  const drawnCount = layout.edges.length;
  const out: string[] = [];
  out.push(`<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" font-family="Helvetica, Arial, 'Liberation Sans', 'DejaVu Sans', sans-serif" font-size="${FONT_SIZE}" role="img" aria-label="skill graph">`);
  out.push(`<title>skill graph: ${skills} skills, ${drawnCount} edges drawn (${layout.kinds.join(', ') || 'none'})</title>`);
  out.push(`<rect width="${width}" height="${height}" fill="#ffffff"/>`);
  out.push(`<text class="title" x="${MARGIN}" y="${MARGIN + 4}" font-size="15" font-weight="bold" fill="#222">Skill graph</text>`);
  out.push(`<text class="subtitle" x="${MARGIN}" y="${MARGIN + 24}" font-size="12" fill="#555">${xml(subtitle)}</text>`);
  out.push('<g class="clusters">');
  for (const c of layout.clusters) out.push(clusterSvg(c));
  out.push('</g>');
  out.push('<g class="edges">');
  for (const e of layout.edges) out.push(edgeSvg(e, e.curve, e.heads));
  out.push('</g>');
  out.push('<g class="nodes">');
  for (const nd of picture.nodes) {
    const p = layout.nodes.get(nd.id);
    if (p) out.push(nodeSvg(nd, p));
  }
  for (const fd of layout.folds) out.push(foldSvg(fd));
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
  out.push(`<text x="${MARGIN}" y="${legendY + 36}" font-size="12" fill="#555">${xml(legend)}</text>`);
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
