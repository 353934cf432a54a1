import type { Directive } from '../../model/skill.js';
import { includedFragments } from '../../parse/fragments.js';
import { defineSkillRule } from '../rule.js';
import { parsed } from '../../model/queries.js';
import { REGION_MESSAGES, regionProblems, sortDirectives } from './shared.js';

export default defineSkillRule(
  {
    id: 'source/generated-region',
    description: 'Reports a generated region without a name, nested in another, or not opened and closed in pairs, in SKILL.md and in the fragments it includes.',
    severity: 'error',
    fixable: false,
    defaultOptions: {},
    messages: {
      ...REGION_MESSAGES,
      unnamed: 'Unexpected generated region without a name, expected `<!-- generated: name -->`',
    },
  },
  ({ skill, config, report }) => {
    if (!parsed(skill)) return;
    const check = (directives: readonly Directive[], file?: string): void => {
      const problems = regionProblems(directives).filter((p) => p.kind === 'generated');
      for (const d of sortDirectives(directives)) {
        if (d.kind === 'generated-open' && !d.name) {
          problems.push({ kind: 'generated', messageId: 'unnamed', range: d.range });
        }
      }
      problems.sort((a, b) => (a.range.start.offset ?? 0) - (b.range.start.offset ?? 0));
      for (const p of problems) report({ messageId: p.messageId, ...(p.data ? { data: p.data } : {}), range: p.range, ...(file ? { file } : {}) });
    };
    check(skill.directives);
    // The fragments SKILL.md includes: their regions are regions of the built SKILL.md, positioned in the fragment.
    for (const f of includedFragments(skill, config.sources)) if (f.into === 'SKILL.md' && f.directives.length) check(f.directives, f.path);
  },
);
