import { loadConfig } from '../config/config.js';
import { UsageError } from '../config/discover.js';
import picomatch from 'picomatch';
import { listSkills, unlistable } from '../catalog/listing.js';
import { hostListing } from '../analysis/budget.js';
import { loadCatalog } from '../catalog/load.js';
import { budgetLine, hostSummary } from '../catalog/render/model.js';
import { printable } from '../model/text.js';
import { formatOf, intOption, parse, splitList } from './args.js';
import { hostList } from './hosts.js';
import { type Io, OUTPUT_FILE_OPTION, refusedConfigOption, refusedOutside, reportOutput } from './io.js';

export const CATALOG_HELP = `Usage: skillc catalog [roots...] [options]

List the skills an agent's discovery would find: one line per skill with its
name and description, sorted by name. Malformed skills (no frontmatter,
invalid YAML, no name or description) are skipped with a warning on stderr.
Default root: the config's sources; with no root and no config file, a usage
error (exit 2), as a discovery script given no folder.

Options:
      --match <glob>       keep skills whose name matches, e.g. 'tflow-*'
      --exclude <names>    leave these skills out, comma-separated
      --host <id>          list as that host would: skills it installs and shows
                           the model, each description (with the host's extra
                           fields) cut as the host cuts it, skills over its
                           budget left out; the budget use goes to stderr
                           (json: in the output)
      --context <tokens>   context window for --host (default: the config's
                           contextTokens, 200000; 0: unknown)
  -f, --format <name>      stylish (default: name, a tab, description; \`text\` is its
                           old name) or json
  -o, --output-file <file> write the list to a file
  -c, --config <file>      use this config file
  -h, --help               show this help

Exit codes: 0 at least one skill listed, 1 none, 2 usage error.

Example:
  skillc catalog .claude/skills ~/.claude/skills --match 'tflow-*' --exclude tflow-gateway
  skillc catalog --host claude --context 200000
`;

export async function runCatalog(argv: string[], io: Io): Promise<number> {
  const { values, positionals } = parse(argv, {
    match: { type: 'string' },
    exclude: { type: 'string', multiple: true },
    host: { type: 'string' },
    context: { type: 'string' },
    format: { type: 'string', short: 'f', default: 'stylish' },
    config: { type: 'string', short: 'c' },
    ...OUTPUT_FILE_OPTION,
    help: { type: 'boolean', short: 'h' },
  });
  if (values.help) {
    io.stdout(CATALOG_HELP);
    return 0;
  }
  const format = formatOf(values.format, ['stylish', 'json']);
  if (values['output-file'] !== undefined && refusedOutside(io, [values['output-file']], 'output file')) return 2;
  const output = reportOutput(io, values['output-file']);
  const code = listCatalog({ ...values, format }, positionals, output.io);
  output.finish();
  return code;
}

function listCatalog(values: CatalogValues, positionals: string[], io: Io): number {
  if (refusedConfigOption(io, values.config)) return 2;
  const config = io.confine?.config ?? loadConfig(values.config ? { cwd: io.cwd, configFile: values.config } : { cwd: io.cwd });
  // Confined (a rehearsal case), every root walked lies in the sandbox: the ones given, else the sources.
  if (refusedOutside(io, positionals.length ? positionals : [config.sources], 'root')) return 2;
  // Without a config, the default root would be whatever folder the command runs in: listing
  // it silently answers a question nobody asked (tflow's discover-skills.sh exits 2 here too).
  // In a rehearsal case (confined) the sources are the case's folder, which is the question.
  if (!positionals.length && !config.file && !io.confine) throw new UsageError('no roots given and no skillc config to take `sources` from: name the folders to list, e.g. `skillc catalog .claude/skills`');
  if (values.host !== undefined) return runHostCatalog(values, positionals, io);
  const format = values.format;
  if (values.context !== undefined) throw new UsageError('--context needs --host');
  const options: Parameters<typeof listSkills>[0] = { roots: positionals, cwd: io.cwd, config, exclude: splitList(values.exclude) };
  if (values.match) options.match = values.match;
  const { listed, skipped } = listSkills(options);
  for (const s of skipped) io.stderr(`skillc catalog: warning: skipping ${printable(s.dir)}: ${printable(s.reason)}\n`);
  if (format === 'json') io.stdout(`${JSON.stringify(listed.map(({ name, description }) => ({ name, description })), null, 2)}\n`);
  else for (const s of listed) io.stdout(`${printable(s.name)}\t${printable(s.description)}\n`);
  if (listed.length === 0) {
    io.stderr('skillc catalog: no skill found\n');
    return 1;
  }
  return 0;
}

type CatalogValues = { match?: string | undefined; exclude?: string[] | undefined; host?: string | undefined; context?: string | undefined; format: 'stylish' | 'json'; config?: string | undefined };

/** `catalog --host`: the listing one host would show, and its budget. */
function runHostCatalog(values: CatalogValues, positionals: string[], io: Io): number {
  const hosts = hostList(values.host, io.confine ? undefined : { cwd: io.cwd, configFile: values.config });
  if (hosts.length !== 1) throw new UsageError('--host takes one host id');
  const context = intOption(values.context, 'context');
  if (context !== undefined && context < 0) throw new UsageError('--context expects a number of tokens, 0 or more');
  const options: Parameters<typeof loadCatalog>[0] = { cwd: io.cwd, paths: positionals, hosts };
  if (values.config) options.configFile = values.config;
  if (io.confine) options.resolved = io.confine.config;
  if (context !== undefined) options.contextTokens = context;
  const catalog = loadCatalog(options);
  const keep = values.match ? picomatch(values.match) : () => true;
  const exclude = new Set(splitList(values.exclude));
  const skills = catalog.skills.filter((s) => {
    const reason = unlistable(s);
    if (reason) io.stderr(`skillc catalog: warning: skipping ${printable(s.dir)}: ${printable(reason)}\n`);
    return !reason && keep(s.name!) && !exclude.has(s.name!);
  });
  const listing = hostListing(skills, catalog.hosts[0]!, catalog.contextTokens);
  const summary = hostSummary(listing);
  const shown = listing.entries.filter((e) => e.fate !== 'dropped');
  if (values.format === 'json') {
    const entries = listing.entries.map((e) => ({ name: e.name, description: e.shown, fate: e.fate, chars: e.chars, fullLength: e.text.length }));
    io.stdout(`${JSON.stringify({ host: summary.id, contextTokens: listing.contextTokens, budget: listing.budget, basis: listing.basis, used: listing.used, wanted: listing.wanted, skills: entries, hidden: summary.hidden }, null, 2)}\n`);
  } else {
    for (const e of shown) io.stdout(`${printable(e.name)}\t${printable(e.shown)}\n`);
    const parts = [budgetLine(summary)];
    if (listing.budget !== null) parts.push(`${listing.basis}; as listed: ${listing.used.toLocaleString('en-US')} chars`);
    if (summary.cut.length) parts.push(`cut: ${summary.cut.join(', ')}`);
    if (summary.dropped.length) parts.push(`dropped: ${summary.dropped.join(', ')}`);
    if (summary.hidden.length) parts.push(`manual only, not listed: ${summary.hidden.join(', ')}`);
    io.stderr(`skillc catalog: ${printable(parts.join('; '))}\n`);
  }
  if (shown.length === 0) {
    io.stderr('skillc catalog: no skill listed\n');
    return 1;
  }
  return 0;
}
