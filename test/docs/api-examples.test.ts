import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/**
 * docs/api.md's ```ts examples are type-checked against the entry files (src/index.ts,
 * src/plugin.ts, src/testing.ts, through tsconfig.json's `paths` for `skillc`, `skillc/plugin`
 * and `skillc/testing`). The page reads as one script: a later example uses what an earlier one
 * declared (`result`, `noVendorNames`), so the examples are joined, in order, into one module,
 * their imports merged. An example that names something it never imports, calls a function
 * with options it does not take, or uses a result's field that does not exist fails here.
 */

const root = path.resolve(import.meta.dirname, '../..');
const page = path.join(root, 'docs', 'api.md');

/** The module the examples make, and for each of its lines the docs/api.md line it came from (0: generated). */
interface ExampleModule {
  text: string;
  origin: number[];
}

/** Names the examples use from the test framework without importing them, as a reader's test file would. */
const AMBIENT: [string, string[]] = ['vitest', ['describe', 'expect', 'it']];

/** Joins the ```ts blocks of a Markdown page into one module: imports merged at the top, the rest in page order. */
function examplesModule(markdown: string): ExampleModule {
  const imports = new Map<string, Set<string>>([[AMBIENT[0], new Set(AMBIENT[1])]]);
  const body: string[] = [];
  const origin: number[] = [];
  const lines = markdown.split('\n');
  for (let i = 0; i < lines.length; i++) {
    if (lines[i]!.trim() !== '```ts') continue;
    const start = i + 1;
    let end = start;
    while (end < lines.length && lines[end]!.trim() !== '```') end++;
    const code = lines.slice(start, end).join('\n');
    const source = ts.createSourceFile('block.ts', code, ts.ScriptTarget.Latest, true);
    const kept = source.statements.filter((s) => !ts.isImportDeclaration(s));
    for (const s of source.statements) {
      if (!ts.isImportDeclaration(s)) continue;
      const from = (s.moduleSpecifier as ts.StringLiteral).text;
      const names = imports.get(from) ?? new Set<string>();
      const clause = s.importClause;
      if (clause?.name) names.add(`default as ${clause.name.text}`);
      if (clause?.namedBindings && ts.isNamedImports(clause.namedBindings)) for (const e of clause.namedBindings.elements) names.add(e.getText(source));
      imports.set(from, names);
    }
    // Each remaining statement keeps its lines, so a diagnostic points at the page.
    for (const s of kept) {
      const first = source.getLineAndCharacterOfPosition(s.getStart(source)).line;
      const text = code.slice(s.getStart(source), s.end);
      text.split('\n').forEach((line, k) => {
        body.push(line);
        origin.push(start + first + k + 1);
      });
    }
    i = end;
  }
  const head: string[] = [];
  for (const [from, names] of imports) {
    const defaults = [...names].filter((n) => n.startsWith('default as ')).map((n) => n.slice('default as '.length));
    const named = [...names].filter((n) => !n.startsWith('default as '));
    if (defaults.length) head.push(`import ${defaults[0]} from '${from}';`);
    if (named.length) head.push(`import { ${named.join(', ')} } from '${from}';`);
  }
  return { text: [...head, ...body, 'export {};', ''].join('\n'), origin: [...head.map(() => 0), ...origin] };
}

let last: ts.Program | undefined;

/** Type-checks a module at `file` (virtual) with the project's compiler options; returns each problem as `docs/api.md:LINE: message`. */
function typeCheck(mod: ExampleModule, file: string): string[] {
  const configFile = ts.readConfigFile(path.join(root, 'tsconfig.json'), (p) => ts.sys.readFile(p));
  const parsed = ts.parseJsonConfigFileContent(configFile.config, ts.sys, root);
  const host = ts.createCompilerHost(parsed.options);
  const readFile = host.readFile.bind(host);
  const fileExists = host.fileExists.bind(host);
  const getSourceFile = host.getSourceFile.bind(host);
  host.readFile = (p) => (path.resolve(p) === file ? mod.text : readFile(p));
  host.fileExists = (p) => path.resolve(p) === file || fileExists(p);
  host.getSourceFile = (p, language, onError) => (path.resolve(p) === file ? ts.createSourceFile(p, mod.text, language) : getSourceFile(p, language, onError));
  // The previous program's source files are reused (the sources parse once for all checks).
  const program = ts.createProgram({ rootNames: [file], options: parsed.options, host, ...(last ? { oldProgram: last } : {}) });
  last = program;
  const source = program.getSourceFile(file)!;
  // Only the examples' own problems: the sources they import are type-checked by `npm run typecheck`.
  return [...program.getSyntacticDiagnostics(source), ...program.getSemanticDiagnostics(source)].map((d) => {
    const line = d.start === undefined ? 0 : source.getLineAndCharacterOfPosition(d.start).line;
    return `docs/api.md:${mod.origin[line] ?? 0}: ${ts.flattenDiagnosticMessageText(d.messageText, '\n')}`;
  });
}

describe("docs/api.md's examples", () => {
  const mod = examplesModule(fs.readFileSync(page, 'utf8'));

  it('are read: every ```ts block, imports merged', () => {
    expect(mod.text).toContain("from 'skillc';");
    expect(mod.text).toContain("from 'skillc/plugin';");
    expect(mod.text).toContain("from 'skillc/testing';");
    expect(mod.origin.filter((n) => n > 0).length).toBeGreaterThan(30);
  });

  it('type-check against the entry files', () => {
    // A virtual file under test/, so tsconfig.json's settings and `paths` apply to it.
    expect(typeCheck(mod, path.join(root, 'test', 'docs', '__api-examples__.ts'))).toEqual([]);
  });

  it('catch a wrong example (the check itself)', () => {
    const wrong = examplesModule("```ts\nimport { lint } from 'skillc';\n\nconst r = await lint({ cwd: '.', colour: true });\nconsole.log(r.errorTotal, catalogListings);\n```\n");
    const problems = typeCheck(wrong, path.join(root, 'test', 'docs', '__api-wrong__.ts'));
    expect(problems.join('\n')).toMatch(/docs\/api\.md:4: .*'colour'/);
    expect(problems.join('\n')).toMatch(/docs\/api\.md:5: .*'errorTotal'/);
    expect(problems.join('\n')).toMatch(/docs\/api\.md:5: Cannot find name 'catalogListings'/);
  });
});
