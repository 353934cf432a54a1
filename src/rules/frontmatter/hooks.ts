import { isMap, isScalar, isSeq, type Node, type Pair, type YAMLMap } from 'yaml';
import { closest } from '../../core/suggest.js';
import type { HostProfile } from '../../hosts/profile.js';
import type { Range } from '../../model/diagnostic.js';
import { defineSkillRule } from '../rule.js';
import { show } from '../util.js';
import { targetHosts } from '../../model/skillc-block.js';
import { cleanFrontmatter } from './shared.js';

const suggestion = (value: string, candidates: Iterable<string>): string => {
  const near = closest(value, candidates);
  return near && near !== value ? `; did you mean \`${near}\`?` : '';
};

/**
 * Checks a skill's `hooks` against the host's hook configuration: event names,
 * matcher groups (`{ matcher?, hooks: [...] }`) and handlers (`{ type, ... }`
 * with the keys their type needs). The docs do not say what a malformed skill
 * hook does, so every finding is a warning: at best the hook never runs.
 */
export default defineSkillRule(
  {
    id: 'frontmatter/hooks',
    description: "Reports `hooks` in the frontmatter that the host cannot run: an event name it does not have (with a did-you-mean), an event that is not a list of matcher groups, a group without a `hooks` list, a handler with an unknown `type` or without the keys its type needs.",
    severity: 'warning',
    fixable: false,
    defaultOptions: {},
    messages: {
      event: 'Unexpected hook event `{{event}}`, expected one of {{host}}\'s events{{suggestion}} (a hook on an event that never fires never runs)',
      groups: 'Unexpected {{what}} for hook event `{{event}}`, expected a list of matcher groups (`- matcher: Bash` with a `hooks:` list)',
      group: 'Unexpected {{what}} in the `{{event}}` hooks, expected a matcher group with a `hooks:` list of handlers',
      handler: 'Unexpected {{what}} in the `{{event}}` hook handlers, expected a mapping with a `type` ({{types}})',
      type: 'Unexpected hook handler type `{{type}}`, expected one of {{types}}{{suggestion}}',
      missing: 'Unexpected `{{type}}` hook handler without `{{key}}`, expected `{{key}}` (a string)',
      matcher: 'Unexpected {{what}} for `matcher`, expected a string (a tool name, `Edit|Write`, or a pattern)',
    },
  },
  ({ skill, hosts, report }) => {
    const fm = cleanFrontmatter(skill);
    if (!fm) return;
    const readers = targetHosts(skill, hosts).filter((h): h is HostProfile & { hooks: NonNullable<HostProfile['hooks']> } => !!h.hooks);
    const host = readers[0];
    if (!host) return;
    const profile = host.hooks;
    const node = fm.document.get(profile.field, true) as Node | undefined;
    if (!isMap(node)) return; // not a mapping: frontmatter/field-type's
    const base = fm.rawOffset;
    const at = (n: Node | null | undefined, fallback: Range): Range => (n?.range ? skill.file.lines.range(base + n.range[0], base + n.range[1]) : fallback);
    const whole = at(node, skill.file.lines.range(0, 0));
    const kind = (n: unknown): string => {
      if (isSeq(n)) return 'list';
      if (isMap(n)) return 'mapping';
      if (!isScalar(n)) return 'value';
      const v = n.value;
      return v === null ? 'empty value' : `${typeof v} \`${show(typeof v === 'string' ? v : JSON.stringify(v) ?? '', 30)}\``;
    };
    const types = Object.keys(profile.handlers);
    const typeList = types.map((t) => `\`${t}\``).join(', ');
    for (const pair of (node as YAMLMap<Node, Node>).items as Pair<Node | null, Node | null>[]) {
      const key = pair.key;
      const event = isScalar(key) ? String(key.value) : '';
      if (!profile.events.includes(event)) {
        report({ messageId: 'event', data: { event: show(event, 40), host: host.displayName, suggestion: suggestion(event, profile.events) }, range: at(key, whole) });
        continue;
      }
      const groups = pair.value;
      if (!isSeq(groups)) {
        report({ messageId: 'groups', data: { what: kind(groups), event }, range: at(groups ?? key, whole) });
        continue;
      }
      for (const group of groups.items as (Node | null)[]) {
        const hooksList = isMap(group) ? (group.get('hooks', true) as Node | undefined) : undefined;
        if (!isMap(group) || !isSeq(hooksList)) {
          report({ messageId: 'group', data: { what: isMap(group) ? 'matcher group without a `hooks:` list' : kind(group), event }, range: at(group, at(groups, whole)) });
          continue;
        }
        const matcher = group.get('matcher', true) as Node | undefined;
        if (matcher !== undefined && !(isScalar(matcher) && typeof matcher.value === 'string')) report({ messageId: 'matcher', data: { what: kind(matcher) }, range: at(matcher, whole) });
        for (const handler of hooksList.items as (Node | null)[]) {
          const typeNode = isMap(handler) ? (handler.get('type', true) as Node | undefined) : undefined;
          const type = isScalar(typeNode) && typeof typeNode.value === 'string' ? typeNode.value : undefined;
          if (!isMap(handler) || type === undefined) {
            report({ messageId: 'handler', data: { what: isMap(handler) ? 'handler without a `type`' : kind(handler), event, types: typeList }, range: at(handler, at(hooksList, whole)) });
            continue;
          }
          const needs = profile.handlers[type];
          if (!needs) {
            report({ messageId: 'type', data: { type: show(type, 30), types: typeList, suggestion: suggestion(type, types) }, range: at(typeNode, whole) });
            continue;
          }
          for (const k of needs) {
            const v = handler.get(k, true) as Node | undefined;
            if (!(isScalar(v) && typeof v.value === 'string' && v.value.trim())) report({ messageId: 'missing', data: { type, key: k }, range: at(v ?? handler, whole) });
          }
        }
      }
    }
  },
);
