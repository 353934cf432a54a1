import path from 'node:path';
import { loadConfig } from '../config/config.js';
import { watch } from '../lint/watch.js';
import type { LintSession } from '../lint/cache.js';
import { parseConcurrency, type Concurrency } from '../lint/parallel.js';
import { UsageError } from '../config/discover.js';
import type { Io } from './io.js';

/** The lint flags of the cache and watch modes. */
export const PERF_LINT_OPTIONS = {
  cache: { type: 'boolean' },
  'cache-location': { type: 'string' },
  watch: { type: 'boolean', short: 'w' },
  concurrency: { type: 'string' },
  debug: { type: 'boolean' },
} as const;

/** The build flags of incremental and watch modes. */
export const PERF_BUILD_OPTIONS = {
  'no-incremental': { type: 'boolean' },
  'cache-location': { type: 'string' },
  watch: { type: 'boolean', short: 'w' },
} as const;

export const PERF_LINT_HELP = `      --cache              only re-lint skills whose files changed (a content-hash cache)
      --cache-location <path>  cache file or folder (default node_modules/.cache/skillc/)
  -w, --watch              lint, then lint again on every change (Ctrl-C stops)
      --concurrency <n>    threads that parse and check skills: a number, off, or auto
                           (default): one thread a core that other work leaves free now
                           (measured: idle time over ~0.1 s, else the load average), up
                           to 4, with 1 MiB of SKILL.md text and 256 MiB of free memory a
                           thread; else serial
      --debug              print on stderr how many threads linted, and why
`;

export const PERF_BUILD_HELP = `      --no-incremental     rebuild every skill (default: reuse unchanged skills' outputs)
      --cache-location <dir>  folder for the lint and build caches (default node_modules/.cache/skillc/)
  -w, --watch              build, then rebuild on every change (Ctrl-C stops)
`;

interface PerfValues {
  cache?: boolean;
  'cache-location'?: string;
  watch?: boolean;
  'no-incremental'?: boolean;
  concurrency?: string;
}

/** Sets the cache options of a lint or build from its flags, and the watch loop's session when inside one (`io.session`, handed down by `runWatch`). */
export function applyPerfOptions(values: PerfValues, options: { cache?: boolean; concurrency?: Concurrency; cacheLocation?: string; session?: LintSession; incremental?: boolean }, command: 'lint' | 'build', session?: LintSession): void {
  if (command === 'lint' && values.cache) options.cache = true;
  if (command === 'lint' && values.concurrency !== undefined) {
    const concurrency = parseConcurrency(values.concurrency);
    if (concurrency === undefined) throw new UsageError(`invalid --concurrency '${values.concurrency}', expected a positive number, auto or off`);
    options.concurrency = concurrency;
  }
  if (command === 'build' && !values['no-incremental']) options.incremental = true;
  if (values['cache-location']) options.cacheLocation = values['cache-location'];
  if (session) options.session = session;
}

/**
 * `--watch`: runs the command (without --watch) now and after every change to the
 * sources, the paths given or the config; prints a line per run. Stops on SIGINT or SIGTERM.
 */
export async function runWatch(command: 'lint' | 'build', argv: string[], io: Io, run: (argv: string[], io: Io) => Promise<number>, positionals: string[], configFile?: string): Promise<number> {
  const once = argv.filter((a) => a !== '--watch' && a !== '-w');
  const config = loadConfig({ cwd: io.cwd, ...(configFile ? { configFile } : {}) });
  const paths = positionals.length ? positionals.map((p) => path.resolve(io.cwd, p)) : [config.sources];
  if (config.file) paths.push(config.file);
  const out = config.out;
  const cacheDir = path.join(config.root, 'node_modules');
  let code = 0;
  let runs = 0;
  const watcher = watch({
    paths,
    ignore: (abs) => abs === out || abs.startsWith(out + path.sep) || abs.startsWith(`${out}.skillc-`) || abs.startsWith(cacheDir + path.sep),
    run: async (changed, session) => {
      const t0 = performance.now();
      try {
        code = await run(once, { ...io, session });
      } catch (error) {
        io.stderr(`skillc ${command}: ${error instanceof Error ? error.message : String(error)}\n`);
        code = 2;
      }
      const ms = Math.round(performance.now() - t0);
      const what = changed ? `${changed.size} change${changed.size === 1 ? '' : 's'}` : 'start';
      io.stderr(`[skillc ${command} --watch] run ${++runs} (${what}) in ${ms} ms, exit ${code}; watching for changes...\n`);
    },
  });
  const stop = (): void => watcher.close();
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
  await watcher.closed;
  process.off('SIGINT', stop);
  process.off('SIGTERM', stop);
  return code;
}
