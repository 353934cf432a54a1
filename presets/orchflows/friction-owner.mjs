// How orchflows' validate.py reads scripts/state_root.py, the owner of the friction log's place:
// it parses the file (Python's `ast.parse`), takes the first `def friction_root` in `ast.walk`
// order (breadth first, nested or in a class too), and collects every `return <expr> / "<name>"`
// anywhere inside it (nested functions included) whose right operand is a str literal. The left
// operand may be any expression: `state_root() / "friction"`, `root / "friction"`,
// `Path(x).parent / "friction"`.
//
// Read with a real Python parser, @lezer/python (the grammar CodeMirror ships; plain JS, no native
// code), not a pattern: a pattern over the text cannot tell a return from a docstring or a comment
// that mentions one, where a function ends, or a parenthesised return spread over lines.
import { parser } from '@lezer/python';

/** The direct children of a syntax node. */
function children(node) {
  const out = [];
  for (let c = node.firstChild; c; c = c.nextSibling) out.push(c);
  return out;
}

/** `(expr)` is `expr` to Python's AST. */
function unwrap(node) {
  let n = node;
  while (n && n.name === 'ParenthesizedExpression') {
    const inner = children(n).filter((c) => c.name !== '(' && c.name !== ')');
    if (inner.length !== 1) return n;
    n = inner[0];
  }
  return n;
}

const SIMPLE_ESCAPES = { '\\': '\\', "'": "'", '"': '"', a: '\x07', b: '\b', f: '\f', n: '\n', r: '\r', t: '\t', v: '\v' };

/** A Python str literal's value (`'x'`, `"""x"""`, `r"x"`, `u"x"`); undefined for bytes, f-strings and what cannot be decoded. */
function strValue(text) {
  const m = /^([rRuUbBfF]*)('''|"""|'|")([\s\S]*)\2$/.exec(text);
  if (!m) return undefined;
  const prefix = m[1].toLowerCase();
  if (prefix.includes('b') || prefix.includes('f')) return undefined;
  const body = m[3];
  if (prefix.includes('r')) return body;
  let out = '';
  for (let i = 0; i < body.length; i++) {
    const c = body[i];
    if (c !== '\\') {
      out += c;
      continue;
    }
    const e = body[++i];
    if (e === undefined) return undefined;
    if (e === '\n') continue;
    if (e in SIMPLE_ESCAPES) out += SIMPLE_ESCAPES[e];
    else if (/[0-7]/.test(e)) {
      const oct = /^[0-7]{1,3}/.exec(body.slice(i))[0];
      out += String.fromCodePoint(parseInt(oct, 8));
      i += oct.length - 1;
    } else if (e === 'x' || e === 'u' || e === 'U') {
      const width = e === 'x' ? 2 : e === 'u' ? 4 : 8;
      const hex = body.slice(i + 1, i + 1 + width);
      if (!new RegExp(`^[0-9a-fA-F]{${width}}$`).test(hex)) return undefined;
      const cp = parseInt(hex, 16);
      if (cp > 0x10ffff) return undefined;
      out += String.fromCodePoint(cp);
      i += width;
    } else if (e === 'N') return undefined;
    else out += `\\${e}`;
  }
  return out;
}

/** The value of a str constant node (a string, or adjacent strings Python joins into one); undefined otherwise. */
function constantStr(node, source) {
  if (node.name === 'String') return strValue(source.slice(node.from, node.to));
  if (node.name === 'ContinuedString') {
    let out = '';
    for (const part of children(node)) {
      if (part.name !== 'String') return undefined;
      const v = strValue(source.slice(part.from, part.to));
      if (v === undefined) return undefined;
      out += v;
    }
    return out;
  }
  return undefined;
}

/** `<sink root> / "name"`: the tree it names, spelled as a copy spells it (`name/`); undefined for any other expression. */
function joinTree(node, source) {
  const n = unwrap(node);
  if (!n || n.name !== 'BinaryExpression') return undefined;
  const parts = children(n);
  const op = parts.find((c) => c.name === 'ArithOp');
  if (!op || source.slice(op.from, op.to) !== '/') return undefined;
  const right = unwrap(parts[parts.length - 1]);
  const value = right && constantStr(right, source);
  return value === undefined ? undefined : `${value}/`;
}

/**
 * What validate.py reads in scripts/state_root.py: `{ error }` when the file does not parse or has no
 * `friction_root` (validate.py's error, with the 1-based line), else `{ trees }`, the sink trees its
 * returns name (validate.py wants exactly one).
 */
export function frictionTrees(source) {
  const tree = parser.parse(source);
  let syntaxError;
  tree.iterate({
    enter(n) {
      if (syntaxError !== undefined) return false;
      if (n.type.isError) syntaxError = n.from;
      return undefined;
    },
  });
  if (syntaxError !== undefined) return { error: 'parse', line: source.slice(0, syntaxError).split('\n').length };
  // ast.walk: breadth first, from the module.
  const queue = [tree.topNode];
  let resolver;
  for (let i = 0; i < queue.length && !resolver; i++) {
    const n = queue[i];
    if (n.name === 'FunctionDefinition') {
      const parts = children(n);
      // `async def` is an AsyncFunctionDef to Python: not the FunctionDef validate.py looks for.
      const name = parts.find((c) => c.name === 'VariableName');
      if (!parts.some((c) => c.name === 'async') && name && source.slice(name.from, name.to) === 'friction_root') resolver = n;
    }
    queue.push(...children(n));
  }
  if (!resolver) return { error: 'missing' };
  const trees = [];
  const stack = [resolver];
  // Every return inside it, nested functions included, in source order (ast.walk's order does not matter for a count).
  while (stack.length) {
    const n = stack.pop();
    if (n.name === 'ReturnStatement') {
      // `return a, b` is a tuple to Python, not a join.
      const values = children(n).filter((c) => c.name !== 'return');
      const t = values.length === 1 ? joinTree(values[0], source) : undefined;
      if (t !== undefined) trees.push(t);
    }
    stack.push(...children(n).reverse());
  }
  return { trees };
}
