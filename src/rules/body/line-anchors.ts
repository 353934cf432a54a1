import { defineSkillRule } from '../rule.js';
import { parsed } from '../../model/queries.js';
import { frontmatterStart, inRanges, perKindSchema, settingFor, type PerKind } from '../util.js';
import { bodyLines } from './shared.js';

export interface Anchors {
  /** Each must start at least one line of the body. */
  required?: string[];
  /** None may start a line of the body. */
  forbidden?: string[];
  /**
   * As orchflows' validate.py reads anchors: a required one counts only at column 0
   * of a line (code included) and, when it ends in a letter, before a space, a colon
   * or the line's end (`Returns` is not `Return`); a forbidden one anywhere in the body.
   */
  strict?: boolean;
}

export type Options = PerKind<Anchors>;

const anchors = {
  type: 'object',
  properties: {
    required: { type: 'array', items: { type: 'string', minLength: 1 } },
    forbidden: { type: 'array', items: { type: 'string', minLength: 1 } },
    strict: { type: 'boolean' },
  },
  additionalProperties: false,
};

/** Markdown that may come before an anchor: indentation, quotes, list markers, heading marks, emphasis. */
const LEAD = /^(?:\s*(?:>\s*)*)(?:(?:[-*+]|\d+[.)])\s+)?(?:#{1,6}\s+)?(?:\*\*|__|\*|_)?/;

export default defineSkillRule<Options>(
  {
    id: 'body/line-anchors',
    description: "Reports a body that lacks a line starting with an anchor its kind requires (e.g. `Require:`), or has one its kind forbids.",
    severity: 'error',
    recommended: false,
    fixable: false,
    schema: perKindSchema(anchors),
    defaultOptions: {},
    messages: {
      banned: 'Unexpected `{{a}}`{{why}}, expected none',
      bannedStart: 'Unexpected line starting `{{a}}`{{why}}, expected none',
      requiredStart: 'Unexpected body without a line starting `{{a}}`{{why}}, expected one',
    },
  },
  ({ skill, options, report }) => {
    if (!parsed(skill)) return;
    const chosen = settingFor(options, skill);
    if (!chosen) return;
    const { required = [], forbidden = [] } = chosen.setting;
    const why = chosen.kind ? ` for kind \`${chosen.kind}\`` : '';
    const { lines } = skill.file;
    const code = skill.codeFences.map((c): [number, number] => [c.range.start.offset ?? 0, c.range.end.offset ?? 0]).sort((a, b) => a[0] - b[0]);
    const { first, count } = bodyLines(skill);
    const found = new Set<string>();
    const strict = chosen.setting.strict === true;
    const startsLine = (text: string, a: string): boolean => text.startsWith(a) && (!/[A-Za-z]$/.test(a) || /^(?:[ :]|$)/.test(text.slice(a.length)));
    for (let line = first; line < first + count; line++) {
      const start = lines.offsetAt(line, 1);
      const text = lines.lineText(line);
      if (strict) {
        for (const a of required) if (startsLine(text, a)) found.add(a);
        for (const a of forbidden) {
          const col = text.indexOf(a);
          if (col >= 0) report({ messageId: 'banned', data: { a, why }, range: lines.range(start + col, start + col + a.length) });
        }
        continue;
      }
      if (inRanges(code, start)) continue;
      const rest = text.slice(LEAD.exec(text)?.[0].length ?? 0);
      for (const a of required) if (rest.startsWith(a)) found.add(a);
      for (const a of forbidden) {
        if (!rest.startsWith(a)) continue;
        const col = text.length - rest.length;
        report({ messageId: 'bannedStart', data: { a, why }, range: lines.range(start + col, start + col + a.length) });
      }
    }
    const missing = required.filter((a) => !found.has(a));
    if (!missing.length) return;
    const range = skill.bodyOffset > 0 ? lines.lineRange(Math.min(first, lines.lineCount)) : frontmatterStart(skill);
    for (const a of missing) report({ messageId: 'requiredStart', data: { a, why }, range });
  },
);
