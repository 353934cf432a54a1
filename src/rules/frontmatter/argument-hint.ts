import type { ArgumentsProfile, HostProfile } from '../../hosts/profile.js';
import { invocationOn } from '../../analysis/budget.js';
import { field, parsed } from '../../model/queries.js';
import { codeRanges, inRanges, show } from '../util.js';
import { targetHosts } from '../../model/skillc-block.js';
import { defineSkillRule } from '../rule.js';

/** `$ARGUMENTS[2]`: a positional placeholder, unambiguous anywhere. */
const INDEXED = /\$ARGUMENTS\[(\d+)\]/g;
/** `$0`…`$9` in prose: the host's shorthand (shell code is left alone, and `$5.00`, `$5,000` or `$5-8` are prices). */
const SHORT = /(?<![\w\\$])\$(\d)(?!\d|[.,]\d|[\w/~-])/g;

/**
 * A skill that reads positional arguments should tell the user to pass them (`argument-hint`,
 * shown in the command menu); one that shows a hint but never reads its arguments gets them
 * appended as `ARGUMENTS: …` (Claude Code), which works, so that is only an info.
 */
export default defineSkillRule(
  {
    id: 'frontmatter/argument-hint',
    description: 'Reports a skill that reads positional arguments (`$ARGUMENTS[0]`, `$1` in prose) without an `argument-hint`, and, as an info, an `argument-hint` on a skill whose body uses no argument placeholder.',
    severity: 'warning',
    fixable: false,
    defaultOptions: {},
    messages: {
      noHint: 'Unexpected positional argument `{{placeholder}}` without `{{hintField}}`, expected `{{hintField}}` naming what to pass (the user is not told to give arguments, and {{host}} leaves a placeholder with no argument as written); for a literal `$`, write `\\{{placeholder}}`',
      unusedHint: '`{{hintField}}` is set but the body uses no argument placeholder: {{host}} appends what the user types as `ARGUMENTS: …` at the end; `$ARGUMENTS` (or `$0`, `$name`) puts it where the skill uses it',
    },
  },
  ({ skill, hosts, report }) => {
    if (!parsed(skill)) return;
    const host = targetHosts(skill, hosts).find((h): h is HostProfile & { arguments: ArgumentsProfile } => !!h.arguments);
    if (!host) return;
    const args = host.arguments;
    const hint = field(skill, args.hintField);
    const hasHint = !!hint && typeof hint.value === 'string' ? hint.value.trim() !== '' : !!hint && hint.value !== null && hint.value !== undefined;
    const { text, lines } = skill.file;
    const body = text.slice(skill.bodyOffset);
    const placeholders: { at: number; text: string }[] = [];
    // A Markdown table row documents the syntax (a skill about skills), it does not use it.
    const inTable = (at: number): boolean => /^[ \t]*\|/.test(text.slice(text.lastIndexOf('\n', at - 1) + 1, at));
    // `$ARGUMENTS` itself, outside syntax tables.
    const whole = [...body.matchAll(/\$ARGUMENTS(?!\[)\b/g)].filter((m) => !inTable(skill.bodyOffset + m.index));
    if (args.indexed) {
      for (const m of body.matchAll(INDEXED)) if (!inTable(skill.bodyOffset + m.index)) placeholders.push({ at: skill.bodyOffset + m.index, text: m[0] });
      const short = [...body.matchAll(SHORT)].filter((m) => !inRanges(codeRanges(skill), skill.bodyOffset + m.index) && !inTable(skill.bodyOffset + m.index));
      // One `$5` alone is as likely a price as an argument; two positions (`$0` and `$1`), or any other placeholder, say arguments.
      const distinct = new Set(short.map((m) => m[1]));
      if (distinct.size > 1 || placeholders.length || whole.length) for (const m of short) placeholders.push({ at: skill.bodyOffset + m.index, text: m[0] });
    }
    // Named arguments (`arguments: [issue]` -> `$issue`) and `$ARGUMENTS` count as using them.
    const named = field(skill, 'arguments')?.value;
    const names = (Array.isArray(named) ? named : typeof named === 'string' ? named.split(/\s+/) : []).filter((n): n is string => typeof n === 'string' && /^\w+$/.test(n));
    const uses = placeholders.length > 0 || whole.length > 0 || names.some((n) => new RegExp(`\\$${n}\\b`).test(body));
    if (hint && hasHint && !uses && args.appendsUnplaced) {
      report({ messageId: 'unusedHint', data: { hintField: args.hintField, host: host.displayName }, range: hint.keyRange, severity: 'info' });
      return;
    }
    // A skill only the model invokes shows no hint to anyone.
    if (hasHint || !placeholders.length || !invocationOn(skill, host).user) return;
    const first = placeholders.sort((a, b) => a.at - b.at)[0]!;
    report({ messageId: 'noHint', data: { placeholder: show(first.text), hintField: args.hintField, host: host.displayName }, range: lines.range(first.at, first.at + first.text.length) });
  },
);
