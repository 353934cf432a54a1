import { spawnSync } from 'node:child_process';
import path from 'node:path';
import type { BundledFile, BundleReader, Skill } from '../model/skill.js';
import { bundledFromEntries, bundleReader, type VirtualEntry } from '../parse/bundle.js';
import { outlineOfFile, parseSkillBytes } from '../parse/skill.js';
import { exclusions, UsageError } from '../config/discover.js';
import type { LintResult } from './result.js';
import { copySwitches, lintSkills, type CoreOptions, type ReportOptions, type RunSwitches } from './core.js';
import type { ResolvedConfig } from '../config/config.js';
import { createLinter, loadLintConfig } from './pipeline/configure.js';
import { skillOfFile } from './models.js';
import { servedSkills, type ServedSkill } from './sources.js';
import { isInside } from '../core/paths.js';

/** One entry of the git index (`git ls-files -s`). */
export interface IndexEntry {
  mode: string;
  sha: string;
  /** Path relative to the repository root, with `/`. */
  path: string;
}

function git(args: string[], cwd: string, input?: Buffer): Buffer {
  const r = spawnSync('git', args, { cwd, input, maxBuffer: 1 << 30 });
  if (r.error) throw new UsageError(`--staged needs git: ${r.error.message}`);
  if (r.status !== 0) throw new UsageError(`git ${args[0]} failed: ${r.stderr.toString().trim() || `exit ${r.status}`}`);
  return r.stdout;
}

/** What the index holds: every entry, and reads of blob contents (batched through one git process). */
export class GitIndex {
  readonly root: string;
  readonly entries = new Map<string, IndexEntry>();
  private readonly blobs = new Map<string, Buffer>();

  constructor(cwd: string) {
    this.root = path.resolve(git(['rev-parse', '--show-toplevel'], cwd).toString().trim());
    // -z: paths unquoted, NUL-terminated. Unmerged paths have stages 1-3; stage 0 (or the last seen) wins.
    for (const rec of git(['ls-files', '-s', '-z'], this.root).toString('utf8').split('\0')) {
      const m = /^(\d{6}) ([0-9a-f]{40,64}) (\d)\t(.*)$/s.exec(rec);
      if (!m) continue;
      if (m[3] !== '0' && this.entries.has(m[4]!)) continue;
      this.entries.set(m[4]!, { mode: m[1]!, sha: m[2]!, path: m[4]! });
    }
  }

  /** Paths staged for the next commit (added, copied, modified, renamed or deleted), relative to the root. */
  stagedPaths(): string[] {
    return git(['diff', '--cached', '--name-only', '-z', '--diff-filter=ACMRD', '--no-renames'], this.root)
      .toString('utf8')
      .split('\0')
      .filter(Boolean);
  }

  rel(abs: string): string {
    return path.relative(this.root, abs).split(path.sep).join('/');
  }

  /** Reads many blobs at once with `git cat-file --batch`. */
  preload(shas: string[]): void {
    const wanted = [...new Set(shas)].filter((s) => !this.blobs.has(s));
    if (!wanted.length) return;
    const out = git(['cat-file', '--batch'], this.root, Buffer.from(`${wanted.join('\n')}\n`));
    let at = 0;
    while (at < out.length) {
      const nl = out.indexOf(10, at);
      const header = out.subarray(at, nl).toString();
      const [sha, type, size] = header.split(' ');
      at = nl + 1;
      if (type === 'missing' || size === undefined) continue;
      const n = Number(size);
      this.blobs.set(sha!, out.subarray(at, at + n));
      at += n + 1;
    }
  }

  /** The staged content of a path (relative to the root), or undefined when it is not in the index. */
  read(rel: string): Buffer | undefined {
    const e = this.entries.get(rel);
    if (!e || e.mode === '160000') return undefined;
    if (!this.blobs.has(e.sha)) this.preload([e.sha]);
    return this.blobs.get(e.sha);
  }

  /** True when the path is a file in the index or a folder holding one. */
  has(rel: string): boolean {
    if (rel === '' || this.entries.has(rel)) return true;
    const prefix = `${rel}/`;
    for (const p of this.entries.keys()) if (p.startsWith(prefix)) return true;
    return false;
  }
}

/** The files of a skill folder as the index holds them (SKILL.md excluded), folders included. */
function bundledFromIndex(index: GitIndex, dir: string): BundledFile[] {
  const prefix = index.rel(dir) ? `${index.rel(dir)}/` : '';
  const entries: VirtualEntry[] = [];
  for (const e of index.entries.values()) {
    if (!e.path.startsWith(prefix)) continue;
    const entry: VirtualEntry = {
      relPath: e.path.slice(prefix.length),
      kind: e.mode === '120000' ? 'symlink' : e.mode === '160000' ? 'other' : 'file',
      size: e.mode === '160000' ? 0 : (index.read(e.path)?.length ?? 0),
      executable: e.mode === '100755',
    };
    if (entry.kind === 'symlink') {
      const target = path.resolve(path.dirname(path.join(dir, entry.relPath)), index.read(e.path)?.toString('utf8') ?? '');
      if (index.has(index.rel(target))) entry.symlinkTarget = target;
      entry.escapes = !isInside(target, dir);
    }
    entries.push(entry);
  }
  return bundledFromEntries(dir, entries);
}

/** A bundle reader over the index: rules see staged text, never the working tree. */
function indexReader(index: GitIndex, dir: string): BundleReader {
  return bundleReader(dir, outlineOfFile, {
    read(absPath, maxBytes) {
      const buf = index.read(index.rel(absPath));
      return buf && buf.length <= maxBytes ? buf : undefined;
    },
    exists: (absPath) => index.has(index.rel(absPath)),
  });
}

/** Parses one skill folder from the index. */
export function skillFromIndex(index: GitIndex, dir: string): Skill {
  const buf = index.read(index.rel(path.join(dir, 'SKILL.md'))) ?? Buffer.alloc(0);
  return parseSkillBytes(dir, buf, bundledFromIndex(index, dir), indexReader(index, dir));
}

/** One skill folder as the index holds it, parsed only when a rule needs more than its summary. */
function servedFromIndex(index: GitIndex, dir: string): ServedSkill {
  let skill: Skill | undefined;
  const parse = (): Skill => (skill ??= skillFromIndex(index, dir));
  return {
    bytes: () => index.read(index.rel(path.join(dir, 'SKILL.md'))),
    skill: parse,
    live: () => (skill ? { bundle: skill.bundle, bundled: () => skill!.bundled, skill: parse } : { bundle: indexReader(index, dir), bundled: () => bundledFromIndex(index, dir), skill: parse }),
  };
}

export interface StagedOptions extends ReportOptions, RunSwitches {
  cwd?: string;
  /** The cache the other skills' summaries are read from and added to (default node_modules/.cache/skillc/). */
  cacheLocation?: string;
  /** An already loaded config (skips the lookup). */
  resolved?: ResolvedConfig;
  configFile?: string;
  hosts?: string[];
  /** Limit to staged files under these paths (relative to cwd). */
  paths?: string[];
}

/**
 * `skillc lint --staged`: lints the skills holding staged changes, as staged
 * (the index, not the working tree), with every skill of the sources in the
 * index for the catalog rules: the others' summaries come from the cache when it
 * holds their staged SKILL.md (found by content), else they are parsed from the
 * index and added to it. A staged shared fragment under the sources re-lints
 * every skill.
 */
export async function lintStaged(options: StagedOptions = {}): Promise<LintResult> {
  const cwd = path.resolve(options.cwd ?? process.cwd());
  const config = options.resolved ?? loadLintConfig(cwd, options.configFile ? { configFile: options.configFile } : {});
  const index = new GitIndex(cwd);
  // The folders `skillc lint` passes over (the output folder, `ignore`, .gitignore'd ones) are passed over here too.
  const excluded = exclusions(config, config.sources);
  const inSources = (abs: string, isDir: boolean): boolean => isInside(abs, config.sources) && !excluded(abs, isDir);
  const skillDirs = new Set<string>();
  const skillMds: string[] = [];
  for (const e of index.entries.values()) {
    if (path.posix.basename(e.path) !== 'SKILL.md' || e.mode === '160000') continue;
    const dir = path.join(index.root, path.posix.dirname(e.path));
    if (!inSources(dir, true) || e.path.split('/').some((p) => p === 'node_modules')) continue;
    skillDirs.add(dir);
    skillMds.push(e.sha);
  }
  // A skill inside another skill's folder is bundled content of the outer one, as discovery sees it.
  for (const d of [...skillDirs]) if ([...skillDirs].some((o) => o !== d && isInside(d, o))) skillDirs.delete(d);
  index.preload(skillMds);
  const scope = (options.paths ?? []).map((p) => path.resolve(cwd, p));
  const report = new Set<string>();
  let everything = false;
  for (const rel of index.stagedPaths()) {
    const abs = path.join(index.root, rel);
    if (scope.length && !scope.some((s) => isInside(abs, s))) continue;
    const dir = skillOfFile(abs, skillDirs);
    if (dir) report.add(dir);
    else if (abs === config.file || inSources(abs, false)) everything = true;
  }
  const linter = await createLinter(config, options);
  const core: CoreOptions = { cwd, summaries: true };
  if (options.cacheLocation) core.cacheLocation = options.cacheLocation;
  if (options.suppressions !== undefined) core.suppressions = options.suppressions;
  if (options.quiet) core.quiet = true;
  copySwitches(options, core);
  return lintSkills(linter, servedSkills([...skillDirs].sort(), (dir) => servedFromIndex(index, dir), everything ? skillDirs : report), core);
}
