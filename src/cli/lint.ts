import path from 'node:path';
import type { ResolvedConfig } from '../config/config.js';
import type { SkippedFile } from '../config/discover.js';
import { UsageError } from '../core/errors.js';
import { BUILT_IN_HOSTS } from '../hosts/index.js';
import { fileConfig, type FileConfig } from '../lint/file-config.js';
import { formatTimings } from '../lint/timing.js';
import { createLinter, lint, loadLintConfig, type LintOptions, type LintResult } from '../lint/engine.js';
import { lintText, type LintTextOptions } from '../lint/text.js';
import { printable } from '../model/text.js';
import { LIMITS } from '../parse/limits.js';
import { REPORTERS } from '../lint/reporters/index.js';
import { BUILTIN_RULES } from '../rules/index.js';
import { intOption, oneOf, parse, useColor } from './args.js';
import { helpHostIds, hostsOf } from './hosts.js';
import { type Io, outputTarget, packageVersion, progressOnStderr, readProcessStdin, writeOutput } from './io.js';
import { LINT_MODE_OPTIONS, applyBaselineMode, lintInMode, suppressionOptions } from './lint-modes.js';
import { applyPerfOptions, PERF_LINT_HELP, PERF_LINT_OPTIONS, runWatch } from './perf-modes.js';

export const LINT_HELP = `Usage: skillc lint [options] [paths...]

Lint skills: each path is a skill folder, a folder searched for skill folders,
any file of a skill (its SKILL.md, a reference, a script: the skill holding it
is linted), or a glob ("skills/**/SKILL.md", quoted so the shell leaves it).
Default: the config's sources, else skills-src/, else the current folder.
The output folder (generated/), folders \`skillc install\` wrote (.claude/skills/,
...: copies of built skills), node_modules, .git, the config's \`ignore\` and
what .gitignore ignores are not searched; a file named in one of them, or in no
skill, is passed over with a warning (so a hook may pass every staged file).

Options:
  -f, --format <name>      stylish (default), json, sarif or github
      --host <ids>         hosts to lint for, comma-separated (default: the config's)
${helpHostIds(Object.keys(BUILT_IN_HOSTS), ', or an id of the config\'s customHosts')}
  -c, --config <file>      use this config file instead of looking for one
      --max-warnings <n>   exit 1 when there are more than n warnings
      --quiet              report errors only
      --fix                apply safe fixes to the files (also with --changed)
      --fix-dry-run        compute fixes without writing (json shows the output)
      --no-inline-config   ignore skillc-disable comments (CI on pull requests: their
                           author also wrote the comments); the suppressions file still applies
      --no-plugins         load no plugin module the config names (a config is code:
                           use it on checkouts you do not trust); each is a warning
      --max-bytes <size>   skill text one run may read (default 1GiB; e.g. 256MiB):
                           skills past it are not linted, each a file/budget error
  -o, --output-file <file> write the report to a file
      --ignore-pattern <glob>  also skip skill folders matching this glob (relative to
                           the current folder; repeatable), as the config's \`ignore\`
      --no-gitignore       search folders .gitignore ignores too
      --staged             lint the skills holding staged changes, as staged (the git
                           index, not the working tree); catalog rules see every skill
      --changed            the paths are changed files (pre-commit, lint-staged pass them):
                           lint the skills of the sources holding them, with the whole
                           catalog; files elsewhere (generated/) are passed over
      --stdin              lint a SKILL.md read from standard input, as the file named
                           by --stdin-filename (its folder's other files are read from
                           disk; default ./SKILL.md, so the current folder's name and
                           files count: name the real path)
      --stdin-filename <file>  where the text of --stdin would be
      --print-config <file>  print what applies to that file (hosts, every rule's
                           severity and options after presets and overrides) as JSON
      --suppress-all       record every current problem in the suppressions file
                           (default skillc-suppressions.json beside the config)
      --prune-suppressions lower the recorded counts to today's (drop fixed problems)
      --suppressions-location <file>  the suppressions file to use
${PERF_LINT_HELP}      --color, --no-color  force colour on or off (default: FORCE_COLOR decides, 0 off;
                           else NO_COLOR turns it off; else on on a TTY)
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
  skillc lint "skills-src/**/SKILL.md" --ignore-pattern "skills-src/_drafts/**"
  skillc lint --staged
  skillc lint --fix --changed skills-src/release-notes/SKILL.md
  skillc lint --stdin --stdin-filename skills-src/release-notes/SKILL.md < skills-src/release-notes/SKILL.md
  skillc lint --print-config skills-src/release-notes/references/notes-template.md
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
  return rel && !rel.startsWith('..') && !path.isAbsolute(rel) ? rel.split(path.sep).join('/') : file;
}

const SKIP_REASONS: Record<SkippedFile['why'], (config: ResolvedConfig, cwd: string) => string> = {
  output: (config, cwd) => `under the output folder ${shownPath(cwd, config.out)}/ (built from the sources, which are linted)`,
  installed: () => 'in a folder `skillc install` wrote (copies of built skills; name the folder to lint it)',
  ignored: () => "ignored by the config's `ignore` or --ignore-pattern",
  gitignored: () => 'ignored by .gitignore (--no-gitignore lints it)',
  'no-skill': () => 'in no skill folder (no SKILL.md above it)',
};

/** One warning line per reason (a hook may pass hundreds of generated files): the first few named, the rest counted. */
function skippedWarnings(skipped: readonly SkippedFile[], config: ResolvedConfig, cwd: string): string[] {
  const lines: string[] = [];
  for (const why of Object.keys(SKIP_REASONS) as SkippedFile['why'][]) {
    const files = skipped.filter((s) => s.why === why).map((s) => shownPath(cwd, s.file));
    if (!files.length) continue;
    const named = files.slice(0, 3).join(', ') + (files.length > 3 ? ` and ${files.length - 3} more` : '');
    lines.push(`skillc lint: warning: not linted, ${SKIP_REASONS[why](config, cwd)}: ${printable(named)}\n`);
  }
  return lines;
}

/** `--ignore-pattern`s, relative to cwd, as the config's `ignore` globs (relative to the config's folder). */
function withIgnorePatterns(config: ResolvedConfig, patterns: readonly string[], cwd: string): ResolvedConfig {
  if (!patterns.length) return config;
  const prefix = path.relative(config.root, cwd).split(path.sep).join('/');
  const rooted = patterns.map((p) => (prefix && !prefix.startsWith('..') && !p.startsWith('**/') ? path.posix.join(prefix, p) : p));
  return { ...config, ignore: [...config.ignore, ...rooted] };
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
    'ignore-pattern': { type: 'string', multiple: true },
    'no-gitignore': { type: 'boolean' },
    stdin: { type: 'boolean' },
    'stdin-filename': { type: 'string' },
    'print-config': { type: 'string' },
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
  if (values['stdin-filename'] !== undefined && !values.stdin) throw new UsageError('--stdin-filename needs --stdin');
  if (values.stdin && (positionals.length || values.staged || values.changed || values.fix || values.watch)) throw new UsageError('--stdin lints standard input only: it takes no paths, --staged, --changed, --fix or --watch');
  const options: LintOptions = { cwd: io.cwd, paths: positionals };
  if (values.config) options.configFile = values.config;
  // The config, resolved once: `--host` is checked against its host table, and the lint (and
  // --staged, --changed) run with it. A watch loop resolves it again for each run.
  let resolved = loadLintConfig(io.cwd, values.config ? { configFile: values.config } : {});
  resolved = withIgnorePatterns(resolved, values['ignore-pattern'] ?? [], io.cwd);
  if (values['no-gitignore']) resolved = { ...resolved, gitignore: false };
  const hosts = hostsOf(values.host, resolved);
  if (hosts.length) options.hosts = hosts;
  if (values['print-config'] !== undefined) return printConfig(values['print-config'], resolved, hosts, io);
  if (values.fix) options.fix = true;
  if (values['fix-dry-run']) options.fixDryRun = true;
  if (values['no-inline-config']) options.inlineConfig = false;
  if (values.debug) options.onThreads = (choice) => io.stderr(`skillc lint: ${choice.threads} thread${choice.threads === 1 ? '' : 's'} (${choice.reason})\n`);
  if (values['no-plugins']) options.plugins = false;
  if (values['max-bytes'] !== undefined) options.maxBytes = byteSize(values['max-bytes'], 'max-bytes');
  if (values.watch) return runWatch('lint', argv, io, runLint, positionals, values.config);
  applyPerfOptions(values, options, 'lint', io.session);
  options.resolved = resolved;
  const progress = progressOnStderr(io);
  if (progress) options.onProgress = progress.update;

  suppressionOptions(values, options);
  // --max-warnings counts the warnings --quiet leaves out of the report, as ESLint does.
  const result = values.stdin ? await lintStdin(io, options, values['stdin-filename']) : ((await lintInMode(values, options)) ?? (await lint(options)));
  progress?.clear();
  const found = result.discovery;
  for (const line of skippedWarnings(found?.skipped ?? [], resolved, io.cwd)) io.stderr(line);
  for (const miss of found?.nearMisses ?? []) io.stderr(`skillc lint: warning: ${shownPath(io.cwd, miss)} is not read as a skill: hosts read a file named SKILL.md, in capitals\n`);
  // Nothing to lint is a mistake (a wrong folder, a misnamed file), not a clean run. --staged and --changed
  // with no skill among the files stay 0 (a commit that touches no skill is fine), and so do files named
  // that were all passed over (a hook's staged files, none in a skill), each said above.
  if (found && found.dirs.length === 0 && found.skipped.length === 0) {
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
  const warnings = result.warningCount + (result.quietWarningCount ?? 0);
  if (maxWarnings !== undefined && maxWarnings >= 0 && warnings > maxWarnings) {
    io.stderr(`skillc found too many warnings (maximum: ${maxWarnings}${result.quietWarningCount ? `; ${warnings} found, not listed with --quiet` : ''}).\n`);
    return 1;
  }
  return 0;
}

/** The most --stdin reads: a SKILL.md larger than the parse's own limit is refused there anyway. */
const MAX_STDIN_BYTES = LIMITS.maxFileBytes + 1;

/** `--stdin`: the text on standard input linted as the SKILL.md at `--stdin-filename`, with that folder's other files from disk (`lintText`). */
async function lintStdin(io: Io, options: LintOptions, filename = 'SKILL.md'): Promise<LintResult> {
  if (path.basename(filename) !== 'SKILL.md') throw new UsageError(`--stdin-filename ${filename}: name the SKILL.md the text is (a skill's other files are linted with it)`);
  const text = await (io.stdin ?? readProcessStdin)(MAX_STDIN_BYTES);
  const textOptions: LintTextOptions = { cwd: io.cwd, filePath: filename, diskFiles: true };
  if (options.resolved) textOptions.resolved = options.resolved;
  if (options.hosts) textOptions.hosts = options.hosts;
  if (options.suppressions !== undefined) textOptions.suppressions = options.suppressions;
  if (options.quiet) textOptions.quiet = true;
  return lintText(text, textOptions);
}

/** `--print-config <file>`: what applies to the file, as JSON, paths relative to the working folder. */
async function printConfig(file: string, config: ResolvedConfig, hosts: string[], io: Io): Promise<number> {
  const linter = await createLinter(config, hosts.length ? { hosts } : {});
  const settings = fileConfig(linter, path.resolve(io.cwd, file));
  const rel = (p: string): string => shownPath(io.cwd, p) || '.';
  const shown: FileConfig = { ...settings, file: rel(settings.file), sources: rel(settings.sources), out: rel(settings.out) };
  if (settings.configFile) shown.configFile = rel(settings.configFile);
  if (settings.skill) shown.skill = rel(settings.skill);
  io.stdout(`${JSON.stringify(shown, null, 2)}\n`);
  return 0;
}
