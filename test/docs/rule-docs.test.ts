import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { BUILTIN_RULES } from '../../src/rules/index.js';

// typescript-eslint's docs test: the docs are checked against the metadata, so they cannot drift.
const docsRoot = path.resolve(import.meta.dirname, '../../docs/rules');

function docFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    return e.isDirectory() ? docFiles(p) : e.name.endsWith('.md') && e.name !== 'README.md' ? [p] : [];
  });
}

describe('docs/rules', () => {
  it('has a page for every rule and no page without a rule', () => {
    const pages = docFiles(docsRoot).map((p) => path.relative(docsRoot, p).replace(/\\/g, '/').replace(/\.md$/, '')).sort();
    expect(pages).toEqual(BUILTIN_RULES.map((r) => r.meta.id).sort());
  });

  for (const rule of BUILTIN_RULES) {
    it(`${rule.meta.id} matches its metadata`, () => {
      const file = path.join(docsRoot, `${rule.meta.id}.md`);
      if (!fs.existsSync(file)) return; // reported by the test above
      const text = fs.readFileSync(file, 'utf8');
      const lines = text.split('\n');
      expect(lines[0]).toBe(`# ${rule.meta.id}`);
      expect(lines[2]).toBe(rule.meta.description);
      expect(text).toContain(`| Default severity | \`${rule.meta.severity}\` |`);
      expect(text).toContain(`| Fixable | ${rule.meta.fixable ? 'yes' : 'no'} |`);
      expect(text).toContain(`| Recommended | ${rule.meta.recommended === false ? 'no' : 'yes'} |`);
      for (const heading of ['## Why', '## Not ok', '## Ok', '## Options']) expect(text).toContain(`\n${heading}\n`);
      const options = text.slice(text.indexOf('\n## Options\n'));
      const keys = Object.keys((rule.meta.schema?.properties as object | undefined) ?? rule.meta.defaultOptions ?? {});
      if (keys.length === 0) expect(options).toMatch(/None\./);
      for (const key of keys) expect(options, `option ${key} is documented`).toContain(`\`${key}\``);
    });
  }
});
