import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { hostListing } from '../../src/analysis/budget.js';
import { buildGraph } from '../../src/analysis/graph.js';
import { catalogReport, loadCatalog } from '../../src/catalog/load.js';
import { renderGraph } from '../../src/catalog/render/index.js';
import { main } from '../../src/cli/main.js';
import { BUILT_IN_HOSTS } from '../../src/hosts/index.js';
import { corpus, tempDir } from '../helpers.js';

const repo = path.resolve(import.meta.dirname, '../..');
const supermodo = path.join(corpus, 'supermodo');

function cli(argv: string[], cwd = repo) {
  let stdout = '';
  let stderr = '';
  return main(argv, { cwd, stdout: (t) => void (stdout += t), stderr: (t) => void (stderr += t) }).then((code) => ({ code, stdout, stderr }));
}

const edgeList = (skills: ReturnType<typeof loadCatalog>['skills']) =>
  buildGraph(skills)
    .edges.map((e) => `${e.from} ${e.kind} ${e.to}`)
    .sort();

describe('host listing profiles', () => {
  it('every host has a listing with its sources', () => {
    for (const host of Object.values(BUILT_IN_HOSTS)) {
      expect(host.listing.sources.length, host.id).toBeGreaterThan(0);
      expect(['drop', 'drop-descriptions', 'truncate', 'unknown']).toContain(host.listing.overflow);
    }
  });
  it('Claude Code and Codex carry their documented figures', () => {
    expect(BUILT_IN_HOSTS.claude!.listing).toMatchObject({ entryMax: 1536, entryFields: ['description', 'when_to_use'], contextShare: 0.01, overflow: 'drop-descriptions' });
    expect(BUILT_IN_HOSTS.codex!.listing).toMatchObject({ contextShare: 0.02, maxChars: 8000 });
  });
});

describe("the repository's own skills (skills-src/)", () => {
  const { skills } = loadCatalog({ cwd: repo });
  it('has requires, mentions and the shared include', () => {
    expect(edgeList(skills)).toEqual([
      'release-announce include fragment:_shared/fail-closed.md',
      'release-announce mention changelog-style',
      'release-announce mention release-notes',
      'release-announce requires changelog-style',
      'release-announce requires release-notes',
      'release-notes include fragment:_shared/fail-closed.md',
      'release-notes mention changelog-style',
      'release-notes mention release-announce',
      'release-notes requires changelog-style',
    ]);
  });
  it('fits every host budget at 200,000 tokens', () => {
    for (const host of Object.values(BUILT_IN_HOSTS)) {
      const l = hostListing(skills, host, 200_000);
      expect(l.entries.every((e) => e.fate === 'listed'), host.id).toBe(true);
    }
  });
});

describe('the supermodo corpus graph', () => {
  const { skills } = loadCatalog({ cwd: supermodo, paths: ['skills'], hosts: ['claude', 'codex'] });
  const graph = buildGraph(skills);

  it('every other skill reads the shared protocol masters in protocols/', () => {
    const readers = graph.edges.filter((e) => e.kind === 'link' && e.to === 'protocols').map((e) => e.from).sort();
    expect(readers).toEqual(graph.nodes.filter((n) => n.id !== 'protocols').map((n) => n.id).sort());
    expect(readers).toHaveLength(15);
    const protocolLinks = graph.edges.filter((e) => e.kind === 'link' && e.to === 'protocols');
    expect(protocolLinks.every((e) => /^\.\.\/protocols\/references\/[a-z-]+\.md$/.test(e.via))).toBe(true);
  });

  it('has no requires and no includes; flow names every stage skill', () => {
    const kinds = new Set(graph.edges.map((e) => e.kind));
    expect([...kinds].sort()).toEqual(['link', 'mention']);
    const fromFlow = graph.edges.filter((e) => e.from === 'flow' && e.kind === 'mention').map((e) => e.to);
    for (const stage of ['librarian', 'work', 'hunt', 'tdd', 'tests', 'refactor', 'commit', 'grill']) expect(fromFlow).toContain(stage);
  });

  it('is over Claude Code budget at 200,000 tokens and within Codex budget', () => {
    const claude = hostListing(skills, BUILT_IN_HOSTS.claude!, 200_000);
    expect(claude.budget).toBe(8000);
    expect(claude.wanted).toBeGreaterThan(8000);
    // Claude Code keeps every name and drops descriptions past the budget: nothing is dropped whole.
    expect(claude.entries.filter((e) => e.fate === 'dropped')).toEqual([]);
    expect(claude.entries.filter((e) => e.fate === 'cut').map((e) => e.name)).toEqual(['reports', 'sync-configs', 'tdd', 'tests', 'work']);
    const codex = hostListing(skills, BUILT_IN_HOSTS.codex!, 200_000);
    expect(codex.budget).toBe(16000);
    expect(codex.entries.every((e) => e.fate === 'listed')).toBe(true);
  });
});

describe('skillc graph', () => {
  it('prints mermaid by default', async () => {
    const r = await cli(['graph']);
    expect(r.code).toBe(0);
    expect(r.stdout.startsWith('flowchart TD\n')).toBe(true);
    expect(r.stdout).toContain('==>|requires|');
    expect(r.stdout).toContain('[/"_shared/fail-closed.md"/]:::fragment');
  });
  it('prints dot, json and svg', async () => {
    const dot = await cli(['graph', '--format', 'dot', '--host', 'claude']);
    expect(dot.stdout).toMatch(/^digraph skills \{/);
    expect(dot.stdout).toContain('"release-notes" -> "changelog-style" [label="requires"');
    const json = JSON.parse((await cli(['graph', '-f', 'json', '--host', 'claude,codex', '--context', '100000'])).stdout);
    expect(json).toMatchObject({ version: 1, root: 'skills-src', contextTokens: 100000 });
    expect(json.hosts.map((h: { id: string; budget: number }) => [h.id, h.budget])).toEqual([
      ['claude', 4000],
      ['codex', 8000],
    ]);
    const svg = (await cli(['graph', '-f', 'svg'])).stdout;
    expect(svg).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>\n<svg xmlns="http:\/\/www.w3.org\/2000\/svg"/);
    expect(svg.match(/class="node node-skill"/g)).toHaveLength(4);
    expect(svg).not.toMatch(/https?:\/\/(?!www\.w3\.org\/2000\/svg)/);
  });
  it('writes to a file and rejects a bad format', async () => {
    const out = path.join(tempDir('skillc-graph-'), 'g.html');
    expect((await cli(['graph', '-f', 'html', '-o', out])).code).toBe(0);
    expect(fs.readFileSync(out, 'utf8')).toMatch(/^<!doctype html>/);
    const bad = await cli(['graph', '-f', 'png']);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain("unknown format 'png'");
  });
  it('the API gives the same picture', async () => {
    const picture = catalogReport({ cwd: repo, hosts: ['claude'] });
    expect(await renderGraph(picture, 'mermaid')).toContain('Claude Code: ');
  });
});

describe('skillc catalog --host', () => {
  it('lists what Claude Code would list, with the budget on stderr', async () => {
    const r = await cli(['catalog', 'skills', '--host', 'claude'], supermodo);
    expect(r.code).toBe(0);
    const names = r.stdout.trim().split('\n').map((l) => l.split('\t')[0]);
    // Every skill stays listed by name; five lose their descriptions.
    expect(names).toHaveLength(16);
    expect(names).toContain('work');
    expect(r.stderr).toMatch(/^skillc catalog: Claude Code: 10,\d{3} \/ 8,000 chars \(13\d%\), 5 cut; 1% of 200,000 tokens at 4 characters a token; as listed: [\d,]+ chars; cut: reports, sync-configs, tdd, tests, work\n$/);
  });
  it('json carries every entry and its fate; manual skills are not listed', async () => {
    const r = await cli(['catalog', '--host', 'claude', '--format', 'json']);
    const data = JSON.parse(r.stdout);
    expect(data).toMatchObject({ host: 'claude', contextTokens: 200000, budget: 8000 });
    expect(data.skills.map((s: { name: string; fate: string }) => `${s.name}:${s.fate}`)).toEqual(['changelog-style:listed', 'skillc-author:listed']);
    expect(data.hidden).toEqual(['release-announce', 'release-notes']);
  });
  it('cuts a long entry as the host does', async () => {
    const root = tempDir('skillc-cat-');
    fs.mkdirSync(path.join(root, 'long'));
    fs.writeFileSync(path.join(root, 'long', 'SKILL.md'), `---\nname: long\ndescription: Use when testing.\nwhen_to_use: ${'y'.repeat(2000)}\n---\n# L\n`);
    const r = await cli(['catalog', '.', '--host', 'claude'], root);
    expect(r.stdout).toBe(`long\tUse when testing. ${'y'.repeat(1536 - 'Use when testing. '.length)}\n`);
    expect(r.stderr).toContain('cut: long');
    expect((await cli(['catalog', '.', '--host', 'claude,codex'], root)).code).toBe(2);
  });
});

describe('skillc catalog with no roots', () => {
  it('is a usage error (exit 2) when no config names the sources, as discover-skills.sh with no folder', async () => {
    const root = tempDir('skillc-cat-noroot-');
    fs.mkdirSync(path.join(root, '.git')); // the config search stops here, not in a parent's config
    fs.mkdirSync(path.join(root, 'a'));
    fs.writeFileSync(path.join(root, 'a', 'SKILL.md'), '---\nname: a\ndescription: Use when testing.\n---\n\nText.\n');
    for (const args of [['catalog'], ['catalog', '--host', 'claude']]) {
      const r = await cli(args, root);
      expect(r.code).toBe(2);
      expect(r.stderr).toMatch(/no roots given and no skillc config/);
    }
    expect((await cli(['catalog', '.'], root)).code).toBe(0);
    fs.writeFileSync(path.join(root, 'skillc.config.json'), '{ "sources": "." }');
    expect((await cli(['catalog'], root)).stdout).toBe('a\tUse when testing.\n');
  });
});
