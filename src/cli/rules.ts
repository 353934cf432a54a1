import fs from 'node:fs';
import path from 'node:path';
import { didYouMean } from '../core/suggest.js';
import { UsageError } from '../core/errors.js';
import { stripExampleHeaders } from '../rules/doc-page.js';
// The generated metadata, not the rule modules: listing rules loads no rule and nothing a rule imports.
import { RULE_METADATA } from '../rules/metadata.js';
import { isProblemId, PROBLEMS } from '../rules/problems.js';
import { docsUrl } from '../rules/rule.js';
import { formatOf, parse } from './args.js';
import { type Io, OUTPUT_FILE_OPTION, packageRoot, reportOutput } from './io.js';

export const RULES_HELP = `Usage: skillc rules [--format stylish|json] [-o <file>]

List every built-in rule: id, default severity, whether it is fixable, what it reports.

Options:
  -f, --format <name>      stylish (default; \`text\` is its old name) or json
  -o, --output-file <file> write the list to a file
  -h, --help               show this help

Example:
  skillc rules --format json
`;

export async function runRules(argv: string[], io: Io): Promise<number> {
  const { values } = parse(argv, { format: { type: 'string', short: 'f', default: 'stylish' }, ...OUTPUT_FILE_OPTION, help: { type: 'boolean', short: 'h' } });
  if (values.help) {
    io.stdout(RULES_HELP);
    return 0;
  }
  const format = formatOf(values.format, ['stylish', 'json']);
  const output = reportOutput(io, values['output-file']);
  listRules(format, output.io);
  output.finish();
  return 0;
}

function listRules(format: 'stylish' | 'json', io: Io): void {
  if (format === 'json') {
    const list = RULE_METADATA.map((r) => ({ ...r, url: docsUrl(r.id) }));
    io.stdout(`${JSON.stringify(list, null, 2)}\n`);
    return;
  }
  const width = Math.max(...RULE_METADATA.map((r) => r.id.length));
  for (const r of RULE_METADATA) {
    const flags = `${r.severity.padEnd(7)} ${r.fixable ? 'fix' : '   '}${r.recommended ? '    ' : ' off'}`;
    io.stdout(`${r.id.padEnd(width)}  ${flags}  ${r.description}\n`);
  }
  io.stdout(`\n${RULE_METADATA.length} rules. \`skillc explain <rule-id>\` prints one rule's docs.\n`);
}

export const EXPLAIN_HELP = `Usage: skillc explain <rule-id>

Print a rule's documentation: what it reports, why, examples and options.
Also the pages of the problems the engine and the build report themselves
(plugin/load, build/include, build/read, ...): what each means and how to fix it.

Example:
  skillc explain frontmatter/name-format
`;

export async function runExplain(argv: string[], io: Io): Promise<number> {
  const { values, positionals } = parse(argv, { help: { type: 'boolean', short: 'h' } });
  if (values.help) {
    io.stdout(EXPLAIN_HELP);
    return 0;
  }
  const id = positionals[0];
  if (!id || positionals.length > 1) throw new UsageError('explain takes one rule id, e.g. `skillc explain frontmatter/name-format`');
  const rule = RULE_METADATA.find((r) => r.id === id) ?? PROBLEMS.find((p) => p.id === id);
  if (!rule) {
    const ids = [...RULE_METADATA.map((r) => r.id), ...PROBLEMS.map((p) => p.id)];
    // A typo gets the nearest id; a part of an id (`name`) gets every id holding it.
    const hint = didYouMean(id, ids);
    const holding = ids.filter((r) => r.includes(id));
    throw new UsageError(`unknown rule '${id}'${hint || (holding.length ? `; did you mean ${holding.map((r) => `'${r}'`).join(', ')}?` : '')}`);
  }
  const file = path.join(packageRoot(), 'docs', isProblemId(rule.id) ? 'problems' : 'rules', `${rule.id}.md`);
  const text = fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : `# ${rule.id}\n\n${rule.description}\n`;
  let shown = stripExampleHeaders(text);
  if (!shown.endsWith('\n')) shown += '\n';
  // The message ids tests and docs name (`messageId`), with the text each stands for.
  const messages = 'messages' in rule ? rule.messages : undefined;
  if (messages && Object.keys(messages).length) {
    shown += `\n## Messages\n\n${Object.entries(messages).map(([id, text]) => `- \`${id}\`: ${text}\n`).join('')}`;
  }
  io.stdout(shown);
  return 0;
}
