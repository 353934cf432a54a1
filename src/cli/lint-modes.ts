import path from 'node:path';
import { BASELINE_FILE, pruneSuppressions, suppressAll } from '../lint/baseline.js';
import { copySwitches, endReport, type RunSwitches } from '../lint/core.js';
import { UsageError } from '../config/discover.js';
import type { LintOptions, LintResult } from '../lint/engine.js';
import type { ResolvedConfig } from '../config/config.js';
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
  // --staged lints the index: a fix would have to be written there. lint-staged (which stashes what is
  // not staged, then adds what its task changed) runs `skillc lint --fix --changed` instead.
  if (values.staged && values.fix) throw new UsageError('--fix cannot be used with --staged (it lints the git index, not the files); with lint-staged use `skillc lint --fix --changed`');
  if (values['fix-dry-run']) throw new UsageError(`--fix-dry-run cannot be used with --${values.staged ? 'staged' : 'changed'}; run \`skillc lint --fix-dry-run\` on the skills`);
  const common: RunSwitches & { cwd?: string; configFile?: string; hosts?: string[]; resolved?: ResolvedConfig; suppressions?: string | false; quiet?: boolean; cacheLocation?: string } = {};
  copySwitches(options, common);
  if (options.cacheLocation) common.cacheLocation = options.cacheLocation;
  if (options.cwd) common.cwd = options.cwd;
  if (options.configFile) common.configFile = options.configFile;
  if (options.hosts) common.hosts = options.hosts;
  if (options.resolved) common.resolved = options.resolved;
  if (options.suppressions !== undefined) common.suppressions = options.suppressions;
  if (options.quiet) common.quiet = true;
  if (values.staged) {
    const { lintStaged } = await import('../lint/staged.js');
    return lintStaged({ ...common, paths: options.paths ?? [] });
  }
  const { lintChangedFiles } = await import('../lint/models.js');
  return lintChangedFiles({ ...common, files: options.paths ?? [], ...(values.fix ? { fix: true } : {}) });
}

/** The bulk-suppressions file the flags name: `--suppressions-location`, else skillc-suppressions.json beside the config. */
function suppressionsPath(values: ModeValues, root: string, cwd: string): string {
  return values['suppressions-location'] ? path.resolve(cwd, values['suppressions-location']) : path.join(root, BASELINE_FILE);
}

/**
 * How the lint applies bulk suppressions (the core applies the file, as the API does): not at
 * all when `--suppress-all` or `--prune-suppressions` will count every problem first.
 */
export function suppressionOptions(values: ModeValues & { quiet?: boolean }, options: LintOptions): void {
  if (values['suppress-all'] || values['prune-suppressions']) options.suppressions = false;
  else if (values['suppressions-location']) options.suppressions = values['suppressions-location'];
  if (values.quiet && !values['suppress-all'] && !values['prune-suppressions']) options.quiet = true;
}

/**
 * Bulk suppressions. With `--suppress-all` records every problem and returns exit 0; with
 * `--prune-suppressions` lowers the file's counts to today's, then applies it (and `--quiet`)
 * to the result in place; otherwise the core applied it and this says when recorded problems
 * no longer occur. Undefined: go on reporting.
 */
export function applyBaselineMode(values: ModeValues & { quiet?: boolean }, result: LintResult, io: Io): number | undefined {
  const file = suppressionsPath(values, result.config.root, io.cwd);
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
    const report: Parameters<typeof endReport>[1] = { cwd: io.cwd };
    if (values['suppressions-location']) report.suppressions = values['suppressions-location'];
    if (values.quiet) report.quiet = true;
    endReport(result, report);
    return undefined;
  }
  const unused = result.suppressions?.unused ?? 0;
  if (unused) {
    io.stderr(`skillc lint: ${unused} suppressed problem${unused === 1 ? ' no longer occurs' : 's no longer occur'}; run \`skillc lint --prune-suppressions\` to update ${shown}.\n`);
  }
  return undefined;
}
