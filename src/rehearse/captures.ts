/**
 * Captures: what a run would have sent (email, HTTP, tool effects), as the
 * fakes (fakes/) and `tool` events recorded it. Compared with the
 * case's golden `captures/` folder: one JSON file a capture, in order.
 */
import fs from 'node:fs';
import path from 'node:path';
import { readRegularFile } from '../parse/bundle.js';
import { LIMITS } from '../parse/limits.js';
import type { Capture } from './fakes/fake.js';
import { kindOf } from './paths.js';

export type { Capture };

/** The most captures one command may send (bytes of JSON lines); past it the rest is dropped and the case is an error. */
export const MAX_CAPTURE_BYTES = 8 << 20;

/** What one command sent: its captures, and whether some were dropped past MAX_CAPTURE_BYTES. */
export interface TakenCaptures {
  captures: Capture[];
  overflowed: boolean;
}

/** One line of the capture channel as a capture; a malformed line is kept as such so nothing is lost. */
function parseCaptureLine(line: string): Capture {
  try {
    const v = JSON.parse(line) as Capture;
    return v && typeof v === 'object' && !Array.isArray(v) && typeof v.effect === 'string' ? v : { effect: 'unknown', via: 'log', raw: line };
  } catch {
    return { effect: 'unknown', via: 'log', raw: line };
  }
}

/**
 * The capture channel: a FIFO the fakes append JSON lines to,
 * read by skillc while the command runs (polled, non-blocking). What was read
 * is skillc's: the case cannot erase or rewrite it afterwards, as it could a
 * log file. It can still write lines of its own (it shares the channel with
 * the fakes it runs), so a forged capture is accepted as a capture, which can
 * only add effects to its own case (failing the effects check or a golden),
 * never remove one that was recorded.
 */
export class CaptureStream {
  private fd: number | undefined;
  private chunks: Buffer[] = [];
  private bytes = 0;
  private overflow = false;
  private readonly buf = Buffer.alloc(64 * 1024);

  constructor(fifo: string) {
    // O_RDWR: skillc is a writer too, so the FIFO never reports end of file between commands.
    this.fd = fs.openSync(fifo, fs.constants.O_RDWR | fs.constants.O_NONBLOCK);
  }

  /**
   * Reads whatever is in the FIFO now, without blocking, and at most 16 MiB a
   * call: a writer that never pauses cannot keep skillc in this loop (and its
   * timers from firing).
   */
  drain(): void {
    if (this.fd === undefined) return;
    for (let reads = 0; reads < 256; reads++) {
      let n: number;
      try {
        n = fs.readSync(this.fd, this.buf, 0, this.buf.length, null);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'EAGAIN') return;
        throw error;
      }
      if (n <= 0) return;
      if (this.bytes + n > MAX_CAPTURE_BYTES) this.overflow = true;
      else {
        this.chunks.push(Buffer.from(this.buf.subarray(0, n)));
        this.bytes += n;
      }
    }
  }

  /**
   * The captures written since the last call (every command has ended by
   * then). An overflow is returned beside them, never as a capture: a capture
   * could be absorbed by a declared effect or a golden file, and what was
   * dropped cannot be judged.
   */
  take(): TakenCaptures {
    this.drain();
    const text = Buffer.concat(this.chunks).toString('utf8');
    this.chunks = [];
    this.bytes = 0;
    const captures = text.split('\n').filter((l) => l.trim()).map(parseCaptureLine);
    const overflowed = this.overflow;
    this.overflow = false;
    return { captures, overflowed };
  }

  close(): void {
    if (this.fd !== undefined) fs.closeSync(this.fd);
    this.fd = undefined;
  }
}

/** The sandbox folders a capture may name (a `Sandbox` is one). */
export interface SandboxPaths {
  root: string;
  skillDir: string;
  runDir: string;
}

/** Sandbox paths become `<run>`, `<skill>`, `<sandbox>`, so goldens do not depend on the temporary folder. */
export function normalizeCapture(capture: Capture, sb: SandboxPaths): Capture {
  const text = JSON.stringify(capture)
    .split(sb.runDir).join('<run>')
    .split(sb.skillDir).join('<skill>')
    .split(sb.root).join('<sandbox>');
  return JSON.parse(text) as Capture;
}

export function normalizeText(text: string, sb: SandboxPaths): string {
  return text.split(sb.runDir).join('<run>').split(sb.skillDir).join('<skill>').split(sb.root).join('<sandbox>');
}

const slug = (s: string): string => s.replace(/[^A-Za-z0-9._-]+/g, '-').slice(0, 60);
export const captureFileName = (c: Capture, i: number): string => `${String(i + 1).padStart(3, '0')}-${slug(c.effect)}.json`;
const serialize = (c: Capture): string => `${JSON.stringify(c, null, 2)}\n`;

export interface CaptureComparison {
  ok: boolean;
  message: string;
  evidence?: string;
}

/**
 * The golden files of a captures folder, sorted by name; undefined when the
 * folder does not exist. The folder and its files are read without following
 * links and never block on a FIFO: a file that is not a regular file is
 * compared as its problem.
 */
function readGolden(dir: string): { name: string; text: string }[] | undefined {
  if (kindOf(dir) !== 'dir') return undefined;
  let names: string[];
  try {
    names = fs.readdirSync(dir).filter((n) => n.endsWith('.json')).sort();
  } catch {
    return undefined;
  }
  return names.map((name) => {
    const r = readRegularFile(path.join(dir, name), LIMITS.maxFileBytes, { noFollow: true });
    return { name, text: 'bytes' in r ? r.bytes.toString('utf8') : `(${name} is not a regular file: ${r.problem}; skillc does not follow links or read FIFOs)` };
  });
}

function firstDifference(expected: string, actual: string): string {
  const e = expected.split('\n');
  const a = actual.split('\n');
  for (let i = 0; i < Math.max(e.length, a.length); i++) {
    if (e[i] !== a[i]) return `line ${i + 1}: expected ${JSON.stringify(e[i] ?? '(end)')}, got ${JSON.stringify(a[i] ?? '(end)')}`;
  }
  return 'identical';
}

/** Compares captures with the golden folder: same count, same files in order, same content. */
export function compareCaptures(captures: Capture[], goldenDir: string, casePath?: string): CaptureComparison {
  const golden = readGolden(goldenDir);
  const rel = path.basename(goldenDir);
  if (golden === undefined) {
    if (captures.length === 0) return { ok: true, message: 'no captures, and no golden folder' };
    // A new case: say how to record the golden files, naming this case so --update rewrites no other.
    const update = casePath ? `skillc rehearse --update ${/^[\w@%+=:,./-]+$/.test(casePath) ? casePath : `'${casePath.replace(/'/g, "'\\''")}'`}` : 'skillc rehearse --update';
    return { ok: false, message: `${captures.length} capture(s) but no golden ${rel}/ folder yet: if the captures below are what the run should do, record them with \`${update}\``, evidence: captures.map((c) => c.effect).join(', ') };
  }
  for (let i = 0; i < Math.max(golden.length, captures.length); i++) {
    const g = golden[i];
    const c = captures[i];
    if (!g) return { ok: false, message: `Unexpected capture ${i + 1} (\`${c!.effect}\`), expected ${golden.length} capture(s) as in ${rel}/`, evidence: serialize(c!).trim() };
    if (!c) return { ok: false, message: `Missing capture ${i + 1}: ${rel}/${g.name} was not produced`, evidence: g.text.trim() };
    const actual = serialize(c);
    let expected = g.text;
    try {
      expected = serialize(JSON.parse(g.text) as Capture);
    } catch {
      // compare the raw text; the difference will say where
    }
    if (expected !== actual) return { ok: false, message: `Unexpected capture ${i + 1}: differs from ${rel}/${g.name}`, evidence: firstDifference(expected, actual) };
  }
  return { ok: true, message: `${captures.length} capture(s) equal ${rel}/` };
}

/**
 * `--update`: rewrites the golden folder with these captures (or removes it
 * when there are none). The caller has checked that the folder lies inside
 * the case without a link on the way; a folder that is itself a link, or a
 * FIFO or device, is refused. Old `*.json` entries are unlinked (a link is
 * removed, not followed) and new files are created with O_EXCL|O_NOFOLLOW.
 */
export function writeGolden(captures: Capture[], goldenDir: string): void {
  const kind = kindOf(goldenDir);
  if (kind !== undefined && kind !== 'dir') throw new Error(`${path.basename(goldenDir)}/ is not a folder (a link, file or FIFO); not updated`);
  if (kind === 'dir') {
    for (const n of fs.readdirSync(goldenDir)) {
      const p = path.join(goldenDir, n);
      if (n.endsWith('.json') && kindOf(p) !== 'dir') fs.unlinkSync(p);
    }
  }
  if (captures.length === 0) {
    try {
      fs.rmdirSync(goldenDir);
    } catch {
      // not empty (other files) or absent
    }
    return;
  }
  if (kind === undefined) fs.mkdirSync(goldenDir, { recursive: true });
  const flags = fs.constants.O_WRONLY | fs.constants.O_CREAT | fs.constants.O_EXCL | fs.constants.O_NOFOLLOW;
  captures.forEach((c, i) => {
    const fd = fs.openSync(path.join(goldenDir, captureFileName(c, i)), flags, 0o644);
    try {
      fs.writeFileSync(fd, serialize(c));
    } finally {
      fs.closeSync(fd);
    }
  });
}
