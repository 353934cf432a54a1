import type { TextFile } from '../../model/text.js';
import { defineSkillRule, type ReportInput } from '../rule.js';
import { inRanges, show } from '../util.js';
import { codeFenceSpans, isCodeFile, scanTargets } from './shared.js';

interface Marker {
  what: string;
  pattern: RegExp;
  /** A literal test every match holds (the pattern is case-sensitive): a text without it is not scanned (issue 30). */
  needs?: (text: string) => boolean;
}

/** Chat-template tokens, role lines and the classic override phrases. */
export const MARKERS: readonly Marker[] = [
  {
    what: 'chat-template role token',
    pattern: /<\|(?:im_start|im_end|im_sep|system|user|assistant|endoftext|begin_of_text|end_of_text|start_header_id|end_header_id|eot_id)\|>/g,
    needs: (text) => text.includes('<|'),
  },
  { what: 'chat-template role token', pattern: /\[\/?INST\]|<<\/?SYS>>/g },
  { what: '`System:` role line', pattern: /^[ \t>]*(?:System|SYSTEM)[ \t]*:/gm, needs: (text) => text.includes('System') || text.includes('SYSTEM') },
  {
    what: 'instruction override',
    pattern: /\b(?:ignore|disregard|forget|override)\s+(?:all\s+|any\s+)?(?:of\s+)?(?:the\s+|your\s+|my\s+)?(?:previous|prior|above|earlier|preceding|original|system)\s+(?:instructions|prompts?|rules|directions|guidelines|messages)\b/gi,
  },
  { what: 'instruction override', pattern: /\byou\s+are\s+now\s+(?:in\s+)?(?:DAN|developer\s+mode|jailbroken|unrestricted)\b/gi },
];

/** A `Term: definition` line: a glossary entry or a key of a data block (not a chat turn). */
const DEFINITION_LINE = /^[ \t>]*(?:[-*+][ \t]+)?(?:\*\*)?[A-Z][\w .()/-]{0,30}(?:\*\*)?[ \t]*:(?:\*\*)?(?:[ \t]+\S|[ \t]*$)/;
/** Chat turns: a `System:` line among these is a transcript, the form an injection takes. */
const ROLE_LINE = /^[ \t>]*(?:[-*+][ \t]+)?(?:\*\*)?(?:user|human|assistant|ai|model|bot|system|developer|tool)(?:\*\*)?[ \t]*:/i;
const GLOSSARY_HEADING = /\b(?:glossary|terms|terminology|definitions|vocabulary|concepts|legend|fields|keys|parameters|environment)\b/i;
/** Words of text that warns against a phrase rather than speaking it. */
const DEFENSIVE =
  /\b(?:injection|injected|attacks?|attackers?|malicious|adversarial|jailbreaks?|suspicious|untrusted|red[ -]flags?|never (?:follow|obey|comply|act)|do not (?:follow|obey|comply|act)|don't (?:follow|obey|comply|act)|refuse|ignore (?:it|them|such)|treat (?:it|them|such|any)|phrases? (?:like|such as)|text (?:like|such as)|e\.g\.|for example|such as|detect(?:s|ed|ion)?|warn(?:s|ing)?|flag(?:s|ged)?|block(?:s|ed)?)\b/i;

/** The text of line `n` (1-based) of a file, '' past either end. */
const lineOf = (file: TextFile, n: number): string => (n >= 1 && n <= file.lines.lineCount ? file.lines.lineText(n) : '');

/** The nearest heading above an offset (a line starting with `#` and a space), or ''. Looks back at most 200 lines. */
function headingAbove(file: TextFile, offset: number): string {
  const { line } = file.lines.pointAt(offset);
  for (let n = line - 1; n >= 1 && n >= line - 200; n--) {
    const text = file.lines.lineText(n);
    if (/^#{1,6}\s/.test(text)) return text;
  }
  return '';
}

/**
 * True when a `System:` line is a glossary entry or a key of a data block: the line above or below is
 * another `Term: definition` line (and none is a chat turn), or the heading above names a glossary.
 */
function definesTerm(file: TextFile, offset: number): boolean {
  const { line } = file.lines.pointAt(offset);
  const near = [lineOf(file, line - 1), lineOf(file, line + 1)].filter((l) => l.trim());
  if (near.some((l) => ROLE_LINE.test(l))) return false;
  if (near.some((l) => DEFINITION_LINE.test(l))) return true;
  return GLOSSARY_HEADING.test(headingAbove(file, offset));
}

/** True when an override phrase is quoted (`"…"`, `'…'`, `“…”`, a code span) in text that warns against it. */
function quotedWarning(file: TextFile, start: number, end: number): boolean {
  const before = file.text[start - 1] ?? '';
  const after = file.text[end] ?? '';
  const quoted = /["'`“‘«]/.test(before) || /["'`”’»]/.test(after) || /["'`“‘«][^"'`”’»\n]{0,20}$/.test(file.text.slice(Math.max(0, start - 20), start));
  if (!quoted) return false;
  const { line } = file.lines.pointAt(start);
  return [lineOf(file, line), lineOf(file, line - 1), headingAbove(file, start)].some((t) => DEFENSIVE.test(t));
}

/** Folders of test data: inputs an eval feeds the skill on purpose, never read as instructions. */
const TEST_DATA = /^(?:fixtures|evals?|tests?|__tests__)\//;

/**
 * Markers in `file`, skipping offsets inside `code` (sorted [start, end) spans of
 * code-language fences: a Go struct's `System:` field is code, not a role line).
 * `code` may be a function, called only once a marker is found, so a file with no
 * marker is never parsed for its fences.
 */
export function findInjections(file: TextFile, code: readonly [number, number][] | (() => readonly [number, number][]) = []): ReportInput[] {
  const { text, lines } = file;
  let spans = typeof code === 'function' ? undefined : code;
  const found: { start: number; end: number; what: string }[] = [];
  for (const marker of MARKERS) {
    if (marker.needs && !marker.needs(text)) continue;
    marker.pattern.lastIndex = 0;
    let m: RegExpExecArray | null;
    while ((m = marker.pattern.exec(text))) {
      if (m[0].length === 0) {
        marker.pattern.lastIndex++;
        continue;
      }
      const lead = /^[ \t>]*/.exec(m[0])![0].length;
      spans ??= (code as () => readonly [number, number][])();
      if (inRanges(spans, m.index + lead)) continue;
      if (marker.what === '`System:` role line' && definesTerm(file, m.index + lead)) continue;
      if (marker.what === 'instruction override' && quotedWarning(file, m.index + lead, m.index + m[0].length)) continue;
      found.push({ start: m.index + lead, end: m.index + m[0].length, what: marker.what });
    }
  }
  found.sort((a, b) => a.start - b.start);
  return found.map((f) => ({
    messageId: 'marker',
    data: { what: f.what, text: show(text.slice(f.start, f.end), 50) },
    range: lines.range(f.start, f.end),
  }));
}

export default defineSkillRule(
  {
    id: 'security/prompt-injection',
    description: 'Reports prompt-injection markers in the SKILL.md and bundled text files: chat-template role tokens, `System:` lines and "ignore previous instructions" phrases.',
    severity: 'error',
    fixable: false,
    defaultOptions: {},
    messages: {
      marker: 'Unexpected {{what}} `{{text}}`, expected no prompt-injection markers (a bundled text must not speak as the system or override the user)',
    },
  },
  ({ skill, config, report }) => {
    for (const target of scanTargets(skill, config.sources)) {
      if (!target.main && (TEST_DATA.test(target.relPath) || isCodeFile(target.relPath))) continue;
      for (const found of findInjections(target.file, () => codeFenceSpans(target))) report(target.reportPath ? { ...found, file: target.reportPath } : found);
    }
  },
);
