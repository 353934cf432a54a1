import { bodyRules } from './body/index.js';
import { fileRules } from './file/index.js';
import { frontmatterRules } from './frontmatter/index.js';
import { linksRules } from './links/index.js';
import { definePlugin, type AnyRule } from './rule.js';
import { scriptsRules } from './scripts/index.js';
import { securityRules } from './security/index.js';
import { skillsRules } from './skills/index.js';
import { sourceRules } from './source/index.js';

/** Every built-in rule. A rule is one module; its group's index lists it. */
export const BUILTIN_RULES: readonly AnyRule[] = [
  ...fileRules,
  ...frontmatterRules,
  ...bodyRules,
  ...linksRules,
  ...skillsRules,
  ...sourceRules,
  ...securityRules,
  ...scriptsRules,
];

/**
 * The built-in rules as a plugin, prefix-less (each id names its own group). The engine registers
 * it first, through the same step as every plugin a config names (`loadPlugins`), as ESLint adds
 * its own rules as a plugin of its default config.
 */
export const BUILTIN_PLUGIN = definePlugin({ prefix: '', rules: [...BUILTIN_RULES] });

// The presets (config/) list these rules; config/ cannot import them, so they are handed in.

export function findRule(id: string): AnyRule | undefined {
  return BUILTIN_RULES.find((r) => r.meta.id === id);
}
