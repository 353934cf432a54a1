import { describe, expect, it } from 'vitest';
import { textWidth } from '../../src/catalog/render/layout.js';
import { CONFIG, SKILL, project, skillc } from '../ecosystem/helpers.js';

// A marketplace as Claude Code plugins lay it out: two plugins with a skill of one name, and
// references by bare name, by `plugin:name`, and a one-word code span that is a subcommand.
const MARKET = {
  'skillc.config.json': `${JSON.stringify({ sources: 'plugins', out: 'generated', hosts: ['claude'] })}\n`,
  'plugins/alpha/skills/setup/SKILL.md': SKILL('setup', '# Setup\n\nAlpha setup.\n'),
  'plugins/alpha/skills/deploy/SKILL.md': SKILL('deploy', '# Deploy\n\nRun `setup` first, then `beta:setup`, and read `report-writer`.\n\n| `status` | show the state |\n'),
  'plugins/beta/skills/setup/SKILL.md': SKILL('setup', '# Setup\n\nBeta setup.\n'),
  'plugins/beta/skills/status/SKILL.md': SKILL('status', '# Status\n\nStatus.\n'),
  'plugins/beta/skills/report-writer/SKILL.md': SKILL('report-writer', '# Reports\n\nReports.\n'),
  'plugins/beta/skills/lone-a/SKILL.md': SKILL('lone-a'),
  'plugins/beta/skills/lone-b/SKILL.md': SKILL('lone-b'),
};

describe('skillc graph on a marketplace (the real CLI)', () => {
  const root = project(MARKET);

  it('keys two skills of one name apart, and resolves a bare name in its own plugin first', () => {
    const r = skillc(['graph', '-f', 'json'], root);
    expect(r.code, r.stderr).toBe(0);
    const picture = JSON.parse(r.stdout) as { nodes: { id: string; group: string }[]; edges: { from: string; to: string; kind: string; via: string }[] };
    expect(picture.nodes.map((n) => [n.id, n.group])).toEqual([
      ['alpha:setup', 'alpha'],
      ['beta:setup', 'beta'],
      ['deploy', 'alpha'],
      ['lone-a', 'beta'],
      ['lone-b', 'beta'],
      ['report-writer', 'beta'],
      ['status', 'beta'],
    ]);
    // `status` in another plugin's table is a word, not that skill: no edge.
    expect(picture.edges.map((e) => `${e.from} ${e.kind} ${e.to} (${e.via})`)).toEqual(['deploy mention alpha:setup (setup)', 'deploy mention beta:setup (beta:setup)', 'deploy mention report-writer (report-writer)']);
  });

  it('draws every kind when requires and include draw nothing, and says so on stderr', () => {
    const r = skillc(['graph'], root);
    expect(r.code).toBe(0);
    expect(r.stderr).toBe('skillc graph: no requires or include edge in this catalog: drawing every kind (mention); --edges chooses\n');
    expect(r.stdout).toContain('-->|mention|');
    // Asked for by name: no fallback, no note.
    const asked = skillc(['graph', '--edges', 'requires'], root);
    expect(asked.stderr).toBe('');
    expect(asked.stdout).not.toContain('-->');
  });

  it('frames each plugin and folds its lone skills into a count, in mermaid, dot and svg', () => {
    const mermaid = skillc(['graph'], root).stdout;
    expect(mermaid).toContain('  subgraph group0["alpha"]');
    expect(mermaid).toContain('  subgraph group1["beta"]');
    expect(mermaid).toMatch(/fold\d+\["3 skills without edges"\]:::fold/);
    expect(mermaid).not.toContain('"lone-a"');
    const dot = skillc(['graph', '-f', 'dot'], root).stdout;
    expect(dot).toContain('subgraph cluster_1 {\n    label="beta";');
    expect(dot).toContain('"fold:beta" [label="3 skills without edges"');
    const svg = skillc(['graph', '-f', 'svg'], root).stdout;
    expect(svg.match(/<g class="cluster" data-group="[^"]*">/g)).toEqual(['<g class="cluster" data-group="alpha">', '<g class="cluster" data-group="beta">']);
    expect(svg).toContain('<g class="fold" data-group="beta" data-members="3"><title>3 skills without edges:\nlone-a\nlone-b\nstatus</title>');
    expect(svg).toContain('>7 skills; edges: requires, mention, link, include; 3 without edges folded into a count (no requires or include edge');
  });

  it('one skill alone in its group keeps its box (nothing to fold)', () => {
    const flat = project({ 'skillc.config.json': CONFIG(['claude']), 'skills-src/a/SKILL.md': SKILL('a', '# A\n\nThen `b`.\n'), 'skills-src/b/SKILL.md': SKILL('b'), 'skills-src/c/SKILL.md': SKILL('c') });
    const svg = skillc(['graph', '-f', 'svg'], flat).stdout;
    expect(svg.match(/class="node node-skill"/g)).toHaveLength(3);
    expect(svg).not.toContain('class="fold"');
    expect(svg).not.toContain('class="cluster"');
    // The fallback's note is the widest text of a small catalog: the picture makes room for it.
    const subtitle = /<text class="subtitle"[^>]*>([^<]*)<\/text>/.exec(svg)![1]!;
    expect(subtitle).toContain('drawing every kind (mention)');
    expect(Number(/<svg [^>]*width="(\d+)"/.exec(svg)![1])).toBeGreaterThanOrEqual(24 + textWidth(subtitle, 12) + 24);
  });
});
