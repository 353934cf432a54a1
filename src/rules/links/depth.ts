import { defineSkillRule } from '../rule.js';
import { parsed } from '../../model/queries.js';
import { show } from '../util.js';
import { locate, scopeOf } from './scope.js';
import { bundledEntry, noun, targets } from './shared.js';

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
    messages: {
      tooDeep: 'Unexpected {{link}} to `{{rel}}`, {{depth}} folders below SKILL.md, expected at most {{max}}',
    },
  },
  ({ skill, options, hosts, config, report }) => {
    if (!parsed(skill)) return;
    const max = options.max;
    const scope = scopeOf(skill, hosts, config);
    for (const t of targets(skill)) {
      if (t.kind !== 'relative') continue;
      // `${CLAUDE_SKILL_DIR}/x` is `x`; paths outside the skill are links/escape's.
      const place = locate(scope, '', t.path);
      if (place.where !== 'skill' || place.rel === '.') continue;
      const rel = place.rel;
      // A missing target is links/broken's: one link, one finding.
      const entry = bundledEntry(skill, rel);
      if (!entry && !skill.bundle.exists(rel)) continue;
      const segments = rel.split('/');
      // A file sits in (segments - 1) folders; a linked folder is itself one more level.
      const isFolder = /\/$/.test(t.path) || entry?.kind === 'directory';
      const depth = isFolder ? segments.length : segments.length - 1;
      if (depth <= max) continue;
      report({
        messageId: 'tooDeep', data: { link: noun(t.link), rel: show(rel, 60), depth, max },
        range: t.link.range,
      });
    }
  },
);
