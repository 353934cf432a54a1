import type { CodeFence, Directive } from '../../model/skill.js';
import type { TextFile } from '../../model/text.js';
import { isBundledMarkdown } from '../../model/bundled-markdown.js';
import { defineSkillRule } from '../rule.js';
import { parsed } from '../../model/queries.js';
import { fencedHostDirectives, hostBlockDirectives } from '../../parse/directives.js';
import { includedFragments } from '../../parse/fragments.js';
import { show } from '../util.js';
import { REGION_MESSAGES, regionProblems, sortDirectives, type RegionProblem } from './shared.js';

export interface Options {
  /** The hosts a block may name: every host skillc knows (default), or only the config's `hosts` (a block for a host the project does not build is then an error). */
  hosts: 'known' | 'config';
  /** Split a marker's list on commas only, so `pi codex` is one (unknown) name, as hermes-taskflow's build reads it; default: commas or blanks. */
  commaLists: boolean;
  /** `any`: a close naming its list names the opener's hosts in any order (default); `same`: in the same order, as hermes-taskflow's build requires. */
  closeOrder: 'any' | 'same';
}

/** A marker's host list as written (`codex, claude` of `<!-- host: codex, claude -->`), from the file's text. */
function writtenList(text: string, d: Directive): string {
  const raw = text.slice(d.range.start.offset, d.range.end.offset).replace(/^<!--/, '').replace(/-->$/, '');
  return /host\s*:([\s\S]*)$/.exec(raw)?.[1]?.trim() ?? '';
}

/** An opener's hosts split on commas only, from the marker as written. */
function commaList(text: string, d: Directive & { kind: 'host-open' }): string[] {
  return writtenList(text, d).split(',').map((h) => h.trim()).filter(Boolean);
}

/** The problems of one file's host markers: lists, pairing, and a close that names a list other than its opener's. */
function hostBlockProblems(directives: readonly Directive[], known: readonly string[], text: string, options: Pick<Options, 'commaLists' | 'closeOrder'>): RegionProblem[] {
  const expected = known.map((id) => `\`${id}\``).join(', ');
  const problems: RegionProblem[] = [];
  let open: (Directive & { kind: 'host-open' }) | undefined;
  for (const d of sortDirectives(directives)) {
    if (d.kind === 'host-close') {
      // A close that names its hosts must name the opener's (in any order, or the same one with `closeOrder: same`):
      // a mismatch means the blocks were misread.
      const named = d.hosts;
      if (named && open) {
        const same = options.closeOrder === 'same'
          ? writtenList(text, d).replace(/\s+/g, '') === writtenList(text, open).replace(/\s+/g, '')
          : [...new Set(named)].sort().join(',') === [...new Set(open.hosts)].sort().join(',');
        if (!same) problems.push({ kind: 'host', messageId: 'closeMismatch', data: { named: named.join(', '), hosts: open.hosts.map((h) => `\`${h}\``).join(', ') || 'no host', line: open.range.start.line, opened: open.hosts.join(', ') }, range: d.range });
      }
      open = undefined;
      continue;
    }
    if (d.kind !== 'host-open') continue;
    open = d;
    const hosts = options.commaLists ? commaList(text, d) : d.hosts;
    if (hosts.length === 0) problems.push({ kind: 'host', messageId: 'emptyList', data: { expected }, range: d.range });
    for (const id of new Set(hosts)) {
      if (known.includes(id)) continue;
      const near = known.find((k) => k === id.toLowerCase());
      problems.push({ kind: 'host', messageId: 'unknownHost', data: { id, expected: near ? `\`${near}\`` : `one of ${expected}` }, range: d.range });
    }
  }
  for (const p of regionProblems(directives)) if (p.kind === 'host') problems.push(p);
  return problems.sort((a, b) => (a.range.start.offset ?? 0) - (b.range.start.offset ?? 0));
}

export default defineSkillRule<Options>(
  {
    id: 'source/host-block',
    description: 'Reports a host block naming no host or an unknown host, nested in another, not opened and closed in pairs, or closed with another list than it opened with, in SKILL.md, in bundled Markdown and in included fragments; and, as a warning, a host marker inside a code block.',
    severity: 'error',
    fixable: false,
    schema: {
      type: 'object',
      properties: { hosts: { enum: ['known', 'config'] }, commaLists: { type: 'boolean' }, closeOrder: { enum: ['any', 'same'] } },
      additionalProperties: false,
    },
    defaultOptions: { hosts: 'known', commaLists: false, closeOrder: 'any' },
    // The config's `hostBlocks.inCodeFences` decides which markers are host blocks.
    cacheKey: (_options, { config }) => (config.hostBlocks.inCodeFences ? 'in-code-fences' : ''),
    messages: {
      ...REGION_MESSAGES,
      closeMismatch: 'Unexpected `<!-- /host: {{named}} -->` closing the block for {{hosts}} opened on line {{line}}, expected `<!-- /host: {{opened}} -->` or `<!-- /host -->`',
      emptyList: 'Unexpected empty host list, expected one or more of {{expected}}',
      unknownHost: 'Unexpected unknown host `{{id}}`, expected {{expected}}',
      markerInCode: 'Unexpected host marker `{{marker}}` inside the code block opened on line {{line}}: Markdown makes it text there, so every host gets it and the block\'s lines, expected the marker outside the code block',
      markerInCodeHonoured: 'Unexpected host marker `{{marker}}` inside the code block opened on line {{line}}: the build honours it (`hostBlocks.inCodeFences`), but to Markdown it is text, which renderers and other tools show, expected the marker outside the code block',
    },
  },
  ({ skill, options, report, config }) => {
    if (!parsed(skill)) return;
    const known = options.hosts === 'config' ? config.hosts : Object.keys(config.hostTable);
    // With `hostBlocks.inCodeFences` the build filters by the markers inside code fences too: they are checked with the others.
    const inCodeFences = config.hostBlocks.inCodeFences;
    const check = (directives: readonly Directive[], file: TextFile, fences: readonly CodeFence[], at?: string): void => {
      const where = at ? { file: at } : {};
      const all = hostBlockDirectives(directives, fences, file.lines, inCodeFences);
      for (const p of hostBlockProblems(all, known, file.text, options)) report({ messageId: p.messageId, ...(p.data ? { data: p.data } : {}), range: p.range, ...where });
      // A marker in a code block is text to Markdown whether or not the build honours it: rarely what the author meant.
      for (const f of fences) {
        for (const d of fencedHostDirectives([f], file.lines)) {
          const marker = file.text.slice(d.range.start.offset, d.range.end.offset);
          report({ messageId: inCodeFences ? 'markerInCodeHonoured' : 'markerInCode', data: { marker: show(marker, 60), line: f.range.start.line }, range: d.range, severity: 'warning', ...where });
        }
      }
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
