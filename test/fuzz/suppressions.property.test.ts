// Issue #24: applySuppressions decides each finding in constant time (line directives indexed by
// line, block directives swept once in document order) where it used to walk every directive per
// finding. This checks the fast decision against that walk, written out here as the model, over
// generated files of directives (blanket, named, security, several on a line, spanning lines) and
// findings in any order, on any line, of any rule.
import path from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Diagnostic } from '../../src/model/diagnostic.js';
import type { Skill } from '../../src/model/skill.js';
import { applySuppressions, UNUSED_SUPPRESSION } from '../../src/lint/suppressions.js';
import { bundleReader } from '../../src/parse/bundle.js';
import { outlineOfFile, parseSkill } from '../../src/parse/skill.js';
import { tempDir } from '../helpers.js';

const seed = Number(process.env.FUZZ_SEED ?? 20261202);
const numRuns = Number(process.env.FUZZ_RUNS ?? 200);

const RULES = ['links/broken', 'body/x', 'security/secret'];
const known = new Set(RULES);
const skillDir = path.join(tempDir('skillc-fuzz-'), 's');

/** The walk applySuppressions did before issue #24: every directive looked at for every finding. */
function model(skill: Skill, diagnostics: Diagnostic[]): { kept: Diagnostic[]; suppressed: Diagnostic[] } {
  const sups = skill.directives
    .flatMap((d) => (d.kind === 'disable' || d.kind === 'enable' || d.kind === 'disable-next-line' || d.kind === 'disable-line' ? [{ kind: d.kind, rules: d.rules, range: d.range, offset: d.range.start.offset ?? 0, reason: d.reason }] : []))
    .sort((a, b) => a.offset - b.offset);
  const matches = (s: (typeof sups)[number], id: string): boolean => (s.rules.length === 0 ? !id.startsWith('security/') : s.rules.includes(id));
  const kept: Diagnostic[] = [];
  const suppressed: Diagnostic[] = [];
  for (const d of diagnostics) {
    if (d.file !== skill.file.path || d.ruleId === UNUSED_SUPPRESSION || sups.length === 0) {
      kept.push(d);
      continue;
    }
    const offset = skill.file.lines.offsetAt(d.line, d.column);
    let by: (typeof sups)[number] | undefined;
    for (const s of sups) {
      if (!matches(s, d.ruleId)) continue;
      if (s.kind === 'disable-line' && s.range.start.line <= d.line && d.line <= s.range.end.line) by = s;
      else if (s.kind === 'disable-next-line' && d.line === s.range.end.line + 1) by = s;
    }
    if (!by) {
      let state: (typeof sups)[number] | undefined;
      for (const s of sups) {
        if (s.offset > offset) break;
        if ((s.kind === 'disable' || s.kind === 'enable') && matches(s, d.ruleId)) state = s;
      }
      if (state?.kind === 'disable') by = state;
    }
    if (by) suppressed.push({ ...d, suppressions: [by.reason ? { kind: 'inSource', justification: by.reason } : { kind: 'inSource' }] });
    else kept.push(d);
  }
  return { kept, suppressed };
}

const ruleList = fc.subarray(RULES, { minLength: 0 });
const directive = fc.record({
  kind: fc.constantFrom('disable', 'enable', 'disable-line', 'disable-next-line'),
  rules: ruleList,
  reason: fc.option(fc.constantFrom('why', 'a test key'), { nil: undefined }),
  spansLines: fc.boolean(),
});
/** A body line: prose, or one to three directives (a disable-line comment may span two lines). */
const line = fc.oneof(
  { weight: 1, arbitrary: fc.constantFrom('Some prose.', '') },
  { weight: 3, arbitrary: fc.array(directive, { minLength: 1, maxLength: 3 }).map((ds) =>
    ds.map((d) => `<!-- skillc-${d.kind}${d.rules.length ? ` ${d.rules.join(', ')}` : ''}${d.reason ? ` -- ${d.reason}` : ''}${d.spansLines ? '\n' : ' '}-->`).join(' text '),
  ) },
);

describe('applySuppressions decides as the directive-by-directive walk did (issue #24)', () => {
  it('same kept and suppressed findings, in the same order', () => {
    fc.assert(
      fc.property(
        fc.array(line, { minLength: 4, maxLength: 30 }),
        fc.array(fc.record({ line: fc.nat(60), column: fc.nat(30), rule: fc.constantFrom(...RULES), other: fc.boolean() }), { minLength: 8, maxLength: 40 }),
        (lines, found) => {
          const text = `---\nname: s\ndescription: Use when testing suppressions.\n---\n\n${lines.join('\n')}\n`;
          const skill = parseSkill({ dir: skillDir, text, bundled: [], bundle: bundleReader(skillDir, outlineOfFile) });
          const last = skill.file.lines.lineCount;
          const diagnostics: Diagnostic[] = found.map((f) => {
            const l = 1 + (f.line % last);
            return { ruleId: f.rule, severity: 'error', message: 'm', file: f.other ? path.join(skillDir, 'references', 'r.md') : skill.file.path, line: l, column: 1 + f.column, endLine: l, endColumn: 2 + f.column };
          });
          const suppressed: Diagnostic[] = [];
          const kept = applySuppressions(skill, diagnostics, known, 'off', suppressed);
          const want = model(skill, diagnostics);
          expect(kept).toEqual(want.kept);
          expect(suppressed).toEqual(want.suppressed);
        },
      ),
      { seed, numRuns },
    );
  });
});
