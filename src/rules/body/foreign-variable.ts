import type { HostTable } from '../../hosts/index.js';
import type { TextFile } from '../../model/text.js';
import { parsed } from '../../model/queries.js';
import { defineSkillRule, type ReportInput } from '../rule.js';
import { codeRanges, inRanges, show } from '../util.js';

/** Bundled files the agent reads as instructions. */
const MARKDOWN = /\.(?:md|markdown)$/i;

/** The variables some host substitutes in another kind of file (VS Code prompt files), with what they are. */
function foreign(table: HostTable): { re: RegExp; what: string }[] {
  const out: { re: RegExp; what: string }[] = [];
  for (const h of Object.values(table)) {
    const v = h.foreignVariables;
    if (v) out.push({ re: new RegExp(v.patterns.map((p) => `(?:${p})`).join('|'), 'g'), what: v.what });
  }
  return out;
}

export default defineSkillRule(
  {
    id: 'body/foreign-variable',
    description: 'Reports variables that no skill host substitutes in a SKILL.md, such as VS Code prompt-file variables (`${input:name}`, `${selection}`, `${file}`): the agent reads them as literal text.',
    severity: 'warning',
    fixable: false,
    defaultOptions: {},
    messages: {
      foreign: 'Unexpected `{{variable}}` ({{what}}), expected text the agent can act on: no skill host substitutes it in a skill, so the agent reads it as written (ask for the value in words, or use the host\'s own argument placeholder)',
    },
  },
  ({ skill, hosts, config, report }) => {
    if (!parsed(skill)) return;
    // A host that substitutes the same name in skills makes it a real variable there.
    const own = new Set(hosts.flatMap((h) => Object.keys(h.paths?.variables ?? {})));
    const kinds = foreign(config.hostTable);
    if (!kinds.length) return;
    const scan = (file: TextFile, code: readonly [number, number][], from: number, path?: string): void => {
      for (const { re, what } of kinds) {
        re.lastIndex = from;
        let m: RegExpExecArray | null;
        while ((m = re.exec(file.text))) {
          // Shown as code, the variable is documentation (a skill about prompt files), not a value to fill in.
          if (inRanges(code, m.index) || own.has(m[0].replace(/^\$\{|\}$/g, ''))) continue;
          const input: ReportInput = { messageId: 'foreign', data: { variable: show(m[0], 40), what }, range: file.lines.range(m.index, m.index + m[0].length) };
          report(path ? { ...input, file: path } : input);
        }
      }
    };
    scan(skill.file, codeRanges(skill), skill.bodyOffset);
    for (const b of skill.bundled) {
      if (b.kind !== 'file' || !MARKDOWN.test(b.relPath)) continue;
      const file = skill.bundle.text(b.relPath);
      if (!file || !/\$\{/.test(file.text)) continue;
      const code = (skill.bundle.codeFences(b.relPath) ?? []).map((f): [number, number] => [f.range.start.offset ?? 0, f.range.end.offset ?? 0]);
      // Code spans of a reference: a backtick run on the line around the match is enough to tell.
      const spans = [...file.text.matchAll(/`[^`\n]*`/g)].map((s): [number, number] => [s.index, s.index + s[0].length]);
      scan(file, [...code, ...spans].sort((a, c) => a[0] - c[0]), 0, b.path);
    }
  },
);
