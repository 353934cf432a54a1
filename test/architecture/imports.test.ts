import fs from 'node:fs';
import path from 'node:path';
import { ts } from 'ts-morph';
import { describe, expect, it } from 'vitest';

/**
 * The import graph of src/ against the layers of docs/architecture.md: imports run one way,
 * bottom to top, folders of one layer do not import each other in a circle, and no file is in
 * an import cycle with others (inside a folder too: issue 26). Every import counts: `import`,
 * `import type`, `export ... from` and `import()`.
 * There are no exceptions (issue 15 emptied the list of known ones): fix the import, not the test.
 */

const SRC = path.resolve(import.meta.dirname, '../../src');

/**
 * Layers, bottom first (the picture is in docs/architecture.md). testing/ (the
 * RuleTester) runs the engine, so it sits with the jobs. The entry files at the top of src/
 * (index.ts, plugin.ts, testing.ts) are the package.json exports, above everything.
 */
const LAYERS: string[][] = [
  ['core'],
  ['model'],
  ['hosts'],
  ['parse'],
  ['config'],
  ['analysis'],
  ['rules'],
  ['lint'],
  ['build', 'rehearse', 'catalog', 'testing'],
  ['adopt', 'lsp'],
  ['cli'],
  // The package's entry files (package.json exports): `skillc/plugin`, `skillc/testing`, then `skillc`.
  ['plugin.ts', 'testing.ts'],
  ['index.ts'],
];
const RANK = new Map(LAYERS.flatMap((folders, rank) => folders.map((f) => [f, rank] as const)));

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) return sourceFiles(p);
    return /\.(c|m)?ts$/.test(e.name) && !e.name.endsWith('.d.ts') ? [p] : [];
  });
}

/** The layer folder of a file in src/: its first folder, or the file itself at the top. */
function folderOf(file: string): string {
  return path.relative(SRC, file).split(path.sep)[0]!;
}

/** Every module a file imports or re-exports, resolved to files of src/ (packages are left out). */
function importsOf(file: string): string[] {
  const info = ts.preProcessFile(fs.readFileSync(file, 'utf8'), true, true);
  return info.importedFiles.flatMap(({ fileName }) => {
    if (!fileName.startsWith('.')) return [];
    const target = path.resolve(path.dirname(file), fileName).replace(/\.js$/, '.ts');
    return target.startsWith(SRC + path.sep) || target === SRC ? [target] : [];
  });
}

/** Strongly connected sets of folders (Tarjan), over the given edges. */
function cycles(edges: Map<string, Set<string>>): string[][] {
  let index = 0;
  const idx = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const on = new Set<string>();
  const out: string[][] = [];
  const visit = (v: string): void => {
    idx.set(v, index);
    low.set(v, index++);
    stack.push(v);
    on.add(v);
    for (const w of edges.get(v) ?? []) {
      if (!idx.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (on.has(w)) low.set(v, Math.min(low.get(v)!, idx.get(w)!));
    }
    if (low.get(v) === idx.get(v)) {
      const set: string[] = [];
      let w: string;
      do {
        w = stack.pop()!;
        on.delete(w);
        set.push(w);
      } while (w !== v);
      if (set.length > 1) out.push(set.sort());
    }
  };
  for (const v of edges.keys()) if (!idx.has(v)) visit(v);
  return out;
}

/** Today's violations: each upward import, and each import inside a cycle of one layer's folders. */
function violations(): Set<string> {
  const found = new Set<string>();
  const sameLayer = new Map<string, Set<string>>();
  const sameLayerImports: [string, string, string][] = [];
  for (const file of sourceFiles(SRC)) {
    const from = folderOf(file);
    for (const target of importsOf(file)) {
      const to = folderOf(target);
      if (to === from) continue;
      const rf = RANK.get(from);
      const rt = RANK.get(to);
      const edge = `${path.relative(SRC, file).split(path.sep).join('/')} -> ${path.relative(SRC, target).split(path.sep).join('/')}`;
      if (rf === undefined || rt === undefined) found.add(`unknown folder (add it to LAYERS): ${edge}`);
      else if (rt > rf) found.add(`up: ${edge}`);
      else if (rt === rf) {
        if (!sameLayer.has(from)) sameLayer.set(from, new Set());
        sameLayer.get(from)!.add(to);
        sameLayerImports.push([from, to, edge]);
      }
    }
  }
  for (const set of cycles(sameLayer)) {
    for (const [from, to, edge] of sameLayerImports) if (set.includes(from) && set.includes(to)) found.add(`cycle: ${edge}`);
  }
  return found;
}

/** Each set of files of src/ that import each other in a circle (type-only and dynamic imports count), with the imports inside it. */
function fileCycles(): string[] {
  const rel = (f: string): string => path.relative(SRC, f).split(path.sep).join('/');
  const edges = new Map<string, Set<string>>();
  for (const file of sourceFiles(SRC)) edges.set(file, new Set(importsOf(file)));
  return cycles(edges).map((set) => {
    const inside = set.flatMap((from) => [...edges.get(from)!].filter((to) => set.includes(to)).map((to) => `${rel(from)} -> ${rel(to)}`));
    return `${set.map(rel).join(' <-> ')}: ${inside.join(', ')}`;
  });
}

describe('architecture: imports run one way (the layers of docs/architecture.md)', () => {
  const found = violations();
  // SKILLC_PRINT_VIOLATIONS=file writes today's violations there, one a line.
  if (process.env.SKILLC_PRINT_VIOLATIONS) fs.writeFileSync(process.env.SKILLC_PRINT_VIOLATIONS, [...found].sort().join('\n') + '\n');

  it('has no upward import and no folder cycle', () => {
    expect([...found].sort(), 'import from a lower layer only (docs/architecture.md)').toEqual([]);
  });

  it('has no file in an import cycle: a type two files share lives below both', () => {
    expect(fileCycles()).toEqual([]);
  });

  it('finds a file cycle, type-only imports included', () => {
    const edges = new Map([
      ['a', new Set(['b'])],
      ['b', new Set(['c'])],
      ['c', new Set(['a'])],
      ['d', new Set(['a'])],
    ]);
    expect(cycles(edges)).toEqual([['a', 'b', 'c']]);
  });

  it('parses type-only imports, re-exports and import() too', () => {
    const probe = path.join(SRC, 'index.ts');
    expect(importsOf(probe).length).toBeGreaterThan(10);
    const text = "import type { A } from './a.js';\nexport { b } from './b.js';\nconst c = await import('./c.js');\n";
    expect(ts.preProcessFile(text, true, true).importedFiles.map((f) => f.fileName)).toEqual(['./a.js', './b.js', './c.js']);
  });
});
