import { field } from '../../model/queries.js';
import { defineSkillRule, type ReportInput } from '../rule.js';
import { show } from '../util.js';
import { cleanFrontmatter, doubleQuoted, parsesTo } from './shared.js';

/** The fields whose text a cut loses silently: what the host lists and what it names the skill by. */
const FIELDS = ['name', 'description'] as const;

/**
 * In YAML, ` #` ends a plain (unquoted) scalar and starts a comment, so
 * `description: Use when the user designs #api endpoints` is the text "Use when the user
 * designs": the rest is dropped without an error. Reports a plain value followed by a
 * comment on its last line, with the quoted value as the fix when the `#` starts a word
 * (`#api`, `#123`: text, not a note to the reader).
 */
export default defineSkillRule(
  {
    id: 'frontmatter/value-comment',
    description: 'Reports a plain (unquoted) `name` or `description` cut short by ` #`, which YAML reads as the start of a comment; the fix quotes the whole value when the `#` starts a word (`#api`).',
    severity: 'warning',
    fixable: true,
    defaultOptions: {},
    messages: {
      cut: 'Unexpected comment `{{comment}}` after the unquoted `{{key}}`, which YAML reads as `{{value}}` (everything from ` #` on is dropped), expected the value quoted when `#` is part of it',
    },
  },
  ({ skill, report }) => {
    const fm = cleanFrontmatter(skill);
    if (!fm) return;
    const { text, lines } = skill.file;
    for (const key of FIELDS) {
      const f = field(skill, key);
      if (!f || f.style !== 'plain' || typeof f.value !== 'string') continue;
      const end = f.valueOffsets[1];
      let lineEnd = text.indexOf('\n', end);
      if (lineEnd === -1) lineEnd = text.length;
      const rest = text.slice(end, lineEnd).replace(/\r$/, '');
      const m = /^([ \t]+)#(.*)$/.exec(rest);
      if (!m) continue;
      const comment = `#${m[2]!}`.trimEnd();
      const input: ReportInput = {
        messageId: 'cut',
        data: { comment: show(comment, 40), key, value: show(f.value, 50) },
        range: lines.range(end + m[1]!.length, end + rest.trimEnd().length),
      };
      // The fix only for a one-line value whose `#` starts a word: `# note` may be a comment meant as one.
      const whole = `${text.slice(f.valueOffsets[0], end)}${rest}`.trimEnd();
      const quoted = doubleQuoted(whole);
      if (/^#\S/.test(comment) && f.valueRange.start.line === f.valueRange.end.line && parsesTo(quoted, whole)) {
        input.fix = [{ range: [f.valueOffsets[0], end + rest.trimEnd().length], text: quoted }];
      }
      report(input);
    }
  },
);
