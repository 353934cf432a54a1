import type { BundledFile, Skill } from '../../model/skill.js';

/** A skill's bundled entries by path and by lower-cased path, built once per skill: lookups, never a walk of the bundle. */
export interface BundleIndex {
  /** Every bundled entry (files, folders, symlinks) by skill-relative path. */
  entries: ReadonlyMap<string, BundledFile>;
  /** Lower-cased path -> bundled path, for case-only mismatches. */
  lower: ReadonlyMap<string, string>;
}

const indexes = new WeakMap<Skill, BundleIndex>();

export function bundleIndex(skill: Skill): BundleIndex {
  let index = indexes.get(skill);
  if (index) return index;
  const entries = new Map<string, BundledFile>();
  const lower = new Map<string, string>();
  for (const b of skill.bundled) {
    entries.set(b.relPath, b);
    if (!lower.has(b.relPath.toLowerCase())) lower.set(b.relPath.toLowerCase(), b.relPath);
  }
  index = { entries, lower };
  indexes.set(skill, index);
  return index;
}
