import { EDGE_KINDS, type EdgeKind } from '../../analysis/graph.js';
import type { CatalogLayout } from './layout.js';
import { budgetLine, n, type CatalogPicture } from './model.js';
import { EDGE_COLORS, renderSvg, xml } from './svg.js';

/** JSON safe inside a <script> element. */
const scriptJson = (value: unknown): string => JSON.stringify(value).replace(/</g, '\\u003c').replace(/>/g, '\\u003e').replace(/&/g, '\\u0026').replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029');

const STYLE = `
body{font:14px/1.45 Helvetica,Arial,sans-serif;color:#1b1b1b;margin:24px}
h1{font-size:20px;margin:0 0 4px} h2{font-size:16px;margin:28px 0 8px}
.summary{color:#444;margin-bottom:12px}
.main{display:flex;gap:16px;align-items:flex-start}
.figure{flex:1 1 auto;overflow:auto;border:1px solid #dde3ea;border-radius:6px;padding:8px;background:#fff;max-height:85vh}
#panel{flex:0 0 340px;border:1px solid #dde3ea;border-radius:6px;padding:10px 12px;background:#fafbfc;max-height:85vh;overflow:auto}
#panel h3{margin:0 0 6px;font-size:16px;word-break:break-all} #panel .muted{color:#666}
table{border-collapse:collapse;width:100%} th,td{border-bottom:1px solid #e4e8ee;padding:4px 8px;text-align:left;vertical-align:top}
th{background:#f5f7fa;font-weight:600} code{font-size:12.5px;background:#f3f5f8;padding:0 3px;border-radius:3px}
.bar{display:inline-block;width:160px;height:10px;background:#eceff3;border-radius:3px;vertical-align:middle;overflow:hidden}
.bar>span{display:block;height:100%} .ok{background:#2e7d32} .over{background:#c62828}
.fate-dropped{color:#c62828;font-weight:600} .fate-cut{color:#e65100;font-weight:600} .fate-hidden{color:#777}
.sev-error{color:#c62828;font-weight:600} .sev-warning{color:#8a6d00;font-weight:600} .sev-info{color:#555}
.controls{display:flex;flex-wrap:wrap;gap:6px 18px;align-items:center;margin-bottom:10px}
.controls label{cursor:pointer;white-space:nowrap} .swatch{display:inline-block;width:18px;height:3px;vertical-align:middle;margin-right:4px}
.edge-hidden,.node-off{display:none}
svg .node{cursor:pointer}
svg.focus .node,svg.focus .edge-group,svg.focus .count{opacity:.15}
svg.focus .node.near,svg.focus .edge-group.near,svg.focus .count.near{opacity:1}
svg .node.sel rect{stroke-width:3;stroke:#000}
svg .node.dim{opacity:.25}
svg .node.match rect{stroke:#e65100;stroke-width:3}
`;

// Runs in the page, offline: filters, search, the neighbourhood of a clicked skill and its panel.
const SCRIPT = `
(function(){
  var data = JSON.parse(document.getElementById('skillc-data').textContent);
  var svg = document.querySelector('.figure svg');
  var byId = {}; data.nodes.forEach(function(n){byId[n.id] = n;});
  var hostById = {}; data.hosts.forEach(function(h){hostById[h.id] = h;});
  var skills = data.nodes.filter(function(n){return n.kind === 'skill';}).length;
  var over = data.hosts.filter(function(h){return h.budget !== null && h.wanted > h.budget;}).map(function(h){return h.name;});
  document.getElementById('summary').textContent = skills + ' skills, ' + (data.nodes.length - skills) + ' shared fragments, ' + data.edges.length + ' references; ' +
    (over.length ? 'over the listing budget on ' + over.join(', ') : 'every host listing within budget') + '.';
  var selected = null;
  var views = Array.prototype.slice.call(document.querySelectorAll('.figure .view'));
  var svg = views[0].querySelector('svg');
  function q(sel){return Array.prototype.slice.call(document.querySelectorAll(sel));}
  function inSvg(sel){return Array.prototype.slice.call(svg.querySelectorAll(sel));}
  function esc(s){return String(s).replace(/[&<>"]/g, function(c){return {'&':'&amp;','<':'&lt;','>':'&gt;','"':'&quot;'}[c];});}
  function state(){
    var kinds = {}; q('input[data-kind]').forEach(function(b){kinds[b.getAttribute('data-kind')] = b.checked;});
    var nodeKinds = {}; q('input[data-node-kind]').forEach(function(b){nodeKinds[b.getAttribute('data-node-kind')] = b.checked;});
    return {kinds: kinds, nodeKinds: nodeKinds, host: document.getElementById('host').value, text: document.getElementById('search').value.trim().toLowerCase()};
  }
  function apply(){
    var s = state();
    // The layout laid out for exactly the checked kinds: the boxes move when a kind is toggled.
    var key = q('input[data-kind]').filter(function(b){return b.checked;}).map(function(b){return b.getAttribute('data-kind');}).join(',');
    views.forEach(function(v){
      var on = v.getAttribute('data-kinds') === key;
      v.hidden = !on;
      if (on) svg = v.querySelector('svg');
    });
    var visible = {};
    inSvg('.node').forEach(function(g){
      var n = byId[g.getAttribute('data-id')];
      var on = s.nodeKinds[n.kind] !== false;
      g.classList.toggle('node-off', !on);
      if (on) visible[n.id] = true;
      var listed = !s.host || (n.hosts && n.hosts[s.host] && (n.hosts[s.host].listing === 'listed' || n.hosts[s.host].listing === 'cut'));
      g.classList.toggle('dim', !listed);
      g.classList.toggle('match', !!s.text && n.label.toLowerCase().indexOf(s.text) >= 0);
    });
    if (selected && !visible[selected]) selected = null;
    inSvg('.edge-group').forEach(function(g){
      var p = g.querySelector('path');
      g.classList.toggle('edge-hidden', !(visible[p.getAttribute('data-from')] && visible[p.getAttribute('data-to')]));
    });
    q('tr[data-kind]').forEach(function(r){r.style.display = s.kinds[r.getAttribute('data-kind')] ? '' : 'none';});
    q('#hosts tr[data-host]').forEach(function(r){r.style.background = s.host && r.getAttribute('data-host') === s.host ? '#fff8e1' : '';});
    var found = s.text ? data.nodes.filter(function(n){return n.label.toLowerCase().indexOf(s.text) >= 0;}) : [];
    document.getElementById('found').textContent = s.text ? found.length + ' found' : '';
    focus();
  }
  function focus(){
    svg.classList.toggle('focus', !!selected);
    inSvg('.near').forEach(function(e){e.classList.remove('near');});
    inSvg('.sel').forEach(function(e){e.classList.remove('sel');});
    if (!selected) { panel(null); return; }
    var near = {}; near[selected] = true;
    inSvg('.edge-group').forEach(function(g){
      if (g.classList.contains('edge-hidden')) return;
      var p = g.querySelector('path'), a = p.getAttribute('data-from'), b = p.getAttribute('data-to');
      if (a === selected || b === selected) { g.classList.add('near'); near[a] = near[b] = true; }
    });
    inSvg('.node').forEach(function(g){
      var id = g.getAttribute('data-id');
      if (near[id]) g.classList.add('near');
      if (id === selected) g.classList.add('sel');
    });
    panel(byId[selected]);
  }
  function panel(n){
    var el = document.getElementById('panel');
    if (!n) { el.innerHTML = '<p class="muted">Click a skill to see its neighbourhood, its share of each host\\'s listing budget and its lint findings.</p>'; return; }
    var h = '<h3>' + esc(n.label) + '</h3><p class="muted">' + esc(n.kind === 'fragment' ? 'shared fragment ' + n.path : n.path) + '</p>';
    if (n.description) h += '<p>' + esc(n.description) + '</p>';
    if (n.hosts) {
      h += '<h4>Listing budget</h4><table>';
      Object.keys(n.hosts).forEach(function(id){
        var s = n.hosts[id], host = hostById[id], bar = '';
        if (host && host.budget && s.chars) {
          var pct = Math.min(100, Math.max(1, Math.round(s.chars / host.budget * 100)));
          bar = '<span class="bar"><span class="' + (host.wanted > host.budget ? 'over' : 'ok') + '" style="width:' + pct + '%"></span></span> ' + s.chars.toLocaleString('en-US') + ' of ' + host.budget.toLocaleString('en-US') + ' chars';
        }
        h += '<tr><td>' + esc(host ? host.name : id) + '</td><td class="fate-' + s.listing.replace(' ', '-') + '">' + esc(s.listing) + '</td><td>' + bar + '</td></tr>';
      });
      h += '</table>';
    }
    var out = data.edges.filter(function(e){return e.from === n.id;}), into = data.edges.filter(function(e){return e.to === n.id;});
    h += '<h4>Refers to (' + out.length + ')</h4><ul>' + out.map(function(e){return '<li>' + e.kind + ' <code>' + esc(e.to) + '</code>' + (e.count > 1 ? ' ×' + e.count : '') + '</li>';}).join('') + '</ul>';
    h += '<h4>Referred to by (' + into.length + ')</h4><ul>' + into.map(function(e){return '<li><code>' + esc(e.from) + '</code> ' + e.kind + (e.count > 1 ? ' ×' + e.count : '') + '</li>';}).join('') + '</ul>';
    if (n.findings) {
      h += '<h4>Lint findings (' + n.findings.length + ')</h4>' + (n.findings.length ? '<ul>' + n.findings.map(function(f){return '<li><span class="sev-' + f.severity + '">' + f.severity + '</span> <code>' + esc(f.ruleId) + '</code> ' + esc(f.file) + ':' + f.line + ' ' + esc(f.message) + '</li>';}).join('') + '</ul>' : '<p class="muted">none</p>');
    }
    el.innerHTML = h;
  }
  q('.figure svg .node').forEach(function(g){g.addEventListener('click', function(ev){ev.stopPropagation(); var id = g.getAttribute('data-id'); selected = selected === id ? null : id; focus();});});
  views.forEach(function(v){ v.querySelector('svg').addEventListener('click', function(){ selected = null; focus(); }); });
  q('.controls input, .controls select').forEach(function(b){b.addEventListener('input', apply); b.addEventListener('change', apply);});
  apply();
  // A big catalog is wider than the window: open on its top-left frame or box, not on the white space beside it.
  var figure = document.querySelector('.figure'), first = null;
  inSvg('.cluster > rect, .node rect, .fold rect').forEach(function(r){var b = r.getBoundingClientRect(); if (!first || b.top < first.top - 40 || (Math.abs(b.top - first.top) <= 40 && b.left < first.left)) first = b;});
  if (first) { var f = figure.getBoundingClientRect(); figure.scrollLeft += Math.max(0, first.left - f.left - 40); }
  document.body.setAttribute('data-ready', '1');
})();
`;

/**
 * One self-contained, interactive page: the graph laid out once for each set of
 * edge kinds its checkboxes can choose (`layouts`, the first shown: `kinds`),
 * filters, search, a panel for the selected skill, the budgets and the tables,
 * with the data embedded. A Content-Security-Policy forbids every fetch, so it
 * works (and stays) offline.
 */
export function renderHtml(picture: CatalogPicture, layouts: readonly CatalogLayout[], kinds: readonly EdgeKind[], note?: string, title = 'skillc catalog'): string {
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
      const fates = hostIds.map((h) => {
        const s = nd.hosts?.[h];
        return `<td class="fate-${s ? s.listing.replace(' ', '-') : 'none'}">${s ? xml(s.listing) : ''}</td>`;
      });
      return `<tr data-node="${xml(nd.id)}"><td><code>${xml(nd.label)}</code>${nd.kind === 'fragment' ? ' (fragment)' : ''}</td><td>${xml(nd.description ?? nd.path)}</td>${fates.join('')}<td>${nd.findings ? nd.findings.length : ''}</td></tr>`;
    })
    .join('\n');
  const edgeRows = picture.edges
    .map((e) => `<tr data-kind="${e.kind}"><td><code>${xml(e.from)}</code></td><td>${e.kind}</td><td><code>${xml(e.to)}</code></td><td><code>${xml(e.via)}</code></td><td>${e.line}</td><td>${e.count}</td></tr>`)
    .join('\n');
  const present = EDGE_KINDS.filter((k) => picture.edges.some((e) => e.kind === k));
  const edgeFilters = present
    .map((k) => `<label><input type="checkbox" data-kind="${k}"${kinds.includes(k) ? ' checked' : ''}> <span class="swatch" style="background:${EDGE_COLORS[k]}"></span>${k} (${picture.edges.filter((e) => e.kind === k).length})</label>`)
    .join('');
  const nodeFilters = (['skill', 'fragment'] as const)
    .filter((k) => picture.nodes.some((nd) => nd.kind === k))
    .map((k) => `<label><input type="checkbox" data-node-kind="${k}" checked> ${k}s</label>`)
    .join('');
  const hostSelect = `<label>Host <select id="host"><option value="">all hosts</option>${picture.hosts.map((h) => `<option value="${xml(h.id)}">${xml(h.name)}</option>`).join('')}</select></label>`;
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
<p class="summary" id="summary">${picture.nodes.filter((nd) => nd.kind === 'skill').length} skills, ${picture.edges.length} references.</p>
<div class="controls"><span>Edges: ${edgeFilters || 'none'}</span><span>Show: ${nodeFilters}</span>${hostSelect}<label>Search <input id="search" type="search" placeholder="skill name"></label><span id="found"></span></div>
<div class="main">
<div class="figure">
${layouts.map((layout, i) => `<div class="view" data-kinds="${layout.kinds.join(',')}"${i ? ' hidden' : ''}>\n${renderSvg(picture, layout, i ? undefined : note)}</div>`).join('\n')}</div>
<aside id="panel"></aside>
</div>
<h2>Listing budgets at ${n(picture.contextTokens)} tokens</h2>
<table id="hosts"><thead><tr><th>host</th><th>use</th><th>budget</th><th>notes</th></tr></thead><tbody>
${hostRows}
</tbody></table>
<h2>Skills</h2>
<table id="skills"><thead><tr><th>skill</th><th>description</th>${hostIds.map((h) => `<th>${xml(h)}</th>`).join('')}<th>findings</th></tr></thead><tbody>
${skillRows}
</tbody></table>
<h2>References</h2>
<table id="edges"><thead><tr><th>from</th><th>kind</th><th>to</th><th>via</th><th>line</th><th>count</th></tr></thead><tbody>
${edgeRows}
</tbody></table>
<script type="application/json" id="skillc-data">${scriptJson(picture)}</script>
<script>${SCRIPT}</script>
</body>
</html>
`;
}
