// `skillc lint --print-config <file>`: what applies to one file once presets, plugins and overrides are resolved (ESLint's --print-config).
import path from 'node:path';
import { exclusions, skillHolding } from '../config/discover.js';
import { isInside } from '../core/paths.js';
import { scopedSeverity } from './overrides.js';
import type { PreparedLinter } from './pipeline/configure.js';

export interface FileConfig {
  /** The file asked about, and the config file that applies (absent: none found, defaults). */
  file: string;
  configFile?: string;
  /** The skill folder the file belongs to; absent when it is in none. */
  skill?: string;
  /** Whether `skillc lint` lints this file, and why not: in the output folder, ignored, .gitignore'd, in no skill. */
  linted: boolean;
  skipped?: 'output' | 'installed' | 'ignored' | 'gitignored' | 'no-skill';
  sources: string;
  out: string;
  hosts: string[];
  ignore: string[];
  gitignore: boolean;
  /** Every rule known (built-in and plugins), sorted by id: its severity in this file, with its options when it runs. */
  rules: Record<string, 'off' | ['error' | 'warning' | 'info', unknown]>;
}

/** The settings that apply to `file` (absolute): hosts, and each rule's severity there (overrides applied) and options. */
export function fileConfig(linter: PreparedLinter, file: string): FileConfig {
  const config = linter.config;
  const skill = path.basename(file) === 'SKILL.md' ? path.dirname(file) : skillHolding(file, config.root);
  const skipped = exclusions(config, config.sources)(skill ?? file, skill !== undefined) ?? (skill ? undefined : isInside(file, config.sources) ? undefined : 'no-skill');
  const active = new Map(linter.active.map((a) => [a.rule.meta.id, a]));
  const rules: FileConfig['rules'] = {};
  for (const id of [...new Set(linter.rules.map((r) => r.meta.id))].sort()) {
    const a = active.get(id);
    const severity = a ? (a.base === undefined ? a.severity : scopedSeverity(config, id, a.base, file, skill ?? path.dirname(file))) : 'off';
    rules[id] = severity === 'off' || !a ? 'off' : [severity, a.options];
  }
  // Keys in reading order: the file, where its settings come from, whether it is linted, then the settings.
  return {
    file,
    ...(config.file ? { configFile: config.file } : {}),
    ...(skill ? { skill } : {}),
    linted: skipped === undefined,
    ...(skipped ? { skipped } : {}),
    sources: config.sources,
    out: config.out,
    hosts: linter.hosts.map((h) => h.id),
    ignore: config.ignore,
    gitignore: config.gitignore,
    rules,
  };
}
