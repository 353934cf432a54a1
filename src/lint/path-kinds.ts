import path from 'node:path';
import picomatch from 'picomatch';
import type { Skill } from '../model/skill.js';
import type { ResolvedConfig } from '../config/config.js';
import { skillcBlock } from '../model/skillc-block.js';

/**
 * Kinds decided by folder, for trees whose checker reads the kind from where a
 * skill lives (orchflows: `skills/kernel/<name>`, `packs/<name>`) and forbids a
 * frontmatter key for it. A kind's `paths` are globs of skill folders relative
 * to the config file; the first kind (in config order) whose globs match wins.
 * A `skillc: { kind }` in the skill's own frontmatter wins over its folder.
 */
const compiled = new WeakMap<ResolvedConfig, [string, (p: string) => boolean][]>();

function matchers(config: ResolvedConfig): [string, (p: string) => boolean][] {
  let list = compiled.get(config);
  if (!list) {
    list = Object.entries(config.kinds ?? {})
      .filter(([, k]) => Array.isArray(k.paths) && k.paths.length > 0)
      .map(([name, k]) => [name, picomatch(k.paths!, { dot: true })]);
    compiled.set(config, list);
  }
  return list;
}

/** The kind a skill's folder gives it, or undefined. */
export function pathKind(dir: string, config: ResolvedConfig): string | undefined {
  const list = matchers(config);
  if (!list.length) return undefined;
  const rel = path.relative(config.root, dir).split(path.sep).join('/');
  return list.find(([, match]) => match(rel))?.[0];
}

/** The skill as rules see it: with `skillc.kind` from its folder when it declares none. */
export function withPathKind(skill: Skill, config: ResolvedConfig): Skill {
  if (skillcBlock(skill).kind) return skill;
  const kind = pathKind(skill.dir, config);
  return kind ? { ...skill, skillc: { ...skill.skillc, kind } } : skill;
}
