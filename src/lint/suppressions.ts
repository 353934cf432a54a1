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
 * Drops the SKILL.md diagnostics that inline directives suppress, and reports
 * each directive (or rule named in one) that suppressed nothing. `suppressed`, when
 * given, receives each dropped diagnostic marked with what suppressed it (for SARIF).
 */
export function applySuppressions(skill: Skill, diagnostics: Diagnostic[], knownRules: ReadonlySet<string>, unusedSeverity: Diagnostic['severity'] | 'off', suppressed?: Diagnostic[]): Diagnostic[] {
  const sups = suppressionsOf(skill);
  if (sups.length === 0) return diagnostics;
  const kept: Diagnostic[] = [];
  for (const d of diagnostics) {
    if (d.file !== skill.file.path || d.ruleId === UNUSED_SUPPRESSION) {
      kept.push(d);
      continue;
    }
    const offset = skill.file.lines.offsetAt(d.line, d.column);
    let by: Suppression | undefined;
    for (const s of sups) {
      if (!matches(s, d.ruleId)) continue;
      if (s.kind === 'disable-line' && s.range.start.line <= d.line && d.line <= s.range.end.line) by = s;
      else if (s.kind === 'disable-next-line' && d.line === s.range.end.line + 1) by = s;
    }
    if (!by) {
      // The last block directive before the diagnostic decides.
      let state: Suppression | undefined;
      for (const s of sups) {
        if (s.offset > offset) break;
        if ((s.kind === 'disable' || s.kind === 'enable') && matches(s, d.ruleId)) state = s;
      }
      if (state?.kind === 'disable') by = state;
    }
    if (by) {
      by.used.add(by.rules.length ? d.ruleId : '*');
      suppressed?.push({ ...d, suppressions: [by.reason ? { kind: 'inSource', justification: by.reason } : { kind: 'inSource' }] });
    } else kept.push(d);
  }
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
