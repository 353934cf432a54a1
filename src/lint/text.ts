// `lintText`: one SKILL.md given as text, with virtual sibling files, through the lint core (ESLint's lintText).
import os from 'node:os';
import path from 'node:path';
import type { Skill } from '../model/skill.js';
import type { ResolvedConfig, SkillcConfig } from '../config/config.js';
import { bundledFromEntries, bundleReader, type ByteSource, listBundle } from '../parse/bundle.js';
import { outlineOfFile, parseSkillBytes } from '../parse/skill.js';
import type { AnyRule } from '../rules/rule.js';
import { lintSkills, type ReportOptions, type RunSwitches } from './core.js';
import { createLinter, loadLintConfig } from './pipeline/configure.js';
import type { LintResult } from './result.js';
import { parsedSkills } from './sources.js';

export interface LintTextOptions extends ReportOptions, RunSwitches {
  /** The folder the config is looked up from and paths are relative to; default the working folder. */
  cwd?: string;
  /** Where the SKILL.md would be, relative to `cwd` (its folder is the skill folder); default `SKILL.md`. */
  filePath?: string;
  /** The skill's other files, by path relative to its folder (`references/guide.md`), as text: what rules read instead of the disk. */
  files?: Readonly<Record<string, string>>;
  /**
   * Without `files`: read the skill's other files from the disk, as they are in the folder of
   * `filePath` (an editor's unsaved SKILL.md, `skillc lint --stdin`), so links to them resolve.
   * Never for a folder that is the file system's root or the home folder (its "bundle" would be
   * everything there). Default false: nothing of the disk is read.
   */
  diskFiles?: boolean;
  configFile?: string;
  /** Inline config merged over the file's. */
  config?: SkillcConfig;
  /** A config already resolved (skips `configFile` and `config`). */
  resolved?: ResolvedConfig;
  /** Hosts to lint for, overriding the config's. */
  hosts?: string[];
  /** Extra rules beside the built-in ones. */
  rules?: AnyRule[];
}

/** The virtual files as bytes a bundle reader serves: nothing of the disk is read. */
function memoryTree(dir: string, files: Readonly<Record<string, string>>): { source: ByteSource; bytes: Map<string, Buffer> } {
  const bytes = new Map<string, Buffer>();
  for (const [rel, text] of Object.entries(files)) bytes.set(path.join(dir, ...rel.split('/')), Buffer.from(text, 'utf8'));
  const folders = new Set<string>();
  for (const abs of bytes.keys()) for (let d = path.dirname(abs); d.length > dir.length; d = path.dirname(d)) folders.add(d);
  return {
    bytes,
    source: {
      read: (absPath, maxBytes) => {
        const b = bytes.get(absPath);
        return b && b.length <= maxBytes ? b : undefined;
      },
      exists: (absPath) => absPath === dir || bytes.has(absPath) || folders.has(absPath),
    },
  };
}

/**
 * Lints one SKILL.md given as text (an editor buffer, a generated file, a test), with the
 * config found from `cwd`, as `skillc lint` would lint that file at `filePath` if its folder held
 * exactly `files` (or, with `diskFiles`, what the folder holds on disk). Unless `diskFiles`,
 * nothing is read from the skill folder on disk; nothing is written.
 *
 *   const result = await lintText('---\nname: demo\ndescription: Use when ...\n---\n', { filePath: 'skills-src/demo/SKILL.md' });
 */
export async function lintText(text: string, options: LintTextOptions = {}): Promise<LintResult> {
  const cwd = path.resolve(options.cwd ?? process.cwd());
  const config = options.resolved ?? loadLintConfig(cwd, options);
  const linter = await createLinter(config, options);
  const dir = path.dirname(path.resolve(cwd, options.filePath ?? 'SKILL.md'));
  const bytes = Buffer.from(text, 'utf8');
  let skill: Skill;
  if (options.diskFiles && !options.files && dir !== path.parse(dir).root && dir !== os.homedir()) {
    skill = parseSkillBytes(dir, bytes, listBundle(dir), bundleReader(dir, outlineOfFile));
  } else {
    const files = options.files ?? {};
    const tree = memoryTree(dir, files);
    const entries = Object.keys(files).map((relPath) => ({ relPath, kind: 'file' as const, size: tree.bytes.get(path.join(dir, ...relPath.split('/')))!.length, executable: false }));
    skill = parseSkillBytes(dir, bytes, bundledFromEntries(dir, entries), bundleReader(dir, outlineOfFile, tree.source));
  }
  const core: Parameters<typeof lintSkills>[2] = { cwd };
  if (options.suppressions !== undefined) core.suppressions = options.suppressions;
  if (options.quiet) core.quiet = true;
  if (options.maxBytes !== undefined) core.maxBytes = options.maxBytes;
  return lintSkills(linter, parsedSkills([skill]), core);
}
