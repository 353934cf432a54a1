import type { Range } from '../model/diagnostic.js';
import type { Directive, Skill } from '../model/skill.js';
import { renderSkillContracts } from '../analysis/contracts.js';
import type { ContractSpec } from '../config/config.js';
import { artifactSchemas, type ConfiguredArtifacts } from '../analysis/artifacts.js';
import { markerSpan } from './host-blocks.js';

/** What a region renderer may read besides the skill. */
export interface RegionContext {
  contracts: Readonly<Record<string, ContractSpec>>;
  /** The config's `artifacts`, which the `artifacts` region lists with the skill's own. */
  artifacts?: ConfiguredArtifacts;
}

/** Renderers of generated regions, by name: `<!-- generated: NAME -->` ... `<!-- /generated -->`. */
export const REGIONS: Readonly<Record<string, (skill: Skill, context: RegionContext) => string>> = {
  artifacts(skill, context) {
    const schemas = artifactSchemas(skill, context.artifacts);
    if (schemas.length === 0) return '_This skill declares no artifacts._';
    const rows = schemas.map((a) => `| \`${a.name}\` | ${a.sections.length ? a.sections.map((s) => `\`## ${s}\``).join(', ') : '(any)'} |`);
    return ['| Artifact | Required sections |', '| --- | --- |', ...rows].join('\n');
  },
  /** The field tables of the shared contracts (config `contracts`) this skill's artifacts name. */
  contracts(skill, context) {
    return renderSkillContracts(skill.skillc, context.contracts);
  },
};

export interface RegionProblem {
  message: string;
  range: Range;
}

/**
 * Renders every generated region of `text` (the markers are dropped in the
 * output). A region whose source holds anything but the rendering is drift:
 * the source was edited by hand.
 */
export function renderRegions(text: string, directives: readonly Directive[], skill: Skill, context: RegionContext): { text: string; problems: RegionProblem[] } {
  const problems: RegionProblem[] = [];
  let out = '';
  let cursor = 0;
  let open: (Directive & { kind: 'generated-open' }) | undefined;
  for (const d of directives) {
    if (d.kind === 'generated-open') open = d;
    else if (d.kind === 'generated-close' && open) {
      const render = REGIONS[open.name];
      if (!render) {
        problems.push({ message: `Unexpected unknown generated region \`${open.name}\`, expected one of ${Object.keys(REGIONS).join(', ')}`, range: open.range });
      } else {
        const rendered = render(skill, context);
        const inner = text.slice(open.range.end.offset, d.range.start.offset).replace(/\r\n?/g, '\n').trim();
        if (inner !== '' && inner !== rendered) {
          problems.push({ message: `Unexpected hand edit in generated region \`${open.name}\`: empty it or paste the rendering from the build output`, range: open.range });
        }
        const a = markerSpan(text, open.range.start.offset!, open.range.end.offset!);
        const b = markerSpan(text, d.range.start.offset!, d.range.end.offset!);
        out += `${text.slice(cursor, a.start)}${rendered}\n`;
        cursor = b.end;
      }
      open = undefined;
    }
  }
  return { text: out + text.slice(cursor), problems };
}
