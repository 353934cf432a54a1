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
  },
  ({ skill, report }) => {
    if (!parsed(skill)) return;
    for (const link of skill.links) {
      if (!link.url.includes('\\')) continue;
      const message = `Unexpected \`\\\` in ${noun(link)} target \`${show(link.url, 60)}\`, expected \`/\``;
      const at = urlOffsets(skill, link);
      if (!at) {
        report({ message, range: link.range });
        continue;
      }
      const fix: TextEdit[] = [];
      const written = skill.file.text.slice(at[0], at[1]);
      for (let i = 0; i < written.length; i++) if (written[i] === '\\') fix.push({ range: [at[0] + i, at[0] + i + 1], text: '/' });
      report({ message, range: skill.file.lines.range(at[0], at[1]), fix });
    }
  },
);
