import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Diagnostic } from '../../src/model/diagnostic.js';
import { REPORTERS, reportInput } from '../../src/lint/reporters/index.js';
import { BUILTIN_RULES } from '../../src/rules/index.js';
import { params } from './arbitraries.js';
import { SaxesParser } from 'saxes';
import { junit, REHEARSAL_REPORTERS } from '../../src/rehearse/reporters.js';
import type { RehearsalReport } from '../../src/rehearse/result.js';

const cwd = '/work/project';
// Folder names as a file system can hold them (no `/`, no NUL), with the characters URIs and annotations care about.
const segment = fc.oneof(
  fc.stringMatching(/^[a-z0-9-]{1,10}$/),
  fc.constantFrom('c#', 'a?b', '100%', 'sp ace', 'semi;colon', 'com,ma', 'co:lon', '..x', 'é', '日本', '[x]', '\u202Eevil', 'new\nline', 'esc\u001b[31m', '::error ::pwned', ' ::warning file=x::y', '\u00a0::add-mask::x', '%0A::error::x', 'cr\r::error::x'),
  fc.string({ minLength: 1, maxLength: 8 }).map((s) => s.replace(/[/\0]/g, '_').replace(/[\uD800-\uDFFF]/g, '_')).filter((s) => s !== '.' && s !== '..'),
);
const filePath = fc.array(segment, { minLength: 1, maxLength: 3 }).map((segs) => `${cwd}/${segs.join('/')}/SKILL.md`);
const diagnostic: fc.Arbitrary<Diagnostic> = fc
  .record({
    ruleId: fc.oneof(fc.constantFrom(...BUILTIN_RULES.map((r) => r.meta.id)), fc.constant('plugin/x'), fc.string({ maxLength: 10 })),
    severity: fc.constantFrom('error', 'warning', 'info'),
    message: fc.oneof(fc.string({ maxLength: 80, unit: 'binary' }), fc.constantFrom('::error::x', 'a\n::error::x', 'a\r\n  ::set-output name=x::y', '%0A::warning::x', 'a\u2028::error::x')),
    file: filePath,
    line: fc.integer({ min: 1, max: 1e6 }),
    column: fc.integer({ min: 1, max: 1e4 }),
    fixable: fc.boolean(),
  })
  .map(({ fixable, ...d }) => ({
    ...d,
    endLine: d.line,
    endColumn: d.column + 1,
    ...(fixable ? { fix: { file: d.file, edits: [{ range: [0, 0] as [number, number], text: 'x' }] } } : {}),
  }));
const context = { cwd, color: false, rules: BUILTIN_RULES, version: '0.0.0-fuzz' };

describe('fuzz: reporters on random results', () => {
  it('json is valid JSON with the contract shape and counts', () => {
    fc.assert(
      fc.property(fc.array(diagnostic, { maxLength: 12 }), (ds) => {
        const doc = JSON.parse(REPORTERS.json!(reportInput(ds), context));
        expect(doc.version).toBe(1);
        expect(doc.files.flatMap((f: { messages: unknown[] }) => f.messages)).toHaveLength(ds.length);
        expect(doc.summary).toEqual({ files: doc.files.length, errors: ds.filter((d) => d.severity === 'error').length, warnings: ds.filter((d) => d.severity === 'warning').length });
        for (const f of doc.files) expect(f.path.startsWith('/') || f.path.startsWith('../')).toBe(false);
      }),
      params(),
    );
  });

  it('sarif is SARIF 2.1.0 whose relative URIs resolve back to each file', () => {
    fc.assert(
      fc.property(fc.array(diagnostic, { maxLength: 12 }), (ds) => {
        const log = JSON.parse(REPORTERS.sarif!(reportInput(ds), context));
        expect(log.version).toBe('2.1.0');
        const run = log.runs[0];
        expect(run.tool.driver.name).toBe('skillc');
        expect(run.results).toHaveLength(ds.length);
        const sorted = reportInput(ds).files.flatMap((f) => f.messages);
        run.results.forEach((r: { ruleIndex: number; ruleId: string; level: string; locations: { physicalLocation: { artifactLocation: { uri: string }; region: { startLine: number } } }[] }, i: number) => {
          expect(run.tool.driver.rules[r.ruleIndex].id).toBe(r.ruleId);
          expect(['error', 'warning', 'note']).toContain(r.level);
          const loc = r.locations[0]!.physicalLocation;
          // A relative reference: no scheme, no query, no fragment; decoding it gives the path back.
          expect(loc.artifactLocation.uri).not.toMatch(/^[a-z][a-z0-9+.-]*:|[?#\s]/i);
          const resolved = new URL(loc.artifactLocation.uri, `file://${cwd}/`);
          expect(decodeURIComponent(resolved.pathname)).toBe(sorted[i]!.file);
          expect(loc.region.startLine).toBe(sorted[i]!.line);
        });
      }),
      params(),
    );
  });

  it('github prints one annotation line per diagnostic', () => {
    fc.assert(
      fc.property(fc.array(diagnostic, { maxLength: 12 }), (ds) => {
        const out = REPORTERS.github!(reportInput(ds), context);
        const lines = out.split('\n').filter(Boolean);
        expect(lines).toHaveLength(ds.length);
        for (const l of lines) expect(l).toMatch(/^::(error|warning|notice) file=[^,:]*,line=\d+,col=\d+,endLine=\d+,endColumn=\d+,title=[^,:]*::/);
      }),
      params(),
    );
  });

  it('stylish never lets a control character from a skill reach the terminal', () => {
    fc.assert(
      fc.property(fc.array(diagnostic, { maxLength: 12 }), (ds) => {
        const out = REPORTERS.stylish!(reportInput(ds), context);
        // eslint-disable-next-line no-control-regex -- the test is that no control character gets through
        expect(out).not.toMatch(/[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/);
        const rows = out.split('\n').filter((l) => l.startsWith('  ') && /\d+:\d+/.test(l));
        expect(rows).toHaveLength(ds.length);
      }),
      params(),
    );
  });

  // Issue #24: a folder named `::error …` printed at the start of a line is a GitHub workflow command.
  it('stylish: no line starts (after blanks) with `::`, whatever the paths and messages hold', () => {
    fc.assert(
      fc.property(fc.array(diagnostic, { maxLength: 12 }), (ds) => {
        const out = REPORTERS.stylish!(reportInput(ds), context);
        for (const line of out.split('\n')) expect(line.trimStart().startsWith('::'), line).toBe(false);
      }),
      params(),
    );
  });

  it('github: every line is one command the reporter wrote, without control characters, CR or LF inside', () => {
    fc.assert(
      fc.property(fc.array(diagnostic, { maxLength: 12 }), (ds) => {
        const out = REPORTERS.github!(reportInput(ds), context);
        const lines = out.split('\n').filter(Boolean);
        expect(lines).toHaveLength(ds.length);
        for (const l of lines) {
          // eslint-disable-next-line no-control-regex -- the test is that none gets through
          expect(l).not.toMatch(/[\u0000-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]/);
          // One `::` opens the command and one closes its properties: the message cannot open another.
          expect(l.indexOf('::', 2)).toBe(l.indexOf('::', l.indexOf('title=')));
        }
      }),
      params(),
    );
  });
});

describe('fuzz: the rehearsal reporters on random results (issue #24)', () => {
  const text = fc.oneof(fc.string({ maxLength: 40, unit: 'binary' }), fc.string({ maxLength: 20, unit: fc.integer({ min: 0, max: 0xffff }).map((c) => String.fromCharCode(c)) }), fc.constantFrom('\ufffe', '\uffff', '\ud800', 'a\udc00b', ']]>', '<&"\'>', '::error::x', '\u0000\u001b'));
  const check = fc.record({ id: fc.constantFrom('stdout' as const, 'exit' as const, 'effects' as const), ok: fc.boolean(), message: text, evidence: text, step: text });
  const result = fc.record({ skill: text, case: text, path: text, actual: fc.constantFrom('pass' as const, 'fail' as const, 'error' as const), expected: fc.constantFrom('pass' as const, 'fail' as const), ok: fc.boolean(), checks: fc.array(check, { maxLength: 3 }), ms: fc.nat(10_000) });
  const report = fc.array(result, { maxLength: 5 }).map((cases): RehearsalReport => ({
    version: 1,
    network: 'namespace',
    sandbox: 'bwrap',
    cases: cases.map((c) => ({ ...c, kind: 'script', captures: [], ...(c.checks.find((k) => !k.ok) ? { firstFailure: c.checks.find((k) => !k.ok)! } : {}) })),
    summary: { cases: cases.length, ok: cases.filter((c) => c.ok).length, mismatched: cases.filter((c) => !c.ok).length, errors: 0 },
  }));

  it('junit is always well-formed XML 1.0', () => {
    fc.assert(
      fc.property(report, (r) => {
        const parser = new SaxesParser();
        let error: string | undefined;
        parser.on('error', (e) => (error ??= e.message));
        parser.write(junit(r)).close();
        expect(error).toBeUndefined();
      }),
      params(),
    );
  });

  it('stylish: no line starts (after blanks) with `::`', () => {
    fc.assert(
      fc.property(report, (r) => {
        for (const line of REHEARSAL_REPORTERS.stylish(r).split('\n')) expect(line.trimStart().startsWith('::'), line).toBe(false);
      }),
      params(),
    );
  });
});
