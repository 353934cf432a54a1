import { init, keptConfig, type InitOptions } from '../adopt/init.js';
import { sharedInstallFolders } from '../adopt/install.js';
import { loadConfig } from '../config/config.js';
import { UsageError } from '../config/discover.js';
import { parse } from './args.js';
import { hostList } from './hosts.js';
import type { Io } from './io.js';

export const INIT_HELP = `Usage: skillc init [options]

Scaffold skillc in the current folder: skills-src/ with a first skill that
passes lint and has rehearsal fixtures, skillc.config.json (with its $schema
for editor completion), the build:skills, lint:skills and test:skills
scripts in package.json (created if missing; existing scripts are kept), and
node_modules/ and the build's temporary folders in .gitignore (created, or the
missing lines appended). Existing files are never overwritten. Everything is
checked first: a broken package.json is an error and nothing is written.

Options:
      --host <ids>         hosts for the config, comma-separated
                           (default: agentskills,claude,codex)
      --skill <name>       name of the first skill (default: summarize-changes)
  -h, --help               show this help

Exit codes: 0 done, 2 usage error.

Examples:
  skillc init
  skillc init --host claude,codex --skill release-notes
`;

export async function runInit(argv: string[], io: Io): Promise<number> {
  const { values, positionals } = parse(argv, {
    host: { type: 'string', multiple: true },
    skill: { type: 'string' },
    help: { type: 'boolean', short: 'h' },
  });
  if (values.help) {
    io.stdout(INIT_HELP);
    return 0;
  }
  if (positionals.length) throw new UsageError(`init takes no paths (got ${positionals.join(' ')}); run it in the project folder`);
  const options: InitOptions = { cwd: io.cwd };
  // Only the config init keeps (one in this folder) can define hosts of its own; a new one defines none.
  const kept = keptConfig(io.cwd);
  const hosts = hostList(values.host, kept ? { cwd: io.cwd, configFile: kept } : undefined);
  if (hosts.length) options.hosts = hosts;
  if (values.skill) options.skill = values.skill;
  const result = init(options);
  for (const f of result.created) io.stdout(`created  ${f}\n`);
  for (const s of result.scripts) io.stdout(`added    package.json scripts.${s}\n`);
  for (const f of result.updated) io.stdout(`updated  ${f}\n`);
  for (const f of result.skipped) io.stdout(`kept     ${f} (exists)\n`);
  // Hosts that read one folder get one copy of each skill there: say so before the first install.
  const config = loadConfig({ cwd: io.cwd });
  for (const s of sharedInstallFolders(config.hosts, config.hostTable)) {
    const where = s.scope === 'project' ? s.folder : `~/${s.folder}`;
    io.stdout(`note     ${s.hosts.join(' and ')} share ${where}/: \`skillc install\` keeps one copy of each skill there, recorded for each host\n`);
  }
  io.stdout('\nNext: npx skillc lint && npx skillc rehearse && npm run build:skills\n');
  return 0;
}
