import path from 'node:path';
import { loadConfig } from '../config/config.js';
import { UsageError } from '../config/discover.js';
import { killRunningCommands } from '../rehearse/exec.js';
import { MAX_TIMEOUT_S } from '../rehearse/limits.js';
import { rehearse } from '../rehearse/rehearse.js';
import { removeLiveSandboxes } from '../rehearse/sandbox.js';
import { REHEARSAL_FORMATS, REHEARSAL_REPORTERS, sandboxWarning } from '../rehearse/reporters.js';
import { oneOf, parse, useColor } from './args.js';
import { printable } from '../model/text.js';
import { BUILTINS } from './builtins.js';
import { type Io, outputTarget, writeOutput } from './io.js';

export const REHEARSE_HELP = `Usage: skillc rehearse [paths...] [options]

Rehearse skills' recorded cases (folders under a skill's fixtures/, each
described by case.yaml) in a sandbox with capture fakes: no model, no network,
no real side effect. A script case runs one declared command; a workflow case
replays a recorded trace.jsonl. Paths are skills, case folders or folders of
skills; default: every skill with a fixtures/ folder under the config's sources.

Options:
  -f, --format <name>      stylish (default), json or junit (JUnit XML)
      --update             rewrite each case's golden captures/ with this run's captures
      --timeout <seconds>  default time a command may run (default 10, at most 600;
                           case.yaml's timeout wins)
      --time-budget <s>    time the whole run may take (default 3600); a case's commands
                           share 600 s in all; cases reached after it are errors
      --unsandboxed        where no sandbox is available (bubblewrap, Linux), run the cases'
                           commands anyway, with your own rights; without it they are not run
  -o, --output-file <f>    write the report to a file
  -c, --config <file>      use this config file
      --color, --no-color  colour is on only on a TTY and never with NO_COLOR
  -h, --help               show this help

Exit codes: 0 every case got its expected verdict, 1 some did not, 2 usage or config error.

Examples:
  skillc rehearse
  skillc rehearse skills-src/release-announce --format junit -o rehearse.xml
  skillc rehearse skills-src/release-announce/fixtures/pass-announce-email-webhook --update
`;

const SIGNALS: NodeJS.Signals[] = ['SIGINT', 'SIGTERM', 'SIGHUP'];

export async function runRehearse(argv: string[], io: Io): Promise<number> {
  const { values, positionals } = parse(argv, {
    format: { type: 'string', short: 'f', default: 'stylish' },
    update: { type: 'boolean' },
    timeout: { type: 'string' },
    'time-budget': { type: 'string' },
    unsandboxed: { type: 'boolean' },
    'output-file': { type: 'string', short: 'o' },
    config: { type: 'string', short: 'c' },
    color: { type: 'boolean' },
    'no-color': { type: 'boolean' },
    help: { type: 'boolean', short: 'h' },
  });
  if (values.help) {
    io.stdout(REHEARSE_HELP);
    return 0;
  }
  const format = oneOf(values.format, REHEARSAL_FORMATS, 'format');
  const seconds = (flag: string, value: string | undefined, max?: number): number | undefined => {
    if (value === undefined) return undefined;
    const n = Number(value);
    if (!Number.isFinite(n) || n <= 0 || (max !== undefined && n > max)) throw new UsageError(`${flag} expects a positive number of seconds${max !== undefined ? `, at most ${max}` : ''}, got '${value}'`);
    return n;
  };
  const timeout = seconds('--timeout', values.timeout, MAX_TIMEOUT_S);
  const timeBudget = seconds('--time-budget', values['time-budget']);
  const outFile = values['output-file'];
  const target = outFile === undefined ? undefined : outputTarget(io.cwd, outFile, '--output-file');
  const config = loadConfig(values.config ? { cwd: io.cwd, configFile: values.config } : { cwd: io.cwd });
  const started = Date.now();
  // Ctrl-C or a CI job's SIGTERM while a case runs: kill the case's commands (bwrap's die-with-parent
  // covers the sandboxed ones; --unsandboxed groups need this), remove its sandbox, then die of the same signal.
  const onSignal = (signal: NodeJS.Signals): void => {
    killRunningCommands();
    removeLiveSandboxes();
    for (const s of SIGNALS) process.off(s, onSignal);
    process.kill(process.pid, signal);
  };
  for (const s of SIGNALS) process.on(s, onSignal);
  const report = await rehearse({
    paths: positionals,
    cwd: io.cwd,
    config,
    builtins: BUILTINS,
    ...(values.update ? { update: true } : {}),
    ...(values.unsandboxed ? { unsandboxed: true } : {}),
    ...(timeout !== undefined ? { timeout } : {}),
    ...(timeBudget !== undefined ? { timeBudget } : {}),
    onCase: (i, total, c) => {
      // Progress only for long runs, so short ones stay quiet.
      if (Date.now() - started > 2000) io.stderr(`skillc rehearse: [${i + 1}/${total}] ${printable(`${path.basename(c.skillDir)}/${c.name}`)}\n`);
    },
  }).finally(() => {
    for (const s of SIGNALS) process.off(s, onSignal);
  });
  const color = format === 'stylish' && !values['output-file'] && useColor(values.color, values['no-color']);
  const text = REHEARSAL_REPORTERS[format](report, color);
  if (target && outFile !== undefined) writeOutput(target, text, '--output-file', outFile);
  else io.stdout(text);
  if (report.summary.cases === 0 && positionals.length) io.stderr('skillc rehearse: no case found under the given paths\n');
  // Also on stderr, so a report written to a file (-o) or parsed (json) does not hide it.
  const warning = sandboxWarning(report);
  if (warning && (values['output-file'] || format !== 'stylish')) io.stderr(`skillc rehearse: ${warning}\n`);
  return report.summary.mismatched === 0 ? 0 : 1;
}
