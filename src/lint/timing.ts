/**
 * Per-rule timing, like ESLint's `TIMING=1`: set TIMING to print the slowest ten rules
 * (with the time spent reading and parsing) after a lint, TIMING=all for every rule, or
 * TIMING=<n> for the slowest n. Off by default: the clock calls are not free.
 */
export const timings: Map<string, number> | undefined = process.env.TIMING ? new Map() : undefined;

export function addTime(key: string, ms: number): void {
  timings?.set(key, (timings.get(key) ?? 0) + ms);
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
