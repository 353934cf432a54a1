import type { Skill } from '../../model/skill.js';
import type { TextFile } from '../../model/text.js';

/** A text the security rules scan: the SKILL.md or one bundled text file. */
export interface ScanTarget {
  file: TextFile;
  /** The absolute path to report against; undefined for the SKILL.md (the report default). */
  reportPath: string | undefined;
  /** True for the SKILL.md. */
  main: boolean;
}

/**
 * The SKILL.md and every bundled regular file the parse stage can read as text
 * (binary and oversized files come back undefined and are skipped). Symlinks are
 * left to the links rules: their targets may lie outside the skill.
 */
export function* scanTargets(skill: Skill): Generator<ScanTarget> {
  if (skill.file.text.length) yield { file: skill.file, reportPath: undefined, main: true };
  for (const entry of skill.bundled) {
    if (entry.kind !== 'file') continue;
    const file = skill.bundle.text(entry.relPath);
    if (file && file.text.length) yield { file, reportPath: entry.path, main: false };
  }
}
