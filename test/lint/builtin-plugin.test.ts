import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Diagnostic } from '../../src/model/diagnostic.js';
import { BUILT_IN_HOSTS } from '../../src/hosts/index.js';
import { resolveConfig } from '../../src/config/config.js';
import { checkCatalog, liveSummary, resolveRules } from '../../src/lint/engine.js';
import { lintSkill, type Linter } from '../../src/lint/lint-skill.js';
import { readTracked } from '../../src/lint/pipeline/read.js';
import { loadPlugins, wrapRule } from '../../src/lint/plugins.js';
import { BUILTIN_PLUGIN, BUILTIN_RULES } from '../../src/rules/index.js';
import type { AnyRule } from '../../src/rules/rule.js';

const repo = path.resolve(import.meta.dirname, '../..');
const corpus = path.join(repo, 'test', 'fixtures', 'corpus');

describe('the built-in rules are a plugin', () => {
  it('is prefix-less and registered by loadPlugins, first, as every plugin is', async () => {
    expect(BUILTIN_PLUGIN.prefix).toBe('');
    const loaded = await loadPlugins([], repo, path.join(repo, 'skillc.config.json'));
    expect(loaded.diagnostics).toEqual([]);
    expect(loaded.plugins).toEqual([]);
    expect(loaded.rules.map((r) => r.meta.id)).toEqual(BUILTIN_RULES.map((r) => r.meta.id));
    // Registered unwrapped (the read-only view costs a quarter of a lint run): the very rule objects.
    expect(loaded.rules.every((r, i) => r === BUILTIN_RULES[i])).toBe(true);
  });

  it('puts a loaded plugin after the built-in rules', async () => {
    const loaded = await loadPlugins(['./good.mjs'], path.join(repo, 'test', 'fixtures', 'plugins'), 'skillc.config.json');
    expect(loaded.diagnostics).toEqual([]);
    expect(loaded.rules.slice(0, BUILTIN_RULES.length)).toEqual([...BUILTIN_RULES]);
    expect(loaded.rules.length).toBeGreaterThan(BUILTIN_RULES.length);
    expect(loaded.rules.slice(BUILTIN_RULES.length).every((r) => r.meta.id.startsWith(`${loaded.plugins[0]!.prefix}/`))).toBe(true);
  });
});

/** Every skill folder under `dir` (a SKILL.md in it). */
function skillDirs(dir: string): string[] {
  return fs
    .readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((f) => path.basename(f) === 'SKILL.md')
    .map((f) => path.join(dir, path.dirname(f)))
    .sort();
}

/** Lints every skill of a tree with `rules` (all on, every host), as lint() does: skill rules, then catalog rules over summaries. */
function lintTree(dir: string, rules: readonly AnyRule[]): { diagnostics: Diagnostic[]; internalErrors: number } {
  const config = resolveConfig({ hosts: Object.keys(BUILT_IN_HOSTS), extends: 'skillc:strict' }, dir, undefined, BUILTIN_RULES);
  const active = resolveRules(config, rules);
  const linter: Linter = { config, hosts: Object.values(BUILT_IN_HOSTS), active };
  const out = { diagnostics: [] as Diagnostic[], internalErrors: 0 };
  const summaries = [];
  for (const d of skillDirs(dir)) {
    const outcome = lintSkill(readTracked(d, false).skill, linter);
    out.diagnostics.push(...outcome.diagnostics);
    out.internalErrors += outcome.internalErrors;
    summaries.push(liveSummary(outcome.stored));
  }
  checkCatalog({ skills: summaries }, active, linter.hosts, config, out);
  return out;
}

describe('no built-in rule changes the model', () => {
  // The engine runs built-in rules without the read-only view plugin rules get; this is what
  // allows it: each built-in rule, wrapped as a plugin rule is, reports the same on real skills.
  for (const tree of ['tflow', 'supermodo']) {
    it(`read-only, the built-in rules report the same on the ${tree} corpus`, () => {
      const dir = path.join(corpus, tree);
      const plain = lintTree(dir, BUILTIN_RULES);
      const readOnly = lintTree(dir, BUILTIN_RULES.map((r) => wrapRule(r)));
      expect(readOnly.internalErrors, readOnly.diagnostics.filter((d) => /crashed|read-only/.test(d.message)).map((d) => `${d.ruleId}: ${d.message}`).join('\n')).toBe(0);
      expect(plain.internalErrors).toBe(0);
      expect(plain.diagnostics.length).toBeGreaterThan(0);
      expect(readOnly.diagnostics).toEqual(plain.diagnostics);
    });
  }
});
