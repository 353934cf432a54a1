import { attachFindings, catalogReport } from '../catalog/load.js';
import { edgeKinds, GRAPH_FORMATS, renderGraph } from '../catalog/render/index.js';
import { UsageError } from '../config/discover.js';
import { intOption, oneOf, parse, splitList } from './args.js';
import { hostList } from './hosts.js';
import { type Io, outputTarget, writeOutput } from './io.js';

export const GRAPH_HELP = `Usage: skillc graph [paths...] [options]

Draw the catalog: every skill, the shared fragments they include, the edges
between them by kind (requires, mention, link, include), and how much of each
host's listing budget the catalog uses. Default paths: the config's sources.

Options:
  -f, --format <name>      mermaid (default), dot, svg, html (one offline page) or json
      --edges <kinds>      edge kinds to draw, comma-separated: requires, include,
                           mention, link, or all (default: requires,include; the
                           HTML view can show the others on demand)
      --host <ids>         hosts whose budgets to show, comma-separated (default: the config's)
      --context <tokens>   context window for the budgets (default: the config's contextTokens, 200000)
  -o, --output-file <file> write to a file instead of stdout (\`--output\` is its old name)
  -c, --config <file>      use this config file
  -h, --help               show this help

Exit codes: 0 drawn, 1 no skill found, 2 usage or config error.

Examples:
  skillc graph
  skillc graph --format html -o catalog.html --host claude,codex
  skillc graph --format svg --edges all -o catalog.svg
`;

export async function runGraph(argv: string[], io: Io): Promise<number> {
  const { values, positionals } = parse(argv, {
    format: { type: 'string', short: 'f', default: 'mermaid' },
    host: { type: 'string', multiple: true },
    edges: { type: 'string', multiple: true },
    context: { type: 'string' },
    'output-file': { type: 'string', short: 'o' },
    // The spelling before every command said --output-file; kept so scripts that use it still run.
    output: { type: 'string' },
    config: { type: 'string', short: 'c' },
    help: { type: 'boolean', short: 'h' },
  });
  if (values.help) {
    io.stdout(GRAPH_HELP);
    return 0;
  }
  const format = oneOf(values.format, GRAPH_FORMATS, 'format');
  let edges;
  try {
    edges = edgeKinds(splitList(values.edges));
  } catch (err) {
    throw new UsageError(`--edges: ${(err as Error).message}`);
  }
  if (values.output !== undefined && values['output-file'] !== undefined) throw new UsageError('--output is the old name of --output-file: give one of them');
  const outFile = values['output-file'] ?? values.output;
  const flag = values.output !== undefined ? '--output' : '--output-file';
  const target = outFile === undefined ? undefined : outputTarget(io.cwd, outFile, flag);
  const context = intOption(values.context, 'context');
  if (context !== undefined && context < 0) throw new UsageError('--context expects a number of tokens, 0 or more');
  const options: Parameters<typeof catalogReport>[0] = { cwd: io.cwd, paths: positionals, hosts: hostList(values.host, { cwd: io.cwd, configFile: values.config }) };
  if (values.config) options.configFile = values.config;
  if (context !== undefined) options.contextTokens = context;
  const picture = catalogReport(options);
  if (!picture.nodes.some((nd) => nd.kind === 'skill')) {
    io.stderr('skillc graph: no skill found\n');
    return 1;
  }
  // The HTML view shows each skill's lint findings in its panel.
  if (format === 'html') await attachFindings(picture, options);
  const text = await renderGraph(picture, format, { edges });
  if (target && outFile !== undefined) writeOutput(target, text, flag, outFile);
  else io.stdout(text);
  return 0;
}
