import v8 from 'node:v8';

/**
 * Keeps a long lint's peak memory near its live size without paying for it in time.
 *
 * Each parse leaves trees and micromark events that survive a scavenge or two, get
 * promoted, and are collected only when the old generation has grown well past the
 * live data: a 1,000-skill run peaked at 226 MiB RSS with 33 MiB live. Forcing a
 * full collection every hundred parses held the peak at 165 MiB but cost 1.8 s of
 * a 9.5 s run (each forced collection also reset V8's heap limit, so the natural
 * ones came more often). Lowering V8's heap growing factor instead (the old
 * generation may grow to 1.2x its live size after a collection rather than V8's
 * default of up to 4x) gives 160 MiB at 7.6 s: measured with bench/run.mjs, the
 * note on issue #7 has the figures. The flag only tunes when V8 collects; it is
 * read at each collection, so setting it mid-process takes effect.
 *
 * Still needed after issue #30 compacted what a run keeps per skill (about 3.5 KB a skill live):
 * the old generation fills with parse garbage promoted by scavenges in the middle of a parse, not
 * with summaries. Without the bound a 1,000-skill lint took ~1 CPU s less but peaked at 213 MiB
 * instead of 150, and 4,000 skills reached 356 MiB of heap; the young generation's size, which
 * would promote less, cannot be changed once the process runs.
 */
let tuned = false;

/** Call once before a long run of parses (hundreds of skills). */
export function boundHeapGrowth(percent = 20): void {
  if (tuned) return;
  tuned = true;
  try {
    v8.setFlagsFromString(`--heap-growing-percent=${percent}`);
  } catch {
    // A runtime without the flag just uses its defaults.
  }
}
