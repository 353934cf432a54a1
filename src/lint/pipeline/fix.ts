// Lint stage, fix (`--fix`, `--fix-dry-run`): a skill's fixable problems applied, re-checking between passes.
import type { TextEdit } from '../../model/diagnostic.js';
import type { Skill } from '../../model/skill.js';
import { parseSkill } from '../../parse/skill.js';
import { applyEdits } from '../fix.js';
import { checkSkill, type Collector } from './check.js';
import type { Linter } from '../lint-skill.js';

const MAX_FIX_PASSES = 10;

/**
 * Applies the fixable diagnostics of one skill: the SKILL.md's, re-parsing
 * between passes, then those of its bundled regular files (a script's line
 * ends), found in the last pass, one round each. Writes nothing: `bundled`
 * holds the fixed text of each bundled file that changed.
 */
export function fixSkill(skill: Skill, linter: Linter): { skill: Skill; bundled: Map<string, string> } {
  const { active, hosts, config } = linter;
  let current = skill;
  let last: Collector = { diagnostics: [], internalErrors: 0 };
  for (let pass = 0; pass < MAX_FIX_PASSES; pass++) {
    last = { diagnostics: [], internalErrors: 0 };
    checkSkill(current, active, hosts, config, last);
    const edits: TextEdit[] = last.diagnostics.filter((d) => d.fix && d.fix.file === current.file.path).flatMap((d) => d.fix!.edits);
    if (edits.length === 0) break;
    const { text, applied } = applyEdits(current.file.text, edits);
    if (applied === 0 || text === current.file.text) break;
    current = parseSkill({ dir: current.dir, text, bundled: current.bundled, bundle: current.bundle });
    last = { diagnostics: [], internalErrors: 0 };
  }
  const byFile = new Map<string, TextEdit[]>();
  for (const d of last.diagnostics) {
    if (!d.fix || d.fix.file === current.file.path) continue;
    byFile.set(d.fix.file, [...(byFile.get(d.fix.file) ?? []), ...d.fix.edits]);
  }
  const bundled = new Map<string, string>();
  for (const [file, edits] of byFile) {
    const entry = current.bundled.find((b) => b.path === file && b.kind === 'file');
    const before = entry && current.bundle.text(entry.relPath);
    if (!before) continue;
    const { text, applied } = applyEdits(before.text, edits);
    if (applied && text !== before.text) bundled.set(file, text);
  }
  return { skill: current, bundled };
}
