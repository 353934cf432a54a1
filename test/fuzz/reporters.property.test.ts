import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Diagnostic } from '../../src/model/diagnostic.js';
import { REPORTERS, reportInput } from '../../src/lint/reporters/index.js';
import { BUILTIN_RULES } from '../../src/rules/index.js';
import { params } from './arbitraries.js';

const cwd = '/work/project';
// Folder names as a file system can hold them (no `/`, no NUL), with the characters URIs and annotations care about.
const segment = fc.oneof(
  fc.stringMatching(/^[a-z0-9-]{1,10}$/),
  fc.constantFrom('c#', 'a?b', '100%', 'sp ace', 'semi;colon', 'com,ma', 'co:lon', '..x', 'é', '日本', '[x]', '\u202Eevil', 'new\nline', 'esc\u001b[31m'),
  fc.string({ minLength: 1, maxLength: 8 }).map((s) => s.replace(/[/\0]/g, '_').replace(/[\uD800-\uDFFF]/g, '_')).filter((s) => s !== '.' && s !== '..'),
);
const filePath = fc.array(segment, { minLength: 1, maxLength: 3 }).map((segs) => `${cwd}/${segs.join('/')}/SKILL.md`);
const diagnostic: fc.Arbitrary<Diagnostic> = fc
  .record({
    ruleId: fc.oneof(fc.constantFrom(...BUILTIN_RULES.map((r) => r.meta.id)), fc.constant('plugin/x'), fc.string({ maxLength: 10 })),
    severity: fc.constantFrom('error', 'warning', 'info'),
    message: fc.string({ maxLength: 80, unit: 'binary' }),
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
});
