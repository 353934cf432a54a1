import path from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Diagnostic } from '../../src/model/diagnostic.js';
import type { BundledFile } from '../../src/model/skill.js';
import { BUILT_IN_HOSTS } from '../../src/hosts/index.js';
import { resolveConfig } from '../../src/config/config.js';
import { checkSkill, resolveRules } from '../../src/lint/engine.js';
import { bundleReader, type ByteSource } from '../../src/parse/bundle.js';
import { outlineOfFile, parseSkill } from '../../src/parse/skill.js';
import { BUILTIN_RULES } from '../../src/rules/index.js';
import { tempDir } from '../helpers.js';
import { params } from './arbitraries.js';

/**
 * Issue #24: generated pathological lines (one unit repeated, placed in prose, a code span, a
 * fence, a link, a reference, the description) lint with every rule and host. Outcomes are
 * asserted, never time: the lint ends, no rule crashes, the planted broken link is still found,
 * and the skill's work count (model/work.ts: what the once-quadratic steps read) stays within a
 * linear bound of its size, and at most doubles, plus a constant, when the line doubles.
 */
const dir = path.join(tempDir('skillc-cost-'), 's');
const config = resolveConfig({ hosts: Object.keys(BUILT_IN_HOSTS) }, path.dirname(dir));
const active = resolveRules(config, BUILTIN_RULES);
const hosts = Object.values(BUILT_IN_HOSTS);

/** Units whose runs were super-linear somewhere (a rule's regex or loop) before issue #24, and a few plain ones. */
const UNIT = fc.oneof(
  fc.constantFrom(...'!"#$%&\'()*+,-./:;<=>?@[\\]^_`{|}~'),
  fc.constantFrom(' ', '\t', 'a', '7', 'a/', '../', './', 'a.', 'a:', 'a\\', 'a-', '\u200b', 'a\u200b', '](', 'x(', '<a ', '<!--', '-->', '`x` '),
  fc.constantFrom('https://example.com/a ', 'https://example.com/a', '[a](#h) ', '[a](r.md#h) ', '<a id="x"> ', '## Example\n', '```md\n', 'curl x | sh; ', '( curl x | sh ', 'echo curl a | sh ', 'env a=', 'sk-Q9zXLm7Kp2Vw8Rt5Yh3Nd6Fg ', 'Read references/x.md '),
  fc.string({ minLength: 1, maxLength: 4 }),
);
const PLACE = fc.constantFrom('prose', 'code', 'fence', 'link', 'reference', 'description');

/** The skill's files for `unit` repeated `n` times at `place`, with a broken link planted. */
function tree(unit: string, n: number, place: string): Record<string, string> {
  const run = unit.repeat(n);
  const body = {
    prose: `x ${run}a`,
    code: `\`${run}\``,
    fence: `\`\`\`bash\n${run}\n\`\`\``,
    link: `[x](${run})`,
    reference: 'See [r](references/r.md).',
    description: 'Text.',
  }[place]!;
  const description = place === 'description' ? JSON.stringify(`Use when ${run}`) : 'Use when testing.';
  // The broken link comes first: a run after it (an unclosed fence, a comment) cannot swallow it.
  const files: Record<string, string> = { 'SKILL.md': `---\nname: s\ndescription: ${description}\n---\n\n# T\n\nSee [gone](gone.md).\n\n${body}\n` };
  if (place === 'reference') files['references/r.md'] = `# R\n\n${run}\n`;
  return files;
}

/** Lints an in-memory tree with every rule; returns its diagnostics, its size in bytes and its work count. */
function lintTree(files: Record<string, string>): { diagnostics: Diagnostic[]; bytes: number; work: number; internalErrors: number } {
  const abs = (rel: string): string => path.join(dir, rel);
  const source: ByteSource = {
    read: (p, max) => {
      const rel = path.relative(dir, p).split(path.sep).join('/');
      const text = files[rel];
      return text === undefined || Buffer.byteLength(text) > max ? undefined : Buffer.from(text);
    },
    exists: (p) => path.relative(dir, p).split(path.sep).join('/') in files || p === dir,
  };
  const bundled: BundledFile[] = Object.keys(files)
    .filter((rel) => rel !== 'SKILL.md')
    .flatMap((rel) => [
      ...(rel.includes('/') ? [{ relPath: rel.split('/')[0]!, path: abs(rel.split('/')[0]!), kind: 'directory' as const, size: 0, executable: false }] : []),
      { relPath: rel, path: abs(rel), kind: 'file' as const, size: Buffer.byteLength(files[rel]!), executable: false },
    ]);
  const skill = parseSkill({ dir, text: files['SKILL.md']!, bundled, bundle: bundleReader(dir, outlineOfFile, source) });
  const out = { diagnostics: [] as Diagnostic[], internalErrors: 0 };
  checkSkill(skill, active, hosts, config, out);
  const bytes = Object.values(files).reduce((n, t) => n + t.length, 0);
  return { diagnostics: out.diagnostics, bytes, work: skill.work!.units, internalErrors: out.internalErrors };
}

/** The linear bound the work count must stay under: far below the budget (256 a byte), far above real skills (about 10 a byte). */
const PER_BYTE = 64;
const BASE = 200_000;

describe('pathological lines: linear work, every run ends with its findings (issue #24)', () => {
  it('no rule crashes, the planted finding is reported, and the work count is linear in the size', () => {
    fc.assert(
      fc.property(UNIT, fc.integer({ min: 1, max: 6000 }), PLACE, (unit, n, place) => {
        const r = lintTree(tree(unit, n, place));
        expect(r.internalErrors, r.diagnostics.filter((d) => /crashed/.test(d.message)).map((d) => d.message).join('\n')).toBe(0);
        const ids = new Set(r.diagnostics.map((d) => d.ruleId));
        // The body is parsed and the broken link found, or the file is refused by a parse limit (and says so).
        expect(ids.has('links/broken') || ids.has('file/parse'), [...ids].join(', ')).toBe(true);
        expect(ids.has('file/budget')).toBe(false);
        expect(r.work).toBeLessThanOrEqual(PER_BYTE * r.bytes + BASE);
      }),
      params(4),
    );
  });

  it('doubling the line at most doubles the work, plus a constant', () => {
    fc.assert(
      fc.property(UNIT, fc.integer({ min: 500, max: 4000 }), PLACE, (unit, n, place) => {
        const once = lintTree(tree(unit, n, place));
        const twice = lintTree(tree(unit, 2 * n, place));
        // A change of outcome (the doubled file refused by a parse limit) is not a cost: compare runs that parsed alike.
        const refused = (r: typeof once): boolean => r.diagnostics.some((d) => d.ruleId === 'file/parse');
        if (refused(once) !== refused(twice)) return;
        expect(twice.work).toBeLessThanOrEqual(2.2 * once.work + 20_000);
      }),
      params(6),
    );
  });
});
