import fs from 'node:fs';
import path from 'node:path';
import { ts } from 'ts-morph';
import { describe, expect, it } from 'vitest';
import { documentedApi, ENTRIES } from './api-doc.js';

/** docs/api.md lists everything the package exports (api-doc.ts reads it): an export not on the page, or a page entry not exported, fails. */

const root = path.resolve(import.meta.dirname, '../..');

/** Every name an entry file exports (values and types), read from its syntax. */
function exportedNames(file: string): string[] {
  const source = ts.createSourceFile(file, fs.readFileSync(file, 'utf8'), ts.ScriptTarget.Latest);
  const names = new Set<string>();
  for (const statement of source.statements) {
    if (ts.isExportDeclaration(statement)) {
      expect(statement.exportClause, `${file}: \`export *\` hides what is public; name each export`).toBeDefined();
      if (statement.exportClause && ts.isNamedExports(statement.exportClause)) for (const e of statement.exportClause.elements) names.add(e.name.text);
      continue;
    }
    const exported = ts.canHaveModifiers(statement) && ts.getModifiers(statement)?.some((m) => m.kind === ts.SyntaxKind.ExportKeyword);
    if (!exported) continue;
    if (ts.isVariableStatement(statement)) {
      for (const d of statement.declarationList.declarations) if (ts.isIdentifier(d.name)) names.add(d.name.text);
    } else if ((ts.isFunctionDeclaration(statement) || ts.isClassDeclaration(statement) || ts.isInterfaceDeclaration(statement) || ts.isTypeAliasDeclaration(statement)) && statement.name) {
      names.add(statement.name.text);
    }
  }
  return [...names].sort();
}

const sorted = (names: Iterable<string>): string[] => [...names].sort();

describe('the public API is what docs/api.md documents', () => {
  const documented = documentedApi(fs.readFileSync(path.join(root, 'docs/api.md'), 'utf8'));
  const pkg = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')) as { exports: Record<string, unknown> };

  it('documents exactly the package.json entry points', () => {
    expect(sorted(documented.keys())).toEqual(sorted(ENTRIES.map((e) => e.name)));
    const entryKeys = Object.keys(pkg.exports).filter((k) => !k.includes('*') && k !== './package.json');
    expect(sorted(entryKeys)).toEqual(sorted(ENTRIES.map((e) => e.key)));
    for (const e of ENTRIES) expect(pkg.exports[e.key], e.key).toEqual({ types: e.dist.replace(/\.js$/, '.d.ts'), import: e.dist });
  });

  for (const entry of ENTRIES) {
    it(`${entry.name}: its runtime exports and its types are the documented ones`, async () => {
      const doc = documented.get(entry.name)!;
      expect(doc.runtime.length).toBeGreaterThan(0);
      const runtime = Object.keys((await import(path.join(root, entry.src))) as object);
      expect(sorted(runtime), `runtime exports of ${entry.src} vs the ### headings of docs/api.md`).toEqual(sorted(doc.runtime));
      const types = exportedNames(path.join(root, entry.src)).filter((n) => !runtime.includes(n));
      expect(sorted(types), `type exports of ${entry.src} vs the Types: list of docs/api.md`).toEqual(sorted(doc.types));
    });
  }

  it('reads headings and type lists as documented (the parser itself)', () => {
    const doc = documentedApi('## `skillc`\n\n### `lint(options)`\n\ntext `notAName`\n\nTypes: `A`,\n`B`.\n\n## Other\n\n### `ignored`\n');
    expect(doc.get('skillc')).toEqual({ runtime: ['lint'], types: ['A', 'B'] });
    expect(doc.size).toBe(1);
  });
});
