// Lint stage, check the catalog: catalog rules over every skill's summary, replayed from the cache while no summary changed.
import { sha256 } from '../../core/hash.js';
import type { LintCache } from '../cache.js';
import type { Linter } from '../lint-skill.js';
import { checkCatalog, type Collector } from './check.js';
import type { LintRun } from './collect.js';

export function lintCatalog(run: LintRun, linter: Linter, cache: LintCache | undefined): void {
  const catalogKey = cache ? sha256(run.summaryHashes.join('\n')) : '';
  const cached = cache?.catalog(catalogKey);
  if (cached) {
    run.add(cached.diagnostics, cached.internalErrors);
    return;
  }
  const cat: Collector = { diagnostics: [], internalErrors: 0 };
  checkCatalog({ skills: run.summaries }, linter.active, linter.hosts, linter.config, cat);
  run.add(cat.diagnostics, cat.internalErrors);
  if (cache && cat.internalErrors === 0) cache.storeCatalog(catalogKey, cat.diagnostics, cat.internalErrors);
}
