import path from 'node:path';
import type { Skill } from '../../model/skill.js';
import { candidates, scanPaths, type SkillIndex } from './skill-index.js';

/** Files a script can run, import or source. */
const SCRIPT = /\.(?:py|js|mjs|cjs|ts|tsx|mts|cts|sh|bash|zsh|rb|pl|ps1)$/i;

/** Files that configure the scripts of their folder: used whenever a script there runs. */
const MANIFESTS = new Set([
  'package.json',
  'package-lock.json',
  'bun.lock',
  'bun.lockb',
  'pnpm-lock.yaml',
  'yarn.lock',
  'tsconfig.json',
  'deno.json',
  'requirements.txt',
  'pyproject.toml',
  'uv.lock',
  'poetry.lock',
  'Pipfile',
  'Pipfile.lock',
  'setup.py',
  'setup.cfg',
  'Gemfile',
  'Gemfile.lock',
  '__init__.py',
  'conftest.py',
]);

/** How an import without an extension may be spelled on disk (`./lib/auth` -> `lib/auth.ts`). */
const RESOLVE_SUFFIXES = ['.js', '.mjs', '.cjs', '.ts', '.tsx', '.mts', '.json', '.py', '.sh', '/index.js', '/index.ts', '/index.mjs', '/__init__.py'];

/**
 * Per skill index: every name that some `RESOLVE_SUFFIXES` spelling turns into a bundled file or
 * folder. A script names hundreds of dotted words (`os.path.join`, `self.name`); only these few
 * are worth trying the suffixes on, and trying them on any other finds nothing.
 */
const stemsOf = new WeakMap<SkillIndex, Set<string>>();
function suffixStems(index: SkillIndex): Set<string> {
  let stems = stemsOf.get(index);
  if (stems) return stems;
  stems = new Set();
  for (const paths of [index.files.keys(), index.dirs]) {
    for (const p of paths) for (const s of RESOLVE_SUFFIXES) if (p.endsWith(s)) stems.add(p.slice(0, -s.length));
  }
  stemsOf.set(index, stems);
  return stems;
}

export function isScript(rel: string): boolean {
  return SCRIPT.test(rel);
}

/** Python `import a.b` / `from .a import b, c`, as the module paths they may load. */
function pythonModules(text: string): { dots: number; module: string; names: string[] }[] {
  const out: { dots: number; module: string; names: string[] }[] = [];
  // The module after the dots starts with a word character: `(\.*)([\w.]*)` split a run of dots every way before failing.
  for (const m of text.matchAll(/^[ \t]*from[ \t]+(?=[.\w])(\.*)((?:\w[\w.]*)?)[ \t]+import[ \t]+\(?([\w, \t]+)/gm)) {
    out.push({ dots: m[1]!.length, module: m[2]!, names: m[3]!.split(',').map((n) => n.trim().split(/\s/)[0]!).filter(Boolean) });
  }
  for (const m of text.matchAll(/^[ \t]*import[ \t]+([\w.]+(?:[ \t]*,[ \t]*[\w.]+)*)/gm)) {
    for (const mod of m[1]!.split(',')) out.push({ dots: 0, module: mod.trim(), names: [] });
  }
  return out;
}

/**
 * The bundled files and folders reached from the given scripts: what they import (Python, JS/TS),
 * source (`source`/`.`), run or read by a path in a string (from the script's folder, from the
 * skill root, or after `$(dirname "$0")/`, `__dirname`, `$SCRIPT_DIR/`), followed transitively;
 * plus the package manifests beside each script reached. Each script is read once.
 */
export function reachedFromScripts(skill: Skill, index: SkillIndex, start: Iterable<string>): { files: Set<string>; dirs: Set<string> } {
  const files = new Set<string>();
  const dirs = new Set<string>();
  const queue = [...start].filter((rel) => index.files.has(rel) && isScript(rel));
  const seen = new Set(queue);
  const add = (rel: string): void => {
    if (index.dirs.has(rel)) {
      dirs.add(rel);
      return;
    }
    if (!index.files.has(rel) || files.has(rel)) return;
    files.add(rel);
    if (isScript(rel) && !seen.has(rel)) {
      seen.add(rel);
      queue.push(rel);
    }
  };
  const stems = suffixStems(index);
  const addPath = (p: string, from: string): void => {
    for (const c of candidates(p, from, index.depth, index.work)) {
      add(c);
      if (!index.files.has(c) && stems.has(c)) for (const s of RESOLVE_SUFFIXES) add(c + s);
      // TypeScript imports name the emitted `.js`; the file on disk is `.ts`.
      if (/\.[mc]?js$/.test(c)) add(c.replace(/\.([mc]?)js$/, '.$1ts'));
    }
  };
  for (let i = 0; i < queue.length; i++) {
    const rel = queue[i]!;
    const dir = path.posix.dirname(rel) === '.' ? '' : path.posix.dirname(rel);
    // The manifests of the script's folder and of the folders above it, up to the skill root.
    for (let d = dir; ; d = path.posix.dirname(d) === '.' ? '' : path.posix.dirname(d)) {
      for (const name of MANIFESTS) add(d ? `${d}/${name}` : name);
      if (!d) break;
    }
    const text = skill.bundle.text(rel)?.text;
    if (!text) continue;
    scanPaths(text, 0, new Set(), (p) => addPath(p, dir));
    if (/\.py$/i.test(rel)) {
      for (const { dots, module, names } of pythonModules(text)) {
        let base = dir;
        for (let k = 1; k < dots; k++) base = path.posix.dirname(base) === '.' ? '' : path.posix.dirname(base);
        const mod = module.replace(/\./g, '/');
        const roots = dots ? [base] : [dir, ''];
        for (const r of roots) {
          const stem = [r, mod].filter(Boolean).join('/');
          if (stem) {
            add(`${stem}.py`);
            add(`${stem}/__init__.py`);
          }
          for (const n of names) {
            const sub = [stem, n].filter(Boolean).join('/');
            add(`${sub}.py`);
            add(`${sub}/__init__.py`);
          }
        }
      }
    }
  }
  return { files, dirs };
}
