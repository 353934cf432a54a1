import type { EdgeKind } from '../../analysis/graph.js';
import { renderHtml } from './html.js';
import { layoutCatalog } from './layout.js';
import { chooseKinds, layoutKindSets } from './scene.js';
import type { CatalogPicture } from './model.js';
import { renderSvg } from './svg.js';
import { renderDot, renderJson, renderMermaid } from './text.js';

export { catalogPicture, budgetLine, hostSummary, type CatalogPicture, type PictureEdge, type PictureHost, type PictureNode } from './model.js';
export { drawnEdges, layoutCatalog, layoutMerit, svgMerit, type CatalogLayout, type DrawnEdge, type LayoutMerit } from './layout.js';
export { chooseKinds, edgeKinds, sceneOf, STRUCTURAL_EDGES, type ChosenKinds, type Fold, type Scene } from './scene.js';
export { renderDot, renderJson, renderMermaid, renderSvg, renderHtml };

export const GRAPH_FORMATS = ['mermaid', 'dot', 'svg', 'html', 'json'] as const;
export type GraphFormat = (typeof GRAPH_FORMATS)[number];

export interface GraphRenderOptions {
  /**
   * Edge kinds to draw (`--edges`); default the structural ones, requires and include, or
   * every kind when those draw nothing (`chooseKinds`). JSON keeps every edge.
   */
  edges?: readonly EdgeKind[];
}

/** Draws the catalog. SVG and HTML are laid out by Graphviz (WebAssembly), hence async. */
export async function renderGraph(picture: CatalogPicture, format: GraphFormat, options: GraphRenderOptions = {}): Promise<string> {
  const { kinds, note } = chooseKinds(picture, options.edges);
  switch (format) {
    case 'mermaid':
      return renderMermaid(picture, kinds);
    case 'dot':
      return renderDot(picture, kinds);
    case 'svg':
      return `<?xml version="1.0" encoding="UTF-8"?>\n${renderSvg(picture, await layoutCatalog(picture, kinds), note)}`;
    case 'html': {
      // Each set of kinds the page's checkboxes can choose, laid out ahead: toggling a kind shows its own layout.
      const layouts = [];
      for (const set of layoutKindSets(picture, kinds)) layouts.push(await layoutCatalog(picture, set));
      return renderHtml(picture, layouts, kinds, note);
    }
    default:
      return renderJson(picture);
  }
}
