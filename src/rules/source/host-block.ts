import type { Range } from '../../model/diagnostic.js';
import type { CodeFence, Directive } from '../../model/skill.js';
import type { TextFile } from '../../model/text.js';
import { includedFragments } from '../../parse/fragments.js';
import { show } from '../util.js';
import { isBundledMarkdown } from '../../model/bundled-markdown.js';
import { defineSkillRule } from '../rule.js';
import { parsed } from '../../model/queries.js';
import { REGION_MESSAGES, regionProblems, sortDirectives, type RegionProblem } from './shared.js';

export interface Options {
  /** `any`: a close naming its list names the opener's hosts in any order; `same`: in the same order (hermes-taskflow's builder). */
  closeOrder: 'any' | 'same';
  /** `comma-or-space`: hosts are separated by commas or spaces; `comma`: by commas only, so `pi codex` is one (unknown) name. */
  separators: 'comma-or-space' | 'comma';
  /** `known`: any host skillc knows may be named; `configured`: only the config's `hosts` (a block for another never ships). */
  hosts: 'known' | 'configured';
}

/** The host list of a marker as written (`codex, claude` of `<!-- host: codex, claude -->`), from the file's text. */
function writtenList(file: TextFile, d: Directive): string {
  const text = file.text.slice(d.range.start.offset ?? 0, d.range.end.offset ?? 0);
  return /^<!--\s*\/?\s*host\s*:?([\s\S]*?)-->$/.exec(text)?.[1]?.trim() ?? '';
}

/** The problems of one file's host markers: lists, pairing, and a close that names a list other than its opener's. */
function hostBlockProblems(directives: readonly Directive[], known: readonly string[], file: TextFile, options: Options, built?: readonly string[]): RegionProblem[] {
  const expected = known.map((id) => `\`${id}\``).join(', ');
  const problems: RegionProblem[] = [];
  // With comma separators, a name is everything between commas (`pi codex` stays one name, as the taskflow builder reads it).
  const hostsOf = (d: Directive & { hosts?: string[] }): string[] =>
    options.separators === 'comma' ? writtenList(file, d).split(',').map((h) => h.trim()).filter(Boolean) : (d.hosts ?? []);
  let open: (Directive & { kind: 'host-open' }) | undefined;
  for (const d of sortDirectives(directives)) {
    if (d.kind === 'host-close') {
      // A close that names its hosts must name the opener's (in any order, or the same with `closeOrder: same`):
      // a mismatch means the blocks were misread.
      if (d.hosts && open) {
        const named = hostsOf(d);
        const hosts = hostsOf(open);
        const same = options.closeOrder === 'same'
          ? writtenList(file, d).replace(/\s+/g, '') === writtenList(file, open).replace(/\s+/g, '')
          : [...new Set(named)].sort().join(',') === [...new Set(hosts)].sort().join(',');
        if (!same) problems.push({ kind: 'host', messageId: 'closeMismatch', data: { named: named.join(', '), hosts: hosts.map((h) => `\`${h}\``).join(', ') || 'no host', line: open.range.start.line, opened: hosts.join(', ') }, range: d.range });
      }
      open = undefined;
      continue;
    }
    if (d.kind !== 'host-open') continue;
    open = d;
    const hosts = hostsOf(d);
    if (hosts.length === 0) problems.push({ kind: 'host', messageId: 'emptyList', data: { expected }, range: d.range });
    for (const id of new Set(hosts)) {
      if (known.includes(id)) {
        if (built && !built.includes(id)) problems.push({ kind: 'host', messageId: 'notBuilt', data: { id, expected: built.map((h) => `\`${h}\``).join(', ') }, range: d.range });
        continue;
      }
      const near = known.find((k) => k === id.toLowerCase());
      problems.push({ kind: 'host', messageId: 'unknownHost', data: { id, expected: near ? `\`${near}\`` : `one of ${expected}` }, range: d.range });
    }
  }
  for (const p of regionProblems(directives)) if (p.kind === 'host') problems.push(p);
  return problems.sort((a, b) => (a.range.start.offset ?? 0) - (b.range.start.offset ?? 0));
}

/** A host marker as a line of a code block: `<!-- host: pi -->`, `<!-- /host -->`, `<!-- /host:a,b -->`. */
const MARKER_LINE = /<!--\s*\/?\s*host\s*(?::[^>]*?)?\s*-->/g;

/**
 * Host markers written inside fenced code blocks: Markdown makes them text there, so the build keeps
 * them as text for every host (and every host gets the block's lines), which is rarely what the
 * author meant. One per marker, at its place in the file.
 */
function markersInFences(file: TextFile, fences: readonly CodeFence[]): { range: Range; marker: string; line: number }[] {
  const out: { range: Range; marker: string; line: number }[] = [];
  for (const f of fences) {
    if (!f.value.includes('host')) continue;
    const open = f.range.start.line;
    // The fence's content lines, as the file holds them (a fence in a list or quote is indented or prefixed).
    for (let line = f.valueLine; line <= f.range.end.line; line++) {
      const text = file.lines.lineText(line);
      for (const m of text.matchAll(MARKER_LINE)) {
        const start = file.lines.offsetAt(line, m.index + 1);
        out.push({ range: file.lines.range(start, start + m[0].length), marker: m[0], line: open });
      }
    }
  }
  return out;
}

export default defineSkillRule<Options>(
  {
    id: 'source/host-block',
    description: 'Reports a host block naming no host or an unknown host, nested in another, not opened and closed in pairs, or closed with another list than it opened with, in SKILL.md, in bundled Markdown and in included fragments; and, as a warning, a host marker inside a code block.',
    severity: 'error',
    fixable: false,
    schema: {
      type: 'object',
      properties: { closeOrder: { enum: ['any', 'same'] }, separators: { enum: ['comma-or-space', 'comma'] }, hosts: { enum: ['known', 'configured'] } },
      additionalProperties: false,
    },
    defaultOptions: { closeOrder: 'any', separators: 'comma-or-space', hosts: 'known' },
    messages: {
      ...REGION_MESSAGES,
      closeMismatch: 'Unexpected `<!-- /host: {{named}} -->` closing the block for {{hosts}} opened on line {{line}}, expected `<!-- /host: {{opened}} -->` or `<!-- /host -->`',
      emptyList: 'Unexpected empty host list, expected one or more of {{expected}}',
      unknownHost: 'Unexpected unknown host `{{id}}`, expected {{expected}}',
      notBuilt: 'Unexpected host `{{id}}`, which the config does not build for (the block never ships), expected one of {{expected}}',
      markerInCode: 'Unexpected host marker `{{marker}}` inside the code block opened on line {{line}}: Markdown makes it text there, so every host gets it and the block\'s lines, expected the marker outside the code block',
    },
  },
  ({ skill, options, config, report }) => {
    if (!parsed(skill)) return;
    const known = Object.keys(config.hostTable);
    const built = options.hosts === 'configured' ? config.hosts : undefined;
    const check = (directives: readonly Directive[], file: TextFile, fences: readonly CodeFence[], at?: string): void => {
      const where = at ? { file: at } : {};
      for (const p of hostBlockProblems(directives, known, file, options, built)) report({ messageId: p.messageId, ...(p.data ? { data: p.data } : {}), range: p.range, ...where });
      for (const m of markersInFences(file, fences)) report({ messageId: 'markerInCode', data: { marker: show(m.marker, 60), line: m.line }, range: m.range, severity: 'warning', ...where });
    };
    check(skill.directives, skill.file, skill.codeFences);
    // Companions and references get the same host filtering in the build: their markers are checked the same way.
    const checked = new Set<string>();
    for (const b of skill.bundled) {
      if (!isBundledMarkdown(b)) continue;
      checked.add(b.relPath);
      const file = skill.bundle.text(b.relPath);
      if (!file || !file.text.includes('host')) continue;
      check(skill.bundle.directives(b.relPath) ?? [], file, skill.bundle.codeFences(b.relPath) ?? [], b.path);
    }
    // So do the fragments the skill includes, wherever they live: the build filters them as part of each file including them.
    for (const f of includedFragments(skill, config.sources)) {
      if (checked.has(f.rel) || !f.file.text.includes('host')) continue;
      check(f.directives, f.file, f.codeFences, f.path);
    }
  },
);
