import path from 'node:path';
import { install, type InstallOptions } from '../adopt/install.js';
import { UsageError } from '../config/discover.js';
import { BUILT_IN_HOSTS } from '../hosts/index.js';
import { printable } from '../model/text.js';
import { parse } from './args.js';
import { helpHostIds, hostList } from './hosts.js';
import type { Io } from './io.js';

/** The shipped hosts whose skills are uploaded (no `layout`), as the help names them. */
function uploadedNote(): string {
  const uploaded = Object.values(BUILT_IN_HOSTS).flatMap((h) => (h.layout ? [] : [h.id]));
  return uploaded.length ? ` (not ${uploaded.join(', ')}: uploaded, not installed)` : '';
}

export const INSTALL_HELP = `Usage: skillc install --host <id> [--project|--user] [options]

Copy the built skills of one host (the output folder's <host>/ tree, written by
\`skillc build\`) into that host's skill folder: the project's (e.g.
.claude/skills/) or the user's (e.g. ~/.claude/skills/). Each installed file's
sha256 is recorded in .skillc-install.json there. A file you changed, or one
skillc did not install, is never overwritten or removed: it is reported and
left as it is. Skills removed from the build are removed from the folder
(when unchanged); a skill with a changed file is kept whole, with its record.
The install record is untrusted input (a cloned repository ships the
project's): an entry that leaves the folder, and any link on the way to a file
skillc would write or delete, make install refuse before changing anything.
Hosts that share a folder (agentskills and codex: .agents/skills) install and
uninstall in any order: a file both built alike is kept until both are
uninstalled; a skill one installed with other content is left to it. Skills
that npx skills installed (its skills-lock.json) are never taken over.

Options:
      --host <id>          the host${uploadedNote()}:
${helpHostIds(Object.values(BUILT_IN_HOSTS).flatMap((h) => (h.layout ? [h.id] : [])))}
      --project            install into the project (default)
      --user               install into your home folder ($HOME; Claude Code's
                           $CLAUDE_CONFIG_DIR and Codex's $CODEX_HOME when set)
      --dry-run            print what would happen, change nothing
      --uninstall          remove what skillc installed there (unchanged files only)
      --out <dir>          the build output folder (default: the config's out)
  -c, --config <file>      use this config file
  -h, --help               show this help

Exit codes: 0 done (files you changed are reported, not an error), 2 usage error
or nothing built.

Examples:
  skillc build && skillc install --host claude
  skillc install --host codex --user --dry-run
  skillc install --host claude --uninstall
`;

const LABEL: Record<string, string> = {
  install: 'install  ',
  update: 'update   ',
  unchanged: 'unchanged',
  'kept-changed': 'kept     ',
  'kept-with-skill': 'kept     ',
  'kept-shared': 'kept     ',
  'kept-other-host': 'kept     ',
  'kept-other-installer': 'kept     ',
  remove: 'remove   ',
};

export async function runInstall(argv: string[], io: Io): Promise<number> {
  const { values, positionals } = parse(argv, {
    host: { type: 'string' },
    project: { type: 'boolean' },
    user: { type: 'boolean' },
    'dry-run': { type: 'boolean' },
    uninstall: { type: 'boolean' },
    out: { type: 'string' },
    config: { type: 'string', short: 'c' },
    help: { type: 'boolean', short: 'h' },
  });
  if (values.help) {
    io.stdout(INSTALL_HELP);
    return 0;
  }
  if (positionals.length) throw new UsageError(`install takes no paths (got ${positionals.join(' ')})`);
  if (!values.host) throw new UsageError('install needs --host <id>');
  hostList(values.host, { cwd: io.cwd, configFile: values.config });
  if (values.project && values.user) throw new UsageError('--project and --user cannot be used together');
  const options: InstallOptions = { cwd: io.cwd, host: values.host, scope: values.user ? 'user' : 'project' };
  if (values['dry-run']) options.dryRun = true;
  if (values.uninstall) options.uninstall = true;
  if (values.out) options.out = values.out;
  if (values.config) options.configFile = values.config;
  const result = install(options);
  const shownTarget = values.user ? homePath(result.target) : path.relative(io.cwd, result.target).split(path.sep).join('/') || '.';
  const counts: Record<string, number> = {};
  for (const s of result.steps) {
    counts[s.action] = (counts[s.action] ?? 0) + 1;
    if (s.action === 'unchanged') continue;
    const why = {
      'kept-changed': '  (changed since skillc installed it, or not installed by skillc: left as it is)',
      'kept-with-skill': `  (unchanged, kept with ${shownTarget}/${s.because} so the skill stays whole)`,
      'kept-shared': `  (installed for ${s.because} too, which shares this folder: left for it)`,
      'kept-other-host': `  (installed for ${s.because}, which shares this folder, with other content: left as it is)`,
      'kept-other-installer': `  (installed by npx skills, recorded in ${s.because}: not skillc's)`,
    }[s.action as string] ?? '';
    io.stdout(`${LABEL[s.action]}  ${printable(`${shownTarget}/${s.path}${why}`)}\n`);
  }
  const verb = values['dry-run'] ? 'would ' : '';
  const summary = values.uninstall
    ? `skillc install: ${verb}remove ${counts.remove ?? 0} file(s) from ${shownTarget}/`
    : `skillc install: ${result.skills.length} skill(s) for ${result.host} -> ${shownTarget}/: ${verb}install ${counts.install ?? 0}, ${verb}update ${counts.update ?? 0}, ${counts.unchanged ?? 0} unchanged, ${verb}remove ${counts.remove ?? 0}`;
  const withSkill = counts['kept-with-skill'] ? ` and ${counts['kept-with-skill']} file(s) of the same skill(s), with their install records (undo the change, or delete the skill yourself, then uninstall again)` : '';
  const kept = counts['kept-changed'] ? `; kept ${counts['kept-changed']} changed file(s)${withSkill}` : '';
  const shared = counts['kept-shared'] || counts['kept-other-host'] ? `; kept ${(counts['kept-shared'] ?? 0) + (counts['kept-other-host'] ?? 0)} file(s) of another host sharing ${shownTarget}/` : '';
  const other = counts['kept-other-installer'] ? `; kept ${counts['kept-other-installer']} file(s) npx skills installed` : '';
  io.stdout(`${summary}${kept}${shared}${other}.${values['dry-run'] ? ' (dry run: nothing changed)' : ''}\n`);
  return 0;
}

/** A folder in the user's home as `~/...`; one elsewhere (CLAUDE_CONFIG_DIR=/srv/claude) as it is. */
function homePath(target: string): string {
  const home = process.env.HOME ?? '';
  const rel = path.relative(home, target);
  return home && rel && !rel.startsWith('..') && !path.isAbsolute(rel) ? `~/${rel.split(path.sep).join('/')}` : target;
}
