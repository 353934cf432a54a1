import { closest } from '../../core/suggest.js';
import type { ForkProfile, HostProfile } from '../../hosts/profile.js';
import { field } from '../../model/queries.js';
import { defineSkillRule } from '../rule.js';
import { show } from '../util.js';
import { targetHosts } from '../../model/skillc-block.js';
import { cleanFrontmatter } from './shared.js';

/**
 * `agent` names the subagent a forked skill runs in (Claude Code: "which subagent type to use
 * when context: fork is set"). Without the fork it is never read; a built-in type misspelt
 * (`explore`, `general_purpose`) names no agent. Custom agents live outside the skill (the
 * project's or user's agents folders, plugins), so only a near miss of a built-in is reported.
 */
export default defineSkillRule(
  {
    id: 'frontmatter/fork-agent',
    description: 'Reports an `agent` the host never reads because the skill does not set `context: fork`, and an `agent` that misspells one of the host\'s built-in agent types.',
    severity: 'warning',
    fixable: false,
    defaultOptions: {},
    messages: {
      withoutFork: 'Unexpected `{{agentField}}: {{agent}}` without `{{forkField}}: {{forkValue}}`, expected `{{forkField}}: {{forkValue}}` beside it ({{host}} reads `{{agentField}}` only for a forked skill) or no `{{agentField}}`',
      unknown: 'Unexpected `{{agentField}}: {{agent}}`, expected a built-in agent type ({{builtIns}}) or a custom agent; did you mean `{{near}}`?',
    },
  },
  ({ skill, hosts, report }) => {
    if (!cleanFrontmatter(skill)) return;
    const host = targetHosts(skill, hosts).find((h): h is HostProfile & { fork: ForkProfile & { agentField: string } } => !!h.fork?.agentField);
    if (!host) return;
    const fork = host.fork;
    const agent = field(skill, fork.agentField);
    if (!agent || typeof agent.value !== 'string' || !agent.value.trim()) return;
    const forks = field(skill, fork.field)?.value === fork.value;
    const data = { agentField: fork.agentField, agent: show(agent.value, 40), forkField: fork.field, forkValue: fork.value, host: host.displayName };
    if (!forks) {
      report({ messageId: 'withoutFork', data, range: agent.valueRange });
      return;
    }
    const builtIns = fork.builtInAgents ?? [];
    if (builtIns.includes(agent.value) || agent.value.includes(':')) return;
    const near = closest(agent.value, builtIns);
    // Only a near miss is a finding: any other name may be a custom agent this lint cannot see.
    if (near && near !== agent.value) report({ messageId: 'unknown', data: { ...data, builtIns: builtIns.join(', '), near }, range: agent.valueRange });
  },
);
