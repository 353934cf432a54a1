import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { attachFindings, catalogReport } from '../../src/catalog/load.js';
import { edgeKinds, renderGraph, type CatalogPicture } from '../../src/catalog/render/index.js';
import { BUILT_IN_HOSTS } from '../../src/hosts/index.js';
import { corpus } from '../helpers.js';

// Debian's `chromium` package; CI installs it only if .ci/run does.
const CHROMIUM = ['/usr/bin/chromium', '/usr/bin/chromium-browser', process.env.CHROMIUM_PATH ?? ''].find((p) => p && fs.existsSync(p));
const supermodo = path.join(corpus, 'supermodo');

if (!CHROMIUM) console.warn('skipping the HTML report test in headless Chromium: no chromium at /usr/bin/chromium (apt-get install -y chromium)');

function chromium(args: string[], tmp: string): { stdout: string; stderr: string; status: number | null } {
  const profile = fs.mkdtempSync(path.join(tmp, 'profile-'));
  const r = spawnSync(
    CHROMIUM!,
    ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run', '--disable-sync', `--user-data-dir=${profile}`, ...args],
    { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 },
  );
  return { stdout: r.stdout, stderr: r.stderr, status: r.status };
}

/**
 * Runs in the page: the box Chromium gives every <text> of the SVG, compared
 * with every other text, with the node boxes, and with the budget bars.
 */
const MEASURE = `
(function(){
  var svg = document.querySelector('svg');
  var texts = Array.prototype.slice.call(svg.querySelectorAll('text'));
  var box = function(e){var r = e.getBoundingClientRect(); return {x0:r.left, y0:r.top, x1:r.right, y1:r.bottom};};
  var hit = function(a, b){return a.x0 < b.x1 - 0.5 && b.x0 < a.x1 - 0.5 && a.y0 < b.y1 - 0.5 && b.y0 < a.y1 - 0.5;};
  var inside = function(a, b){return a.x0 >= b.x0 - 0.5 && a.x1 <= b.x1 + 0.5 && a.y0 >= b.y0 - 0.5 && a.y1 <= b.y1 + 0.5;};
  var problems = [];
  var view = box(svg);
  var boxes = texts.map(function(t){return {t: t, b: box(t)};});
  boxes.forEach(function(a, i){
    if (!inside(a.b, view)) problems.push('outside the picture: ' + a.t.textContent);
    boxes.slice(i + 1).forEach(function(b){ if (hit(a.b, b.b)) problems.push('overlap: ' + a.t.textContent + ' / ' + b.t.textContent); });
  });
  var nodes = Array.prototype.slice.call(svg.querySelectorAll('.node'));
  nodes.forEach(function(g){
    var rect = box(g.querySelector('rect')), label = g.querySelector('text');
    if (!inside(box(label), rect)) problems.push('clipped by its box: ' + label.textContent);
    boxes.forEach(function(b){ if (b.t !== label && hit(b.b, rect)) problems.push('over a box: ' + b.t.textContent + ' / ' + g.getAttribute('data-id')); });
  });
  Array.prototype.slice.call(svg.querySelectorAll('.host')).forEach(function(h){
    var ts = h.querySelectorAll('text'), bar = box(h.querySelector('rect.budget-bar'));
    if (box(ts[0]).x1 > bar.x0) problems.push('host name under its bar: ' + ts[0].textContent);
    if (bar.x1 > box(ts[1]).x0) problems.push('bar over its figures: ' + ts[1].textContent);
  });
  var out = document.createElement('pre');
  out.id = 'result';
  out.textContent = JSON.stringify({texts: texts.length, nodes: nodes.length, problems: problems});
  document.body.appendChild(out);
})();
`;

// Clicks the first skill and reports what the panel shows; types in the search box.
const CLICK = `
(function(){
  var g = document.querySelector('svg .node-skill');
  g.dispatchEvent(new MouseEvent('click', {bubbles: true}));
  var near = document.querySelectorAll('svg .node.near').length;
  var search = document.getElementById('search');
  search.value = 'tdd';
  search.dispatchEvent(new Event('input'));
  var out = document.createElement('pre');
  out.id = 'clicked';
  out.textContent = JSON.stringify({id: g.getAttribute('data-id'), panel: document.querySelector('#panel h3').textContent, findings: /Lint findings \\(\\d+\\)/.test(document.getElementById('panel').textContent), near: near, focus: document.querySelector('svg').classList.contains('focus'), matches: document.querySelectorAll('svg .node.match').length});
  document.body.appendChild(out);
})();
`;

const result = (dom: string, id: string): Record<string, unknown> => {
  const m = new RegExp(`<pre id="${id}">([^<]*)</pre>`).exec(dom);
  expect(m, `#${id} written by the page`).not.toBeNull();
  return JSON.parse(m![1]!.replace(/&quot;/g, '"').replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&'));
};

describe.skipIf(!CHROMIUM)('the skill graph in headless Chromium', () => {
  let tmp = '';
  let picture: CatalogPicture;
  let html = '';
  let file = '';
  beforeAll(async () => {
    tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'skillc-html-'));
    const options = { cwd: supermodo, paths: ['skills'], hosts: Object.keys(BUILT_IN_HOSTS) };
    picture = await attachFindings(catalogReport(options), options);
    html = await renderGraph(picture, 'html');
    file = path.join(tmp, 'catalog.html');
    fs.writeFileSync(file, html.replace('</body>', `<script>${CLICK}</script>\n</body>`));
  });
  afterAll(() => {
    if (tmp) fs.rmSync(tmp, { recursive: true, force: true });
  });

  it('is self-contained: no external URL to load', () => {
    const refs = [...html.matchAll(/\b(?:src|href)\s*=\s*["']([^"']+)/g)].map((m) => m[1]);
    expect(refs).toEqual([]);
    expect(html).toContain(`content="default-src 'none'`);
  });

  it('runs its script offline: summary, graph, budgets, and a click shows the neighbourhood and the panel', () => {
    const r = chromium(['--virtual-time-budget=5000', '--dump-dom', `file://${file}`], tmp);
    expect(r.status, r.stderr).toBe(0);
    const dom = r.stdout;
    expect(dom).toMatch(/<body[^>]*data-ready="1"/);
    const skills = picture.nodes.filter((n) => n.kind === 'skill').length;
    expect(dom).toContain(`<p class="summary" id="summary">${skills} skills, `);
    expect(dom).toContain('over the listing budget on Claude Code');
    expect(dom.match(/class="node node-skill/g)).toHaveLength(skills);
    expect(dom).toContain('<tr data-host="claude"');
    const clicked = result(dom, 'clicked');
    expect(clicked).toMatchObject({ id: 'bug-council', panel: 'bug-council', findings: true, focus: true, matches: 1 });
    expect(clicked.near).toBeGreaterThanOrEqual(1);
  });

  for (const kinds of [['requires', 'include'], ['all']]) {
    it(`no label overlaps another or is clipped (--edges ${kinds.join(',')}, every host)`, async () => {
      const svg = await renderGraph(picture, 'svg', { edges: edgeKinds(kinds) });
      const page = path.join(tmp, `svg-${kinds.join('-')}.html`);
      fs.writeFileSync(page, `<!doctype html><html><head><meta charset="utf-8"><style>body{margin:0}</style></head><body>${svg.replace(/^<\?xml[^>]*>\n/, '')}<script>${MEASURE}</script></body></html>`);
      const r = chromium(['--virtual-time-budget=3000', '--dump-dom', `file://${page}`], tmp);
      expect(r.status, r.stderr).toBe(0);
      const measured = result(r.stdout, 'result') as { texts: number; nodes: number; problems: string[] };
      expect(measured.nodes).toBe(16);
      expect(measured.texts).toBeGreaterThan(16 + 9);
      expect(measured.problems).toEqual([]);
    });
  }

  it('draws a non-empty screenshot', () => {
    const png = path.join(tmp, 'shot.png');
    const r = chromium(['--window-size=1400,1000', `--screenshot=${png}`, `file://${file}`], tmp);
    expect(r.status, r.stderr).toBe(0);
    const data = fs.readFileSync(png);
    expect(data.subarray(1, 4).toString()).toBe('PNG');
    expect(data.length).toBeGreaterThan(20_000);
  });
});
