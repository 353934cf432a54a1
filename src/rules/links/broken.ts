import { defineSkillRule } from '../rule.js';
import { parsed, show } from '../util.js';
import { bundledEntry, caseVariant, linkSources, noun, resolve } from './shared.js';

export default defineSkillRule(
  {
    id: 'links/broken',
    description: 'Reports a relative link or image whose target file does not exist, in SKILL.md and in the Markdown files it links to.',
    severity: 'error',
    fixable: false,
    defaultOptions: {},
  },
  ({ skill, report }) => {
    if (!parsed(skill)) return;
    for (const source of linkSources(skill)) {
      const at = source.reportFile ? { file: source.reportFile } : {};
      for (const t of source.targets) {
        if (t.kind !== 'relative') continue;
        const { rel, escapes } = resolve(source.from, t.path);
        if (!escapes && bundledEntry(skill, rel)) continue;
        const variant = escapes ? undefined : caseVariant(skill, rel);
        if (variant) {
          report({
            message: `Unexpected ${noun(t.link)} to \`${show(rel, 60)}\`, expected \`${show(variant, 60)}\` (paths are case-sensitive on most hosts)`,
            range: t.link.range,
            ...at,
          });
          continue;
        }
        // The listing is capped and skips `..`; the disk has the last word.
        if (skill.bundle.exists(rel)) continue;
        report({ message: `Unexpected ${noun(t.link)} to missing \`${show(t.path, 60)}\`, expected an existing file`, range: t.link.range, ...at });
      }
    }
  },
);
