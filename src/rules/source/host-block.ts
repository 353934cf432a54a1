import type { Directive } from '../../model/skill.js';
import { isBundledMarkdown } from '../../model/bundled-markdown.js';
import { defineSkillRule } from '../rule.js';
import { parsed } from '../../model/queries.js';
import { hostBlockDirectives } from '../../parse/directives.js';
import { REGION_MESSAGES, regionProblems, sortDirectives, type RegionProblem } from './shared.js';

export interface Options {
  /** The hosts a block may name: every host skillc knows (default), or only the config's `hosts` (a block for a host the project does not build is then an error). */
  hosts: 'known' | 'config';
  /** Split a marker's list on commas only, so `pi codex` is one (unknown) name, as hermes-taskflow's build reads it; default: commas or blanks. */
  commaLists: boolean;
}

/** An opener's hosts split on commas only, from the marker as written. */
function commaList(text: string, d: Directive & { kind: 'host-open' }): string[] {
  const raw = text.slice(d.range.start.offset, d.range.end.offset).replace(/^<!--/, '').replace(/-->$/, '');
  const list = /host\s*:([\s\S]*)$/.exec(raw)?.[1] ?? '';
  return list.split(',').map((h) => h.trim()).filter(Boolean);
}

/** The problems of one file's host markers: lists, pairing, and a close that names a list other than its opener's. */
function hostBlockProblems(directives: readonly Directive[], known: readonly string[], text?: string): RegionProblem[] {
  const expected = known.map((id) => `\`${id}\``).join(', ');
  const problems: RegionProblem[] = [];
  let open: (Directive & { kind: 'host-open' }) | undefined;
  for (const d of sortDirectives(directives)) {
    if (d.kind === 'host-close') {
      // A close that names its hosts must name the opener's (in any order): a mismatch means the blocks were misread.
      const named = d.hosts;
      if (named && open) {
        const a = [...new Set(named)].sort().join(',');
        const b = [...new Set(open.hosts)].sort().join(',');
        if (a !== b) problems.push({ kind: 'host', messageId: 'closeMismatch', data: { named: named.join(', '), hosts: open.hosts.map((h) => `\`${h}\``).join(', ') || 'no host', line: open.range.start.line, opened: open.hosts.join(', ') }, range: d.range });
      }
      open = undefined;
      continue;
    }
    if (d.kind !== 'host-open') continue;
    open = d;
    const hosts = text === undefined ? d.hosts : commaList(text, d);
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
    description: 'Reports a host block naming no host or an unknown host, nested in another, not opened and closed in pairs, or closed with another list than it opened with, in SKILL.md and in bundled Markdown.',
    severity: 'error',
    fixable: false,
    schema: {
      type: 'object',
      properties: { hosts: { enum: ['known', 'config'] }, commaLists: { type: 'boolean' } },
      additionalProperties: false,
    },
    defaultOptions: { hosts: 'known', commaLists: false },
    // The config's `hostBlocks.inCodeFences` decides which markers are host blocks.
    cacheKey: (_options, { config }) => (config.hostBlocks.inCodeFences ? 'in-code-fences' : ''),
    messages: {
      ...REGION_MESSAGES,
      closeMismatch: 'Unexpected `<!-- /host: {{named}} -->` closing the block for {{hosts}} opened on line {{line}}, expected `<!-- /host: {{opened}} -->` or `<!-- /host -->`',
      emptyList: 'Unexpected empty host list, expected one or more of {{expected}}',
      unknownHost: 'Unexpected unknown host `{{id}}`, expected {{expected}}',
    },
  },
  ({ skill, options, report, config }) => {
    if (!parsed(skill)) return;
    const known = options.hosts === 'config' ? config.hosts : Object.keys(config.hostTable);
    // With `hostBlocks.inCodeFences` the build filters by the markers inside code fences too: they are checked with the others.
    const inCodeFences = config.hostBlocks.inCodeFences;
    const own = hostBlockDirectives(skill.directives, skill.codeFences, skill.file.lines, inCodeFences);
    for (const p of hostBlockProblems(own, known, options.commaLists ? skill.file.text : undefined)) report({ messageId: p.messageId, ...(p.data ? { data: p.data } : {}), range: p.range });
    // Companions and references get the same host filtering in the build: their markers are checked the same way.
    for (const b of skill.bundled) {
      if (!isBundledMarkdown(b)) continue;
      const file = skill.bundle.text(b.relPath);
      if (!file || !file.text.includes('host')) continue;
      const directives = hostBlockDirectives(skill.bundle.directives(b.relPath) ?? [], skill.bundle.codeFences(b.relPath) ?? [], file.lines, inCodeFences);
      for (const p of hostBlockProblems(directives, known, options.commaLists ? file.text : undefined)) report({ messageId: p.messageId, ...(p.data ? { data: p.data } : {}), range: p.range, file: b.path });
    }
  },
);
