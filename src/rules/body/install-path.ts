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

/** A host table's install roots, and the pattern made for each set of skill names linted under it. */
interface InstallPatterns {
  roots: string;
  /** True when a root can hold a line break (a custom host's): a match may then cross lines. */
  multiline: boolean;
  byNames: Map<string, RegExp>;
}

/** Keyed by the run's host table (a value the run owns): built once per table, not per skill or file. */
const patternsOf = new WeakMap<HostTable, InstallPatterns>();

/**
 * The pattern of an install location of a file of the skill called one of `names`: a root, then
 * `/<name>/`, then the rest of the path. Made once per host table and set of names.
 */
export function installPathPattern(table: HostTable, names: readonly string[]): { re: RegExp; multiline: boolean } {
  let patterns = patternsOf.get(table);
  if (!patterns) {
    const roots = installRoots(table);
    patterns = { roots: roots.join('|'), multiline: roots.some((r) => r.includes('\n')), byNames: new Map() };
    patternsOf.set(table, patterns);
  }
  const key = names.join('/');
  let re = patterns.byNames.get(key);
  if (!re) {
    re = new RegExp(String.raw`(?:${patterns.roots})/(${names.map(escapeRegExp).join('|')})/([^\s"'\x60)\]>,;|]+)`, 'g');
    patterns.byNames.set(key, re);
  }
  return { re, multiline: patterns.multiline };
}

/**
 * The lines [start, end) of `text` holding `/<name>/` for one of `names`, in order, each once: a
 * match of the install pattern needs one, and (its roots and path holding no line break) lies on
 * one line. Each name's search only moves forward and each line is walked once, so it is linear.
 */
export function linesNaming(text: string, names: readonly string[]): [number, number][] {
  const needles = names.map((n) => `/${n}/`);
  const next = needles.map((n) => text.indexOf(n));
  const out: [number, number][] = [];
  for (;;) {
    let at = -1;
    for (const p of next) if (p >= 0 && (at < 0 || p < at)) at = p;
    if (at < 0) return out;
    const start = text.lastIndexOf('\n', at) + 1;
    const eol = text.indexOf('\n', at);
    const end = eol < 0 ? text.length : eol;
    out.push([start, end]);
    for (let i = 0; i < next.length; i++) if (next[i]! >= 0 && next[i]! < end) next[i] = text.indexOf(needles[i]!, end);
  }
}

/**
 * Matches of the install pattern in `text`, as a global scan of the whole text finds them: only the
 * lines that name the skill are scanned (most files name it nowhere and cost a search per name).
 */
export function installPathMatches(text: string, table: HostTable, names: readonly string[]): RegExpExecArray[] {
  const lines = linesNaming(text, names);
  if (!lines.length) return [];
  const { re, multiline } = installPathPattern(table, names);
  const out: RegExpExecArray[] = [];
  let m: RegExpExecArray | null;
  if (multiline) {
    re.lastIndex = 0;
    while ((m = re.exec(text))) out.push(m);
    return out;
  }
  for (const [start, end] of lines) {
    // Scanned alone, the line's start reads as the text's start: `^` there stands for the line break.
    const line = text.slice(start, end);
    re.lastIndex = 0;
    while ((m = re.exec(line))) {
      m.index += start;
      out.push(m);
    }
  }
  return out;
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
    const variable = skillVariable(hosts);
    const scan = (file: TextFile, path?: string): void => {
      const { text } = file;
      for (const m of installPathMatches(text, config.hostTable, names)) {
        const rest = trimEndOf(m[2]!, '.:');
        if (!rest || /^SKILL\.md$/i.test(rest)) continue;
        const lineStart = text.lastIndexOf('\n', m.index) + 1;
        if (INSTALLS.test(text.slice(lineStart, m.index))) continue;
        const expected = variable ? `\`${variable}${rest}\` (or \`${rest}\` relative to the skill)` : `\`${rest}\`, relative to the skill folder`;
        const input: ReportInput = { messageId: 'installPath', data: { path: show(m[0], 70), expected }, range: file.lines.range(m.index, m.index + m[0].length) };
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
