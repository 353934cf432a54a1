import { defineSkillRule } from '../rule.js';
import { parsed, show } from '../util.js';
import { bundledEntry, caseVariant, noun, resolve, targets } from './shared.js';

export default defineSkillRule(
  {
    id: 'links/broken',
    description: 'Reports a relative link or image whose target file does not exist.',
    severity: 'error',
    fixable: false,
    defaultOptions: {},
  },
  ({ skill, report }) => {
    if (!parsed(skill)) return;
    for (const t of targets(skill)) {
      if (t.kind !== 'relative') continue;
      const { rel, escapes } = resolve('', t.path);
      if (!escapes && bundledEntry(skill, rel)) continue;
      const variant = escapes ? undefined : caseVariant(skill, rel);
      if (variant) {
        report({
          message: `Unexpected ${noun(t.link)} to \`${show(rel, 60)}\`, expected \`${show(variant, 60)}\` (paths are case-sensitive on most hosts)`,
          range: t.link.range,
        });
        continue;
      }
      // The listing is capped and skips `..`; the disk has the last word.
      if (skill.bundle.exists(rel)) continue;
      report({ message: `Unexpected ${noun(t.link)} to missing \`${show(t.path, 60)}\`, expected an existing file`, range: t.link.range });
    }
  },
);
