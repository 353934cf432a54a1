import type { ArgumentsProfile, HostProfile } from '../../hosts/profile.js';
import { field, parsed } from '../../model/queries.js';
import { targetHosts } from '../../model/skillc-block.js';
import { commandOf, parseShellSnippet } from '../../parse/shell.js';
import { defineSkillRule } from '../rule.js';
import { shellFences } from '../scripts/shared.js';
import { show } from '../util.js';

/** What the host replaces: `$` and digits not followed by a word character, unless a backslash escapes it. */
const POSITIONAL = /(?<!\\)\$(\d+)(?!\w)/g;
/** What every POSITIONAL match holds. */
const POSITIONAL_ANYWHERE = /\$\d/;
/** Shells whose quoted heredoc is a script to read too. */
const SHELLS = new Set(['bash', 'sh', 'dash', 'zsh', 'ksh', 'mksh']);
/** A heredoc inside a heredoc is read; deeper nesting is not (bounds the work on hostile input). */
const MAX_HEREDOC_DEPTH = 2;

/**
 * Claude Code replaces `$0`, `$1`… everywhere in a skill's text when it is invoked with
 * arguments, fenced code included. In a shell code block, a `$1` inside single quotes (or
 * otherwise quoted so the shell leaves it alone) was written for the program that reads it:
 * awk's fields, sed's or perl's groups. The host rewrites it into the user's words before the
 * model ever reads the command. An unquoted or double-quoted `$1` is the shell's own
 * positional, as likely meant for the host as for a script, so it is left alone.
 */
export default defineSkillRule(
  {
    id: 'body/argument-substitution',
    description: "Reports `$1`-style text written for awk, sed or another program (quoted so the shell leaves it alone) in a shell code block of a skill that takes arguments, where the host's argument substitution rewrites it.",
    severity: 'warning',
    fixable: false,
    defaultOptions: {},
    messages: {
      rewritten:
        'Unexpected `{{placeholder}}` in `{{word}}`{{more}}: {{host}} replaces it with the user\'s {{position}} argument when the skill is invoked with arguments (code blocks included), expected `\\{{placeholder}}`, which {{host}} shows as `{{placeholder}}`, or a variable (`awk -v n={{index}} \'{print $n}\'`)',
    },
  },
  ({ skill, hosts, report }) => {
    if (!parsed(skill)) return;
    const host = targetHosts(skill, hosts).find((h): h is HostProfile & { arguments: ArgumentsProfile } => !!h.arguments?.indexed && h.arguments.rewritesCode);
    if (!host) return;
    // Only a skill that takes arguments gets them substituted: one with a hint, or one that places them.
    const hint = field(skill, host.arguments.hintField);
    const takesArguments = (hint !== undefined && hint.value !== null && hint.value !== '') || /\$ARGUMENTS\b/.test(skill.file.text.slice(skill.bodyOffset));
    if (!takesArguments) return;
    const found: { at: number; end: number; placeholder: string; index: string; word: string }[] = [];
    for (const fence of shellFences(skill)) {
      const script = fence.script;
      // Scripts to read: the block, and the body of each quoted heredoc a shell runs
      // (`bash << 'EOF'` … `EOF`, a common wrapper), which is a script of its own.
      const scripts: { from: number; text: string; depth: number }[] = [{ from: 0, text: script, depth: 0 }];
      for (let s = scripts.pop(); s; s = scripts.pop()) {
        // A finding is a `$<digit>` of the text (a heredoc's body is a part of it): without one, nothing to parse.
        if (!POSITIONAL_ANYWHERE.test(s.text)) continue;
        // `commands` holds those inside `$(…)`, backticks and `<(…)` too (`x=$(awk '{print $2}')`).
        for (const command of parseShellSnippet(s.text, (line) => line.includes('$') || line.includes('<<')).commands) {
          const name = commandOf(command)?.name;
          for (const r of command.redirects) {
            if (r.heredoc && r.target?.quoted && name && SHELLS.has(name) && s.depth < MAX_HEREDOC_DEPTH) {
              scripts.push({ from: s.from + r.heredoc.start, text: s.text.slice(r.heredoc.start, r.heredoc.end), depth: s.depth + 1 });
            }
          }
          for (const w of command.words) {
            if (!w.quoted || !w.literal) continue;
            const raw = s.text.slice(w.start, w.end);
            for (const m of raw.matchAll(POSITIONAL)) {
              const at = fence.toFile(s.from + w.start + m.index);
              found.push({ at, end: at + m[0].length, placeholder: m[0], index: m[1]!, word: raw });
            }
          }
        }
      }
    }
    if (!found.length) return;
    // One root cause (the skill's code meets the host's substitution): one finding, at the first, with the count.
    const first = found.sort((a, b) => a.at - b.at)[0]!;
    const n = Number(first.index);
    report({
      messageId: 'rewritten',
      data: {
        placeholder: first.placeholder,
        word: show(first.word),
        more: found.length > 1 ? ` (and ${found.length - 1} more in this skill)` : '',
        host: host.displayName,
        position: ordinal(n + 1),
        index: first.index,
      },
      range: skill.file.lines.range(first.at, first.end),
    });
  },
);

function ordinal(n: number): string {
  const tens = n % 100;
  const suffix = tens >= 11 && tens <= 13 ? 'th' : ['th', 'st', 'nd', 'rd'][n % 10] ?? 'th';
  return `${n}${suffix}`;
}
