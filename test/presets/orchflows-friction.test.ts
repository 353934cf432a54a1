import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { presets } from './helpers.js';

// How skillc:orchflows reads scripts/state_root.py: as validate.py does (tools/validate_support/friction.py),
// with a Python parser. Each case's verdict is Python's own `ast` reading of the same text (checked with
// python3 when these were written): the trees `friction_root`'s `return <expr> / "<str>"` statements name.
type Read = { trees?: string[]; error?: 'parse' | 'missing'; line?: number };
const { frictionTrees } = (await import(path.join(presets, 'orchflows', 'friction-owner.mjs'))) as { frictionTrees: (source: string) => Read };

const fn = (body: string): string => `from pathlib import Path\n\n\ndef state_root():\n    return Path.home()\n\n\ndef friction_root():\n${body}`;

describe("skillc:orchflows reads friction_root as validate.py's ast check does", () => {
  it.each([
    ['the real file: a call joined to the tree', fn('    return state_root() / "friction"\n'), ['friction/']],
    ['a name joined to the tree', fn('    base = state_root()\n    return base / "friction"\n'), ['friction/']],
    ['any expression on the left', fn('    return Path(__file__).resolve().parent / "friction"\n'), ['friction/']],
    ['over lines in parentheses', fn('    return (state_root()\n            / "friction")\n'), ['friction/']],
    ['the right operand in parentheses', fn('    return state_root() / ("friction")\n'), ['friction/']],
    ['single quotes, raw and u prefixes, escapes', fn('    if x:\n        return a / \'f\\x72iction\'\n    if y:\n        return a / r"raw\\n"\n    return a / u"uni"\n'), ['friction/', 'raw\\n/', 'uni/']],
    ['adjacent strings join into one constant', fn('    return state_root() / "fric" "tion"\n'), ['friction/']],
    ['a nested function\'s return counts too (ast.walk)', fn('    def old():\n        return a / "old"\n    return a / "friction"\n'), ['friction/', 'old/']],
    ['a method in a class, decorated', 'class S:\n    @staticmethod\n    def friction_root():\n        return a / "friction"\n', ['friction/']],
    ['docstrings and comments are not code', fn('    """Never `return base / "doc"`."""\n    # return base / "comment"\n    return state_root() / "friction"\n'), ['friction/']],
    ['not a join: floor division, bytes, an f-string, a tuple, a conditional, a bare return', fn('    if a:\n        return x // "a"\n    if b:\n        return x / b"b"\n    if c:\n        return x / f"c"\n    if d:\n        return x / "d", 1\n    if e:\n        return x / "e" if e else None\n    return\n'), []],
  ])('%s', (_name, source, trees) => {
    expect(frictionTrees(source).trees?.sort()).toEqual([...trees].sort());
  });

  it('the first friction_root breadth first, as ast.walk finds it', () => {
    const source = 'class Deep:\n    class Deeper:\n        def friction_root():\n            return a / "deep"\n\n\ndef friction_root():\n    return a / "top"\n';
    expect(frictionTrees(source).trees).toEqual(['top/']);
  });

  it('no friction_root (async def is not one), and a file that does not parse', () => {
    expect(frictionTrees('async def friction_root():\n    return a / "x"\n')).toEqual({ error: 'missing' });
    expect(frictionTrees('def runs_root():\n    return a / "runs"\n')).toEqual({ error: 'missing' });
    expect(frictionTrees('x = 1\n\ndef friction_root(:\n    return a / "x"\n')).toEqual({ error: 'parse', line: 3 });
  });
});
