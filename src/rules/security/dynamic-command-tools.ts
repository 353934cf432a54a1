import { defineSkillRule } from '../rule.js';
import { frontmatterData, field, parsed } from '../../model/queries.js';
import { show } from '../util.js';

/** The tools an `allowed-tools` value names: a space- or comma-separated string, or a list. */
export function toolEntries(value: unknown): string[] {
  const items = Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : typeof value === 'string' ? [value] : [];
  const out: string[] = [];
  for (const item of items) {
    // `Name` or `Name(…)` up to the next `)`: a regex `\([^)]*\)` read to the end from every `(` when none was left.
    const lastClose = item.lastIndexOf(')');
    const name = /[A-Za-z_][\w.-]*/g;
    for (let m = name.exec(item); m; m = name.exec(item)) {
      let end = m.index + m[0].length;
      if (item[end] === '(' && end < lastClose) end = item.indexOf(')', end) + 1;
      out.push(item.slice(m.index, end));
      name.lastIndex = end;
    }
  }
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
    const parts = spec.split('*');
    return (c) => globMatch(parts, c);
  }
  return (c) => c === spec;
}

// Starting only where a blank run starts: `\s*` tried from inside a long run rescanned it from each offset.
/**
 * True when `c` matches the glob whose literal parts (split at `*`) are `parts`, as
 * `^p0.*p1.*…pn$` would: the first part a prefix, the last a suffix, each other found in turn,
 * leftmost. The regex backtracked polynomially over a pattern of many `*` (the skill writes both
 * the pattern and the command), this is one pass of indexOf.
 */
function globMatch(parts: readonly string[], c: string): boolean {
  const first = parts[0]!;
  const last = parts[parts.length - 1]!;
  if (c.length < first.length + last.length || !c.startsWith(first) || !c.endsWith(last)) return false;
  let at = first.length;
  const stop = c.length - last.length;
  for (let i = 1; i < parts.length - 1; i++) {
    const found = c.indexOf(parts[i]!, at);
    if (found < 0 || found + parts[i]!.length > stop) return false;
    at = found + parts[i]!.length;
  }
  return true;
}

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
