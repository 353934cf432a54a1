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

/** True for a package manifest or lock file: it configures the code of its folder and is never read on its own. */
export function isManifest(rel: string): boolean {
  return MANIFESTS.has(path.posix.basename(rel));
}

/**
 * Per skill index: bundled Python files by every tail of their path (`core/gif_builder.py` for
 * `scripts/core/gif_builder.py`), so a module path names the file wherever the importing code
 * puts it on `sys.path`. Built once; the keys add up to the length of the paths.
 */
const tailsOf = new WeakMap<SkillIndex, Map<string, string[]>>();
function pythonTails(index: SkillIndex): Map<string, string[]> {
  let tails = tailsOf.get(index);
  if (tails) return tails;
  tails = new Map();
  for (const rel of index.files.keys()) {
    if (!/\.py$/i.test(rel)) continue;
    const parts = rel.split('/');
    for (let k = 0; k < parts.length; k++) {
      const key = parts.slice(k).join('/');
      const list = tails.get(key);
      if (list) list.push(rel);
      else tails.set(key, [rel]);
    }
  }
  tailsOf.set(index, tails);
  return tails;
}

/**
 * The bundled files a Python module path names (`from core.gif_builder import X`, `import a.b`):
 * `core/gif_builder.py` or the package `core/gif_builder/__init__.py`, and `core/gif_builder/X.py`
 * for an imported submodule, looked up from `roots` (relative imports) or, for an absolute import,
 * anywhere a bundled file's path ends so.
 */
function pythonImportTargets(text: string, dir: string, index: SkillIndex, add: (rel: string) => void): void {
  const tails = pythonTails(index);
  if (!tails.size) return;
  for (const { dots, module, names } of pythonModules(text)) {
    let base = dir;
    for (let k = 1; k < dots; k++) base = path.posix.dirname(base) === '.' ? '' : path.posix.dirname(base);
    const mod = module.replace(/\./g, '/');
    const stems = [mod, ...names.map((n) => [mod, n].filter(Boolean).join('/'))].filter(Boolean);
    for (const stem of stems) {
      for (const file of [`${stem}.py`, `${stem}/__init__.py`]) {
        if (dots) add([base, file].filter(Boolean).join('/'));
        else for (const rel of tails.get(file) ?? []) add(rel);
      }
    }
  }
}

/**
 * The bundled paths a name in a text may stand for beyond itself: an import specifier without its
 * extension (`./lib/auth` -> `lib/auth.ts`, `lib/auth/index.js`) or with the emitted `.js` of a
 * `.ts` file.
 */
export function specifierTargets(index: SkillIndex, candidate: string): string[] {
  const out: string[] = [];
  if (!index.files.has(candidate) && suffixStems(index).has(candidate)) for (const s of RESOLVE_SUFFIXES) out.push(candidate + s);
  // TypeScript imports name the emitted `.js`; the file on disk is `.ts`.
  if (/\.[mc]?js$/.test(candidate)) out.push(candidate.replace(/\.([mc]?)js$/, '.$1ts'));
  return out;
}

/**
 * What a text of the skill names in code besides paths: the Python modules it imports (from its
 * folder `dir`, or anywhere for an absolute import). For SKILL.md and references, whose code
 * blocks import the bundled modules as scripts do.
 */
export function importedModules(text: string, dir: string, index: SkillIndex, add: (rel: string) => void): void {
  if (/^[ \t]*(?:from|import)[ \t]/m.test(text)) pythonImportTargets(text, dir, index, add);
}

/**
 * What one bundled script names directly: what it imports (Python, JS/TS), sources (`source`/`.`),
 * runs or reads by a path in a string (from its folder, from the skill root, or after
 * `$(dirname "$0")/`, `__dirname`, `$SCRIPT_DIR/`), and the package manifests of its folder and
 * the folders above it. Folders it names go to `addDir`.
 */
export function scriptReferences(skill: Skill, index: SkillIndex, rel: string, add: (rel: string) => void): void {
  const dir = path.posix.dirname(rel) === '.' ? '' : path.posix.dirname(rel);
  // The manifests of the script's folder and of the folders above it, up to the skill root.
  for (let d = dir; ; d = path.posix.dirname(d) === '.' ? '' : path.posix.dirname(d)) {
    for (const name of MANIFESTS) add(d ? `${d}/${name}` : name);
    if (!d) break;
  }
  const text = skill.bundle.text(rel)?.text;
  if (!text) return;
  scanPaths(text, 0, new Set(), (p) => {
    for (const c of candidates(p, dir, index.depth, index.work)) {
      add(c);
      for (const t of specifierTargets(index, c)) add(t);
    }
  });
  if (/\.py$/i.test(rel)) {
    // Relative to the script's folder first, as Python puts it on sys.path; then anywhere.
    for (const { dots, module, names } of pythonModules(text)) {
      if (dots) continue;
      const mod = module.replace(/\./g, '/');
      for (const r of [dir, '']) {
        const stem = [r, mod].filter(Boolean).join('/');
        for (const n of ['', ...names]) {
          const sub = [stem, n].filter(Boolean).join('/');
          if (!sub) continue;
          add(`${sub}.py`);
          add(`${sub}/__init__.py`);
        }
      }
    }
    pythonImportTargets(text, dir, index, add);
  }
}

/** The bundled files and folders reached from the given scripts, followed from script to script; each script is read once. */
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
  for (let i = 0; i < queue.length; i++) scriptReferences(skill, index, queue[i]!, add);
  return { files, dirs };
}
