import path from 'node:path';
import { importSkills, type ImportOptions } from '../adopt/import.js';
import { UsageError } from '../config/discover.js';
import { printable } from '../model/text.js';
import { parse } from './args.js';
import { hostList } from './hosts.js';
import type { Io } from './io.js';

export const IMPORT_HELP = `Usage: skillc import <folder> [options]

Turn an existing skills tree (.claude/skills, .agents/skills, ~/.codex/skills,
or any folder of skill folders) into skillc sources under skills-src/. Each
skill folder is copied; in its SKILL.md the spec's keys stay, a key only a host
reads moves to \`skillc.<host>\` (the tree's own host first, guessed from the
folder or given with --host), \`disable-model-invocation: true\` becomes
\`skillc.invocation: manual\`, and a Codex agents/openai.yaml is folded into
\`skillc.codex\`. Comments and bodies are kept. A skill whose destination
exists is skipped, never overwritten.

Options:
      --host <id>          the host the tree was written for
      --to <dir>           where the sources go (default: the config's sources, else skills-src)
      --dry-run            print what would happen, write nothing
  -h, --help               show this help

Exit codes: 0 imported (skills whose destination exists are reported and left),
1 some skill could not be imported (a FIFO or device in it, a SKILL.md that is
not a regular file, a frontmatter that does not convert: each reported as
\`skip\`, the others imported), 2 usage error.

Examples:
  skillc import .claude/skills
  skillc import ~/.codex/skills --host codex --to skills-src --dry-run
`;

export async function runImport(argv: string[], io: Io): Promise<number> {
  const { values, positionals } = parse(argv, {
    host: { type: 'string' },
    to: { type: 'string' },
    'dry-run': { type: 'boolean' },
    help: { type: 'boolean', short: 'h' },
  });
  if (values.help) {
    io.stdout(IMPORT_HELP);
    return 0;
  }
  if (positionals.length !== 1) throw new UsageError('import takes one folder, e.g. `skillc import .claude/skills`');
  const options: ImportOptions = { cwd: io.cwd, from: positionals[0]! };
  if (values.host) {
    hostList(values.host, { cwd: io.cwd });
    options.host = values.host;
  }
  if (values.to) options.to = values.to;
  if (values['dry-run']) options.dryRun = true;
  const result = importSkills(options);
  const rel = (p: string): string => path.relative(io.cwd, p).split(path.sep).join('/') || '.';
  let imported = 0;
  let failed = 0;
  for (const s of result.skills) {
    if (s.skipped) {
      if (s.skipped === 'exists') io.stdout(`skip    ${printable(rel(s.to))} (exists; not overwritten)\n`);
      else {
        failed++;
        io.stdout(`skip    ${printable(rel(s.from))} (${printable(s.skipped)})\n`);
      }
      continue;
    }
    imported++;
    io.stdout(`import  ${rel(s.from)} -> ${rel(s.to)}\n`);
    for (const m of s.moves) io.stdout(`          ${m}\n`);
    for (const k of s.unknown) io.stdout(`          ${k}: no known host reads it; left in place (lint reports it)\n`);
  }
  const verb = values['dry-run'] ? 'would import' : 'imported';
  if (failed) io.stderr(`skillc import: ${failed} skill(s) could not be imported (see \`skip\` above); the others were${values['dry-run'] ? ' checked' : ' imported'}\n`);
  io.stdout(`skillc import: ${verb} ${imported} skill(s)${result.host ? ` written for ${result.host}` : ''} into ${rel(result.to)}/.${values['dry-run'] ? ' (dry run: nothing written)' : ' Next: npx skillc lint, then npx skillc build.'}\n`);
  return failed ? 1 : 0;
}
