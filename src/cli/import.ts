import path from 'node:path';
import { importSkills, type ImportOptions } from '../adopt/import.js';
import { importTaskflow } from '../adopt/import-taskflow.js';
import { UsageError } from '../config/discover.js';
import { printable } from '../model/text.js';
import { oneOf, parse } from './args.js';
import { hostList } from './hosts.js';
import type { Io } from './io.js';

export const IMPORT_HELP = `Usage: skillc import <folder> [options]
       skillc import [<folder>] --from taskflow [--to <dir>] [--dry-run]

Turn an existing skills tree (.claude/skills, .agents/skills, ~/.codex/skills,
or any folder of skill folders) into skillc sources under skills-src/. Each
skill folder is copied; in its SKILL.md the spec's keys stay, a key only a host
reads moves to \`skillc.<host>\` (the tree's own host first, guessed from the
folder or given with --host), \`disable-model-invocation: true\` becomes
\`skillc.invocation: manual\`, and a Codex agents/openai.yaml is folded into
\`skillc.codex\`. Comments and bodies are kept. A skill whose destination
exists is skipped, never overwritten.

With --from taskflow, the folder (default: the current one) is hermes-taskflow's
single-source layout: skills-src/<skill>/ with entry.<host>.md, core.md and
companions, built by scripts/build-skills.mjs. Each skill becomes a skillc source
(one SKILL.md with a host block per entry and the core included, the companions,
a <name>.<host>.md companion shipped to that host only) that builds the same files
byte for byte, and a skillc.config.json extending skillc:taskflow is written when
the project has none. The original tree is read, never changed.

Options:
      --from <layout>      the layout of the folder: taskflow (default: skill folders)
      --host <id>          the host the tree was written for
      --to <dir>           where the sources go (default: the config's sources, else skills-src;
                           with --from taskflow: skills/ beside skills-src/)
      --dry-run            print what would happen, write nothing
  -h, --help               show this help

Exit codes: 0 imported (skills whose destination exists are reported and left),
1 some skill could not be imported (a FIFO or device in it, a SKILL.md that is
not a regular file, a frontmatter that does not convert: each reported as
\`skip\`, the others imported), 2 usage error.

Examples:
  skillc import .claude/skills
  skillc import ~/.codex/skills --host codex --to skills-src --dry-run
  skillc import --from taskflow --dry-run
`;

export async function runImport(argv: string[], io: Io): Promise<number> {
  const { values, positionals } = parse(argv, {
    from: { type: 'string' },
    host: { type: 'string' },
    to: { type: 'string' },
    'dry-run': { type: 'boolean' },
    help: { type: 'boolean', short: 'h' },
  });
  if (values.help) {
    io.stdout(IMPORT_HELP);
    return 0;
  }
  if (values.from !== undefined) return runTaskflowImport(oneOf(values.from, ['taskflow'], 'from'), positionals, values, io);
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
  if (result.configWritten) io.stdout(`config  ${rel(result.configWritten)} (hosts: ${result.host}, sources: ${rel(result.to)})\n`);
  else if (result.configAdvice) io.stdout(`config  the tree was written for ${result.configAdvice}: add "${result.configAdvice}" to \`hosts\` in the project's config to lint and build for it\n`);
  if (failed) io.stderr(`skillc import: ${failed} skill(s) could not be imported (see \`skip\` above); the others were${values['dry-run'] ? ' checked' : ' imported'}\n`);
  io.stdout(`skillc import: ${verb} ${imported} skill(s)${result.host ? ` written for ${result.host}` : ''} into ${rel(result.to)}/.${values['dry-run'] ? ' (dry run: nothing written)' : ' Next: npx skillc lint, then npx skillc build.'}\n`);
  return failed ? 1 : 0;
}

/** `skillc import --from taskflow`: one command from hermes-taskflow's layout to a skillc source and config. */
function runTaskflowImport(_layout: string, positionals: string[], values: { host?: string; to?: string; 'dry-run'?: boolean }, io: Io): number {
  if (positionals.length > 1) throw new UsageError('import --from taskflow takes at most one folder (default: the current one)');
  if (values.host) throw new UsageError('--host does not apply to --from taskflow: the entry files name their hosts');
  const result = importTaskflow({ cwd: io.cwd, ...(positionals[0] ? { from: positionals[0] } : {}), ...(values.to ? { to: values.to } : {}), ...(values['dry-run'] ? { dryRun: true } : {}) });
  const rel = (p: string): string => path.relative(io.cwd, p).split(path.sep).join('/') || '.';
  let done = 0;
  for (const s of result.skills) {
    if (s.skipped) {
      io.stdout(`skip    ${printable(rel(s.from))} (${printable(s.skipped)})\n`);
      continue;
    }
    done++;
    io.stdout(`import  ${rel(s.from)} -> ${rel(s.to)} (${s.hosts.join(', ')})\n`);
    for (const n of s.notes) io.stdout(`          ${printable(n)}\n`);
  }
  const failed = result.skills.length - done;
  if (result.configWritten) io.stdout(`config  ${rel(result.configWritten)} (extends ${result.preset})\n`);
  else if (result.configAdvice && done) io.stdout(`config  the project has a config: add ${JSON.stringify(result.configAdvice)} to it\n`);
  if (failed) io.stderr(`skillc import: ${failed} skill(s) could not be converted (see \`skip\` above)\n`);
  const verb = values['dry-run'] ? 'would convert' : 'converted';
  io.stdout(`skillc import: ${verb} ${done} taskflow skill(s) into ${rel(result.to)}/.${values['dry-run'] ? ' (dry run: nothing written)' : ' Next: npx skillc build --check (compares with packages/).'}\n`);
  return failed ? 1 : 0;
}
