import type { TextEdit } from '../../model/diagnostic.js';
import { defineSkillRule } from '../rule.js';
import { parsed } from '../../model/queries.js';
import { show } from '../util.js';
import { noun, urlOffsets } from './shared.js';

export default defineSkillRule(
  {
    id: 'links/backslash',
    description: 'Reports a `\\` in a link or image target, where hosts expect `/`.',
    severity: 'error',
    fixable: true,
    defaultOptions: {},
    messages: {
      backslash: 'Unexpected `\\` in {{link}} target `{{url}}`, expected `/`',
    },
  },
  ({ skill, report }) => {
    if (!parsed(skill)) return;
    for (const link of skill.links) {
      if (!link.url.includes('\\')) continue;
      const data = { link: noun(link), url: show(link.url, 60) };
      const at = urlOffsets(skill, link);
      if (!at) {
        report({ messageId: 'backslash', data, range: link.range });
        continue;
      }
      const fix: TextEdit[] = [];
      const written = skill.file.text.slice(at[0], at[1]);
      for (let i = 0; i < written.length; i++) if (written[i] === '\\') fix.push({ range: [at[0] + i, at[0] + i + 1], text: '/' });
      report({ messageId: 'backslash', data, range: skill.file.lines.range(at[0], at[1]), fix });
    }
  },
);
