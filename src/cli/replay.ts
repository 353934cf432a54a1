import path from 'node:path';
import { UsageError } from '../config/discover.js';
import { TraceError, replay } from '../rehearse/replay.js';
import { replayStylish } from '../rehearse/reporters.js';
import { KnobError } from '../rehearse/whatif.js';
import { oneOf, parse } from './args.js';
import { type Io, OUTPUT_FILE_OPTION, reportOutput } from './io.js';

export const REPLAY_HELP = `Usage: skillc replay <trace.jsonl|case-folder> [--set <knob>=<value>]... [options]

What-if replay: re-fold a recorded trace under other budgets or gate
thresholds, without running anything (no command, no model, no network).
Reports each step as reused, would-block, verdict-flipped,
would-exceed-budget or needs-live-rerun.

Knobs:
  budget.<loop>=<n>        at most n iterations of the loop
  budget.tokens=<n>        at most n tokens over the run (from step.end events)
  budget.usd=<x>           at most x dollars over the run
  threshold=<x>            minimum score of every scored gate
  threshold.<gate>=<x>     minimum score of one gate
  model=<id>, args.<name>=, input.<name>=, env.<name>=
                           change what steps produce: needs a live re-run

Options:
      --set <knob>=<value> a knob (repeatable)
  -f, --format <name>      stylish (default) or json
  -o, --output-file <file> write the report to a file
  -h, --help               show this help

Exit codes: 0 nothing would change, 1 some step's outcome changes, 2 usage error or malformed trace.

Example:
  skillc replay skills-src/release-announce/fixtures/pass-announce-email-webhook --set threshold.announcement=0.9
`;

export async function runReplay(argv: string[], io: Io): Promise<number> {
  const { values, positionals } = parse(argv, {
    set: { type: 'string', multiple: true },
    format: { type: 'string', short: 'f', default: 'stylish' },
    ...OUTPUT_FILE_OPTION,
    help: { type: 'boolean', short: 'h' },
  });
  if (values.help) {
    io.stdout(REPLAY_HELP);
    return 0;
  }
  const format = oneOf(values.format, ['stylish', 'json'], 'format');
  if (positionals.length !== 1) throw new UsageError('replay needs exactly one trace.jsonl or case folder');
  const output = reportOutput(io, values['output-file']);
  let result: ReturnType<typeof replay>;
  try {
    result = replay({ trace: path.resolve(io.cwd, positionals[0]!), set: values.set ?? [] });
  } catch (error) {
    if (error instanceof KnobError || error instanceof TraceError) throw new UsageError(error.message);
    throw error;
  }
  const shown = path.relative(io.cwd, result.trace).split(path.sep).join('/') || result.trace;
  if (format === 'json') output.io.stdout(`${JSON.stringify({ ...result, trace: shown }, null, 2)}\n`);
  else output.io.stdout(replayStylish(result, shown));
  output.finish();
  return result.changed ? 1 : 0;
}
