import { isBundledMarkdown } from '../../model/bundled-markdown.js';
import type { CodeFence } from '../../model/skill.js';
import type { TextFile } from '../../model/text.js';
import { includedFragments } from '../../parse/fragments.js';
import { defineSkillRule } from '../rule.js';
import { parsed } from '../../model/queries.js';

/** A fence line: up to three spaces, then three or more backticks or tildes, then the info string. */
const FENCE_LINE = /^ {0,3}(`{3,}(?!`)|~{3,}(?!~))(.*)$/;

interface Unclosed {
  /** The fence that never closes. */
  fence: CodeFence;
  marker: string;
  /** The likely cause: an earlier block whose content holds a fence line with an info string (a nested example). */
  cause?: { opened: number; inner: number; innerText: string; closedAt: number; marker: string };
}

/**
 * The fenced block of a Markdown text that runs to the end of the file without a closing fence,
 * if any (CommonMark closes it there: the rest of the file is code, its links are never read).
 * Its usual cause is a block that shows fences (a sample SKILL.md with a ```` ```bash ```` block in
 * it): a fence line with an info string never closes a block, so the outer block ends at the
 * inner example's bare closing fence, and the author's own closing fence opens a new block.
 */
export function unclosedFence(file: TextFile, fences: readonly CodeFence[]): Unclosed | undefined {
  const last = fences[fences.length - 1];
  if (!last) return undefined;
  const { lines } = file;
  const start = last.range.start.offset ?? 0;
  const end = last.range.end.offset ?? 0;
  const opener = /^[ \t]*(`{3,}|~{3,})/.exec(file.text.slice(start, Math.min(end, start + 200)));
  if (!opener) return undefined;
  const marker = opener[1]!;
  // A block the file ends inside: its end is the end of the text (trailing blank lines aside).
  if (end < file.text.trimEnd().length) return undefined;
  if (last.range.end.line > last.range.start.line) {
    // The node's last line, without the quote markers and indentation of its container.
    const close = FENCE_LINE.exec(lines.lineText(last.range.end.line).replace(/^(?:[ \t]*>)+/, '').trimStart());
    if (close && close[1]![0] === marker[0] && close[1]!.length >= marker.length && !close[2]!.trim()) return undefined;
  }
  const found: Unclosed = { fence: last, marker };
  // The cause: the last earlier block of the same marker holding a fence line with an info string.
  for (let i = fences.length - 2; i >= 0; i--) {
    const f = fences[i]!;
    const outer = /^[ \t]*(`{3,}|~{3,})/.exec(file.text.slice(f.range.start.offset ?? 0, (f.range.start.offset ?? 0) + 200));
    if (!outer || outer[1]![0] !== marker[0]) continue;
    const inner = f.value.split(/\r?\n|\r/).findIndex((l) => {
      const m = FENCE_LINE.exec(l);
      return !!m && m[1]![0] === outer[1]![0] && m[1]!.length >= outer[1]!.length && m[2]!.trim() !== '';
    });
    if (inner < 0) continue;
    found.cause = { opened: f.range.start.line, inner: f.valueLine + inner, innerText: f.value.split(/\r?\n|\r/)[inner]!.trim(), closedAt: f.range.end.line, marker: outer[1]! };
    break;
  }
  return found;
}

export default defineSkillRule(
  {
    id: 'body/unclosed-fence',
    description: 'Reports a fenced code block that never closes, so the rest of the file renders as code (often a block showing fences closed early by its example\'s own closing fence), in SKILL.md, in bundled Markdown and in included fragments.',
    severity: 'warning',
    fixable: false,
    defaultOptions: {},
    messages: {
      // Fences are quoted, not in code spans: a span of backticks needs longer delimiters than it holds.
      unclosed: 'Unexpected code fence "{{fence}}" that never closes: the rest of the file (from line {{line}}) is code and its links are not read, expected a closing "{{close}}"',
      closedEarly:
        'Unexpected code fence "{{fence}}" that never closes: the block opened on line {{opened}} holds "{{inner}}" (line {{innerLine}}), so the "{{marker}}" on line {{closedAt}} closed it early and this one opens a block to the end of the file, expected the outer block fenced with "{{longer}}" (longer than any fence inside it)',
    },
  },
  ({ skill, config, report }) => {
    if (!parsed(skill)) return;
    const check = (file: TextFile, fences: readonly CodeFence[], at?: string): void => {
      const u = unclosedFence(file, fences);
      if (!u) return;
      // The opening fence line, from the fence to the end of its info string.
      const from = u.fence.range.start.offset ?? 0;
      const lineEnd = file.lines.offsetAt(u.fence.range.start.line, 1) + file.lines.lineText(u.fence.range.start.line).trimEnd().length;
      const where = { range: file.lines.range(from, Math.max(from, lineEnd)), ...(at ? { file: at } : {}) };
      const fence = file.text.slice(from, Math.max(from, lineEnd)).trim();
      if (u.cause) {
        report({
          messageId: 'closedEarly',
          data: { fence, opened: u.cause.opened, inner: u.cause.innerText, innerLine: u.cause.inner, marker: u.cause.marker, closedAt: u.cause.closedAt, longer: u.cause.marker[0]!.repeat(u.cause.marker.length + 1) },
          ...where,
        });
      } else report({ messageId: 'unclosed', data: { fence, line: u.fence.range.start.line, close: u.marker }, ...where });
    };
    check(skill.file, skill.codeFences);
    const checked = new Set<string>();
    for (const b of skill.bundled) {
      if (!isBundledMarkdown(b)) continue;
      checked.add(b.relPath);
      const file = skill.bundle.text(b.relPath);
      if (!file || !/^ {0,3}(?:`{3,}|~{3,})/m.test(file.text)) continue;
      check(file, skill.bundle.codeFences(b.relPath) ?? [], b.path);
    }
    // An included fragment is a file of its own to Markdown: a fence it leaves open runs to its end (and the build's text after it).
    for (const f of includedFragments(skill, config.sources)) if (!checked.has(f.rel)) check(f.file, f.codeFences, f.path);
  },
);
