import { defineSkillRule } from '../rule.js';
import { frontmatterData, field, parsed } from '../../model/queries.js';
import { show } from '../util.js';

/** The tools an `allowed-tools` value names: a space- or comma-separated string, or a list. */
export function toolEntries(value: unknown): string[] {
  const items = Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : typeof value === 'string' ? [value] : [];
  const out: string[] = [];
  for (const item of items) for (const m of item.matchAll(/[A-Za-z_][\w.-]*(?:\([^)]*\))?/g)) out.push(m[0]);
  return out;
}

/** A Bash permission pattern: `Bash` (anything), `Bash(git status:*)` (prefix), `Bash(npm run *)` (glob), `Bash(make)` (exact). */
export function bashMatcher(entry: string): ((command: string) => boolean) | undefined {
  const m = /^Bash(?:\((.*)\))?$/.exec(entry.trim());
  if (!m) return undefined;
  const spec = (m[1] ?? '').trim().replace(/\s+/g, ' ');
  if (spec === '' || spec === '*' || spec === ':*') return () => true;
  if (spec.endsWith(':*')) {
    const prefix = spec.slice(0, -2).trim();
    return (c) => c === prefix || c.startsWith(`${prefix} `);
  }
  if (spec.includes('*')) {
    const re = new RegExp(`^${spec.split('*').map((s) => s.replace(/[.+?^${}()|[\]\\]/g, '\\$&')).join('.*')}$`, 's');
    return (c) => re.test(c);
  }
  return (c) => c === spec;
}

// Starting only where a blank run starts: `\s*` tried from inside a long run rescanned it from each offset.
const DISCARD = /(?<!\s)\s*(?:\d?>\s*\/dev\/null|2>&1)/g;

/**
 * True when every simple command of `command` matches one of the patterns. A
 * substitution, redirection or background job is never covered: it runs more
 * than the pattern names.
 */
export function coveredBy(command: string, matchers: readonly ((c: string) => boolean)[]): boolean {
  const parts = command
    .split(/\|\||&&|;|\||\r?\n/)
    .map((p) => p.replace(DISCARD, '').trim().replace(/\s+/g, ' '))
    .filter((p) => p && !p.startsWith('#'));
  if (!parts.length) return true;
  return parts.every((part) => !/[<>&`]|\$\(/.test(part) && matchers.some((match) => match(part)));
}

export default defineSkillRule(
  {
    id: 'security/dynamic-command-tools',
    description: "Reports a dynamic context command (`!`command`` or a ```! block) that the skill's own `allowed-tools` does not permit with a matching `Bash(...)` pattern.",
    severity: 'warning',
    fixable: false,
    defaultOptions: {},
    messages: {
      command: 'Unexpected dynamic command `{{command}}` not permitted by the skill\'s `allowed-tools`{{where}}, expected a matching `Bash(...)` pattern (the host prompts for it or refuses to run it)',
      block: 'Unexpected dynamic command block not permitted by the skill\'s `allowed-tools`{{where}}, expected a matching `Bash(...)` pattern (the host prompts for it or refuses to run it)',
    },
  },
  ({ skill, hosts, report }) => {
    if (!hosts.some((h) => h.dynamicCommands) || !parsed(skill)) return;
    const data = frontmatterData(skill);
    if (!data || data['allowed-tools'] === undefined || data['allowed-tools'] === null) return;
    const matchers = toolEntries(data['allowed-tools']).map(bashMatcher).filter((m): m is (c: string) => boolean => m !== undefined);
    const declared = field(skill, 'allowed-tools');
    const where = declared ? ` (line ${declared.keyRange.start.line})` : '';
    const { text, lines } = skill.file;
    for (const code of skill.inlineCode) {
      const start = code.range.start.offset ?? 0;
      const end = code.range.end.offset ?? start;
      if (start <= skill.bodyOffset || text[start - 1] !== '!' || text[start + 1] === '`') continue;
      if (coveredBy(code.value, matchers)) continue;
      report({ messageId: 'command', data: { command: show(code.value.trim()), where }, range: lines.range(start - 1, end) });
    }
    for (const fence of skill.codeFences) {
      if (!fence.lang?.startsWith('!') || coveredBy(fence.value, matchers)) continue;
      report({ messageId: 'block', data: { where }, range: { start: fence.range.start, end: lines.lineRange(fence.range.start.line).end } });
    }
  },
);
