import fs from 'node:fs';
import path from 'node:path';
import { applyBaseline, BASELINE_FILE, pruneSuppressions, readBaseline, suppressAll } from '../lint/baseline.js';
import { UsageError } from '../config/discover.js';
import type { LintOptions, LintResult } from '../lint/engine.js';
import type { Io } from './io.js';

/** The lint flags of the pre-commit, staged and bulk-suppression modes. */
export const LINT_MODE_OPTIONS = {
  staged: { type: 'boolean' },
  changed: { type: 'boolean' },
  'suppress-all': { type: 'boolean' },
  'prune-suppressions': { type: 'boolean' },
  'suppressions-location': { type: 'string' },
} as const;

interface ModeValues {
  staged?: boolean;
  changed?: boolean;
  fix?: boolean;
  'fix-dry-run'?: boolean;
  'suppress-all'?: boolean;
  'prune-suppressions'?: boolean;
  'suppressions-location'?: string;
}

/** `--staged` or `--changed`: the result of that mode; undefined for a plain lint. */
export async function lintInMode(values: ModeValues, options: LintOptions): Promise<LintResult | undefined> {
  if (!values.staged && !values.changed) return undefined;
  if (values.staged && values.changed) throw new UsageError('--staged and --changed cannot be used together');
  if (values.fix || values['fix-dry-run']) throw new UsageError(`--fix cannot be used with --${values.staged ? 'staged' : 'changed'}; run \`skillc lint --fix\` on the skills`);
  const common: { cwd?: string; configFile?: string; hosts?: string[]; inlineConfig?: boolean; plugins?: boolean } = {};
  if (options.inlineConfig === false) common.inlineConfig = false;
  if (options.plugins === false) common.plugins = false;
  if (options.cwd) common.cwd = options.cwd;
  if (options.configFile) common.configFile = options.configFile;
  if (options.hosts) common.hosts = options.hosts;
  if (values.staged) {
    const { lintStaged } = await import('../lint/staged.js');
    return lintStaged({ ...common, paths: options.paths ?? [] });
  }
  const { lintChangedFiles } = await import('../lint/models.js');
  return lintChangedFiles({ ...common, files: options.paths ?? [] });
}

/**
 * Bulk suppressions. With `--suppress-all` records every problem and returns
 * exit 0; otherwise applies the baseline file, when there is one, in place
 * (after `--prune-suppressions` lowered it) and returns undefined.
 */
export function applyBaselineMode(values: ModeValues, result: LintResult, io: Io): number | undefined {
  const file = values['suppressions-location'] ? path.resolve(io.cwd, values['suppressions-location']) : path.join(result.config.root, BASELINE_FILE);
  const shown = path.relative(io.cwd, file).split(path.sep).join('/') || file;
  if (values['suppress-all']) {
    if (result.internalErrors) return undefined;
    const before = result.files.reduce((n, f) => n + f.messages.length, 0);
    suppressAll(result, file);
    io.stderr(`skillc lint: recorded ${before} problem${before === 1 ? '' : 's'} in ${shown}; later runs report only new ones.\n`);
    return 0;
  }
  if (values['prune-suppressions']) {
    const { pruned } = pruneSuppressions(result, file);
    io.stderr(`skillc lint: pruned ${pruned} fixed problem${pruned === 1 ? '' : 's'} from ${shown}.\n`);
  }
  if (!fs.existsSync(file)) {
    if (values['suppressions-location']) throw new UsageError(`suppressions file not found: ${values['suppressions-location']}`);
    return undefined;
  }
  const baseline = readBaseline(file);
  if (!baseline) return undefined;
  const { unused } = applyBaseline(result, baseline, file);
  if (unused && !values['prune-suppressions']) {
    io.stderr(`skillc lint: ${unused} suppressed problem${unused === 1 ? ' no longer occurs' : 's no longer occur'}; run \`skillc lint --prune-suppressions\` to update ${shown}.\n`);
  }
  return undefined;
}
