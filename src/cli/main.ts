import { type Io, packageVersion, processIo } from './io.js';
import { type Command, runCommand } from './run-command.js';

export const MAIN_HELP = `Usage: skillc <command> [options]

Compile, lint and rehearse skills (SKILL.md) for AI coding agents.

Commands:
  lint [paths...]      report every defect a host would trip over
  build [--check]      compile skills-src/ into per-host skills under generated/
  gate <run> <file>... check a run's artifacts against the skill's schemas
  catalog [roots...]   list the skills discovery would find (name, description);
                       --host <id>: as that host lists them, with its budget
  graph [paths...]     draw the skill graph: mermaid, dot, svg, html or json
  rehearse [paths...]  run skills' fixture cases in a sandbox with capture fakes
  replay <trace>       what-if: re-fold a recorded trace under other budgets or thresholds
  rules                list the built-in rules
  init                 scaffold skills-src/, the config, a first skill and build:skills
  import <folder>      turn an existing .claude/skills or .agents/skills tree into skills-src/
  install --host <id>  copy built skills into a host's skill folder (--user: your home)
  lsp --stdio          language server: diagnostics, quick fixes, go to definition
  explain <rule-id>    print one rule's documentation

Options:
  -h, --help           show help (also: skillc help <command>, skillc <command> --help)
  -v, --version        print the version

Examples:
  skillc lint
  skillc lint --format json
  skillc explain links/broken
`;

// Each command loads its own modules, so `--help` and small commands start fast.
const COMMANDS: Record<string, () => Promise<Command>> = {
  lint: async () => (await import('./lint.js')).runLint,
  build: async () => (await import('./build.js')).runBuild,
  gate: async () => (await import('./gate.js')).runGate,
  catalog: async () => (await import('./catalog.js')).runCatalog,
  graph: async () => (await import('./graph.js')).runGraph,
  rehearse: async () => (await import('./rehearse.js')).runRehearse,
  replay: async () => (await import('./replay.js')).runReplay,
  rules: async () => (await import('./rules.js')).runRules,
  explain: async () => (await import('./rules.js')).runExplain,
  init: async () => (await import('./init.js')).runInit,
  import: async () => (await import('./import.js')).runImport,
  install: async () => (await import('./install.js')).runInstall,
  lsp: async () => (await import('./lsp.js')).runLsp,
};

/** Runs the CLI; returns the exit code. Never throws for bad input. */
export async function main(argv: string[], io: Io = processIo): Promise<number> {
  const [first, ...rest] = argv;
  // `skillc help lint` is `skillc lint --help`, as git and npm read it.
  if (first === 'help' && rest.length) return main([rest[0]!, '--help'], io);
  if (first === undefined || first === '-h' || first === '--help' || first === 'help') {
    io.stdout(MAIN_HELP);
    return first === undefined ? 2 : 0;
  }
  if (first === '-v' || first === '--version') {
    io.stdout(`${packageVersion()}\n`);
    return 0;
  }
  const load = COMMANDS[first];
  if (!load) {
    // Loaded only here: --version and --help stay free of any package.
    const { didYouMean } = await import('../core/suggest.js');
    const hint = didYouMean(first, Object.keys(COMMANDS));
    io.stderr(`skillc: unknown command '${first}'${hint || '.'} Run \`skillc --help\` for the commands.\n`);
    return 2;
  }
  return runCommand(first, load, rest, io);
}
