import { budgetLine, n, type CatalogPicture } from './model.js';
import { EDGE_COLORS, renderSvg, xml } from './svg.js';

/** JSON safe inside a <script> element. */
const scriptJson = (value: unknown): string => JSON.stringify(value).replace(/</g, '\\u003c').replace(/>/g, '\\u003e').replace(/&/g, '\\u0026').replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029');

const STYLE = `
body{font:14px/1.45 Helvetica,Arial,sans-serif;color:#1b1b1b;margin:24px;max-width:1400px}
h1{font-size:20px;margin:0 0 4px} h2{font-size:16px;margin:28px 0 8px}
.summary{color:#444;margin-bottom:12px}
.figure{overflow:auto;border:1px solid #dde3ea;border-radius:6px;padding:8px;background:#fff}
table{border-collapse:collapse;width:100%} th,td{border-bottom:1px solid #e4e8ee;padding:4px 8px;text-align:left;vertical-align:top}
th{background:#f5f7fa;font-weight:600} code{font-size:12.5px;background:#f3f5f8;padding:0 3px;border-radius:3px}
.bar{display:inline-block;width:220px;height:12px;background:#eceff3;border-radius:3px;vertical-align:middle;overflow:hidden}
.bar>span{display:block;height:100%} .ok{background:#2e7d32} .over{background:#c62828}
.fate-dropped,.fate-cut{color:#c62828;font-weight:600} .fate-hidden{color:#777}
.filters label{margin-right:14px;cursor:pointer} .swatch{display:inline-block;width:18px;height:3px;vertical-align:middle;margin-right:4px}
.edge-hidden{display:none}
`;

// Runs in the page: filters edges by kind and fills the counts from the embedded data; no network.
const SCRIPT = `
(function(){
  var data = JSON.parse(document.getElementById('skillc-data').textContent);
  var skills = data.nodes.filter(function(n){return n.kind === 'skill';}).length;
  var over = data.hosts.filter(function(h){return h.budget !== null && h.wanted > h.budget;}).map(function(h){return h.name;});
  document.getElementById('summary').textContent = skills + ' skills, ' + (data.nodes.length - skills) + ' shared fragments, ' + data.edges.length + ' edges; ' +
    (over.length ? 'over the listing budget on ' + over.join(', ') : 'every host listing within budget') + '.';
  var boxes = document.querySelectorAll('.filters input[data-kind]');
  function apply(){
    var shown = {};
    boxes.forEach(function(b){shown[b.getAttribute('data-kind')] = b.checked;});
    document.querySelectorAll('svg .edge').forEach(function(e){
      var on = shown[e.getAttribute('data-kind')] !== false;
      if (on) e.classList.remove('edge-hidden'); else e.classList.add('edge-hidden');
    });
    document.querySelectorAll('tr[data-kind]').forEach(function(r){r.style.display = shown[r.getAttribute('data-kind')] === false ? 'none' : '';});
  }
  boxes.forEach(function(b){b.addEventListener('change', apply);});
  apply();
  document.body.setAttribute('data-ready', '1');
})();
`;

/**
 * One self-contained page: the SVG, the budgets, the skills and the edges, with
 * the data embedded. A Content-Security-Policy forbids every fetch, so it works
 * (and stays) offline.
 */
export function renderHtml(picture: CatalogPicture, title = 'skillc catalog'): string {
  const kinds = Object.keys(EDGE_COLORS);
  const hostIds = picture.hosts.map((h) => h.id);
  const hostRows = picture.hosts
    .map((h) => {
      const share = h.budget ? Math.min(100, Math.round((h.wanted / h.budget) * 100)) : 0;
      const over = h.budget !== null && h.wanted > h.budget;
      const bar = h.budget !== null ? `<span class="bar"><span class="${over ? 'over' : 'ok'}" style="width:${share}%"></span></span>` : '';
      const notes = [h.dropped.length ? `dropped: ${h.dropped.map((s) => `<code>${xml(s)}</code>`).join(', ')}` : '', h.cut.length ? `cut: ${h.cut.map((s) => `<code>${xml(s)}</code>`).join(', ')}` : '', h.hidden.length ? `manual only: ${h.hidden.map((s) => `<code>${xml(s)}</code>`).join(', ')}` : ''].filter(Boolean).join('; ');
      return `<tr data-host="${xml(h.id)}"><td>${xml(h.name)}</td><td>${bar} ${xml(budgetLine(h).slice(h.name.length + 2))}</td><td>${xml(h.basis)}</td><td>${notes}</td></tr>`;
    })
    .join('\n');
  const skillRows = picture.nodes
    .map((nd) => {
      const out = picture.edges.filter((e) => e.from === nd.id).map((e) => `${e.kind} <code>${xml(e.to)}</code>`).join(', ');
      const into = picture.edges.filter((e) => e.to === nd.id).map((e) => `<code>${xml(e.from)}</code> (${e.kind})`).join(', ');
      const fates = hostIds.map((h) => {
        const s = nd.hosts?.[h];
        return `<td class="fate-${s ? s.listing.replace(' ', '-') : 'none'}">${s ? xml(s.listing) : ''}</td>`;
      });
      return `<tr data-node="${xml(nd.id)}"><td><code>${xml(nd.label)}</code>${nd.kind === 'fragment' ? ' (fragment)' : ''}</td><td>${xml(nd.description ?? nd.path)}</td>${fates.join('')}<td>${out}</td><td>${into}</td></tr>`;
    })
    .join('\n');
  const edgeRows = picture.edges
    .map((e) => `<tr data-kind="${e.kind}"><td><code>${xml(e.from)}</code></td><td>${e.kind}</td><td><code>${xml(e.to)}</code></td><td><code>${xml(e.via)}</code></td><td>${e.line}</td><td>${e.count}</td></tr>`)
    .join('\n');
  const filters = kinds
    .map((k) => `<label><input type="checkbox" data-kind="${k}" checked> <span class="swatch" style="background:${EDGE_COLORS[k]}"></span>${k} (${picture.edges.filter((e) => e.kind === k).length})</label>`)
    .join('');
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'; script-src 'unsafe-inline'; img-src data:">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${xml(title)}</title>
<style>${STYLE}</style>
</head>
<body>
<h1>${xml(title)}</h1>
<p class="summary" id="summary">${picture.nodes.filter((nd) => nd.kind === 'skill').length} skills, ${picture.edges.length} edges.</p>
<div class="filters">Edges: ${filters}</div>
<div class="figure">
${renderSvg(picture)}</div>
<h2>Listing budgets at ${n(picture.contextTokens)} tokens</h2>
<table id="hosts"><thead><tr><th>host</th><th>use</th><th>budget</th><th>notes</th></tr></thead><tbody>
${hostRows}
</tbody></table>
<h2>Skills</h2>
<table id="skills"><thead><tr><th>skill</th><th>description</th>${hostIds.map((h) => `<th>${xml(h)}</th>`).join('')}<th>calls and reads</th><th>called by</th></tr></thead><tbody>
${skillRows}
</tbody></table>
<h2>Edges</h2>
<table id="edges"><thead><tr><th>from</th><th>kind</th><th>to</th><th>via</th><th>line</th><th>count</th></tr></thead><tbody>
${edgeRows}
</tbody></table>
<script type="application/json" id="skillc-data">${scriptJson(picture)}</script>
<script>${SCRIPT}</script>
</body>
</html>
`;
}
