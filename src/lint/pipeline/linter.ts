// What rules run with: the types the check stage and the configure stage share, below both.
import type { Severity } from '../../model/diagnostic.js';
import type { HostProfile } from '../../hosts/index.js';
import type { ResolvedConfig } from '../../config/config.js';
import type { AnyRule } from '../../rules/rule.js';

export interface ActiveRule {
  rule: AnyRule;
  severity: Severity;
  options: unknown;
  /** Set when `overrides` name the rule: its `rules` severity, which override blocks change per file. */
  base?: Severity | 'off';
}

/**
 * What skill rules run with: the resolved config, the hosts linted for, and the active
 * rules with their severities and options (`createLinter`, or `resolveRules` for a
 * chosen set).
 */
export interface Linter {
  config: ResolvedConfig;
  hosts: readonly HostProfile[];
  active: readonly ActiveRule[];
}
