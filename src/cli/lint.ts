import path from 'node:path';
import { BUILT_IN_HOSTS } from '../hosts/index.js';
import { formatTimings } from '../lint/timing.js';
import { lint, loadLintConfig, type LintOptions } from '../lint/engine.js';
import { REPORTERS } from '../lint/reporters/index.js';
import { BUILTIN_RULES } from '../rules/index.js';
import { intOption, oneOf, parse, useColor } from './args.js';
import { UsageError } from '../core/errors.js';
import { helpHostIds, hostsOf } from './hosts.js';
import { type Io, outputTarget, packageVersion, progressOnStderr, writeOutput } from './io.js';
import { LINT_MODE_OPTIONS, applyBaselineMode, lintInMode, suppressionOptions } from './lint-modes.js';
import { applyPerfOptions, PERF_LINT_HELP, PERF_LINT_OPTIONS, runWatch } from './perf-modes.js';

export const LINT_HELP = `Usage: skillc lint [options] [paths...]

Lint skills: each path is a SKILL.md, a skill folder, or a folder searched for
skill folders. Default: the config's sources, else skills-src/, else the
current folder.

Options:
  -f, --format <name>      stylish (default), json, sarif or github
      --host <ids>         hosts to lint for, comma-separated (default: the config's)
${helpHostIds(Object.keys(BUILT_IN_HOSTS), ', or an id of the config\'s customHosts')}
  -c, --config <file>      use this config file instead of looking for one
      --max-warnings <n>   exit 1 when there are more than n warnings
      --quiet              report errors only
      --fix                apply safe fixes to the files
      --fix-dry-run        compute fixes without writing (json shows the output)
      --no-inline-config   ignore skillc-disable comments (CI on pull requests: their
                           author also wrote the comments); the suppressions file still applies
      --no-plugins         load no plugin module the config names (a config is code:
                           use it on checkouts you do not trust); each is a warning
      --max-bytes <size>   skill text one run may read (default 1GiB; e.g. 256MiB):
                           skills past it are not linted, each a file/budget error
  -o, --output-file <file> write the report to a file
      --staged             lint the skills holding staged changes, as staged (the git
                           index, not the working tree); catalog rules see every skill
      --changed            the paths are changed files (pre-commit passes them): lint
                           the skills holding them, with the whole catalog
      --suppress-all       record every current problem in the suppressions file
                           (default skillc-suppressions.json beside the config)
      --prune-suppressions lower the recorded counts to today's (drop fixed problems)
      --suppressions-location <file>  the suppressions file to use
${PERF_LINT_HELP}      --color, --no-color  force colour on or off (default: on a TTY, off with NO_COLOR)
  -h, --help               show this help

Exit codes: 0 no errors, 1 errors or too many warnings, 2 usage, config or internal error.

Environment:
  TIMING=1                 print the ten slowest rules (and reading and parsing) on
                           stderr; TIMING=all for every rule, TIMING=<n> for n of them

Examples:
  skillc lint
  skillc lint skills-src/release-notes --host claude
  skillc lint --format sarif --output-file skillc.sarif
  skillc lint --fix
  skillc lint --staged
  skillc lint --suppress-all
`;

/** A size in bytes: a whole number, optionally with KiB, MiB or GiB (K, M, G, KB... read as binary multiples too). */
function byteSize(value: string, name: string): number {
  const m = /^(\d+)(?:([KMG])(?:i?B)?)?$/i.exec(value.trim());
  if (!m) throw new UsageError(`--${name} expects a size in bytes (e.g. 268435456 or 256MiB), got '${value}'`);
  return Number(m[1]) * 1024 ** ({ k: 1, m: 2, g: 3 }[(m[2] ?? '').toLowerCase() as 'k' | 'm' | 'g'] ?? 0);
}

/** A path as the user would type it: relative to cwd when inside it, else absolute. */
function shownPath(cwd: string, file: string): string {
  const rel = path.relative(cwd, file);
  return rel && !rel.startsWith('..') && !path.isAbsolute(rel) ? rel : file;
}

export async function runLint(argv: string[], io: Io): Promise<number> {
  const { values, positionals } = parse(argv, {
    format: { type: 'string', short: 'f', default: 'stylish' },
    host: { type: 'string', multiple: true },
    config: { type: 'string', short: 'c' },
    'max-warnings': { type: 'string' },
    quiet: { type: 'boolean' },
    fix: { type: 'boolean' },
    'fix-dry-run': { type: 'boolean' },
    'output-file': { type: 'string', short: 'o' },
    'max-bytes': { type: 'string' },
    'no-inline-config': { type: 'boolean' },
    'no-plugins': { type: 'boolean' },
    color: { type: 'boolean' },
    'no-color': { type: 'boolean' },
    help: { type: 'boolean', short: 'h' },
    ...LINT_MODE_OPTIONS,
    ...PERF_LINT_OPTIONS,
  });
  if (values.help) {
    io.stdout(LINT_HELP);
    return 0;
  }
  const reporter = REPORTERS[oneOf(values.format, Object.keys(REPORTERS), 'format')]!;
  const maxWarnings = intOption(values['max-warnings'], 'max-warnings');
  if (values['output-file'] !== undefined) outputTarget(io.cwd, values['output-file'], '--output-file');
  const options: LintOptions = { cwd: io.cwd, paths: positionals };
  if (values.config) options.configFile = values.config;
  // The config, resolved once: `--host` is checked against its host table, and the lint (and
  // --staged, --changed) run with it. A watch loop resolves it again for each run.
  const resolved = loadLintConfig(io.cwd, values.config ? { configFile: values.config } : {});
  const hosts = hostsOf(values.host, resolved);
  if (hosts.length) options.hosts = hosts;
  if (values.fix) options.fix = true;
  if (values['fix-dry-run']) options.fixDryRun = true;
  if (values['no-inline-config']) options.inlineConfig = false;
  if (values['no-plugins']) options.plugins = false;
  if (values['max-bytes'] !== undefined) options.maxBytes = byteSize(values['max-bytes'], 'max-bytes');
  if (values.watch) return runWatch('lint', argv, io, runLint, positionals, values.config);
  applyPerfOptions(values, options, 'lint', io.session);
  options.resolved = resolved;
  const progress = progressOnStderr(io);
  if (progress) options.onProgress = progress.update;

  suppressionOptions(values, options);
  const inMode = await lintInMode(values, options);
  const result = inMode ?? (await lint(options));
  progress?.clear();
  const found = inMode ? undefined : result.discovery;
  for (const miss of found?.nearMisses ?? []) io.stderr(`skillc lint: warning: ${shownPath(io.cwd, miss)} is not read as a skill: hosts read a file named SKILL.md, in capitals\n`);
  // Nothing to lint is a mistake (a wrong folder, a misnamed file), not a clean run. --staged and --changed
  // with no skill among the files stay 0: a commit that touches no skill is fine.
  if (found && found.dirs.length === 0) {
    io.stderr(`skillc lint: no skills found in ${found.searched.join(', ')} (a skill is a folder holding a SKILL.md)\n`);
    return 2;
  }
  const baselineExit = applyBaselineMode(values, result, io);
  if (baselineExit !== undefined) return baselineExit;
  const toFile = values['output-file'];
  const report = reporter(result, {
    cwd: io.cwd,
    color: !toFile && values.format === 'stylish' && useColor(values.color, values['no-color']),
    rules: result.rules ?? BUILTIN_RULES,
    version: packageVersion(),
  });
  if (toFile) {
    writeOutput(outputTarget(io.cwd, toFile, '--output-file'), report, '--output-file', toFile);
  } else if (report) {
    io.stdout(report);
  }
  const timingTable = formatTimings();
  if (timingTable) io.stderr(timingTable);
  if (result.internalErrors) return 2;
  if (result.errorCount) return 1;
  if (maxWarnings !== undefined && maxWarnings >= 0 && result.warningCount > maxWarnings) {
    io.stderr(`skillc found too many warnings (maximum: ${maxWarnings}).\n`);
    return 1;
  }
  return 0;
}
