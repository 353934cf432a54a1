import { renderHtml } from './html.js';
import type { CatalogPicture } from './model.js';
import { renderSvg } from './svg.js';
import { renderDot, renderJson, renderMermaid } from './text.js';

export { catalogPicture, budgetLine, hostSummary, type CatalogPicture, type PictureEdge, type PictureHost, type PictureNode } from './model.js';
export { renderDot, renderJson, renderMermaid, renderSvg, renderHtml };

export const GRAPH_FORMATS = ['mermaid', 'dot', 'svg', 'html', 'json'] as const;
export type GraphFormat = (typeof GRAPH_FORMATS)[number];

export function renderGraph(picture: CatalogPicture, format: GraphFormat): string {
  switch (format) {
    case 'mermaid':
      return renderMermaid(picture);
    case 'dot':
      return renderDot(picture);
    case 'svg':
      return `<?xml version="1.0" encoding="UTF-8"?>\n${renderSvg(picture)}`;
    case 'html':
      return renderHtml(picture);
    default:
      return renderJson(picture);
  }
}
