import type { BundledFile } from './skill.js';

/** Folders of a source skill that never reach a host (rehearsal cases). */
export const NEVER_EMITTED = ['fixtures/'];

/**
 * A Markdown file the skill ships besides SKILL.md (a companion, a reference): the build
 * applies host blocks and includes to it as it does to SKILL.md, so lint checks its markers too.
 */
export function isBundledMarkdown(b: BundledFile): boolean {
  return b.kind === 'file' && /\.md$/i.test(b.relPath) && !NEVER_EMITTED.some((p) => b.relPath.startsWith(p));
}
