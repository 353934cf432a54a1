import { budgetLine, type CatalogPicture, type PictureNode } from './model.js';

/**
 * A self-drawn SVG (no Graphviz): a simple layered layout. Callers sit above
 * the skills they call (longest path from a node nothing points at); within a
 * layer, nodes are ordered by the mean position of their callers, which keeps
 * most edges short and uncrossed. Host budgets are bars under the graph.
 */

export const EDGE_COLORS: Record<string, string> = { requires: '#1f4e8c', mention: '#2e7d32', link: '#8a6d00', include: '#7b3fa0' };
const EDGE_DASH: Record<string, string> = { requires: '', mention: '', link: '6 4', include: '2 3' };
const EDGE_WIDTH: Record<string, number> = { requires: 2.4, mention: 1.4, link: 1.2, include: 1.2 };

const NODE_H = 34;
const GAP_X = 28;
const GAP_Y = 70;
const MARGIN = 24;
const CHAR_W = 7.2;
const BACK_ROOM = 150;

export const xml = (s: string): string => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

interface Placed {
  node: PictureNode;
  x: number;
  y: number;
  w: number;
}

/**
 * Rows for drawing. Nodes are first put in one order, those that mostly call
 * before those that are mostly called (Eades' heuristic: out-degree minus
 * in-degree); only edges that go forward in that order shape the rows, so a
 * cycle of mentions cannot stretch the picture. Each node then sits one row
 * below the lowest of its forward callers (longest path).
 */
function layers(picture: CatalogPicture): string[][] {
  const score = new Map<string, number>(picture.nodes.map((nd) => [nd.id, 0]));
  for (const e of picture.edges) {
    if (e.from === e.to) continue;
    score.set(e.from, score.get(e.from)! + 1);
    score.set(e.to, score.get(e.to)! - 1);
  }
  const order = picture.nodes.map((nd) => nd.id).sort((a, b) => score.get(b)! - score.get(a)! || (a < b ? -1 : 1));
  const rank = new Map(order.map((id, i) => [id, i]));
  const row = new Map<string, number>();
  for (const id of order) {
    let r = 0;
    for (const e of picture.edges) if (e.to === id && rank.get(e.from)! < rank.get(id)!) r = Math.max(r, row.get(e.from)! + 1);
    row.set(id, r);
  }
  const out: string[][] = [];
  for (const nd of picture.nodes) (out[row.get(nd.id)!] ??= []).push(nd.id);
  return out.filter(Boolean);
}

export function layout(picture: CatalogPicture): { placed: Map<string, Placed>; width: number; height: number } {
  const byId = new Map(picture.nodes.map((nd) => [nd.id, nd]));
  const rows = layers(picture);
  const placed = new Map<string, Placed>();
  const widthOf = (nd: PictureNode): number => Math.max(90, Math.ceil(nd.label.length * CHAR_W) + 28);
  const rowWidths: number[] = [];
  rows.forEach((row, r) => {
    if (r > 0) {
      const callers = (id: string): number[] => picture.edges.filter((e) => e.to === id && placed.has(e.from)).map((e) => placed.get(e.from)!.x + placed.get(e.from)!.w / 2);
      const key = (id: string): number => {
        const xs = callers(id);
        return xs.length ? xs.reduce((a, b) => a + b, 0) / xs.length : Number.MAX_SAFE_INTEGER;
      };
      row.sort((a, b) => key(a) - key(b) || (a < b ? -1 : 1));
    }
    let x = MARGIN;
    for (const id of row) {
      const nd = byId.get(id)!;
      const w = widthOf(nd);
      placed.set(id, { node: nd, x, y: MARGIN + 28 + r * (NODE_H + GAP_Y), w });
      x += w + GAP_X;
    }
    rowWidths.push(x - GAP_X + MARGIN);
  });
  const body = Math.max(...rowWidths, 0);
  // Room on the right for edges that go back up, and for the legend.
  const width = Math.max(860, body + BACK_ROOM);
  // Centre each row in the part left of the back-edge room.
  rows.forEach((row, r) => {
    const shift = (Math.max(body, width - BACK_ROOM) - rowWidths[r]!) / 2;
    for (const id of row) placed.get(id)!.x += shift;
  });
  const height = MARGIN + 28 + rows.length * (NODE_H + GAP_Y) - GAP_Y + MARGIN;
  return { placed, width, height };
}

/** The catalog as a standalone SVG document. */
export function renderSvg(picture: CatalogPicture): string {
  const { placed, width, height: graphHeight } = layout(picture);
  const hostsHeight = picture.hosts.length ? 30 + picture.hosts.length * 26 : 0;
  const legendY = graphHeight + 8;
  const height = legendY + 26 + hostsHeight + MARGIN;
  const out: string[] = [];
  out.push(`<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" font-family="Helvetica, Arial, sans-serif" font-size="13" role="img" aria-label="skill graph">`);
  out.push(`<title>skill graph: ${picture.nodes.filter((nd) => nd.kind === 'skill').length} skills, ${picture.edges.length} edges</title>`);
  out.push('<defs>');
  for (const [kind, color] of Object.entries(EDGE_COLORS)) {
    out.push(`<marker id="arrow-${kind}" viewBox="0 0 10 10" refX="9" refY="5" markerWidth="7" markerHeight="7" orient="auto-start-reverse"><path d="M0,0 L10,5 L0,10 z" fill="${color}"/></marker>`);
  }
  out.push('</defs>');
  out.push(`<rect width="${width}" height="${height}" fill="#ffffff"/>`);
  out.push(`<text x="${MARGIN}" y="${MARGIN + 4}" font-size="15" font-weight="bold" fill="#222">Skill graph</text>`);
  out.push('<g class="edges">');
  for (const e of picture.edges) {
    const a = placed.get(e.from);
    const b = placed.get(e.to);
    if (!a || !b) continue;
    let d: string;
    if (a === b) {
      const x = a.x + a.w;
      const y = a.y + NODE_H / 2;
      d = `M${x},${y - 8} C${x + 40},${y - 30} ${x + 40},${y + 30} ${x},${y + 8}`;
    } else if (b.y > a.y) {
      const x1 = a.x + a.w / 2;
      const y1 = a.y + NODE_H;
      const x2 = b.x + b.w / 2;
      const y2 = b.y;
      const my = (y1 + y2) / 2;
      d = `M${x1},${y1} C${x1},${my} ${x2},${my} ${x2},${y2}`;
    } else {
      // An edge back up (a cycle, or a call to a skill on the same layer): around the right side.
      const x1 = a.x + a.w;
      const y1 = a.y + NODE_H / 2;
      const x2 = b.x + b.w;
      const y2 = b.y + NODE_H / 2;
      const bulge = Math.min(Math.max(x1, x2) + 40 + Math.abs(y1 - y2) / 6, width - 8);
      d = `M${x1},${y1} C${bulge},${y1} ${bulge},${y2} ${x2},${y2}`;
    }
    const dash = EDGE_DASH[e.kind] ? ` stroke-dasharray="${EDGE_DASH[e.kind]}"` : '';
    out.push(
      `<path class="edge edge-${e.kind}" data-from="${xml(e.from)}" data-to="${xml(e.to)}" data-kind="${e.kind}" d="${d}" fill="none" stroke="${EDGE_COLORS[e.kind]}" stroke-width="${EDGE_WIDTH[e.kind]}"${dash} marker-end="url(#arrow-${e.kind})"><title>${xml(`${e.from} ${e.kind} ${e.to} (${e.via}${e.count > 1 ? `, ${e.count} times` : ''})`)}</title></path>`,
    );
  }
  out.push('</g>');
  out.push('<g class="nodes">');
  for (const p of placed.values()) {
    const nd = p.node;
    const states = nd.hosts ? Object.values(nd.hosts) : [];
    const hidden = states.some((s) => s.listing === 'hidden');
    const trouble = states.some((s) => s.listing === 'dropped' || s.listing === 'cut');
    const fill = nd.kind === 'fragment' ? '#f3ecf8' : trouble ? '#fdecea' : '#f5f7fa';
    const stroke = nd.kind === 'fragment' ? '#7b3fa0' : trouble ? '#c62828' : '#5a6b7d';
    const dash = hidden ? ' stroke-dasharray="5 3"' : '';
    const tip = [nd.kind === 'fragment' ? `fragment ${nd.path}` : nd.path, nd.description ?? '', ...Object.entries(nd.hosts ?? {}).map(([h, s]) => `${h}: ${s.listing}`)].filter(Boolean).join('\n');
    out.push(`<g class="node node-${nd.kind}" data-id="${xml(nd.id)}"><title>${xml(tip)}</title>`);
    out.push(`<rect x="${p.x}" y="${p.y}" width="${p.w}" height="${NODE_H}" rx="${nd.kind === 'skill' ? 8 : 2}" fill="${fill}" stroke="${stroke}" stroke-width="1.4"${dash}/>`);
    out.push(`<text x="${p.x + p.w / 2}" y="${p.y + NODE_H / 2 + 4.5}" text-anchor="middle" fill="#1b1b1b">${xml(nd.label)}</text></g>`);
  }
  out.push('</g>');
  // Legend.
  let lx = MARGIN;
  out.push(`<g class="legend" font-size="12">`);
  for (const kind of Object.keys(EDGE_COLORS)) {
    const dash = EDGE_DASH[kind] ? ` stroke-dasharray="${EDGE_DASH[kind]}"` : '';
    out.push(`<line x1="${lx}" y1="${legendY + 10}" x2="${lx + 28}" y2="${legendY + 10}" stroke="${EDGE_COLORS[kind]}" stroke-width="${EDGE_WIDTH[kind]}"${dash} marker-end="url(#arrow-${kind})"/>`);
    out.push(`<text x="${lx + 34}" y="${legendY + 14}" fill="#333">${kind}</text>`);
    lx += 110;
  }
  out.push(`<text x="${lx}" y="${legendY + 14}" fill="#555">dashed box: manual only · red box: cut or dropped by a host</text>`);
  out.push('</g>');
  if (picture.hosts.length) {
    const top = legendY + 40;
    out.push(`<g class="hosts"><text x="${MARGIN}" y="${top}" font-weight="bold" fill="#222">Listing budget at ${picture.contextTokens.toLocaleString('en-US')} tokens</text>`);
    const barX = MARGIN + 150;
    const barW = Math.max(160, width - barX - MARGIN - 260);
    picture.hosts.forEach((h, i) => {
      const y = top + 12 + i * 26;
      const share = h.budget ? Math.min(1, h.wanted / h.budget) : 0;
      const over = h.budget !== null && h.wanted > h.budget;
      out.push(`<g class="host" data-host="${xml(h.id)}"><text x="${MARGIN}" y="${y + 13}" fill="#222">${xml(h.name)}</text>`);
      out.push(`<rect x="${barX}" y="${y}" width="${barW}" height="16" rx="3" fill="#eceff3"/>`);
      if (h.budget !== null) out.push(`<rect class="used" x="${barX}" y="${y}" width="${Math.max(1, Math.round(barW * share))}" height="16" rx="3" fill="${over ? '#c62828' : '#2e7d32'}"/>`);
      out.push(`<text x="${barX + barW + 8}" y="${y + 13}" fill="#333">${xml(budgetLine(h).slice(h.name.length + 2))}</text></g>`);
    });
    out.push('</g>');
  }
  out.push('</svg>');
  return `${out.join('\n')}\n`;
}
