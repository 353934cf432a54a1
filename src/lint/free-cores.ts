import fs from 'node:fs';
import os from 'node:os';

/**
 * How many cores other work leaves free now: what `--concurrency auto` decides from (parallel.ts).
 *
 * Where /proc/stat exists (Linux), the machine's idle time over a short window: from the last
 * reading (taken when this module loaded, so a CLI run measures the time it spent loading its
 * config and finding skills, at no cost in wall time) to now. The process's own CPU time in the
 * window (its main thread and its GC threads) is counted as free: the run itself is not other
 * work. Time of niced processes is busy time: with the scheduler's autogroups (on by default in
 * most Linux distributions) nice orders processes within one session only, and a `nice -n 19`
 * job started from another terminal takes its full share of a core from a lint (measured here:
 * a niced benchmark beside a lint left it half a core). A window shorter than 50 ms is waited
 * out to 100 ms; one older than 5 s (a long-lived language server or watch loop: another
 * moment's load) is replaced by a fresh 100 ms one.
 *
 * Elsewhere, the cores minus the 1-minute load average (macOS, the BSDs); on Windows, whose load
 * average is always 0, nothing is known (undefined).
 */
export interface CpuReading {
  /** performance.now() at the reading. */
  at: number;
  /** Jiffies since boot over every CPU: free (idle and iowait) and all. */
  free: number;
  total: number;
  /** CPUs /proc/stat counts. */
  cpus: number;
  /** This process's CPU time so far, µs (process.cpuUsage: every thread). */
  own: number;
}

const MIN_WINDOW_MS = 50;
const MAX_WINDOW_MS = 5000;
const SAMPLE_MS = 100;

/** The parse of /proc/stat's aggregate `cpu` line, or undefined when it cannot be read. */
export function parseProcStat(text: string): { free: number; total: number; cpus: number } | undefined {
  const lines = text.split('\n');
  const m = /^cpu\s+(\d+)\s+(\d+)\s+(\d+)\s+(\d+)(?:\s+(\d+))?(?:\s+(\d+))?(?:\s+(\d+))?(?:\s+(\d+))?/.exec(lines[0] ?? '');
  if (!m) return undefined;
  // user nice system idle iowait irq softirq steal (guest time is already in user and nice).
  const [user, nice, system, idle, iowait, irq, softirq, steal] = m.slice(1, 9).map((v) => Number(v ?? 0)) as [number, number, number, number, number, number, number, number];
  const total = user + nice + system + idle + iowait + irq + softirq + steal;
  const cpus = lines.filter((l) => /^cpu\d+\s/.test(l)).length;
  if (!total || !cpus) return undefined;
  return { free: idle + iowait, total, cpus };
}

function read(): CpuReading | undefined {
  let text: string;
  try {
    text = fs.readFileSync('/proc/stat', 'latin1');
  } catch {
    return undefined;
  }
  const parsed = parseProcStat(text);
  if (!parsed) return undefined;
  const own = process.cpuUsage();
  return { at: performance.now(), ...parsed, own: own.user + own.system };
}

/** Free cores between two readings, out of `cores`: the idle share of every CPU, plus this process's own use. */
export function freeBetween(a: CpuReading, b: CpuReading, cores: number): number | undefined {
  const total = b.total - a.total;
  const ms = b.at - a.at;
  if (total <= 0 || ms <= 0) return undefined;
  const idle = (b.cpus * (b.free - a.free)) / total;
  const own = (b.own - a.own) / 1000 / ms;
  return Math.max(0, Math.min(cores, idle + own));
}

let last: CpuReading | undefined = read();

/** Cores free of other work now (see above), or undefined where that cannot be measured. */
export async function measureFreeCores(cores = os.availableParallelism()): Promise<number | undefined> {
  let now = read();
  if (!now) {
    if (process.platform === 'win32') return undefined;
    const load = os.loadavg()[0] ?? 0;
    return Math.max(0, cores - load);
  }
  const age = last ? now.at - last.at : Infinity;
  if (!last || age < MIN_WINDOW_MS || age > MAX_WINDOW_MS) {
    // Too short a window says little (jiffies are 10 ms); too old a one is another moment's load.
    const start = last && age <= MAX_WINDOW_MS ? last : now;
    await new Promise((resolve) => setTimeout(resolve, Math.max(1, start.at + SAMPLE_MS - performance.now())));
    last = start;
    now = read() ?? now;
  }
  const free = freeBetween(last, now, cores);
  last = now;
  return free;
}
