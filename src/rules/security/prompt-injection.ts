import type { TextFile } from '../../model/text.js';
import { defineSkillRule, type ReportInput } from '../rule.js';
import { inRanges, show } from '../util.js';
import { codeFenceSpans, isCodeFile, scanTargets } from './shared.js';

interface Marker {
  what: string;
  pattern: RegExp;
}

/** Chat-template tokens, role lines and the classic override phrases. */
const MARKERS: readonly Marker[] = [
  { what: 'chat-template role token', pattern: /<\|(?:im_start|im_end|im_sep|system|user|assistant|endoftext|begin_of_text|end_of_text|start_header_id|end_header_id|eot_id)\|>/g },
  { what: 'chat-template role token', pattern: /\[\/?INST\]|<<\/?SYS>>/g },
  { what: '`System:` role line', pattern: /^[ \t>]*(?:System|SYSTEM)[ \t]*:/gm },
  {
    what: 'instruction override',
    pattern: /\b(?:ignore|disregard|forget|override)\s+(?:all\s+|any\s+)?(?:of\s+)?(?:the\s+|your\s+|my\s+)?(?:previous|prior|above|earlier|preceding|original|system)\s+(?:instructions|prompts?|rules|directions|guidelines|messages)\b/gi,
  },
  { what: 'instruction override', pattern: /\byou\s+are\s+now\s+(?:in\s+)?(?:DAN|developer\s+mode|jailbroken|unrestricted)\b/gi },
];

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
