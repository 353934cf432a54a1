import type { Directive } from '../../model/skill.js';
import { isBundledMarkdown } from '../../model/bundled-markdown.js';
import { defineSkillRule } from '../rule.js';
import { parsed } from '../../model/queries.js';
import { REGION_MESSAGES, regionProblems, sortDirectives, type RegionProblem } from './shared.js';

/** The problems of one file's host markers: lists, pairing, and a close that names a list other than its opener's. */
function hostBlockProblems(directives: readonly Directive[], known: readonly string[]): RegionProblem[] {
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
    if (d.hosts.length === 0) problems.push({ kind: 'host', messageId: 'emptyList', data: { expected }, range: d.range });
    for (const id of new Set(d.hosts)) {
      if (known.includes(id)) continue;
      const near = known.find((k) => k === id.toLowerCase());
      problems.push({ kind: 'host', messageId: 'unknownHost', data: { id, expected: near ? `\`${near}\`` : `one of ${expected}` }, range: d.range });
    }
  }
  for (const p of regionProblems(directives)) if (p.kind === 'host') problems.push(p);
  return problems.sort((a, b) => (a.range.start.offset ?? 0) - (b.range.start.offset ?? 0));
}

export default defineSkillRule(
  {
    id: 'source/host-block',
    description: 'Reports a host block naming no host or an unknown host, nested in another, not opened and closed in pairs, or closed with another list than it opened with, in SKILL.md and in bundled Markdown.',
    severity: 'error',
    fixable: false,
    defaultOptions: {},
    messages: {
      ...REGION_MESSAGES,
      closeMismatch: 'Unexpected `<!-- /host: {{named}} -->` closing the block for {{hosts}} opened on line {{line}}, expected `<!-- /host: {{opened}} -->` or `<!-- /host -->`',
      emptyList: 'Unexpected empty host list, expected one or more of {{expected}}',
      unknownHost: 'Unexpected unknown host `{{id}}`, expected {{expected}}',
    },
  },
  ({ skill, config, report }) => {
    if (!parsed(skill)) return;
    const known = Object.keys(config.hostTable);
    for (const p of hostBlockProblems(skill.directives, known)) report({ messageId: p.messageId, ...(p.data ? { data: p.data } : {}), range: p.range });
    // Companions and references get the same host filtering in the build: their markers are checked the same way.
    for (const b of skill.bundled) {
      if (!isBundledMarkdown(b)) continue;
      const file = skill.bundle.text(b.relPath);
      if (!file || !file.text.includes('host')) continue;
      for (const p of hostBlockProblems(skill.bundle.directives(b.relPath) ?? [], known)) report({ messageId: p.messageId, ...(p.data ? { data: p.data } : {}), range: p.range, file: b.path });
    }
  },
);
