import { loadConfig } from '../lint/config.js';
import { UsageError } from '../lint/discover.js';
import { listSkills } from '../catalog/listing.js';
import { parse, splitList } from './args.js';
import type { Io } from './io.js';

export const CATALOG_HELP = `Usage: skillc catalog [roots...] [options]

List the skills an agent's discovery would find: one line per skill with its
name and description, sorted by name. Malformed skills (no frontmatter,
invalid YAML, no name or description) are skipped with a warning on stderr.
Default root: the config's sources.

Options:
      --match <glob>       keep skills whose name matches, e.g. 'tflow-*'
      --exclude <names>    leave these skills out, comma-separated
  -f, --format <name>      text (default: name, a tab, description) or json
  -c, --config <file>      use this config file
  -h, --help               show this help

Exit codes: 0 at least one skill listed, 1 none, 2 usage error.

Example:
  skillc catalog .claude/skills ~/.claude/skills --match 'tflow-*' --exclude tflow-gateway
`;

export async function runCatalog(argv: string[], io: Io): Promise<number> {
  const { values, positionals } = parse(argv, {
    match: { type: 'string' },
    exclude: { type: 'string', multiple: true },
    format: { type: 'string', short: 'f', default: 'text' },
    config: { type: 'string', short: 'c' },
    help: { type: 'boolean', short: 'h' },
  });
  if (values.help) {
    io.stdout(CATALOG_HELP);
    return 0;
  }
  if (values.format !== 'text' && values.format !== 'json') throw new UsageError(`unknown format '${values.format}', expected text or json`);
  const config = loadConfig(values.config ? { cwd: io.cwd, configFile: values.config } : { cwd: io.cwd });
  const options: Parameters<typeof listSkills>[0] = { roots: positionals, cwd: io.cwd, config, exclude: splitList(values.exclude) };
  if (values.match) options.match = values.match;
  const { listed, skipped } = listSkills(options);
  for (const s of skipped) io.stderr(`skillc catalog: warning: skipping ${s.dir}: ${s.reason}\n`);
  if (values.format === 'json') io.stdout(`${JSON.stringify(listed.map(({ name, description }) => ({ name, description })), null, 2)}\n`);
  else for (const s of listed) io.stdout(`${s.name}\t${s.description}\n`);
  if (listed.length === 0) {
    io.stderr('skillc catalog: no skill found\n');
    return 1;
  }
  return 0;
}
