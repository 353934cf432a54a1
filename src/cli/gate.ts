import fs from 'node:fs';
import path from 'node:path';
import { UsageError } from '../config/discover.js';
import { gate } from '../rehearse/gate.js';
import { formatOf, parse } from './args.js';
import { type Io, OUTPUT_FILE_OPTION, refusedOutside, reportOutput } from './io.js';

export const GATE_HELP = `Usage: skillc gate <run-dir> <artifact>... [--skill <dir>] [--format stylish|json]

Check a run's artifacts against the skill's declared \`skillc.artifacts\`
schemas. Each artifact must be declared, a plain file name, present in the run
folder, non-empty, and carry every required \`##\` section with its exact
heading (in order when the schema says \`ordered: true\`). It fails closed.

Options:
      --skill <dir>        the skill declaring the schemas (default: the current folder)
  -f, --format <name>      stylish (default; \`text\` is its old name) or json
  -o, --output-file <file> write the report to a file
  -h, --help               show this help

Exit codes: 0 every artifact passes, 1 one fails, 2 usage error.

Example:
  skillc gate skills-src/release-notes/fixtures/pass-check-artifact notes.md --skill skills-src/release-notes
`;

export async function runGate(argv: string[], io: Io): Promise<number> {
  const { values, positionals } = parse(argv, {
    skill: { type: 'string' },
    format: { type: 'string', short: 'f', default: 'stylish' },
    ...OUTPUT_FILE_OPTION,
    help: { type: 'boolean', short: 'h' },
  });
  if (values.help) {
    io.stdout(GATE_HELP);
    return 0;
  }
  const [runDir, ...artifacts] = positionals;
  if (!runDir || artifacts.length === 0) throw new UsageError('gate needs a run folder and at least one artifact name');
  const format = formatOf(values.format, ['stylish', 'json']);
  const skillDir = path.resolve(io.cwd, values.skill ?? '.');
  // Confined (a rehearsal case): both folders in the sandbox, and the contracts of the config given, none loaded from the skill's folder.
  if (refusedOutside(io, [runDir, values.skill ?? '.'], 'folder')) return 2;
  if (values['output-file'] !== undefined && refusedOutside(io, [values['output-file']], 'output file')) return 2;
  const output = reportOutput(io, values['output-file']);
  if (!fs.existsSync(path.join(skillDir, 'SKILL.md'))) throw new UsageError(`no SKILL.md in ${values.skill ?? 'the current folder'}; name the skill with --skill <dir>`);
  const runPath = path.resolve(io.cwd, runDir);
  if (!fs.existsSync(runPath) || !fs.statSync(runPath).isDirectory()) throw new UsageError(`run folder not found: ${runDir}`);
  const result = gate({ runDir: runPath, artifacts, skill: skillDir, ...(io.confine ? { contracts: io.confine.config.contracts } : {}) });
  print(result, format, runDir, output.io);
  output.finish();
  return result.ok ? 0 : 1;
}

function print(result: ReturnType<typeof gate>, format: 'stylish' | 'json', runDir: string, io: Io): void {
  if (format === 'json') {
    io.stdout(`${JSON.stringify({ ok: result.ok, runDir, verdicts: result.verdicts }, null, 2)}\n`);
  } else {
    for (const v of result.verdicts) {
      if (v.ok) io.stdout(`ok   ${v.artifact}\n`);
      else for (const p of v.problems) io.stdout(`FAIL ${v.artifact}${p.line ? `:${p.line}` : ''}: ${p.message}\n`);
    }
  }
}
