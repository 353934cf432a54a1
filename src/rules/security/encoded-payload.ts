import type { TextFile } from '../../model/text.js';
import { defineSkillRule, type ReportInput } from '../rule.js';
import { entropy, scanTargets } from './shared.js';

export interface EncodedPayloadOptions {
  /** Shortest base64 run reported, in characters. */
  minBase64: number;
  /** Shortest hex run reported, in characters. */
  minHex: number;
}

/**
 * Hex runs of at least `min` characters, each starting where a plain `[0-9a-fA-F]+` scan would
 * (after a character outside the class), so results are those of scanning every run and dropping
 * the short ones. (One difference: in `0x0x<hex>` the run is reported with its second `0x`.)
 */
const scanners = new Map<number, RegExp>();
function hexRuns(min: number): RegExp {
  let re = scanners.get(min);
  if (!re) {
    re = new RegExp(`(?<![0-9a-fA-F])(?:0x)?[0-9a-fA-F]{${min},}`, 'g');
    scanners.set(min, re);
  }
  re.lastIndex = 0;
  return re;
}

/** The base64 alphabet (`+/` and the URL-safe `-_`), by character code. */
const BASE64_CLASS = new Uint8Array(128);
for (const c of 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/_-') BASE64_CLASS[c.charCodeAt(0)] = 1;
const EQUALS = 61;

/**
 * Each maximal run of the base64 alphabet at least `min` characters long, with up to two `=` of
 * padding after it, as [start, end): what `(?<![A-Za-z0-9+/_-])[A-Za-z0-9+/_-]{min,}={0,2}` finds,
 * in one walk over the text (the regular expression tried its look-behind at every offset and
 * walked every word of prose; issue 30).
 */
export function base64Runs(text: string, min: number): [number, number][] {
  const out: [number, number][] = [];
  const n = text.length;
  let i = 0;
  while (i < n) {
    let c = text.charCodeAt(i);
    if (c >= 128 || !BASE64_CLASS[c]) {
      i++;
      continue;
    }
    const start = i;
    while (++i < n && (c = text.charCodeAt(i)) < 128 && BASE64_CLASS[c]);
    if (i - start < min) continue;
    let end = i;
    if (end < n && text.charCodeAt(end) === EQUALS) end++;
    if (end < n && text.charCodeAt(end) === EQUALS) end++;
    out.push([start, end]);
    i = end;
  }
  return out;
}
/** Inline images are payloads a renderer shows; they are not hidden. */
const IMAGE_DATA_URI = /data:image\/(?:png|jpe?g|gif|webp|avif);base64,$/i;

function looksBase64(run: string): boolean {
  return /[A-Z]/.test(run) && /[a-z]/.test(run) && /[0-9]/.test(run) && entropy(run) >= 5;
}

export function findPayloads(file: TextFile, options: EncodedPayloadOptions): ReportInput[] {
  const { text, lines } = file;
  const out: { start: number; end: number; kind: string }[] = [];
  const found64: { start: number; end: number; kind: string }[] = [];
  // Every character of a hex run (`0x` too) is in the base64 class, so a hex run lies in a base64
  // run at least as long: when the base64 scan sees every run that long and none is, the hex scan
  // cannot find one and is skipped (most files, where it cost as much as the base64 scan).
  let longest = 0;
  // A base64 run's length counts its `=` padding: the body may be two shorter.
  for (const [start, end] of base64Runs(text, Math.max(1, options.minBase64 - 2))) {
    const run = text.slice(start, end);
    longest = Math.max(longest, run.length);
    if (run.length < options.minBase64 || /^[0-9a-fA-F]+$/.test(run) || !looksBase64(run)) continue;
    if (IMAGE_DATA_URI.test(text.slice(Math.max(0, start - 40), start))) continue;
    found64.push({ start, end, kind: 'base64' });
  }
  if (longest >= options.minHex || options.minHex < Math.max(1, options.minBase64 - 2)) {
    const HEX = hexRuns(options.minHex);
    let m: RegExpExecArray | null;
    while ((m = HEX.exec(text))) {
      const run = m[0].replace(/^0x/, '');
      if (run.length >= options.minHex && entropy(run) >= 3) out.push({ start: m.index, end: m.index + m[0].length, kind: 'hex' });
    }
  }
  // Hex first, as before: the sort is stable.
  out.push(...found64);
  out.sort((a, b) => a.start - b.start);
  return out.map((p) => ({
    messageId: 'payload',
    data: { length: p.end - p.start, kind: p.kind },
    range: lines.range(p.start, p.end),
  }));
}

export default defineSkillRule<EncodedPayloadOptions>(
  {
    id: 'security/encoded-payload',
    description: 'Reports long base64 or hex runs in the SKILL.md, bundled text files and included fragments: encoded payloads hide instructions or binaries from review.',
    severity: 'warning',
    fixable: false,
    schema: {
      type: 'object',
      properties: { minBase64: { type: 'integer', minimum: 16 }, minHex: { type: 'integer', minimum: 16 } },
      additionalProperties: false,
    },
    defaultOptions: { minBase64: 120, minHex: 160 },
    messages: {
      payload: 'Unexpected {{length}}-character {{kind}} payload, expected readable text (an agent can decode and follow what a reviewer cannot read)',
    },
  },
  ({ skill, options, config, report }) => {
    for (const target of scanTargets(skill, config.sources)) {
      for (const found of findPayloads(target.file, options)) report(target.reportPath ? { ...found, file: target.reportPath } : found);
    }
  },
);
