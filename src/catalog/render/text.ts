import { printable } from '../../model/text.js';
import { EDGE_KINDS, type EdgeKind } from '../../analysis/graph.js';
import { countText, drawnEdges } from './layout.js';
import { budgetLine, type CatalogPicture, type PictureNode } from './model.js';
import { groupOf, sceneOf, type Scene } from './scene.js';

const MERMAID_ARROWS: Record<string, string> = { requires: '==>', mention: '-->', link: '-.->', include: '--o' };
/** Two skills that refer to each other the same way: one edge with two heads. */
const MERMAID_BOTH: Record<string, string> = { requires: '<==>', mention: '<-->', link: '<-.->', include: 'o--o' };
const DOT_STYLES: Record<string, string> = {
  requires: 'style=bold, color="#1f4e8c"',
  mention: 'color="#2e7d32"',
  link: 'style=dashed, color="#8a6d00"',
  include: 'style=dotted, color="#7b3fa0", arrowhead=odot',
};

// Labels come from skills: control characters are shown as text first (the graph is often printed to a terminal).
const mermaidText = (s: string): string => printable(s).replace(/"/g, '#quot;').replace(/[<>]/g, (c) => (c === '<' ? '#lt;' : '#gt;'));

function ids(picture: CatalogPicture): Map<string, string> {
  return new Map(picture.nodes.map((node, i) => [node.id, `${node.kind === 'skill' ? 's' : 'f'}${i}_${node.id.replace(/[^A-Za-z0-9]/g, '_').slice(0, 40)}`]));
}

/** The drawn nodes and folds of each group, with the group's block around them when there are several groups. */
function byGroup(scene: Scene, node: (nd: PictureNode) => string, fold: (f: Scene['folds'][number], i: number) => string, open: (group: string, i: number) => string, close: string): string[] {
  const lines: string[] = [];
  const framed = scene.groups.length > 1;
  scene.groups.forEach((g, gi) => {
    if (framed) lines.push(open(g, gi));
    for (const nd of scene.shown) if (groupOf(nd) === g) lines.push(`${framed ? '  ' : ''}${node(nd)}`);
    scene.folds.forEach((f, i) => {
      if (f.group === g) lines.push(`${framed ? '  ' : ''}${fold(f, i)}`);
    });
    if (framed) lines.push(close);
  });
  return lines;
}

/** Mermaid flowchart: skills as boxes, fragments as parallelograms, edges by kind, a group's lone skills as a count, hosts with their budget. */
export function renderMermaid(picture: CatalogPicture, kinds: readonly EdgeKind[] = EDGE_KINDS): string {
  const id = ids(picture);
  const lines = ['flowchart TD'];
  const node = (nd: PictureNode): string => {
    const manual = nd.hosts && Object.values(nd.hosts).some((h) => h.listing === 'hidden');
    return nd.kind === 'skill' ? `  ${id.get(nd.id)}["${mermaidText(nd.label)}"]${manual ? ':::manual' : ''}` : `  ${id.get(nd.id)}[/"${mermaidText(nd.label)}"/]:::fragment`;
  };
  lines.push(...byGroup(sceneOf(picture, kinds), node, (f, i) => `  fold${i}["${mermaidText(f.label)}"]:::fold`, (g, i) => `  subgraph group${i}["${mermaidText(g || '(root)')}"]`, '  end'));
  for (const e of drawnEdges(picture.edges, kinds)) lines.push(`  ${id.get(e.from)} ${(e.both ? MERMAID_BOTH : MERMAID_ARROWS)[e.kind]}|${e.kind}${e.count > 1 ? ` ${countText(e.count)}` : ''}| ${id.get(e.to)}`);
  if (picture.hosts.length) {
    lines.push('  subgraph hosts["listing budget at ' + picture.contextTokens.toLocaleString('en-US') + ' tokens"]');
    for (const h of picture.hosts) lines.push(`    h_${h.id}["${mermaidText(budgetLine(h))}"]:::${h.budget !== null && h.wanted > h.budget ? 'over' : 'host'}`);
    lines.push('  end');
  }
  lines.push('  classDef fold stroke-dasharray: 2 2,fill:#ffffff', '  classDef manual stroke-dasharray: 4 3', '  classDef fragment fill:#f3ecf8,stroke:#7b3fa0', '  classDef host fill:#eef4ee,stroke:#2e7d32', '  classDef over fill:#fdecea,stroke:#c62828');
  return `${lines.join('\n')}\n`;
}

const dotText = (s: string): string => printable(s, { keepNewlines: true }).replace(/\\/g, '\\\\').replace(/"/g, '\\"').replace(/\n/g, '\\n');

/** Graphviz DOT, for those who have Graphviz (skillc itself does not need it). */
export function renderDot(picture: CatalogPicture, kinds: readonly EdgeKind[] = EDGE_KINDS): string {
  const lines = ['digraph skills {', '  rankdir=TB;', '  node [shape=box, style="rounded,filled", fillcolor="#f5f7fa", fontname="Helvetica"];'];
  const node = (nd: PictureNode): string => {
    const extra = nd.kind === 'fragment' ? ', shape=note, fillcolor="#f3ecf8"' : nd.hosts && Object.values(nd.hosts).some((h) => h.listing === 'hidden') ? ', style="rounded,dashed,filled"' : '';
    return `  "${dotText(nd.id)}" [label="${dotText(nd.label)}"${extra}];`;
  };
  const fold = (f: Scene['folds'][number]): string => `  "${dotText(f.id)}" [label="${dotText(f.label)}", style="rounded,dotted", fillcolor="#ffffff", tooltip="${dotText(f.members.join('\n'))}"];`;
  lines.push(...byGroup(sceneOf(picture, kinds), node, fold, (g, i) => `  subgraph cluster_${i} {\n    label="${dotText(g || '(root)')}";`, '  }'));
  for (const e of drawnEdges(picture.edges, kinds)) lines.push(`  "${dotText(e.from)}" -> "${dotText(e.to)}" [label="${e.kind}${e.count > 1 ? ` ${countText(e.count)}` : ''}", ${DOT_STYLES[e.kind]}${e.both ? ', dir=both' : ''}];`);
  if (picture.hosts.length) {
    lines.push('  subgraph cluster_hosts {', `    label="listing budget at ${picture.contextTokens.toLocaleString('en-US')} tokens";`);
    for (const h of picture.hosts) lines.push(`    "host:${dotText(h.id)}" [shape=box, label="${dotText(budgetLine(h))}", fillcolor="${h.budget !== null && h.wanted > h.budget ? '#fdecea' : '#eef4ee'}"];`);
    lines.push('  }');
  }
  lines.push('}');
  return `${lines.join('\n')}\n`;
}

export function renderJson(picture: CatalogPicture): string {
  return `${JSON.stringify(picture, null, 2)}\n`;
}
