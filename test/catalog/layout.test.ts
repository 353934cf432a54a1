import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { catalogReport } from '../../src/catalog/load.js';
import { chooseKinds, drawnEdges, edgeKinds, layoutCatalog, layoutMerit, renderGraph, renderSvg, svgMerit, type CatalogLayout, type CatalogPicture } from '../../src/catalog/render/index.js';
import { textWidth } from '../../src/catalog/render/layout.js';
import { FATE_COLORS } from '../../src/catalog/render/svg.js';
import { main } from '../../src/cli/main.js';
import { BUILT_IN_HOSTS } from '../../src/hosts/index.js';
import { corpus } from '../helpers.js';

const repo = path.resolve(import.meta.dirname, '../..');
// supermodo's 16 skills (MIT, see test/fixtures/corpus/README.md): mentions and links, no requires.
const supermodo = path.join(corpus, 'supermodo');

const unxml = (s: string): string => s.replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&quot;/g, '"').replace(/&amp;/g, '&');

interface Box {
  text: string;
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

/** Every <text> of a skill-graph SVG with the box it takes, measured as the layout measures (absolute coordinates, no transforms). */
function textBoxes(svg: string): Box[] {
  const root = /<svg[^>]*font-size="(\d+)"/.exec(svg);
  const base = Number(root?.[1] ?? 13);
  return [...svg.matchAll(/<text([^>]*)>([^<]*)<\/text>/g)].map((m) => {
    const attr = (name: string): string | undefined => new RegExp(`\\b${name}="([^"]*)"`).exec(m[1]!)?.[1];
    const size = Number(attr('font-size') ?? (/<g class="legend" font-size="(\d+)"/.test(svg) && m.index > svg.indexOf('<g class="legend"') && m.index < svg.indexOf('</g>', svg.indexOf('<g class="legend"')) ? 12 : base));
    const text = unxml(m[2]!);
    const w = textWidth(text, size) * (attr('font-weight') === 'bold' ? 1.1 : 1);
    const x = Number(attr('x'));
    const y = Number(attr('y'));
    const x0 = attr('text-anchor') === 'middle' ? x - w / 2 : x;
    return { text, x0, x1: x0 + w, y0: y - size * 0.8, y1: y + size * 0.25 };
  });
}

const rects = (svg: string, cls: string): { id: string; x0: number; y0: number; x1: number; y1: number }[] =>
  [...svg.matchAll(new RegExp(`<g class="node node-\\w+" data-id="([^"]*)"><title>[^<]*</title><rect x="([\\d.]+)" y="([\\d.]+)" width="([\\d.]+)" height="([\\d.]+)"`, 'g'))]
    .filter(() => cls === 'node')
    .map((m) => ({ id: unxml(m[1]!), x0: Number(m[2]), y0: Number(m[3]), x1: Number(m[2]) + Number(m[4]), y1: Number(m[3]) + Number(m[5]) }));

const overlap = (a: Box | ReturnType<typeof rects>[number], b: Box | ReturnType<typeof rects>[number]): boolean => a.x0 < b.x1 && b.x0 < a.x1 && a.y0 < b.y1 && b.y0 < a.y1;

function checkGeometry(svg: string): void {
  const [, w, h] = /viewBox="0 0 ([\d.]+) ([\d.]+)"/.exec(svg)!.map(Number) as [number, number, number];
  const boxes = textBoxes(svg);
  expect(boxes.length).toBeGreaterThan(0);
  for (const b of boxes) expect(b.x0 >= 0 && b.y0 >= 0 && b.x1 <= w && b.y1 <= h, `${b.text} inside the picture`).toBe(true);
  for (let i = 0; i < boxes.length; i++) for (let j = i + 1; j < boxes.length; j++) expect(overlap(boxes[i]!, boxes[j]!), `'${boxes[i]!.text}' overlaps '${boxes[j]!.text}'`).toBe(false);
  const nodes = rects(svg, 'node');
  for (let i = 0; i < nodes.length; i++) for (let j = i + 1; j < nodes.length; j++) expect(overlap(nodes[i]!, nodes[j]!), `${nodes[i]!.id} and ${nodes[j]!.id} overlap`).toBe(false);
  // Each node's label inside its box; every other text clear of every box.
  for (const b of boxes) {
    const own = nodes.find((nd) => nd.id === b.text || nd.id === `fragment:${b.text}`);
    if (own) expect(b.x0 >= own.x0 && b.x1 <= own.x1 && b.y0 >= own.y0 && b.y1 <= own.y1, `${b.text} fits its box`).toBe(true);
    for (const nd of nodes) if (nd !== own) expect(overlap(b, nd), `'${b.text}' over the box of ${nd.id}`).toBe(false);
  }
  // Host names end before their budget bar, which ends before its figures.
  let hosts = 0;
  for (const m of svg.matchAll(/<g class="host" data-host="[^"]*"><text x="([\d.]+)" y="[\d.]+" fill="#222">([^<]*)<\/text>\n<rect class="budget-bar" x="([\d.]+)" y="[\d.]+" width="([\d.]+)"[^]*?<text x="([\d.]+)"/g)) {
    expect(Number(m[1]) + textWidth(m[2]!.replace(/&amp;/g, '&'), 13), m[2]).toBeLessThanOrEqual(Number(m[3]));
    expect(Number(m[3]) + Number(m[4])).toBeLessThanOrEqual(Number(m[5]));
    hosts++;
  }
  expect(hosts).toBe((svg.match(/<g class="host" /g) ?? []).length);
}

const picture = (): CatalogPicture => catalogReport({ cwd: supermodo, paths: ['skills'], hosts: Object.keys(BUILT_IN_HOSTS) });
// Laying supermodo out with every kind is the slow part (a second or two): once for the file.
let everyKind: Promise<{ p: CatalogPicture; layout: CatalogLayout }> | undefined;
const laidEveryKind = () => {
  const p = picture();
  everyKind ??= layoutCatalog(p, edgeKinds(['all'])).then((layout) => ({ p, layout }));
  return everyKind;
};

describe('merging parallel edges', () => {
  const e = (from: string, to: string, kind: 'mention' | 'requires', count = 1) => ({ from, to, kind, via: to, count, line: 1 });
  it('one edge per kind and pair, both ways, with the summed count', () => {
    const merged = drawnEdges([e('a', 'b', 'mention', 2), e('b', 'a', 'mention'), e('a', 'b', 'requires'), e('a', 'c', 'mention')], ['mention', 'requires']);
    expect(merged.map((m) => [m.from, m.to, m.kind, m.count, m.both])).toEqual([
      ['a', 'b', 'mention', 3, true],
      ['a', 'b', 'requires', 1, false],
      ['a', 'c', 'mention', 1, false],
    ]);
    expect(drawnEdges([e('a', 'b', 'mention')], ['requires'])).toEqual([]);
  });
  it('--edges: default the structural kinds, `all`, and a clear error', () => {
    expect(edgeKinds(undefined)).toBeUndefined();
    expect(edgeKinds(['mention', 'requires'])).toEqual(['requires', 'mention']);
    expect(edgeKinds(['all'])).toEqual(['requires', 'mention', 'link', 'include']);
    expect(() => edgeKinds(['calls'])).toThrow("unknown edge kind 'calls'");
  });
});

describe('the laid-out skill graph (supermodo, 16 skills, every host)', () => {
  it('draws every kind with no text over another text or a box, host names clear of the bars', async () => {
    const { p, layout } = await laidEveryKind();
    expect(layout.nodes.size).toBe(16);
    // 84 references merge into fewer drawn edges, some with a count.
    expect(layout.edges.length).toBeLessThan(p.edges.length);
    expect(layout.edges.some((e) => e.label && e.count > 1)).toBe(true);
    const svg = renderSvg(p, layout);
    expect(svg).toContain('>Agent Skills (agentskills.io)</text>');
    checkGeometry(svg);
  });
  it('by default draws requires and include, or every kind (said in the subtitle) when the catalog has neither', async () => {
    const p = picture();
    expect(chooseKinds(p, undefined)).toEqual({ kinds: ['requires', 'mention', 'link', 'include'], note: 'no requires or include edge in this catalog: drawing every kind (mention, link); --edges chooses' });
    const svg = await renderGraph(p, 'svg');
    expect(svg).toContain('(no requires or include edge in this catalog: drawing every kind (mention, link); --edges chooses)</text>');
    expect(svg.match(/<path class="edge /g)!.length).toBeGreaterThan(20);
    expect(svg.match(/class="node node-skill"/g)).toHaveLength(16);
    checkGeometry(svg);
    // Asked for by name, the structural kinds draw nothing, and every skill is alone: one count, no box each.
    const asked = await renderGraph(p, 'svg', { edges: ['requires'] });
    expect(asked.match(/<path class="edge /g)).toBeNull();
    expect(asked.match(/class="node node-skill"/g)).toBeNull();
    expect(asked).toContain('>16 skills without edges</text>');
    // The repository's own skills have requires edges: no fallback there.
    expect(chooseKinds(catalogReport({ cwd: repo, hosts: ['claude'] }), undefined)).toEqual({ kinds: ['requires', 'include'] });
  });
  it('cut and dropped have colours of their own, in the boxes and in the listing tables', async () => {
    expect(FATE_COLORS.cut.stroke).not.toBe(FATE_COLORS.dropped.stroke);
    const html = await renderGraph(picture(), 'html');
    expect(html).toContain('.fate-dropped{color:#c62828;font-weight:600} .fate-cut{color:#e65100;font-weight:600}');
    // Claude Code cuts five of supermodo's descriptions: orange boxes, and orange cells in the skills table.
    expect(html).toMatch(new RegExp(`stroke="${FATE_COLORS.cut.stroke}"`));
    expect(html).toContain('<td class="fate-cut">cut</td>');
    expect(html).toContain('orange box: cut');
  });
  it('the HTML view lays out each set of kinds its checkboxes can choose, the chosen one shown', async () => {
    const html = await renderGraph(picture(), 'html');
    expect(html).toMatch(/<input type="checkbox" data-kind="mention" checked> /);
    expect(html).not.toMatch(/data-kind="requires"/);
    const views = [...html.matchAll(/<div class="view" data-kinds="([^"]*)"( hidden)?>/g)].map((m) => [m[1], !!m[2]]);
    expect(views).toEqual([['mention,link', false], ['', true], ['mention', true], ['link', true]]);
    // Each view is its own layout: the mention-only one has no link edge, and its boxes sit elsewhere.
    const view = (kinds: string): string => html.slice(html.indexOf(`data-kinds="${kinds}"`), html.indexOf('</svg>', html.indexOf(`data-kinds="${kinds}"`)) + 6);
    expect(view('mention')).not.toContain('class="edge edge-link"');
    expect(view('mention,link')).toContain('class="edge edge-link"');
    const at = (v: string): string => /<g class="node node-skill" data-id="protocols">[^]*?<rect x="([\d.]+)" y="([\d.]+)"/.exec(v)!.slice(1).join(',');
    expect(at(view('mention'))).not.toBe(at(view('link')));
    for (const k of ['mention,link', 'mention', 'link']) checkGeometry(view(k).slice(view(k).indexOf('<svg')));
  });
  it("the repository's own skills, with a fragment and requires", async () => {
    const svg = await renderGraph(catalogReport({ cwd: repo, hosts: ['claude', 'agentskills'] }), 'svg');
    expect(svg.match(/<path class="edge edge-(requires|include)"/g)!.length).toBeGreaterThanOrEqual(3);
    checkGeometry(svg);
  });
});

describe('a 100-skill catalog', () => {
  it('stays readable: no collision, skills without edges in a grid, not one 10,000 px row', async () => {
    const base = picture();
    const names = Array.from({ length: 100 }, (_, i) => `${['deploy', 'review-pull-request', 'db', 'write-release-notes-and-changelog'][i % 4]}-${i}`);
    const p: CatalogPicture = {
      ...base,
      nodes: names.map((id) => ({ id, kind: 'skill' as const, label: id, path: id })),
      // A few structural edges (every seventh skill needs the next two), the rest alone.
      edges: names.flatMap((id, i) => (i % 7 === 0 && i + 2 < names.length ? [{ from: id, to: names[i + 1]!, kind: 'requires' as const, via: names[i + 1]!, count: 1, line: 3 }, { from: id, to: names[i + 2]!, kind: 'requires' as const, via: names[i + 2]!, count: 2, line: 4 }] : [])),
    };
    const layout = await layoutCatalog(p);
    // The 42 skills some edge touches (14 skills and the two each needs) have boxes; the 58 alone are one count.
    expect(layout.nodes.size).toBe(42);
    expect(layout.folds.map((f) => [f.label, f.members.length])).toEqual([['58 skills without edges', 58]]);
    expect(layout.width).toBeLessThan(4000);
    const svg = renderSvg(p, layout);
    checkGeometry(svg);
    expect(svgMerit(svg).crossings).toBe(0);
  });
});

describe('a marketplace of plugins', () => {
  it('frames each plugin, its nodes inside, no two frames overlapping, plugins that refer to each other placed together', async () => {
    const base = picture();
    const groups = ['alpha', 'beta', 'gamma', 'delta', 'epsilon', 'zeta'];
    const nodes = groups.flatMap((g, gi) => Array.from({ length: 3 + gi }, (_, i) => ({ id: `${g}-${i}`, kind: 'skill' as const, label: `${g}-${i}`, path: `${g}/skills/${g}-${i}`, group: g })));
    const edge = (from: string, to: string) => ({ from, to, kind: 'mention' as const, via: to, count: 1, line: 5 });
    // Inside each plugin a chain of its first three; alpha's first calls beta's and gamma's; the rest alone.
    const edges = [...groups.flatMap((g) => [edge(`${g}-0`, `${g}-1`), edge(`${g}-1`, `${g}-2`)]), edge('alpha-0', 'beta-0'), edge('alpha-0', 'gamma-0')];
    const p: CatalogPicture = { ...base, nodes, edges };
    const layout = await layoutCatalog(p, ['mention']);
    expect(layout.clusters.map((c) => c.group).sort()).toEqual([...groups].sort());
    for (const [i, a] of layout.clusters.entries()) for (const b of layout.clusters.slice(i + 1)) expect(a.x < b.x + b.w && b.x < a.x + a.w && a.y < b.y + b.h && b.y < a.y + a.h, `${a.group} overlaps ${b.group}`).toBe(false);
    const frame = new Map(layout.clusters.map((c) => [c.group, c]));
    for (const nd of nodes.filter((n) => layout.nodes.has(n.id))) {
      const box = layout.nodes.get(nd.id)!;
      const c = frame.get(nd.group)!;
      expect(box.x >= c.x && box.y >= c.y && box.x + box.w <= c.x + c.w && box.y + box.h <= c.y + c.h, `${nd.id} inside ${nd.group}`).toBe(true);
    }
    // Beyond its chain, beta has one lone skill (kept as its box), gamma to zeta two or more: one count each.
    expect(layout.nodes.has('beta-3')).toBe(true);
    expect(layout.folds.map((f) => [f.group, f.members.length]).sort()).toEqual([['delta', 3], ['epsilon', 4], ['gamma', 2], ['zeta', 5]]);
    // alpha sits next to beta and gamma: its frame touches theirs within a gap, not across the picture.
    const gap = (a: string, b: string): number => {
      const x = frame.get(a)!;
      const y = frame.get(b)!;
      return Math.max(0, Math.max(x.x, y.x) - Math.min(x.x + x.w, y.x + y.w)) + Math.max(0, Math.max(x.y, y.y) - Math.min(x.y + x.h, y.y + y.h));
    };
    expect(gap('alpha', 'beta')).toBeLessThan(60);
    expect(gap('alpha', 'gamma')).toBeLessThan(60);
    checkGeometry(renderSvg(p, layout));
  });
});

describe('hostile names', () => {
  it('a name with control characters, quotes and markup is laid out and drawn as valid text', async () => {
    const evil = 'evil\u001b[31m\u0001"<x>&';
    const p: CatalogPicture = {
      ...picture(),
      nodes: [evil, 'b'].map((id) => ({ id, kind: 'skill' as const, label: id, path: id })),
      edges: [{ from: 'b', to: evil, kind: 'requires', via: evil, count: 3, line: 2 }],
    };
    const svg = await renderGraph(p, 'svg');
    // eslint-disable-next-line no-control-regex
    expect(svg).not.toMatch(/[\u0000-\u0008\u000B\u000C\u000E-\u001F]/);
    expect(svg).toContain('data-to="evil\uFFFD[31m\uFFFD&quot;&lt;x&gt;&amp;"');
    expect(svg).toContain('>×3</text>');
    checkGeometry(svg);
  });
});

describe('figures of merit', () => {
  it('counts proper crossings and length, not edges meeting at a shared node', () => {
    const m = layoutMerit([
      { ends: ['a', 'b'], points: [[0, 0], [10, 10]] },
      { ends: ['c', 'd'], points: [[0, 10], [10, 0]] },
      { ends: ['a', 'e'], points: [[0, 0], [10, 0]] },
    ]);
    expect(m).toEqual({ edges: 3, crossings: 1, length: Math.round(2 * Math.hypot(10, 10) + 10) });
  });
  it('the drawn supermodo graph crosses less than the 84 separate curves did', async () => {
    const { p, layout } = await laidEveryKind();
    const after = svgMerit(renderSvg(p, layout));
    expect(after.edges).toBeLessThan(84);
    expect(after.length).toBeGreaterThan(0);
    // Before the layout engine (hand-made layers, every reference its own curve): 84 edges, 496 crossings (docs/cli.md); after: 41.
    expect(after.crossings).toBeLessThan(100);
  });
});

describe('skillc graph --edges', () => {
  const cli = async (argv: string[]) => {
    let stdout = '';
    let stderr = '';
    const code = await main(argv, { cwd: supermodo, stdout: (t) => void (stdout += t), stderr: (t) => void (stderr += t) });
    return { code, stdout, stderr };
  };
  it('chooses the kinds drawn, in every drawing format', async () => {
    const mermaid = await cli(['graph', 'skills', '--edges', 'link']);
    expect(mermaid.code).toBe(0);
    expect(mermaid.stdout).toContain('-.->|link');
    expect(mermaid.stdout).not.toContain('|mention');
    const dot = await cli(['graph', 'skills', '-f', 'dot', '--edges', 'mention']);
    expect(dot.stdout).toMatch(/\[label="mention ×\d+"/);
    expect(dot.stdout).toContain('dir=both');
  });
  it('rejects an unknown kind with exit 2', async () => {
    const r = await cli(['graph', 'skills', '--edges', 'calls']);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain("--edges: unknown edge kind 'calls'");
  });
});
