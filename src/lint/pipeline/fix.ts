// Lint stage, fix (`--fix`, `--fix-dry-run`): a skill's fixable problems applied, re-checking between passes.
import type { TextEdit } from '../../model/diagnostic.js';
import type { Skill } from '../../model/skill.js';
import { parseSkill } from '../../parse/skill.js';
import { applyEdits } from '../fix.js';
import { checkSkill, type Collector, type Linter } from './check.js';

const MAX_FIX_PASSES = 10;

/**
 * Applies the fixable diagnostics of one skill: the SKILL.md's, re-parsing
 * between passes, then those of its bundled regular files (a script's line
 * ends), found in the last pass, one round each. Writes nothing: `bundled`
 * holds the fixed text of each bundled file that changed. `checked` is the
 * last pass's result when it checked the returned skill as it is (ESLint's
 * verifyAndFix keeps it too), so the caller need not run the rules again.
 */
export function fixSkill(skill: Skill, linter: Linter): { skill: Skill; bundled: Map<string, string>; checked?: Collector } {
  const { active, hosts, config } = linter;
  let current = skill;
  let last: Collector = { diagnostics: [], internalErrors: 0 };
  // Set when `last` is the check of `current`: not after a pass that changed the text.
  let checked = false;
  for (let pass = 0; pass < MAX_FIX_PASSES; pass++) {
    last = { diagnostics: [], internalErrors: 0 };
    checkSkill(current, active, hosts, config, last);
    checked = true;
    const edits: TextEdit[] = last.diagnostics.filter((d) => d.fix && d.fix.file === current.file.path).flatMap((d) => d.fix!.edits);
    if (edits.length === 0) break;
    const { text, applied } = applyEdits(current.file.text, edits);
    if (applied === 0 || text === current.file.text) break;
    current = parseSkill({ dir: current.dir, text, bundled: current.bundled, bundle: current.bundle });
    last = { diagnostics: [], internalErrors: 0 };
    checked = false;
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
  return checked ? { skill: current, bundled, checked: last } : { skill: current, bundled };
}
