import type { ForkProfile, HostProfile } from '../../hosts/profile.js';
import { field, parsed } from '../../model/queries.js';
import { defineSkillRule } from '../rule.js';
import { bodyText } from '../util.js';
import { targetHosts } from '../../model/skillc-block.js';

/**
 * Verbs a task starts with, at the start of a line or a list item: the subagent is told to do something.
 * Guideline verbs (`Use`, `Prefer`, `Avoid`, `Always`, `Return`) are left out: the docs' own example of no task is
 * "use these API conventions".
 */
const IMPERATIVE =
  /^[ \t>]*(?:[-*+][ \t]+|\d+[.)][ \t]+)?(?:\*\*)?(?:run|find|search|review|analy[sz]e|summari[sz]e|read|write|create|generate|check|fix|build|research|investigate|collect|gather|compare|list|report|produce|identify|audit|scan|test|update|implement|refactor|deploy|open|fetch|compute|count|explore|trace|verify|validate|extract|draft|plan|inspect|start|first|then|finally|call|convert|translate|rewrite|edit|delete|remove|install|configure|migrate|benchmark|profile|debug|diagnose)\b/im;
/** Headings that announce a task. */
// `[ \t]` then `.*` (which takes any further blanks): `[ \t]+.*` exchanged blanks (polynomial backtracking).
const TASK_HEADING = /^#{1,6}[ \t].*\b(?:task|tasks|steps?|procedure|workflow|process|instructions|how to|usage|what to do|your job|goal|objective)\b/im;
/** The argument placeholders a forked skill's task is often built around. */
const ARGUMENT = /\$(?:ARGUMENTS|\d)\b/;

/**
 * Claude Code's skills page: "context: fork only makes sense for skills with explicit
 * instructions. If your skill contains guidelines ... without a task, the subagent receives
 * the guidelines but no actionable prompt, and returns without meaningful output."
 */
export default defineSkillRule(
  {
    id: 'body/fork-task',
    description: 'Reports a skill that runs in a forked subagent (`context: fork`) but whose body gives it no task: no steps, no imperative instruction, no task heading, no argument placeholder.',
    severity: 'warning',
    fixable: false,
    defaultOptions: {},
    messages: {
      noTask: 'Unexpected `{{field}}: {{value}}` on a skill whose body gives no task, expected steps or an instruction the subagent can carry out ({{host}} gives the forked subagent the skill as its whole prompt; guidelines alone make it return without meaningful output)',
    },
  },
  ({ skill, hosts, report }) => {
    if (!parsed(skill)) return;
    const host = targetHosts(skill, hosts).find((h): h is HostProfile & { fork: ForkProfile } => !!h.fork);
    if (!host) return;
    const f = field(skill, host.fork.field);
    if (!f || f.value !== host.fork.value) return;
    const body = bodyText(skill);
    if (IMPERATIVE.test(body) || TASK_HEADING.test(body) || ARGUMENT.test(body)) return;
    report({ messageId: 'noTask', data: { field: host.fork.field, value: host.fork.value, host: host.displayName }, range: f.valueRange });
  },
);
