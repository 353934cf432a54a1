import { defineSkillRule, type ReportInput } from '../rule.js';
import { field } from '../util.js';
import { cleanFrontmatter, rewriteScalar, singleLineScalar, valueSource } from './shared.js';

/** An XML/HTML start, end or empty-element tag, or a comment. `a < b` and `->` are not tags. */
const TAG = /<!--[\s\S]*?-->|<\/?[A-Za-z][\w:.-]*(?:\s[^<>]*)?\/?>/g;

/** The description without tag markup, inner text kept, spacing tidied. */
function stripTags(text: string): string {
  return text
    .replace(TAG, ' ')
    .replace(/[ \t]{2,}/g, ' ')
    .replace(/ ([.,;:!?)])/g, '$1')
    .replace(/\( /g, '(')
    .trim();
}

export default defineSkillRule(
  {
    id: 'frontmatter/description-xml',
    description: 'Reports XML or HTML tags (`<example>`, `</b>`, `<br/>`) in the `description`.',
    severity: 'error',
    fixable: true,
    defaultOptions: {},
  },
  ({ skill, report }) => {
    if (!cleanFrontmatter(skill)) return;
    const f = field(skill, 'description');
    if (!f || typeof f.value !== 'string') return;
    const tags = f.value.match(TAG);
    if (!tags) return;
    const first = tags[0]!;
    const shown = first.length > 30 ? `${first.slice(0, 29)}…` : first;
    const count = tags.length > 1 ? ` (and ${tags.length - 1} more)` : '';
    const input: ReportInput = {
      message: `Unexpected XML tag \`${shown}\` in the description${count}, expected plain text (hosts wrap descriptions in their own tags and reject or misread these)`,
      range: f.valueRange,
    };
    // Point at the tag itself when it appears verbatim in the source.
    const at = valueSource(skill, f).indexOf(first);
    if (at >= 0) input.range = skill.file.lines.range(f.valueOffsets[0] + at, f.valueOffsets[0] + at + first.length);
    if (singleLineScalar(skill, f)) {
      const stripped = stripTags(f.value);
      const text = stripped ? rewriteScalar(f.style, stripped) : undefined;
      if (text !== undefined) input.fix = [{ range: f.valueOffsets, text }];
    }
    report(input);
  },
);
