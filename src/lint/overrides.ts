import path from 'node:path';
import picomatch from 'picomatch';
import { SEVERITY_RANK, type Severity } from '../model/diagnostic.js';
import { normalizeSeverity, type ResolvedConfig, type SeveritySetting } from '../config/config.js';

/**
 * Per-file rule scope, as ESLint's flat config `files` / `ignores`: an override
 * block applies to a file its `files` match (every file when absent) and its
 * `ignores` do not, and sets the severity of its rules there. Blocks apply in
 * order, later ones winning. Patterns are tried against the file's path relative
 * to its skill folder (`scripts/fixtures/**`, as rules' own `files` options) and
 * relative to the config file's folder (`skills/legacy/**`).
 */
interface CompiledBlock {
  files?: (p: string) => boolean;
  ignores?: (p: string) => boolean;
  rules: Map<string, Severity | 'off'>;
}

const compiled = new WeakMap<ResolvedConfig, CompiledBlock[]>();

const settingSeverity = (s: SeveritySetting | [SeveritySetting]): Severity | 'off' => normalizeSeverity(Array.isArray(s) ? s[0] : s);

function blocks(config: ResolvedConfig): CompiledBlock[] {
  let list = compiled.get(config);
  if (!list) {
    list = (config.overrides ?? []).map((b) => {
      const block: CompiledBlock = { rules: new Map(Object.entries(b.rules).map(([id, s]) => [id, settingSeverity(s)])) };
      if (b.files?.length) block.files = picomatch(b.files, { dot: true });
      if (b.ignores?.length) block.ignores = picomatch(b.ignores, { dot: true });
      return block;
    });
    compiled.set(config, list);
  }
  return list;
}

/** The most severe setting any override block gives a rule, for rules the base config leaves off. */
export function overrideSeverity(config: ResolvedConfig, ruleId: string): Severity | undefined {
  let best: Severity | undefined;
  for (const b of blocks(config)) {
    const s = b.rules.get(ruleId);
    if (s && s !== 'off' && (!best || SEVERITY_RANK[s] > SEVERITY_RANK[best])) best = s;
  }
  return best;
}

/** Whether any override block names this rule (so its diagnostics need a per-file look). */
export function hasOverrides(config: ResolvedConfig, ruleId: string): boolean {
  return blocks(config).some((b) => b.rules.has(ruleId));
}

const slash = (p: string): string => p.split(path.sep).join('/');

/**
 * The severity a rule has in one file: `base` (its `rules` setting) changed by
 * each override block that applies there. `skillDir` is the folder of the skill
 * the diagnostic belongs to.
 */
export function scopedSeverity(config: ResolvedConfig, ruleId: string, base: Severity | 'off', file: string, skillDir: string): Severity | 'off' {
  const candidates = [slash(path.relative(skillDir, file)), slash(path.relative(config.root, file))];
  const matches = (m: (p: string) => boolean): boolean => candidates.some((c) => m(c));
  let severity = base;
  for (const b of blocks(config)) {
    const s = b.rules.get(ruleId);
    if (s === undefined) continue;
    if (b.files && !matches(b.files)) continue;
    if (b.ignores && matches(b.ignores)) continue;
    severity = s;
  }
  return severity;
}
