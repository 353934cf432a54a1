import path from 'node:path';
import type { Range } from '../model/diagnostic.js';
import type { SkillSummary } from '../model/summary.js';
import { parsed } from '../model/queries.js';
import { byName, requiresOf, sortSkills } from './requires.js';
import { isInside } from '../core/paths.js';
import { resolveInclude } from '../parse/includes.js';
import { classifyUrl } from '../parse/links.js';

/**
 * The skill graph: which skill calls, reads or includes which. Built from the
 * parsed catalog only (no file reads), so rules and renderers share it.
 *
 * - `requires`: an entry of `skillc.requires`;
 * - `mention`: a backticked skill name in the body (`name`, `/name`, `/plugin:name`);
 * - `link`: a link, or a backticked path, into a sibling skill's folder (`../protocols/references/x.md`);
 * - `include`: an include directive whose file lies in a sibling skill, or in a shared fragment.
 */
export type EdgeKind = 'requires' | 'mention' | 'link' | 'include';

export const EDGE_KINDS: readonly EdgeKind[] = ['requires', 'mention', 'link', 'include'];

/** Edges that invoke another skill (as opposed to reading its files). */
export const CALL_EDGES: readonly EdgeKind[] = ['requires', 'mention'];

export interface GraphNode {
  /** The skill's name (its folder's when it has none), or `fragment:<path>` for an included file outside every skill. */
  id: string;
  kind: 'skill' | 'fragment';
  label: string;
  /** Absolute path of the skill folder or fragment file. */
  path: string;
  skill?: SkillSummary;
}

export interface GraphEdge {
  from: string;
  to: string;
  kind: EdgeKind;
  /** Where the first occurrence sits in the `from` skill's SKILL.md. */
  range: Range;
  /** The text that made the edge: the requires entry, the backticked name, the link target or include path. */
  via: string;
  /** How many times the `from` skill refers to `to` this way. */
  count: number;
}

export interface SkillGraph {
  nodes: GraphNode[];
  edges: GraphEdge[];
  /** Folder that node paths are shown relative to: the common parent of the skills. */
  root: string;
}

const MENTION = /^\/?(?:[a-z0-9][a-z0-9-]*:)?([a-z0-9][a-z0-9-]*)$/;



function commonRoot(dirs: string[]): string {
  if (!dirs.length) return process.cwd();
  let root = dirs[0]!;
  for (const d of dirs) while (!isInside(d, root)) root = path.dirname(root);
  return root;
}

/** Graphs already built, per catalog array: several rules build the same one. */
const built = new WeakMap<readonly SkillSummary[], SkillGraph>();

/** Builds the graph of a catalog: every parsed skill is a node, whatever its edges. */
export function buildGraph(skills: readonly SkillSummary[]): SkillGraph {
  const known = built.get(skills);
  if (known) return known;
  const graph = buildGraphOnce(skills);
  built.set(skills, graph);
  return graph;
}

function buildGraphOnce(skills: readonly SkillSummary[]): SkillGraph {
  const named = byName(skills);
  const nodes: GraphNode[] = [];
  const idOf = new Map<SkillSummary, string>();
  for (const [id, skill] of [...named].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) {
    nodes.push({ id, kind: 'skill', label: id, path: skill.dir, skill });
    idOf.set(skill, id);
  }
  const root = commonRoot(sortSkills([...named.values()]).map((s) => path.dirname(s.dir)));
  // The innermost skill folder holding a file: walk up its parents (a map lookup each), not over every skill.
  const byDir = new Map<string, SkillSummary>();
  for (const s of [...named.values()].sort((a, b) => b.dir.length - a.dir.length)) if (!byDir.has(s.dir)) byDir.set(s.dir, s);
  const skillAt = (file: string): SkillSummary | undefined => {
    for (let dir = file; ; ) {
      const s = byDir.get(dir);
      if (s) return s;
      const up = path.dirname(dir);
      if (up === dir) return undefined;
      dir = up;
    }
  };
  const edges: GraphEdge[] = [];
  const edgeAt = new Map<string, GraphEdge>();
  const add = (from: string, to: string, kind: EdgeKind, range: Range, via: string): void => {
    const key = `${from}\0${to}\0${kind}`;
    const found = edgeAt.get(key);
    if (found) found.count++;
    else {
      const edge: GraphEdge = { from, to, kind, range, via, count: 1 };
      edges.push(edge);
      edgeAt.set(key, edge);
    }
  };
  const fragments = new Map<string, GraphNode>();
  for (const skill of sortSkills([...named.values()])) {
    if (!parsed(skill)) continue;
    const from = idOf.get(skill)!;
    for (const entry of requiresOf(skill)) if (named.has(entry.name)) add(from, entry.name, 'requires', entry.range, entry.name);
    const pathTarget = (raw: string): SkillSummary | undefined => {
      let decoded: string;
      try {
        decoded = decodeURIComponent(raw.split('#')[0]!.split('?')[0]!);
      } catch {
        return undefined;
      }
      if (!decoded) return undefined;
      const target = skillAt(path.resolve(skill.dir, decoded));
      return target && target !== skill ? target : undefined;
    };
    for (const code of skill.inlineCode) {
      const value = code.value.trim();
      const m = MENTION.exec(value);
      if (m && named.has(m[1]!) && named.get(m[1]!) !== skill) add(from, m[1]!, 'mention', code.range, value);
      else if (/^\.\.\/[^\s`]+$/.test(value)) {
        const target = pathTarget(value);
        if (target) add(from, idOf.get(target)!, 'link', code.range, value);
      }
    }
    for (const link of skill.links) {
      if (classifyUrl(link.url).kind !== 'relative') continue;
      const target = pathTarget(link.url);
      if (target) add(from, idOf.get(target)!, 'link', link.range, link.url);
    }
    for (const d of skill.directives) {
      if (d.kind !== 'include') continue;
      // Resolved as lint and build resolve it (parse/includes); the graph shows every edge, so its root is the disk's.
      const resolved = resolveInclude(skill.file.path, d.path, path.parse(skill.dir).root);
      if ('problem' in resolved) continue;
      const file = resolved.abs;
      if (isInside(file, skill.dir)) continue;
      const target = skillAt(file);
      if (target) {
        add(from, idOf.get(target)!, 'include', d.range, d.path);
        continue;
      }
      const rel = path.relative(root, file).split(path.sep).join('/');
      const id = `fragment:${rel}`;
      if (!fragments.has(id)) fragments.set(id, { id, kind: 'fragment', label: rel, path: file });
      add(from, id, 'include', d.range, d.path);
    }
  }
  nodes.push(...[...fragments.values()].sort((a, b) => (a.id < b.id ? -1 : 1)));
  return { nodes, edges, root };
}

/** The outgoing edges of each node, restricted to some kinds. */
export function adjacency(graph: SkillGraph, kinds: readonly EdgeKind[]): Map<string, GraphEdge[]> {
  const out = new Map<string, GraphEdge[]>(graph.nodes.map((n) => [n.id, []]));
  for (const e of graph.edges) if (kinds.includes(e.kind)) out.get(e.from)?.push(e);
  return out;
}

/**
 * The longest chain of calls from each node (edges of `kinds`), ignoring edges
 * that close a cycle; each chain is returned as node ids.
 */
export function longestChains(graph: SkillGraph, kinds: readonly EdgeKind[]): Map<string, { chain: string[]; first?: GraphEdge }> {
  const adj = adjacency(graph, kinds);
  const memo = new Map<string, { chain: string[]; first?: GraphEdge }>();
  const onStack = new Set<string>();
  const visit = (id: string): { chain: string[]; first?: GraphEdge } => {
    const known = memo.get(id);
    if (known) return known;
    onStack.add(id);
    let best: { chain: string[]; first?: GraphEdge } = { chain: [id] };
    for (const e of adj.get(id) ?? []) {
      if (onStack.has(e.to)) continue;
      const sub = visit(e.to);
      if (sub.chain.length + 1 > best.chain.length) best = { chain: [id, ...sub.chain], first: e };
    }
    onStack.delete(id);
    memo.set(id, best);
    return best;
  };
  for (const n of graph.nodes) visit(n.id);
  return memo;
}
