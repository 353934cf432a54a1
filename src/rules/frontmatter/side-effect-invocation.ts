import { invocationOn } from '../../analysis/budget.js';
import type { HostProfile } from '../../hosts/profile.js';
import { field } from '../../model/queries.js';
import { defineSkillRule } from '../rule.js';
import { frontmatterStart } from '../util.js';
import { targetHosts } from '../../model/skillc-block.js';
import { cleanFrontmatter } from './shared.js';

/** Verbs of actions that leave the machine or cannot be undone. */
const SIDE_EFFECTS = new Set([
  'deploy', 'deploys', 'publish', 'publishes', 'release', 'releases', 'ship', 'ships', 'delete', 'deletes', 'destroy', 'destroys', 'drop', 'drops',
  'purge', 'purges', 'wipe', 'wipes', 'send', 'sends', 'email', 'emails', 'notify', 'notifies', 'post', 'posts', 'tweet', 'tweets', 'push', 'pushes',
  'merge', 'merges', 'commit', 'commits', 'pay', 'pays', 'charge', 'charges', 'transfer', 'transfers', 'purchase', 'purchases', 'submit', 'submits',
  'rollback', 'terminate', 'terminates', 'uninstall', 'uninstalls',
]);
/** Words after a verb that make it a noun: "Release notes", "Deploy status", "Commit message conventions". */
const NOUN_AFTER = /^(?:notes?|history|log|logs|status|checklist|report|reports|message|messages|conventions?|format|style|guide|patterns?|hygiene|metadata)$/i;

/** The side-effect verb a skill is named or described by: the last word of its name, or the first word of its description. */
function sideEffectOf(skill: { dirName: string; name?: string | undefined; description?: string | undefined }): string | undefined {
  const nameWords = (skill.name ?? skill.dirName).toLowerCase().split(/[-_\s]+/).filter(Boolean);
  const last = nameWords.at(-1);
  if (last && SIDE_EFFECTS.has(last)) return last;
  const words = (skill.description ?? '').trim().split(/\s+/);
  const first = words[0]?.toLowerCase().replace(/[^a-z]/g, '');
  if (first && SIDE_EFFECTS.has(first) && !NOUN_AFTER.test((words[1] ?? '').replace(/[^A-Za-z]/g, ''))) return first;
  return undefined;
}

/**
 * Claude Code's skills page: set `disable-model-invocation: true` "for workflows with side effects
 * or that you want to control timing, like /commit, /deploy, or /send-slack-message. You don't
 * want Claude deciding to deploy because your code looks ready." Advice: a warning. A skill that
 * sets the switch to false on purpose has chosen; it is not reported.
 */
export default defineSkillRule(
  {
    id: 'frontmatter/side-effect-invocation',
    description: 'Reports a skill whose name or description says it deploys, publishes, deletes, sends (an action with side effects) that the model may invoke on its own, under a host with a switch for user-only invocation (`disable-model-invocation: true`).',
    severity: 'warning',
    // Opt-in (skillc:strict turns it on): a name or description is a weak signal, and skills built to be
    // invoked by the model (a notifier a /loop calls) would be told to give that up.
    recommended: false,
    fixable: false,
    defaultOptions: {},
    messages: {
      modelMayRun: 'Unexpected model invocation of a skill with side effects (`{{verb}}`), expected {{switch}} so only the user starts it ({{host}} lets the model invoke a skill on its own unless the skill turns that off)',
    },
  },
  ({ skill, hosts, report }) => {
    if (!cleanFrontmatter(skill)) return;
    const host = targetHosts(skill, hosts).find((h): h is HostProfile & { manualInvocation: { frontmatter: Record<string, unknown> } } => !!h.manualInvocation?.frontmatter && invocationOn(skill, h).model);
    if (!host) return;
    const switches = Object.entries(host.manualInvocation.frontmatter);
    // Set to another value on purpose (`disable-model-invocation: false`): the author chose.
    if (switches.some(([k]) => field(skill, k) !== undefined)) return;
    const verb = sideEffectOf(skill);
    if (!verb) return;
    const sw = switches.map(([k, v]) => `\`${k}: ${String(v)}\``).join(', ');
    const description = field(skill, 'description');
    const name = field(skill, 'name');
    const range = (skill.name ?? skill.dirName).toLowerCase().endsWith(verb) && name ? name.valueRange : (description?.valueRange ?? frontmatterStart(skill));
    report({ messageId: 'modelMayRun', data: { verb, switch: sw, host: host.displayName }, range });
  },
);
