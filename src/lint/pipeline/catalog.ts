// Lint stage, check the catalog: catalog rules over every skill's summary, replayed from the cache while no summary changed.
import { sha256 } from '../../core/hash.js';
import type { LintCache } from '../cache.js';
import type { Linter } from '../lint-skill.js';
import { checkCatalog, type Collector } from './check.js';
import type { LintRun } from './collect.js';

/** `reported`: the skill folders whose findings the run shows (absent: every one); catalog rules may skip work for the others. */
export function lintCatalog(run: LintRun, linter: Linter, cache: LintCache | undefined, reported?: ReadonlySet<string>): void {
  // A run that shows some skills only may leave the others' findings out: its results are its own.
  const catalogKey = cache ? sha256(run.summaryHashes.join('\n') + (reported ? `\0${[...reported].sort().join('\n')}` : '')) : '';
  const cached = cache?.catalog(catalogKey);
  if (cached) {
    run.add(cached.diagnostics, cached.internalErrors);
    return;
  }
  const cat: Collector = { diagnostics: [], internalErrors: 0 };
  checkCatalog(reported ? { skills: run.summaries, reported } : { skills: run.summaries }, linter.active, linter.hosts, linter.config, cat);
  run.add(cat.diagnostics, cat.internalErrors);
  if (cache && cat.internalErrors === 0) cache.storeCatalog(catalogKey, cat.diagnostics, cat.internalErrors);
}
