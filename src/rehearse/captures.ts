/**
 * Captures: what a run would have sent (email, HTTP, tool effects), as the
 * shims, the node preload and `tool` events recorded it. Compared with the
 * case's golden `captures/` folder: one JSON file a capture, in order.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Sandbox } from './sandbox.js';

export interface Capture {
  /** The effect id, e.g. `email.send`, `http.post`, `net.connect`. */
  effect: string;
  /** What recorded it: curl, sendmail, fetch, tool, ... */
  via: string;
  /** The step it happened in, when known. */
  step?: string;
  [key: string]: unknown;
}

/** Reads the capture log from `offset` (bytes); malformed lines are kept as such so nothing is lost. */
export function readCaptureLog(file: string, offset = 0): { captures: Capture[]; offset: number } {
  let buf: Buffer;
  try {
    buf = fs.readFileSync(file);
  } catch {
    return { captures: [], offset };
  }
  const text = buf.subarray(offset).toString('utf8');
  const captures: Capture[] = [];
  for (const line of text.split('\n')) {
    if (!line.trim()) continue;
    try {
      const v = JSON.parse(line) as Capture;
      captures.push(v && typeof v === 'object' && typeof v.effect === 'string' ? v : { effect: 'unknown', via: 'log', raw: line });
    } catch {
      captures.push({ effect: 'unknown', via: 'log', raw: line });
    }
  }
  return { captures, offset: buf.length };
}

/** Sandbox paths become `<run>`, `<skill>`, `<sandbox>`, so goldens do not depend on the temporary folder. */
export function normalizeCapture(capture: Capture, sb: Sandbox): Capture {
  const text = JSON.stringify(capture)
    .split(sb.runDir).join('<run>')
    .split(sb.skillDir).join('<skill>')
    .split(sb.root).join('<sandbox>');
  return JSON.parse(text) as Capture;
}

export function normalizeText(text: string, sb: Sandbox): string {
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

/** The golden files of a captures folder, sorted by name; undefined when the folder does not exist. */
function readGolden(dir: string): { name: string; text: string }[] | undefined {
  let names: string[];
  try {
    names = fs.readdirSync(dir).filter((n) => n.endsWith('.json')).sort();
  } catch {
    return undefined;
  }
  return names.map((name) => ({ name, text: fs.readFileSync(path.join(dir, name), 'utf8') }));
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
export function compareCaptures(captures: Capture[], goldenDir: string): CaptureComparison {
  const golden = readGolden(goldenDir);
  const rel = path.basename(goldenDir);
  if (golden === undefined) {
    if (captures.length === 0) return { ok: true, message: 'no captures, and no golden folder' };
    return { ok: false, message: `${captures.length} capture(s) but no golden ${rel}/ folder; run \`skillc rehearse --update\` to write it`, evidence: captures.map((c) => c.effect).join(', ') };
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

/** `--update`: rewrites the golden folder with these captures (or removes it when there are none). */
export function writeGolden(captures: Capture[], goldenDir: string): void {
  if (fs.existsSync(goldenDir)) for (const n of fs.readdirSync(goldenDir)) if (n.endsWith('.json')) fs.rmSync(path.join(goldenDir, n));
  if (captures.length === 0) {
    try {
      fs.rmdirSync(goldenDir);
    } catch {
      // not empty (other files) or absent
    }
    return;
  }
  fs.mkdirSync(goldenDir, { recursive: true });
  captures.forEach((c, i) => fs.writeFileSync(path.join(goldenDir, captureFileName(c, i)), serialize(c)));
}
