import path from 'node:path';
import type { HostProfile } from '../../hosts/profile.js';
import type { Skill } from '../../model/skill.js';
import { hostListing, invocationOn, type HostListing } from '../../analysis/budget.js';
import { buildGraph, type EdgeKind, type SkillGraph } from '../../analysis/graph.js';

/** The catalog as drawn: skills and fragments, edges by kind, and each host's listing budget. */
export interface CatalogPicture {
  version: 1;
  /** Folder node paths are relative to. */
  root: string;
  contextTokens: number;
  nodes: PictureNode[];
  edges: PictureEdge[];
  hosts: PictureHost[];
}

export interface PictureNode {
  id: string;
  kind: 'skill' | 'fragment';
  label: string;
  /** Relative to `root`, with `/`. */
  path: string;
  /** A skill's folder from `root` without a last `skills` (a plugin's name); '' at the root. Drawings frame each group. */
  group?: string;
  description?: string;
  /** Per host id: how the skill fares there. */
  hosts?: Record<string, { model: boolean; user: boolean; listing: 'listed' | 'cut' | 'dropped' | 'hidden' | 'not installed'; chars?: number }>;
  /** Lint findings in the skill's files (the HTML view shows them), when the picture was drawn with them. */
  findings?: PictureFinding[];
}

export interface PictureFinding {
  ruleId: string;
  severity: 'error' | 'warning' | 'info';
  message: string;
  /** Relative to the skill folder, with `/`. */
  file: string;
  line: number;
}

export interface PictureEdge {
  from: string;
  to: string;
  kind: EdgeKind;
  via: string;
  count: number;
  line: number;
}

export interface PictureHost {
  id: string;
  name: string;
  budget: number | null;
  basis: string;
  used: number;
  wanted: number;
  listed: number;
  cut: string[];
  dropped: string[];
  hidden: string[];
}

const rel = (root: string, p: string): string => path.relative(root, p).split(path.sep).join('/') || '.';

export function hostSummary(listing: HostListing): PictureHost {
  return {
    id: listing.host.id,
    name: listing.host.displayName,
    budget: listing.budget,
    basis: listing.basis,
    used: listing.used,
    wanted: listing.wanted,
    listed: listing.entries.filter((e) => e.fate !== 'dropped').length,
    cut: listing.entries.filter((e) => e.fate === 'cut').map((e) => e.name),
    dropped: listing.entries.filter((e) => e.fate === 'dropped').map((e) => e.name),
    hidden: listing.hidden.map((s) => s.name ?? s.dirName),
  };
}

/** Builds the picture of a catalog for some hosts at a context size. */
export function catalogPicture(skills: readonly Skill[], hosts: readonly HostProfile[], contextTokens: number, graph: SkillGraph = buildGraph(skills)): CatalogPicture {
  const listings = hosts.map((h) => hostListing(skills, h, contextTokens));
  const nodes: PictureNode[] = graph.nodes.map((n) => {
    const node: PictureNode = { id: n.id, kind: n.kind, label: n.label, path: rel(graph.root, n.path) };
    if (n.group !== undefined) node.group = n.group;
    if (n.skill) {
      if (n.skill.description) node.description = n.skill.description.replace(/\s+/g, ' ').trim();
      node.hosts = {};
      for (const l of listings) {
        const inv = invocationOn(n.skill, l.host);
        const entry = l.entries.find((e) => e.skill === n.skill);
        node.hosts[l.host.id] = { model: inv.model, user: inv.user, listing: !inv.installed ? 'not installed' : entry ? entry.fate : 'hidden' };
        if (entry) node.hosts[l.host.id]!.chars = entry.chars;
      }
    }
    return node;
  });
  const edges: PictureEdge[] = graph.edges.map((e) => ({ from: e.from, to: e.to, kind: e.kind, via: e.via, count: e.count, line: e.range.start.line }));
  return { version: 1, root: graph.root, contextTokens, nodes, edges, hosts: listings.map(hostSummary) };
}

export const n = (x: number): string => x.toLocaleString('en-US');

/** One line about a host's budget: `Claude Code: 3,210 / 8,000 chars (40%)`. */
export function budgetLine(h: PictureHost): string {
  if (h.budget === null) return `${h.name}: ${n(h.wanted)} chars, no documented budget`;
  const pct = Math.round((h.wanted / h.budget) * 100);
  const extra = [h.dropped.length ? `${h.dropped.length} dropped` : '', h.cut.length ? `${h.cut.length} cut` : ''].filter(Boolean).join(', ');
  return `${h.name}: ${n(h.wanted)} / ${n(h.budget)} chars (${pct}%)${extra ? `, ${extra}` : ''}`;
}
