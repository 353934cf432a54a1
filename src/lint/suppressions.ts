import type { Diagnostic, Range } from '../model/diagnostic.js';
import type { Skill } from '../model/skill.js';
import { docsUrl } from '../rules/rule.js';
import { beforeReason } from '../parse/directives.js';

export const UNUSED_SUPPRESSION = 'source/unused-suppression';

interface Suppression {
  kind: 'disable' | 'enable' | 'disable-next-line' | 'disable-line';
  /** Empty: every rule but the security ones (BLANKET_EXEMPT). */
  rules: string[];
  /** The ` -- reason` written after the rules, if any. */
  reason?: string;
  range: Range;
  offset: number;
  used: Set<string>;
}

/** `# skillc-disable ...` comments in the frontmatter work like the HTML ones in the body. */
function yamlSuppressions(skill: Skill): Suppression[] {
  const fm = skill.frontmatter;
  if (!fm) return [];
  const out: Suppression[] = [];
  const re = /#\s*skillc-(disable-next-line|disable-line|disable|enable)\b([^\r\n]*)/g;
  let m: RegExpExecArray | null;
  while ((m = re.exec(fm.raw))) {
    const start = fm.rawOffset + m.index;
    const range = skill.file.lines.range(start, start + m[0].length);
    const rules = beforeReason(m[2]!).split(/[\s,]+/).filter(Boolean);
    const s: Suppression = { kind: m[1] as Suppression['kind'], rules, range, offset: start, used: new Set() };
    const reason = reasonOf(m[2]!);
    if (reason) s.reason = reason;
    out.push(s);
  }
  return out;
}

function suppressionsOf(skill: Skill): Suppression[] {
  const out = yamlSuppressions(skill);
  for (const d of skill.directives) {
    if (d.kind === 'disable' || d.kind === 'enable' || d.kind === 'disable-next-line' || d.kind === 'disable-line') {
      const s: Suppression = { kind: d.kind, rules: d.rules, range: d.range, offset: d.range.start.offset ?? 0, used: new Set() };
      if (d.reason) s.reason = d.reason;
      out.push(s);
    }
  }
  return out.sort((a, b) => a.offset - b.offset);
}

/**
 * Rule groups a directive without rule ids does not cover (issue #24): a security finding is
 * silenced only by naming its rule, so a blanket `<!-- skillc-disable -->` in a pull request
 * cannot hide a credential or a download piped into a shell along with everything else.
 */
const BLANKET_EXEMPT = 'security/';

const matches = (s: Suppression, ruleId: string): boolean => (s.rules.length === 0 ? !ruleId.startsWith(BLANKET_EXEMPT) : s.rules.includes(ruleId));

/** The text after ` -- ` in a directive's rule list. */
function reasonOf(s: string): string | undefined {
  const at = s.search(/\s--\s/);
  return at < 0 ? undefined : s.slice(at).replace(/^\s--\s/, '').trim() || undefined;
}

/**
 * The directive that suppresses each diagnostic, if any: the last matching `disable-line` or
 * `disable-next-line` on its line, else the last matching `disable`/`enable` before it when that
 * is a `disable`. Linear in directives and diagnostics (issue #24: each diagnostic used to walk
 * every directive, 20,000 findings under 20,000 directives was 4 × 10⁸ steps): line directives
 * are indexed by the lines they cover, each (line, rule) asked once, and block directives are
 * swept once in document order beside the diagnostics sorted by offset.
 */
function decide(skill: Skill, diagnostics: readonly Diagnostic[], sups: readonly Suppression[]): (Suppression | undefined)[] {
  const decided = new Array<Suppression | undefined>(diagnostics.length);
  const applies = (d: Diagnostic): boolean => d.file === skill.file.path && d.ruleId !== UNUSED_SUPPRESSION;
  // Line directives: the indexes (in document order) of those covering each line. Directives do
  // not overlap, so the lines they cover add up to the file's lines plus their number.
  const onLine = new Map<number, number[]>();
  const cover = (line: number, i: number): void => {
    const list = onLine.get(line);
    if (list) list.push(i);
    else onLine.set(line, [i]);
  };
  sups.forEach((s, i) => {
    if (s.kind === 'disable-line') for (let l = s.range.start.line; l <= s.range.end.line; l++) cover(l, i);
    else if (s.kind === 'disable-next-line') cover(s.range.end.line + 1, i);
  });
  // Each (line, rule) resolved once: at most the rule ids reported times the directives.
  const lineAnswer = new Map<string, Suppression | undefined>();
  const pending: number[] = [];
  diagnostics.forEach((d, i) => {
    if (!applies(d)) return;
    const list = onLine.get(d.line);
    if (list) {
      const key = `${d.line}\0${d.ruleId}`;
      let by = lineAnswer.get(key);
      if (!lineAnswer.has(key)) {
        for (const j of list) if (matches(sups[j]!, d.ruleId)) by = sups[j];
        lineAnswer.set(key, by);
      }
      if (by) {
        decided[i] = by;
        return;
      }
    }
    pending.push(i);
  });
  // Block directives: the state each rule is in, swept in document order.
  const offsets = new Map<number, number>();
  for (const i of pending) offsets.set(i, skill.file.lines.offsetAt(diagnostics[i]!.line, diagnostics[i]!.column));
  pending.sort((a, b) => offsets.get(a)! - offsets.get(b)!);
  const named = new Map<string, { s: Suppression; at: number }>();
  let blanket: { s: Suppression; at: number } | undefined;
  let next = 0;
  for (const i of pending) {
    const offset = offsets.get(i)!;
    for (; next < sups.length && sups[next]!.offset <= offset; next++) {
      const s = sups[next]!;
      if (s.kind !== 'disable' && s.kind !== 'enable') continue;
      if (s.rules.length === 0) blanket = { s, at: next };
      else for (const rule of s.rules) named.set(rule, { s, at: next });
    }
    const d = diagnostics[i]!;
    const byName = named.get(d.ruleId);
    const byBlanket = blanket && !d.ruleId.startsWith(BLANKET_EXEMPT) ? blanket : undefined;
    const state = byName && byBlanket ? (byName.at > byBlanket.at ? byName : byBlanket) : (byName ?? byBlanket);
    if (state?.s.kind === 'disable') decided[i] = state.s;
  }
  return decided;
}

/**
 * Drops the SKILL.md diagnostics that inline directives suppress, and reports
 * each directive (or rule named in one) that suppressed nothing. `suppressed`, when
 * given, receives each dropped diagnostic marked with what suppressed it (for SARIF).
 */
export function applySuppressions(skill: Skill, diagnostics: Diagnostic[], knownRules: ReadonlySet<string>, unusedSeverity: Diagnostic['severity'] | 'off', suppressed?: Diagnostic[]): Diagnostic[] {
  const sups = suppressionsOf(skill);
  if (sups.length === 0) return diagnostics;
  const decided = decide(skill, diagnostics, sups);
  const kept: Diagnostic[] = [];
  diagnostics.forEach((d, i) => {
    const by = decided[i];
    if (by) {
      by.used.add(by.rules.length ? d.ruleId : '*');
      suppressed?.push({ ...d, suppressions: [by.reason ? { kind: 'inSource', justification: by.reason } : { kind: 'inSource' }] });
    } else kept.push(d);
  });
  if (unusedSeverity === 'off') return kept;
  for (const s of sups) {
    if (s.kind === 'enable') continue;
    const report = (message: string): void => {
      kept.push({
        ruleId: UNUSED_SUPPRESSION,
        severity: unusedSeverity,
        message,
        file: skill.file.path,
        line: s.range.start.line,
        column: s.range.start.column,
        endLine: s.range.end.line,
        endColumn: s.range.end.column,
        url: docsUrl(UNUSED_SUPPRESSION),
      });
    };
    if (s.rules.length === 0) {
      if (s.used.size === 0) report(`Unexpected unused skillc-${s.kind} directive: no problem was reported there`);
      continue;
    }
    for (const rule of s.rules) {
      if (!knownRules.has(rule)) report(`Unexpected unknown rule \`${rule}\` in skillc-${s.kind}`);
      else if (!s.used.has(rule)) report(`Unexpected unused skillc-${s.kind} for \`${rule}\`: no such problem was reported there`);
    }
  }
  return kept;
}
