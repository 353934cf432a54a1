import path from 'node:path';
import { build, type BuildOptions, type BuildResult } from '../build/index.js';
import { driftReport, NOT_WRITTEN_MESSAGE } from '../build/drift.js';
import { UsageError } from '../config/discover.js';
import { REPORTERS, reportInput } from '../lint/reporters/index.js';
import { printable } from '../model/text.js';
import { BUILTIN_RULES } from '../rules/index.js';
import { oneOf, parse, useColor } from './args.js';
import { hostsOf } from './hosts.js';
import { loadLintConfig } from '../lint/pipeline/configure.js';
import { type Io, OUTPUT_FILE_OPTION, packageVersion, reportOutput } from './io.js';
import { applyPerfOptions, PERF_BUILD_HELP, PERF_BUILD_OPTIONS, runWatch } from './perf-modes.js';

export const BUILD_HELP = `Usage: skillc build [options]

Compile the sources (the config's \`sources\`, default skills-src/) into one tree
per host under the output folder (default generated/), plus catalog.json and a
typed catalog.ts. The build lints first: any error stops it and nothing is
written. A rebuild replaces only the changed skills' folders (each swapped in
whole) and the catalog and manifest files; --no-incremental swaps in a whole new
tree. A failed build leaves the old output; a killed one is repaired by the next.

Options:
      --check              compare with the output folder, write nothing; exit 1 on drift:
                           a changed or missing output, a file it wrote before and no
                           longer makes, or a file it did not write in a folder it owns
                           (json, sarif, github: one problem a file, with a short diff)
      --host <ids>         build only these hosts, comma-separated (default: the config's);
                           the output folder then holds only them
      --out <dir>          output folder (must be inside the project)
  -c, --config <file>      use this config file
  -f, --format <name>      diagnostics as stylish (default), json, sarif or github
  -o, --output-file <file> write the report to a file
      --no-lint-report     lint errors still stop the build, but are counted, not listed:
                           for a hook that runs after \`skillc lint\`, which listed them
      --no-plugins         load no plugin module the config names (a config is code:
                           use it with --check on checkouts you do not trust)
${PERF_BUILD_HELP}      --color, --no-color  force colour on or off
  -h, --help               show this help

Exit codes: 0 built (or no drift), 1 lint or build errors (or drift), 2 usage or config error.

Examples:
  skillc build
  skillc build --check
  skillc build --host claude,codex --out dist/skills
`;

export async function runBuild(argv: string[], io: Io): Promise<number> {
  const { values, positionals } = parse(argv, {
    check: { type: 'boolean' },
    host: { type: 'string', multiple: true },
    out: { type: 'string' },
    config: { type: 'string', short: 'c' },
    format: { type: 'string', short: 'f', default: 'stylish' },
    'no-lint-report': { type: 'boolean' },
    'no-plugins': { type: 'boolean' },
    ...OUTPUT_FILE_OPTION,
    color: { type: 'boolean' },
    'no-color': { type: 'boolean' },
    help: { type: 'boolean', short: 'h' },
    ...PERF_BUILD_OPTIONS,
  });
  if (values.help) {
    io.stdout(BUILD_HELP);
    return 0;
  }
  if (positionals.length) throw new UsageError(`build takes no paths (got ${positionals.join(' ')}); set \`sources\` in the config`);
  oneOf(values.format, Object.keys(REPORTERS), 'format');
  const output = reportOutput(io, values['output-file']);
  const options: BuildOptions = { cwd: io.cwd };
  if (values.check) options.check = true;
  if (values['no-plugins']) options.plugins = false;
  if (values.out) options.out = values.out;
  if (values.config) options.configFile = values.config;
  // The config, resolved once: `--host` is checked against its host table, and the build's lint
  // and every stage use it. A watch loop resolves it again for each run.
  const resolved = loadLintConfig(io.cwd, values.config ? { configFile: values.config } : {});
  const hosts = hostsOf(values.host, resolved);
  if (hosts.length) options.hosts = hosts;
  if (values.watch) {
    if (values.check) throw new UsageError('--watch cannot be used with --check');
    return runWatch('build', argv, io, runBuild, [], values.config);
  }
  applyPerfOptions(values, options, 'build', io.session);
  options.resolved = resolved;

  const result = await build(options);
  const code = reportBuild(result, values, hosts, output.toFile, io, output.io);
  output.finish();
  return code;
}

interface BuildValues {
  format: string;
  out?: string | undefined;
  config?: string | undefined;
  color?: boolean | undefined;
  'no-color'?: boolean | undefined;
  'no-lint-report'?: boolean | undefined;
}

/** Prints a build's report (on `report`'s stdout: the terminal or the -o file) and its summary (stderr), and gives the exit code. */
function reportBuild(result: BuildResult, values: BuildValues, hosts: string[], toFile: boolean, io: Io, report: Io): number {
  // With --no-lint-report the lint problems (listed by the lint hook that ran before) are left out;
  // the build's own problems (includes, regions, budgets) are still listed.
  const lintCount = values['no-lint-report'] ? result.lint.errorCount : 0;
  const lintProblems = new Set(values['no-lint-report'] ? result.lint.files.flatMap((f) => f.messages) : []);
  const shown = lintProblems.size ? result.diagnostics.filter((d) => !lintProblems.has(d)) : result.diagnostics;
  const stylish = values.format === 'stylish';
  // Drift as problems (with a diff a file) for the machine formats; the terminal gets the lines below.
  const drift = result.drift && !result.errorCount ? driftReport(result.outDir, result.files, result.drift) : undefined;
  const input = reportInput(drift && !stylish ? [...shown, ...drift.diagnostics] : shown);
  for (const f of input.files) {
    const diff = drift?.diffs.get(f.path);
    if (diff !== undefined) f.diff = diff;
  }
  const text = REPORTERS[values.format]!(input, {
    cwd: io.cwd,
    color: stylish && !toFile && useColor(values.color, values['no-color']),
    rules: BUILTIN_RULES,
    version: packageVersion(),
  });
  if (text) report.stdout(text);
  const rel = (p: string): string => path.relative(io.cwd, p).split(path.sep).join('/') || '.';
  const out = rel(result.outDir);
  if (result.errorCount || result.lint.internalErrors) {
    const unlisted = lintCount ? ` (${lintCount} found by lint, not listed here: run \`npx skillc lint\` to see them)` : '';
    io.stderr(`skillc build: ${result.errorCount} error${result.errorCount === 1 ? '' : 's'}${unlisted}; nothing was written to ${out}/.\n`);
    return result.lint.internalErrors ? 2 : 1;
  }
  const skills = result.lint.summaries?.length ?? result.lint.skills?.length ?? result.lint.files.length;
  // The one-line summary: on stdout beside a human report, on stderr beside a json, sarif or github one (stdout stays parseable).
  const say = (text: string): void => (stylish ? io.stdout(text) : io.stderr(text));
  if (result.drift && drift) {
    const { changed, missing, extra, foreign } = result.drift;
    const rebuilt = changed.length + missing.length + extra.length;
    // File names and diffs come from skills: shown through the one terminal sanitiser.
    const diffOf = (f: string): string[] => (stylish ? (drift.diffs.get(path.join(result.outDir, ...f.split('/'))) ?? '').split('\n').filter(Boolean).map((l) => `    ${l}`) : []);
    const lines = [
      ...changed.flatMap((f) => [`DRIFT: ${out}/${f}`, ...diffOf(f)]),
      ...missing.map((f) => `MISSING: ${out}/${f}`),
      ...extra.map((f) => `EXTRA: ${out}/${f}`),
      ...foreign.map((f) => `EXTRA: ${out}/${f}: ${NOT_WRITTEN_MESSAGE}`),
    ].map((l) => printable(l));
    if (rebuilt + foreign.length) {
      const advice: string[] = [];
      if (rebuilt) {
        // The fix is the same build without --check: same hosts, output folder and config.
        const flags = [...(hosts.length ? ['--host', hosts.join(',')] : []), ...(values.out ? ['--out', values.out] : []), ...(values.config ? ['--config', values.config] : [])];
        const fix = ['npx skillc build', ...flags.map((f) => (/^[\w@%+=:,./-]+$/.test(f) ? f : `'${f.replace(/'/g, "'\\''")}'`))].join(' ');
        advice.push(`Run \`${fix}\`${flags.length ? '' : ' (or `npm run build:skills`)'} and commit the result.`);
      }
      if (foreign.length) advice.push(`${foreign.length} file${foreign.length === 1 ? '' : 's'} skillc did not write: delete ${foreign.length === 1 ? 'it' : 'them'} or move ${foreign.length === 1 ? 'it' : 'them'} to the sources (a build keeps ${foreign.length === 1 ? 'it' : 'them'}).`);
      const count = rebuilt + foreign.length;
      io.stderr(`${lines.join('\n')}\nskillc build --check: ${out}/ is out of date (${count} file${count === 1 ? '' : 's'}). ${advice.join(' ')}\n`);
      return 1;
    }
    say(`skillc build --check: ${out}/ is up to date (${skills} skills, ${result.hosts.length} hosts, ${result.files.length} files).\n`);
    return 0;
  }
  const carried = result.carried.length ? ` Kept ${result.carried.length} file(s) skillc did not write: ${result.carried.join(', ')}.` : '';
  say(`skillc build: ${skills} skill${skills === 1 ? '' : 's'} for ${result.hosts.join(', ')} -> ${out}/ (${result.files.length} files).${carried}\n`);
  return 0;
}
