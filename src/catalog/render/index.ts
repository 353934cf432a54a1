import type { EdgeKind } from '../../analysis/graph.js';
import { renderHtml } from './html.js';
import { layoutCatalog, STRUCTURAL_EDGES } from './layout.js';
import type { CatalogPicture } from './model.js';
import { renderSvg } from './svg.js';
import { renderDot, renderJson, renderMermaid } from './text.js';

export { catalogPicture, budgetLine, hostSummary, type CatalogPicture, type PictureEdge, type PictureHost, type PictureNode } from './model.js';
export { drawnEdges, edgeKinds, layoutCatalog, layoutMerit, svgMerit, STRUCTURAL_EDGES, type CatalogLayout, type DrawnEdge, type LayoutMerit } from './layout.js';
export { renderDot, renderJson, renderMermaid, renderSvg, renderHtml };

export const GRAPH_FORMATS = ['mermaid', 'dot', 'svg', 'html', 'json'] as const;
export type GraphFormat = (typeof GRAPH_FORMATS)[number];

export interface GraphRenderOptions {
  /** Edge kinds to draw (`--edges`); default the structural ones, requires and include. JSON keeps every edge. */
  edges?: readonly EdgeKind[];
}

/** Draws the catalog. SVG and HTML are laid out by Graphviz (WebAssembly), hence async. */
export async function renderGraph(picture: CatalogPicture, format: GraphFormat, options: GraphRenderOptions = {}): Promise<string> {
  const kinds = options.edges ?? STRUCTURAL_EDGES;
  switch (format) {
    case 'mermaid':
      return renderMermaid(picture, kinds);
    case 'dot':
      return renderDot(picture, kinds);
    case 'svg':
      return `<?xml version="1.0" encoding="UTF-8"?>\n${renderSvg(picture, await layoutCatalog(picture, kinds))}`;
    case 'html':
      return renderHtml(picture, await layoutCatalog(picture, kinds));
    default:
      return renderJson(picture);
  }
}
