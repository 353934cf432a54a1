import { EDGE_KINDS, type EdgeKind } from '../../analysis/graph.js';
import type { CatalogPicture, PictureNode } from './model.js';

/**
 * What a drawing of the catalog shows for some edge kinds, before any layout:
 * the kinds themselves (the structural ones by default, every kind when those
 * draw nothing), the nodes drawn one by one, and the nodes no drawn edge
 * touches folded into one box a group (a catalog of 241 skills and a few dozen
 * references is otherwise a wall of lone boxes). Every renderer reads it, so
 * mermaid, dot, SVG and HTML show the same thing.
 */

/** Edge kinds drawn by default: the ones that shape the catalog (a skill needs another, or pulls in its text). */
export const STRUCTURAL_EDGES: readonly EdgeKind[] = ['requires', 'include'];

/** Parses `--edges requires,include` (or `all`); undefined when no kind was asked for. */
export function edgeKinds(list: readonly string[] | undefined): EdgeKind[] | undefined {
  if (!list?.length) return undefined;
  if (list.includes('all')) return [...EDGE_KINDS];
  const bad = list.filter((k) => !(EDGE_KINDS as readonly string[]).includes(k));
  if (bad.length) throw new RangeError(`unknown edge kind '${bad[0]}', expected ${EDGE_KINDS.join(', ')} or all`);
  return EDGE_KINDS.filter((k) => list.includes(k));
}

/** The kinds a picture is drawn with, and why when they are not the ones asked for. */
export interface ChosenKinds {
  kinds: EdgeKind[];
  /** Set when no kind was asked for and the structural ones draw nothing: every kind is drawn instead. */
  note?: string;
}

/** `asked` (from `--edges`), else the structural kinds, else, when those draw no edge, every kind the catalog has. */
export function chooseKinds(picture: CatalogPicture, asked: readonly EdgeKind[] | undefined): ChosenKinds {
  if (asked) return { kinds: [...asked] };
  if (picture.edges.some((e) => STRUCTURAL_EDGES.includes(e.kind))) return { kinds: [...STRUCTURAL_EDGES] };
  const present = EDGE_KINDS.filter((k) => picture.edges.some((e) => e.kind === k));
  if (!present.length) return { kinds: [...STRUCTURAL_EDGES] };
  return { kinds: [...EDGE_KINDS], note: `no ${STRUCTURAL_EDGES.join(' or ')} edge in this catalog: drawing every kind (${present.join(', ')}); --edges chooses` };
}

/** Nodes no drawn edge touches, in one box for their group. */
export interface Fold {
  /** `fold:<group>`: never a node id (those are names, paths or `fragment:` ids). */
  id: string;
  group: string;
  /** Ids of the folded nodes, in picture order. */
  members: string[];
  label: string;
}

export interface Scene {
  kinds: EdgeKind[];
  /** Nodes drawn one by one: every node some drawn edge touches, and a group's only lone node. */
  shown: PictureNode[];
  folds: Fold[];
  /** Groups in the order drawn (by name; '' the catalog's root). More than one: the drawing frames each. */
  groups: string[];
}

/** The group a node is drawn in: a skill's own, a fragment's the root's. */
export const groupOf = (nd: PictureNode): string => nd.group ?? '';

/** What is drawn of `picture` with the edges of `kinds`. */
export function sceneOf(picture: CatalogPicture, kinds: readonly EdgeKind[]): Scene {
  const touched = new Set<string>();
  for (const e of picture.edges) {
    if (!kinds.includes(e.kind)) continue;
    touched.add(e.from);
    touched.add(e.to);
  }
  const lone = new Map<string, PictureNode[]>();
  for (const nd of picture.nodes) {
    if (touched.has(nd.id)) continue;
    const list = lone.get(groupOf(nd));
    if (list) list.push(nd);
    else lone.set(groupOf(nd), [nd]);
  }
  const folded = new Set<string>();
  const folds: Fold[] = [];
  for (const [group, list] of lone) {
    if (list.length < 2) continue;
    for (const nd of list) folded.add(nd.id);
    const skills = list.filter((nd) => nd.kind === 'skill').length;
    const what = skills === list.length ? 'skills' : skills === 0 ? 'fragments' : 'skills and fragments';
    folds.push({ id: `fold:${group}`, group, members: list.map((nd) => nd.id), label: `${list.length} ${what} without edges` });
  }
  const groups = [...new Set(picture.nodes.map(groupOf))].sort();
  return { kinds: [...kinds], shown: picture.nodes.filter((nd) => !folded.has(nd.id)), folds, groups };
}

/**
 * The sets of kinds the HTML view can show, each laid out ahead: every subset of the kinds the
 * catalog has edges of (at most 2^4), the drawn `kinds` among them restricted to those.
 */
export function layoutKindSets(picture: CatalogPicture, kinds: readonly EdgeKind[]): EdgeKind[][] {
  const present = EDGE_KINDS.filter((k) => picture.edges.some((e) => e.kind === k));
  const sets: EdgeKind[][] = [];
  for (let mask = 0; mask < 1 << present.length; mask++) sets.push(present.filter((_, i) => mask & (1 << i)));
  const first = present.filter((k) => kinds.includes(k));
  return [first, ...sets.filter((s) => s.join() !== first.join())];
}
