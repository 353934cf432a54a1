import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { catalogReport } from '../../src/catalog/load.js';
import { renderHtml } from '../../src/catalog/render/index.js';
import { corpus } from '../helpers.js';

// Debian's `chromium` package; CI installs it only if .ci/run does.
const CHROMIUM = ['/usr/bin/chromium', '/usr/bin/chromium-browser', process.env.CHROMIUM_PATH ?? ''].find((p) => p && fs.existsSync(p));
const repo = path.resolve(import.meta.dirname, '../..');
const supermodo = path.join(corpus, 'supermodo');

if (!CHROMIUM) console.warn('skipping the HTML report test in headless Chromium: no chromium at /usr/bin/chromium (apt-get install -y chromium)');

function chromium(args: string[], tmp: string): { stdout: string; stderr: string; status: number | null } {
  const profile = fs.mkdtempSync(path.join(tmp, 'profile-'));
  const r = spawnSync(
    CHROMIUM!,
    ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run', '--disable-sync', `--user-data-dir=${profile}`, ...args],
    { encoding: 'utf8', timeout: 60_000, maxBuffer: 64 * 1024 * 1024 },
  );
  return { stdout: r.stdout, stderr: r.stderr, status: r.status };
}

describe.skipIf(!CHROMIUM)('the HTML catalog report in headless Chromium', () => {
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'skillc-html-'));
  afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));
  const hasCorpus = fs.existsSync(supermodo);
  const picture = hasCorpus ? catalogReport({ cwd: supermodo, paths: ['skills'], hosts: ['claude', 'codex'] }) : catalogReport({ cwd: repo, hosts: ['claude', 'codex'] });
  const html = renderHtml(picture, 'skillc catalog: test');
  const file = path.join(tmp, 'catalog.html');
  fs.writeFileSync(file, html);

  it('is self-contained: no external URL to load', () => {
    const refs = [...html.matchAll(/\b(?:src|href)\s*=\s*["']([^"']+)/g)].map((m) => m[1]);
    expect(refs).toEqual([]);
    expect(html).toContain(`content="default-src 'none'`);
  });

  it('runs its script offline and renders the graph, budgets and tables', { timeout: 90_000 }, () => {
    const r = chromium(['--virtual-time-budget=5000', '--dump-dom', `file://${file}`], tmp);
    expect(r.status, r.stderr).toBe(0);
    const dom = r.stdout;
    // Set by the page's own script once it ran.
    expect(dom).toMatch(/<body[^>]*data-ready="1"/);
    const skills = picture.nodes.filter((n) => n.kind === 'skill').length;
    expect(dom).toContain(`<p class="summary" id="summary">${skills} skills, `);
    expect(dom).toContain(`${picture.edges.length} edges; `);
    expect(dom.match(/class="node node-skill"/g)).toHaveLength(skills);
    expect(dom.match(/<path class="edge edge-/g)).toHaveLength(picture.edges.length);
    expect(dom).toContain('<tr data-host="claude">');
    if (hasCorpus) expect(dom).toContain('over the listing budget on Claude Code.');
  });

  it('draws a non-empty screenshot', { timeout: 90_000 }, () => {
    const png = path.join(tmp, 'shot.png');
    const r = chromium(['--window-size=1400,1000', `--screenshot=${png}`, `file://${file}`], tmp);
    expect(r.status, r.stderr).toBe(0);
    const data = fs.readFileSync(png);
    expect(data.subarray(1, 4).toString()).toBe('PNG');
    expect(data.length).toBeGreaterThan(20_000);
  });
});
