import type { HostTable } from '../../hosts/index.js';
import type { HostProfile } from '../../hosts/profile.js';
import type { TextFile } from '../../model/text.js';
import { parsed } from '../../model/queries.js';
import { defineSkillRule, type ReportInput } from '../rule.js';
import { escapeRegExp, show } from '../util.js';
import { trimEndOf } from '../../core/strings.js';

/** Bundled files read as instructions: the agent follows the paths they name. */
const MARKDOWN = /\.(?:md|markdown)$/i;
/** A line that installs, moves or removes the skill itself names its install folder on purpose. */
const INSTALLS = /(?:^|[\s;&|(`$])(?:cp|mv|ln|mkdir|rsync|install|rm|rmdir|unzip|tar|git\s+clone|ditto|scp|chmod|ls|cd|open|code)\s/;

/** Every folder a known host installs or serves skills from, as the regular expression of a path prefix. */
function installRoots(table: HostTable): string[] {
  const roots = new Set<string>();
  const home = String.raw`(?:~|\$HOME|\$\{HOME\}|%USERPROFILE%|/home/[^/\s"'\x60]+|/Users/[^/\s"'\x60]+)`;
  for (const h of Object.values(table)) {
    if (h.layout) {
      roots.add(`${home}/${escapeRegExp(h.layout.user)}`);
      // A project's skills folder, at a path's start (`.claude/skills/x/…`, `./.github/skills/x/…`, `/repo/.claude/skills/x/…`).
      roots.add(String.raw`(?:(?<=^|[\s"'\x60(=:])|\.\/|(?<=[\w-])\/)${escapeRegExp(h.layout.project)}`);
    }
    for (const r of h.runtimeSkillRoots ?? []) roots.add(escapeRegExp(r.replace(/\/$/, '')));
  }
  return [...roots];
}

/** How the hosts linted for name a file of the skill wherever it is installed (`${CLAUDE_SKILL_DIR}/`), or ''. */
function skillVariable(hosts: readonly HostProfile[]): string {
  for (const h of hosts) for (const [name, base] of Object.entries(h.paths?.variables ?? {})) if (base === 'skill') return `\${${name}}/`;
  return '';
}

export default defineSkillRule(
  {
    id: 'body/install-path',
    description: "Reports a hard-coded install location of the skill's own files (`~/.claude/skills/<skill>/scripts/x.py`, `/mnt/skills/user/<skill>/…`, `.agents/skills/<skill>/…`) in the SKILL.md and bundled Markdown, instead of a path relative to the skill.",
    severity: 'warning',
    fixable: false,
    defaultOptions: {},
    messages: {
      installPath: 'Unexpected install location `{{path}}` of this skill\'s own file, expected {{expected}} (the skill may be installed elsewhere: another host, a project, a plugin, a user folder)',
    },
  },
  ({ skill, hosts, config, report }) => {
    if (!parsed(skill)) return;
    const names = [...new Set([skill.dirName, skill.name].filter((n): n is string => !!n && /^[\w.-]+$/.test(n)))];
    if (!names.length) return;
    const roots = installRoots(config.hostTable);
    const re = new RegExp(String.raw`(?:${roots.join('|')})/(${names.map(escapeRegExp).join('|')})/([^\s"'\x60)\]>,;|]+)`, 'g');
    const variable = skillVariable(hosts);
    const scan = (file: TextFile, path?: string): void => {
      const { text, lines } = file;
      re.lastIndex = 0;
      let m: RegExpExecArray | null;
      while ((m = re.exec(text))) {
        const rest = trimEndOf(m[2]!, '.:');
        if (!rest || /^SKILL\.md$/i.test(rest)) continue;
        const lineStart = text.lastIndexOf('\n', m.index) + 1;
        if (INSTALLS.test(text.slice(lineStart, m.index))) continue;
        const expected = variable ? `\`${variable}${rest}\` (or \`${rest}\` relative to the skill)` : `\`${rest}\`, relative to the skill folder`;
        const input: ReportInput = { messageId: 'installPath', data: { path: show(m[0], 70), expected }, range: lines.range(m.index, m.index + m[0].length) };
        report(path ? { ...input, file: path } : input);
      }
    };
    scan(skill.file);
    for (const b of skill.bundled) {
      if (b.kind !== 'file' || !MARKDOWN.test(b.relPath)) continue;
      const file = skill.bundle.text(b.relPath);
      if (file) scan(file, b.path);
    }
  },
);
