import { wrapSharedShellWork } from '../parse/shell.js';

/**
 * Per-rule timing, like ESLint's `TIMING=1`: set TIMING to print the slowest ten rules
 * (with the time spent reading and parsing) after a lint, TIMING=all for every rule, or
 * TIMING=<n> for the slowest n. Off by default: the clock calls are not free.
 */
export const timings: Map<string, number> | undefined = process.env.TIMING ? new Map() : undefined;

export function addTime(key: string, ms: number): void {
  timings?.set(key, (timings.get(key) ?? 0) + ms);
}

/** Time spent in work timed under its own key while a rule ran (reading and parsing bundled files). */
let nested = 0;

// Loading the shell parser and parsing each script once serve every script and security rule.
if (timings) wrapSharedShellWork((fn) => timeNested('(load and parse scripts)', fn));

/**
 * Runs `fn`, timing it under `key` rather than under the rule that asked: a bundled file is read and
 * parsed once per run, by whichever rule asks first, and that cost is the parse's, not the rule's.
 */
export function timeNested<T>(key: string, fn: () => T): T {
  if (!timings) return fn();
  const t0 = performance.now();
  try {
    return fn();
  } finally {
    const ms = performance.now() - t0;
    nested += ms;
    addTime(key, ms);
  }
}

/** The nested time so far; a rule's own time is its wall time minus what this grew by while it ran. */
export function nestedTime(): number {
  return nested;
}

/** The table printed on stderr, or '' when timing is off or nothing ran. */
export function formatTimings(setting = process.env.TIMING): string {
  if (!timings || !timings.size) return '';
  const rows = [...timings.entries()].sort((a, b) => b[1] - a[1]);
  const total = rows.reduce((sum, [, ms]) => sum + ms, 0);
  const limit = setting === 'all' ? rows.length : Number(setting) > 1 ? Number(setting) : 10;
  const shown = rows.slice(0, limit);
  const width = Math.max(4, ...shown.map(([k]) => k.length));
  const lines = [`${'Rule'.padEnd(width)} | Time (ms) | Relative`, `${'-'.repeat(width)}-|----------:|--------:`];
  for (const [key, ms] of shown) lines.push(`${key.padEnd(width)} | ${ms.toFixed(1).padStart(9)} | ${((ms / total) * 100).toFixed(1).padStart(7)}%`);
  return `${lines.join('\n')}\n`;
}
