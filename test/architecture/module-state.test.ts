import fs from 'node:fs';
import path from 'node:path';
import { ts } from 'ts-morph';
import { describe, expect, it } from 'vitest';

/**
 * Issue 26: no module of src/ holds mutable state that outlives a call. A run gets its state as
 * values (the resolved config with its host table and rules, the linter, the watch session, the
 * cache with what its lookups verified) and hands it down; nothing registers itself in a module
 * that the next run, or another project linted in the same process, would see.
 *
 * This scans every file's top level for bindings that can change: a `let` or `var`, and a `const`
 * holding a Map, Set, array or object that the file mutates (`.set`, `.add`, `.push`, an
 * assignment to a property, `delete`). WeakMaps and WeakSets are side tables keyed by a value the
 * caller owns (a skill, a config, a session): an entry lives and dies with its key, so it cannot
 * carry one run's state into a run over other values; they are not counted.
 *
 * What remains is listed below, each with why it is not run state: a value computed once from
 * something that does not change while the process lives (a package loaded, a program probed),
 * a memo of a pure function of its key, or instrumentation that never changes a result.
 */

const SRC = path.resolve(import.meta.dirname, '../../src');

const ALLOWED: Record<string, string> = {
  'catalog/render/layout.ts: vizInstance': 'the Graphviz WASM instance, loaded once (a package, not run state)',
  'config/config.ts: validator': 'the config schema compiled once (a package file)',
  'core/package.ts: version': "the package's own version, read once",
  'core/schema.ts: ajv': 'the schema validator, loaded once',
  'parse/markdown.ts: parser': "micromark's parser with its construct tables combined once; the per-document state it keeps (definitions, lazy lines) is reset before each parse",
  'parse/shell.ts: api': 'the mvdan-sh parser, loaded once',
  'parse/shell.ts: parsers': 'one parser object per dialect, made once from the loaded package',
  'parse/shell.ts: sharedWork': 'the TIMING wrapper around the parser load (instrumentation, set once at start-up)',
  'lint/plugins.ts: builtinRegistered': 'the built-in rules as a plugin: made once from constant modules',
  'lint/timing.ts: nested': 'TIMING instrumentation: time spent in nested work, never a result',
  'lint/free-cores.ts: last': "the last /proc/stat reading, where the next free-core window starts: a probe of the machine's load (it picks the thread count, never changes a result)",
  'lint/memory.ts: tuned': 'the V8 heap flag, set once per process (a process setting, not run state)',
  'rules/scripts/shellcheck.ts: available': 'whether and which shellcheck is installed, probed once per path (the cache key names its version)',
  'rules/links/unreferenced-file.ts: matchers': 'compiled globs by pattern text: a memo of a pure function',
  'rules/security/encoded-payload.ts: scanners': 'compiled hex-run regular expressions by shortest length: a memo of a pure function',
  'core/paths.ts: plainPaths': 'relative paths unsafeRelativePath found plain: a memo of a pure function of the string (bounded)',
  'build/catalog-ts.ts: checkedHere': "catalog.ts texts that type-checked clean, by text and compiler: a memo of a pure function (bounded to 32)",
  'build/catalog-ts.ts: compiler': "ts-morph's version, read once",
  'rehearse/bwrap.ts: bwrapWorks': 'whether bubblewrap runs on this machine, probed once',
  'rehearse/exec.ts: running': "the process groups of the commands running now, killed when skillc exits or is stopped (empty between commands: a process's children are the process's own)",
  'rehearse/sandbox.ts: live': 'the sandboxes not removed yet, removed when skillc exits or is stopped (empty between cases)',
  'rehearse/fakes.ts: realGit': 'where the real git is, looked up once',
};

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) return sourceFiles(p);
    return /\.ts$/.test(e.name) && !e.name.endsWith('.d.ts') ? [p] : [];
  });
}

const MUTATORS = new Set(['set', 'add', 'delete', 'clear', 'push', 'pop', 'shift', 'unshift', 'splice', 'sort', 'reverse', 'fill', 'copyWithin']);

/** A top-level const's value kind that can be changed in place, or undefined. */
function mutableValue(init: ts.Expression | undefined): string | undefined {
  if (!init) return undefined;
  while (ts.isAsExpression(init) || ts.isSatisfiesExpression(init) || ts.isParenthesizedExpression(init)) init = init.expression;
  if (ts.isArrayLiteralExpression(init)) return 'array';
  if (ts.isObjectLiteralExpression(init)) return 'object';
  if (ts.isNewExpression(init) && ts.isIdentifier(init.expression) && ['Map', 'Set', 'Array', 'Object'].includes(init.expression.text)) return init.expression.text;
  return undefined;
}

/**
 * True when a function of the file changes what `name` holds: a mutating method, a property
 * assignment, `delete`. Filling a table at the top level, while the module loads, is its initializer.
 */
function mutates(source: ts.SourceFile, name: string): boolean {
  let found = false;
  const isName = (e: ts.Expression): boolean => ts.isIdentifier(e) && e.text === name;
  const visit = (node: ts.Node, inFunction: boolean): void => {
    if (found) return;
    const inside = inFunction || ts.isFunctionLike(node) || ts.isClassLike(node);
    if (!inside) {
      ts.forEachChild(node, (child) => visit(child, false));
      return;
    }
    if (ts.isCallExpression(node) && ts.isPropertyAccessExpression(node.expression) && isName(node.expression.expression) && MUTATORS.has(node.expression.name.text)) found = true;
    if (ts.isBinaryExpression(node) && node.operatorToken.kind >= ts.SyntaxKind.FirstAssignment && node.operatorToken.kind <= ts.SyntaxKind.LastAssignment) {
      const left = node.left;
      if ((ts.isPropertyAccessExpression(left) || ts.isElementAccessExpression(left)) && isName(left.expression)) found = true;
    }
    if (ts.isDeleteExpression(node)) {
      const e = node.expression;
      if ((ts.isPropertyAccessExpression(e) || ts.isElementAccessExpression(e)) && isName(e.expression)) found = true;
    }
    ts.forEachChild(node, (child) => visit(child, true));
  };
  visit(source, false);
  return found;
}

/** Every top-level binding of a file that can change after the module loaded, as `<file>: <name>`. */
export function moduleState(file: string, text: string): string[] {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const rel = path.relative(SRC, file).split(path.sep).join('/');
  const out: string[] = [];
  for (const statement of source.statements) {
    if (!ts.isVariableStatement(statement)) continue;
    const list = statement.declarationList;
    const isConst = (list.flags & ts.NodeFlags.Const) !== 0;
    for (const d of list.declarations) {
      if (!ts.isIdentifier(d.name)) continue;
      const name = d.name.text;
      if (!isConst) out.push(`${rel}: ${name}`);
      else if (mutableValue(d.initializer) && mutates(source, name)) out.push(`${rel}: ${name}`);
    }
  }
  return out;
}

describe('architecture: no module state that outlives a call', () => {
  const found = sourceFiles(SRC).flatMap((f) => moduleState(f, fs.readFileSync(f, 'utf8')));

  it('finds nothing but the listed loads, probes and memos', () => {
    const unexplained = found.filter((k) => !Object.prototype.hasOwnProperty.call(ALLOWED, k));
    expect(unexplained, 'pass the state as a value (the config, the linter, the session), or explain it in ALLOWED').toEqual([]);
  });

  it('lists nothing that is gone (the list stays short and true)', () => {
    expect(Object.keys(ALLOWED).filter((k) => !found.includes(k))).toEqual([]);
  });

  it('sees a registry: a top-level let, a mutated Map, an array pushed to, an object written', () => {
    const text = [
      'let current: string | undefined;',
      'const byId = new Map<string, number>();',
      'export function register(id: string): void { byId.set(id, 1); current = id; }',
      'const list: string[] = [];',
      'export const add = (s: string): number => list.push(s);',
      'const table: Record<string, number> = {};',
      'export function put(k: string): void { table[k] = 1; }',
      'const CONSTANT = new Set(["a"]);',
      'export const has = (s: string): boolean => CONSTANT.has(s);',
      'const FILLED: Record<string, number> = {};',
      'for (const k of ["a", "b"]) FILLED[k] = 1;',
      'const memo = new WeakMap<object, number>();',
      'export const get = (o: object): number => memo.get(o) ?? 0;',
    ].join('\n');
    expect(moduleState(path.join(SRC, 'probe.ts'), text)).toEqual(['probe.ts: current', 'probe.ts: byId', 'probe.ts: list', 'probe.ts: table']);
  });
});
