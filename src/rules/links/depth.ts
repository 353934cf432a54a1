import { defineSkillRule } from '../rule.js';
import { parsed, show } from '../util.js';
import { bundledEntry, noun, resolve, targets } from './shared.js';

export interface Options {
  max: number;
}

export default defineSkillRule<Options>(
  {
    id: 'links/depth',
    description: 'Reports a link to a file more than one folder below SKILL.md.',
    severity: 'warning',
    fixable: false,
    schema: {
      type: 'object',
      properties: { max: { type: 'integer', minimum: 0 } },
      additionalProperties: false,
    },
    defaultOptions: { max: 1 },
  },
  ({ skill, options, report }) => {
    if (!parsed(skill)) return;
    const max = options.max;
    for (const t of targets(skill)) {
      if (t.kind !== 'relative') continue;
      const { rel, escapes, folder } = resolve('', t.path);
      if (escapes || rel === '.') continue; // links/escape's
      const segments = rel.split('/');
      // A file sits in (segments - 1) folders; a linked folder is itself one more level.
      const isFolder = folder || bundledEntry(skill, rel)?.kind === 'directory';
      const depth = isFolder ? segments.length : segments.length - 1;
      if (depth <= max) continue;
      report({
        message: `Unexpected ${noun(t.link)} to \`${show(rel, 60)}\`, ${depth} folders below SKILL.md, expected at most ${max}`,
        range: t.link.range,
      });
    }
  },
);
