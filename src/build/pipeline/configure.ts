// Build stage 1, configure: the lint run's options, and the checks that must pass before anything is written.
import path from 'node:path';
import { getHost, unknownHostMessage } from '../../hosts/index.js';
import { ConfigError, type ResolvedConfig } from '../../config/config.js';
import { discover, type Discovery, UsageError } from '../../config/discover.js';
import { loadLintConfig, type LintOptions } from '../../lint/engine.js';
import { isInside, linkOnTheWay } from '../../core/paths.js';
import { UnsafePathError } from '../../core/errors.js';
import { noteChanges } from '../incremental.js';
import type { BuildOptions } from './types.js';

export interface BuildSetup {
  /** The config, resolved once: the lint and every build stage use it. */
  config: ResolvedConfig;
  /** The skill folders, found once: the lint lints these. */
  found: Discovery;
  lintOptions: LintOptions & { cwd: string };
  /** Reuse the caches (`incremental`, and not `check`). */
  incremental: boolean;
  outDir: string;
}

/**
 * Checks the config, the hosts, that there are skills and where the output goes, before
 * lint (which writes its cache): a build that cannot run writes nothing at all. A bad
 * --out or --host is a usage error; the same mistake in the config file is a config error.
 */
export function configureBuild(options: BuildOptions, cwd: string): BuildSetup {
  const lintOptions: LintOptions & { cwd: string } = { cwd, keepSkills: true };
  // Lint for the hosts being built: their limits and keys are the ones that matter.
  if (options.hosts?.length) lintOptions.hosts = [...new Set(options.hosts)];
  if (options.configFile) lintOptions.configFile = options.configFile;
  if (options.config) lintOptions.config = options.config;
  if (options.plugins === false) lintOptions.plugins = false;
  // --check writes nothing, not even a cache: it always compares a full build.
  const incremental = options.incremental === true && !options.check;
  if (incremental) {
    lintOptions.cache = true;
    if (options.cacheLocation) lintOptions.cacheLocation = path.join(options.cacheLocation, 'lint-cache.json');
  }
  if (options.session) {
    lintOptions.session = options.session;
    // Before lint: a run that stops at a lint error still leaves its changes for the next run's build.
    if (incremental) noteChanges(options.session);
  }
  const preConfig = options.resolved ?? loadLintConfig(cwd, options);
  // Against the config's host table: a host it defines (`customHosts`) is known.
  for (const h of options.hosts ?? []) if (!getHost(h, preConfig.hostTable)) throw new UsageError(unknownHostMessage(h, 'in --host', preConfig.hostTable));
  const found = discover([], preConfig, cwd);
  if (found.dirs.length === 0) throw new UsageError(`no skills found in ${found.searched.join(', ')} (a skill is a folder holding a SKILL.md); nothing built`);
  const outDir = options.out ? path.resolve(cwd, options.out) : preConfig.out;
  const fail = (message: string, fromOption: boolean): never => {
    throw fromOption ? new UsageError(message) : new ConfigError(message, preConfig.file);
  };
  const shownOut = path.relative(cwd, outDir).split(path.sep).join('/') || '.';
  if (!isInside(outDir, preConfig.root) || outDir === preConfig.root) fail(`output folder ${shownOut} must be a folder inside the project (${preConfig.root})`, !!options.out);
  if (isInside(preConfig.sources, outDir) || isInside(outDir, preConfig.sources)) fail(`output folder ${shownOut} overlaps the sources ${path.relative(cwd, preConfig.sources).split(path.sep).join('/') || '.'}`, !!options.out);
  // A committed `generated -> /elsewhere` (or a link on the way to it) would take every write,
  // rename and delete of the build there, and every read of the last outputs from there.
  const link = linkOnTheWay(preConfig.root, outDir, { self: true });
  if (link) throw new UnsafePathError(`output folder ${shownOut}: ${link}; skillc does not read from, write to or delete through links (remove the link, or set \`out\` to a real folder)`);
  return { config: preConfig, found, lintOptions, incremental, outDir };
}
