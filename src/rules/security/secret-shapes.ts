/**
 * The credential shapes of `security/secret` (gitleaks' prefixes and entropy floors), apart from
 * the rule, so what else needs to recognise a credential (the redaction of `skillc record`)
 * uses the same detectors without loading the rule machinery.
 */
import { entropy } from './shared.js';

export interface Shape {
  kind: string;
  pattern: RegExp;
  /** Characters of the match that are a fixed prefix, not secret material. */
  prefix: RegExp;
  /** Least Shannon entropy (bits per character) of the whole token, as gitleaks sets it per rule. */
  minEntropy: number;
}

/**
 * Credential shapes with a recognisable prefix; generic "password=" heuristics are out of scope.
 * The AWS and Google shapes and entropies are gitleaks' (`aws-access-token`: AWS key IDs are
 * base32, `[A-Z2-7]`; `gcp-api-key`: entropy 4); the others keep a floor of 3 as gitleaks does.
 */
export const SHAPES: readonly Shape[] = [
  { kind: 'AWS access key ID', pattern: /\b(?:A3T[A-Z0-9]|AKIA|ASIA|ABIA|ACCA)[A-Z2-7]{16}\b/g, prefix: /^(?:A3T[A-Z0-9]|AKIA|ASIA|ABIA|ACCA)/, minEntropy: 3 },
  { kind: 'GitHub token', pattern: /\b(?:gh[pousr]_[A-Za-z0-9]{36,255}|github_pat_[A-Za-z0-9_]{22,255})\b/g, prefix: /^(?:gh[pousr]_|github_pat_)/, minEntropy: 3 },
  { kind: 'Anthropic API key', pattern: /\bsk-ant-[A-Za-z0-9_-]{20,}/g, prefix: /^sk-ant-(?:[a-z]+\d\d-)?/, minEntropy: 3 },
  { kind: 'OpenAI API key', pattern: /\bsk-(?!ant-)(?:proj-|svcacct-|admin-)?[A-Za-z0-9_-]{20,}/g, prefix: /^sk-(?:proj-|svcacct-|admin-)?/, minEntropy: 3 },
  { kind: 'Slack token', pattern: /\bxox[baprs]-[A-Za-z0-9-]{10,}/g, prefix: /^xox[baprs]-/, minEntropy: 3 },
  { kind: 'Google API key', pattern: /\bAIza[0-9A-Za-z_-]{35}(?![0-9A-Za-z_-])/g, prefix: /^AIza/, minEntropy: 4 },
  { kind: 'Stripe live key', pattern: /\b[rs]k_live_[0-9A-Za-z]{16,}/g, prefix: /^[rs]k_live_/, minEntropy: 3 },
];

/**
 * Every shape's match starts with a match of its prefix, so a text where no prefix occurs holds no
 * match of any shape: one scan says so for all of them (issue 30; most texts hold none).
 */
export const ANY_SHAPE = new RegExp(SHAPES.map((s) => s.prefix.source.replace(/^\^/, '')).join('|'));

export const PRIVATE_KEY = /-----BEGIN (?:[A-Z0-9]+ )*PRIVATE KEY(?: BLOCK)?-----/g;
/** Stand-in words inside a token (AWS's own `AKIAIOSFODNN7EXAMPLE`, `sk-your-key-here`, `xxxx`...). */
const PLACEHOLDER_WORDS = /example|sample|dummy|fake|placeholder|redacted|your|xxxx|changeme|replace|test|0000|1234|abcd/i;
/**
 * True for a run of characters that counts up: `abcdef`, `123456`, or interleaved
 * counters such as `A1B2C3D4`. Random keys almost never have half their characters
 * one step after the character one or two places before.
 */
export function isSequence(body: string): boolean {
  const chars = body.replace(/[-_]/g, '');
  if (chars.length < 8) return false;
  let stepped = 0;
  for (let i = 1; i < chars.length; i++) {
    const c = chars.charCodeAt(i);
    if (c - chars.charCodeAt(i - 1) === 1 || (i >= 2 && c - chars.charCodeAt(i - 2) === 1)) stepped++;
  }
  return stepped >= (chars.length - 1) * 0.6;
}

/**
 * Documentation stand-ins: marker words, long runs of one character, counting
 * sequences, entropy under the shape's floor, or a body of plain words (`sk-learn-...`).
 * Whether the body has a digit is no signal: AWS key IDs are base32 and about 1 in
 * 28 has none.
 */
export function isPlaceholder(token: string, shape: Pick<Shape, 'prefix' | 'minEntropy'>): boolean {
  const body = token.replace(shape.prefix, '');
  if (PLACEHOLDER_WORDS.test(body) || /(.)\1{5,}/.test(body) || isSequence(body)) return true;
  if (entropy(token) < shape.minEntropy) return true;
  return /^[a-z]+(?:[-_][a-z]+)+$/.test(body);
}

/** Every credential-shaped value in a text (documentation stand-ins included: redaction errs on the safe side), with private key blocks whole. */
export function credentialSpans(text: string): { start: number; end: number; kind: string }[] {
  const found: { start: number; end: number; kind: string }[] = [];
  for (const shape of SHAPES) {
    const pattern = new RegExp(shape.pattern.source, shape.pattern.flags);
    for (let m = pattern.exec(text); m; m = pattern.exec(text)) found.push({ start: m.index, end: m.index + m[0].length, kind: shape.kind });
  }
  const key = new RegExp(PRIVATE_KEY.source, PRIVATE_KEY.flags);
  for (let m = key.exec(text); m; m = key.exec(text)) {
    const close = /-----END [A-Z0-9 ]*PRIVATE KEY(?: BLOCK)?-----/.exec(text.slice(m.index + m[0].length));
    found.push({ start: m.index, end: close ? m.index + m[0].length + close.index + close[0].length : Math.min(text.length, m.index + 4096), kind: 'private key block' });
  }
  return found.sort((a, b) => a.start - b.start || b.end - a.end);
}
