import { isScalar, isSeq, type Node } from 'yaml';
import { closest } from '../../core/suggest.js';
import { beforeFirstOf } from '../../core/strings.js';
import type { HostProfile, ToolsProfile } from '../../hosts/profile.js';
import type { Range } from '../../model/diagnostic.js';
import { field } from '../../model/queries.js';
import { defineSkillRule } from '../rule.js';
import { show } from '../util.js';
import { targetHosts } from '../../model/skillc-block.js';
import { cleanFrontmatter } from './shared.js';

/** The tools of a space- or comma-separated string, each with its offset: `Bash(git add, commit)` stays one item. */
export function toolItems(s: string): { text: string; at: number }[] {
  const items: { text: string; at: number }[] = [];
  let depth = 0;
  let start = -1;
  for (let i = 0; i <= s.length; i++) {
    const ch = s[i];
    if (ch === '(') depth++;
    else if (ch === ')') depth = Math.max(0, depth - 1);
    const sep = ch === undefined || (depth === 0 && (ch === ',' || /\s/.test(ch)));
    if (sep) {
      if (start >= 0) items.push({ text: s.slice(start, i), at: start });
      start = -1;
    } else if (start < 0) start = i;
  }
  return items;
}

/** What a tool entry is to the host: known, an alias, retired (with its replacement) or unknown (with a near name). */
function verdict(name: string, tools: ToolsProfile): { kind: 'ok' } | { kind: 'retired'; by: string } | { kind: 'unknown'; near: string | undefined } {
  if (tools.names.includes(name) || Object.prototype.hasOwnProperty.call(tools.aliases, name)) return { kind: 'ok' };
  if (tools.patterns.some((p) => new RegExp(p).test(name))) return { kind: 'ok' };
  if (Object.prototype.hasOwnProperty.call(tools.retired, name)) return { kind: 'retired', by: tools.retired[name]! };
  return { kind: 'unknown', near: closest(name, [...tools.names, ...Object.keys(tools.aliases)]) };
}

export default defineSkillRule(
  {
    id: 'frontmatter/tool-names',
    description: "Reports a tool in `allowed-tools` or `disallowed-tools` that the host does not have: a misspelt name (with a did-you-mean against the host's tool list), a retired one (with what replaced it); `mcp__<server>__<tool>` names and the host's aliases pass.",
    severity: 'warning',
    fixable: false,
    defaultOptions: {},
    messages: {
      unknown: 'Unexpected tool `{{tool}}` in `{{key}}`, expected one of {{host}}\'s tools or an `mcp__<server>__<tool>` name{{suggestion}} (a name that matches no tool grants or removes nothing)',
      retired: 'Unexpected tool `{{tool}}` in `{{key}}`, which {{host}} no longer has, expected `{{by}}` (a name that matches no tool grants or removes nothing)',
    },
  },
  ({ skill, hosts, report }) => {
    const fm = cleanFrontmatter(skill);
    if (!fm) return;
    const host = targetHosts(skill, hosts).find((h): h is HostProfile & { tools: ToolsProfile } => !!h.tools);
    if (!host) return;
    const tools = host.tools;
    const base = fm.rawOffset;
    const { lines, text } = skill.file;
    for (const key of tools.fields) {
      const f = field(skill, key);
      if (!f) continue;
      const entries: { text: string; range: Range }[] = [];
      if (typeof f.value === 'string') {
        // Find each item in the value as written (quotes and block scalars keep the text in order).
        const source = text.slice(f.valueOffsets[0], f.valueOffsets[1]);
        let from = 0;
        for (const item of toolItems(f.value)) {
          const at = source.indexOf(item.text, from);
          const start = at < 0 ? f.valueOffsets[0] : f.valueOffsets[0] + at;
          if (at >= 0) from = at + item.text.length;
          entries.push({ text: item.text, range: at < 0 ? f.valueRange : lines.range(start, start + item.text.length) });
        }
      } else {
        const node = fm.document.get(key, true) as Node | undefined;
        if (!isSeq(node)) continue; // field-type reports other shapes
        for (const item of node.items as (Node | null)[]) {
          if (!isScalar(item) || typeof item.value !== 'string') continue;
          const range = item.range ? lines.range(base + item.range[0], base + item.range[1]) : f.valueRange;
          for (const part of toolItems(item.value)) entries.push({ text: part.text, range });
        }
      }
      for (const entry of entries) {
        const name = beforeFirstOf(entry.text, '(').trim();
        if (!name) continue;
        const v = verdict(name, tools);
        if (v.kind === 'ok') continue;
        if (v.kind === 'retired') report({ messageId: 'retired', data: { tool: show(name, 40), key, host: host.displayName, by: v.by }, range: entry.range });
        else report({ messageId: 'unknown', data: { tool: show(name, 40), key, host: host.displayName, suggestion: v.near && v.near !== name ? `; did you mean \`${v.near}\`?` : '' }, range: entry.range });
      }
    }
  },
);
