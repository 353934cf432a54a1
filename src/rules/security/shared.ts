import type { CodeFence, Skill } from '../../model/skill.js';
import type { TextFile } from '../../model/text.js';
import { includedFragments } from '../../parse/fragments.js';

/** A text the security rules scan: the SKILL.md or one bundled text file. */
export interface ScanTarget {
  file: TextFile;
  /** The absolute path to report against; undefined for the SKILL.md (the report default). */
  reportPath: string | undefined;
  /** True for the SKILL.md. */
  main: boolean;
  /** Path relative to the skill folder, with `/` (`SKILL.md` for the main file). */
  relPath: string;
  /**
   * The fenced code blocks when the file is Markdown (the SKILL.md or a bundled `.md`); empty otherwise.
   * A bundled file is parsed on the first read of this, so rules that never look at fences cost no parse.
   */
  readonly fences: readonly CodeFence[];
}

const MARKDOWN = /\.(?:md|markdown|mdx)$/i;

/**
 * The SKILL.md, every bundled regular file the parse stage can read as text
 * (binary and oversized files come back undefined and are skipped), and, given the
 * sources root, every fragment the skill includes from outside its folder: the build
 * puts that text in the skill, so a host reads it as the skill's own. Symlinks are
 * left to the links rules: their targets may lie outside the skill.
 */
export function* scanTargets(skill: Skill, sources?: string): Generator<ScanTarget> {
  if (skill.file.text.length) yield { file: skill.file, reportPath: undefined, main: true, relPath: 'SKILL.md', fences: skill.codeFences };
  for (const entry of skill.bundled) {
    if (entry.kind !== 'file') continue;
    const file = skill.bundle.text(entry.relPath);
    if (!file || !file.text.length) continue;
    const relPath = entry.relPath;
    let fences: readonly CodeFence[] | undefined;
    yield {
      file,
      reportPath: entry.path,
      main: false,
      relPath,
      get fences() {
        return (fences ??= MARKDOWN.test(relPath) ? (skill.bundle.codeFences(relPath) ?? []) : []);
      },
    };
  }
  if (sources === undefined) return;
  for (const f of includedFragments(skill, sources)) {
    if (f.inSkill || !f.file.text.length) continue; // a bundled file, scanned above
    yield { file: f.file, reportPath: f.path, main: false, relPath: f.rel, fences: f.codeFences };
  }
}

/**
 * Info strings that mark a fence as prose a model reads as text, not as code:
 * none at all, plain text, Markdown, a prompt or a transcript.
 */
const PROSE_LANGS = new Set(['', 'text', 'txt', 'plain', 'plaintext', 'markdown', 'md', 'mdx', 'prompt', 'prompts', 'chat', 'transcript', 'email', 'quote', 'none', 'output', 'log']);

/** True when a fence is tagged with a programming or data language (```go, ```json, ```yaml...). */
export function isCodeFence(fence: CodeFence): boolean {
  const lang = (fence.lang ?? '').trim().toLowerCase();
  // `!` fences are dynamic commands, which their own rules cover; they are code too.
  return !PROSE_LANGS.has(lang);
}

/** Offsets [start, end) of the code-language fences of a target, sorted by start. */
export function codeFenceSpans(target: ScanTarget): [number, number][] {
  return target.fences
    .filter(isCodeFence)
    .map((f): [number, number] => [f.range.start.offset ?? 0, f.range.end.offset ?? 0])
    .sort((a, b) => a[0] - b[0]);
}

/** Source files by extension: a bundled program or data file is code, never instructions to the model. */
const CODE_FILE = /\.(?:py|pyi|go|rs|js|mjs|cjs|ts|mts|cts|jsx|tsx|java|kt|kts|scala|swift|c|h|cc|cpp|hpp|cs|rb|php|pl|pm|lua|r|jl|dart|ex|exs|erl|hs|ml|clj|sh|bash|zsh|fish|ps1|psm1|bat|cmd|json|jsonc|json5|yaml|yml|toml|ini|cfg|xml|sql|graphql|gql|proto|tf|hcl|nix|gradle|mk|cmake)$/i;

export function isCodeFile(relPath: string): boolean {
  return CODE_FILE.test(relPath) || /(?:^|\/)(?:Dockerfile|Makefile|Justfile)$/.test(relPath);
}

/** Shannon entropy in bits per character: encoded data and keys are near 6 (base64) or 4 (hex); prose and padding are lower. */
export function entropy(s: string): number {
  const counts = new Map<string, number>();
  for (const c of s) counts.set(c, (counts.get(c) ?? 0) + 1);
  let h = 0;
  for (const n of counts.values()) {
    const p = n / s.length;
    h -= p * Math.log2(p);
  }
  return h;
}
