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
  /**
   * The skill's name (its folder's when it has none) when no other skill of the catalog has it;
   * else `group:name`, or its path from the root when that clashes too; `fragment:<path>` for an
   * included file outside every skill.
   */
  id: string;
  kind: 'skill' | 'fragment';
  label: string;
  /** The folder the skill sits in, from the root (`plugins/itp/skills/x`: `itp`); '' at the root. The drawings cluster by it. */
  group?: string;
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

/** A skill named in a code span: `name`, `/name`, `/group:name` (a Claude plugin's namespace). */
const MENTION = /^\/?(?:([a-z0-9][a-z0-9-]*):)?([a-z0-9][a-z0-9-]*)$/;



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

/**
 * The group of a skill: the folder holding it, from the root, without a last `skills` segment
 * (`<root>/itp/skills/x` is in `itp`, as a Claude plugin's `plugin:name` namespace reads it;
 * `<root>/x` in '').
 */
export function skillGroup(root: string, dir: string): string {
  const rel = path.relative(root, path.dirname(dir)).split(path.sep).join('/');
  return rel === 'skills' ? '' : rel.replace(/\/skills$/, '');
}

/** Node ids: the name when it is the catalog's only skill of that name, else `group:name`, else the path from the root. */
function nodeIds(skills: readonly SkillSummary[], root: string): Map<SkillSummary, string> {
  const nameOf = (s: SkillSummary): string => s.name ?? s.dirName;
  const count = new Map<string, number>();
  for (const s of skills) count.set(nameOf(s), (count.get(nameOf(s)) ?? 0) + 1);
  const qualified = (s: SkillSummary): string => `${skillGroup(root, s.dir)}:${nameOf(s)}`;
  const qualifiedCount = new Map<string, number>();
  for (const s of skills) if (count.get(nameOf(s))! > 1) qualifiedCount.set(qualified(s), (qualifiedCount.get(qualified(s)) ?? 0) + 1);
  const ids = new Map<SkillSummary, string>();
  for (const s of skills) {
    const name = nameOf(s);
    if (count.get(name) === 1) ids.set(s, name);
    else if (skillGroup(root, s.dir) && qualifiedCount.get(qualified(s)) === 1) ids.set(s, qualified(s));
    else ids.set(s, path.relative(root, s.dir).split(path.sep).join('/') || name);
  }
  return ids;
}

function buildGraphOnce(skills: readonly SkillSummary[]): SkillGraph {
  // Every skill is a node: two skills of one name (two plugins' `setup`) are two nodes.
  const all = sortSkills(skills);
  const root = commonRoot(all.map((s) => path.dirname(s.dir)));
  const idOf = nodeIds(all, root);
  const nodes: GraphNode[] = all
    .map((skill): GraphNode => ({ id: idOf.get(skill)!, kind: 'skill', label: idOf.get(skill)!, path: skill.dir, group: skillGroup(root, skill.dir), skill }))
    .sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  const named = byName(all);
  // Skills of each name, for a reference by name: the referring skill's group first.
  const sameName = new Map<string, SkillSummary[]>();
  for (const s of all) {
    const list = sameName.get(s.name ?? s.dirName);
    if (list) list.push(s);
    else sameName.set(s.name ?? s.dirName, [s]);
  }
  /**
   * The skill a name refers to, from `skill`: `group:name` names its group's; a bare name the
   * one of the referrer's group, else the only one of that name (for a mention across groups, only
   * a hyphenated name); for `requires`, else the first (what `requires` rules resolve).
   */
  const resolve = (skill: SkillSummary, group: string | undefined, name: string, firstWins: boolean): SkillSummary | undefined => {
    const list = sameName.get(name);
    if (!list) return undefined;
    if (group !== undefined) return list.find((s) => skillGroup(root, s.dir) === group) ?? (list.length === 1 ? list[0] : undefined);
    const own = skillGroup(root, skill.dir);
    const mine = list.find((s) => s !== skill && skillGroup(root, s.dir) === own);
    if (mine || firstWins) return mine ?? (list.length === 1 ? list[0] : named.get(name));
    // A mention in another group's skill: a one-word code span there (`status`, `go`, `uninstall` in a
    // table of subcommands) is a word far more often than that skill; `group:name` names it.
    return list.length === 1 && name.includes('-') ? list[0] : undefined;
  };
  // The innermost skill folder holding a file: walk up its parents (a map lookup each), not over every skill.
  const byDir = new Map<string, SkillSummary>();
  for (const s of [...all].sort((a, b) => b.dir.length - a.dir.length)) if (!byDir.has(s.dir)) byDir.set(s.dir, s);
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
  for (const skill of all) {
    if (!parsed(skill)) continue;
    const from = idOf.get(skill)!;
    for (const entry of requiresOf(skill)) {
      // A skill requiring itself is an edge too: skills/requires-cycle reports it.
      const target = resolve(skill, undefined, entry.name, true);
      if (target) add(from, idOf.get(target)!, 'requires', entry.range, entry.name);
    }
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
      const mentioned = m ? resolve(skill, m[1], m[2]!, false) : undefined;
      if (mentioned && mentioned !== skill) add(from, idOf.get(mentioned)!, 'mention', code.range, value);
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
