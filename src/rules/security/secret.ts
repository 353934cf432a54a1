import type { TextFile } from '../../model/text.js';
import { defineSkillRule, type ReportInput } from '../rule.js';
import { entropy, scanTargets } from './shared.js';

interface Shape {
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
const SHAPES: readonly Shape[] = [
  { kind: 'AWS access key ID', pattern: /\b(?:A3T[A-Z0-9]|AKIA|ASIA|ABIA|ACCA)[A-Z2-7]{16}\b/g, prefix: /^(?:A3T[A-Z0-9]|AKIA|ASIA|ABIA|ACCA)/, minEntropy: 3 },
  { kind: 'GitHub token', pattern: /\b(?:gh[pousr]_[A-Za-z0-9]{36,255}|github_pat_[A-Za-z0-9_]{22,255})\b/g, prefix: /^(?:gh[pousr]_|github_pat_)/, minEntropy: 3 },
  { kind: 'Anthropic API key', pattern: /\bsk-ant-[A-Za-z0-9_-]{20,}/g, prefix: /^sk-ant-(?:[a-z]+\d\d-)?/, minEntropy: 3 },
  { kind: 'OpenAI API key', pattern: /\bsk-(?!ant-)(?:proj-|svcacct-|admin-)?[A-Za-z0-9_-]{20,}/g, prefix: /^sk-(?:proj-|svcacct-|admin-)?/, minEntropy: 3 },
  { kind: 'Slack token', pattern: /\bxox[baprs]-[A-Za-z0-9-]{10,}/g, prefix: /^xox[baprs]-/, minEntropy: 3 },
  { kind: 'Google API key', pattern: /\bAIza[0-9A-Za-z_-]{35}(?![0-9A-Za-z_-])/g, prefix: /^AIza/, minEntropy: 4 },
  { kind: 'Stripe live key', pattern: /\b[rs]k_live_[0-9A-Za-z]{16,}/g, prefix: /^[rs]k_live_/, minEntropy: 3 },
];

const PRIVATE_KEY = /-----BEGIN (?:[A-Z0-9]+ )*PRIVATE KEY(?: BLOCK)?-----/g;
/** Stand-in words inside a token (AWS's own `AKIAIOSFODNN7EXAMPLE`, `sk-your-key-here`, `xxxx`...). */
const PLACEHOLDER_WORDS = /example|sample|dummy|fake|placeholder|redacted|your|xxxx|changeme|replace|test|0000|1234|abcd/i;
/** Words around a value that present it as an illustration rather than a credential in use. */
const EXAMPLE_CONTEXT = /\b(?:examples?|e\.\s?g\.|for instance|samples?|placeholders?|dummy|fake|illustrat\w*|looks? like|formats?|such as|redacted)\b/i;

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

/**
 * True when the value is presented as an example: cut short with an ellipsis
 * (`AIzaSy...`), or its sentence (or the lead-in line ending in `:` above it,
 * fence lines skipped) says "example", "e.g.", "format", "looks like"...
 */
export function markedAsExample(text: string, start: number, end: number): boolean {
  if (/^(?:\.\.\.|…)/.test(text.slice(end, end + 3))) return true;
  // The line around the value, read at most CONTEXT characters either side: a line of a million
  // tokens made each one read the whole line (quadratic, issue #24).
  const lineStart = lineStartNear(text, start);
  const after = text.slice(end, end + CONTEXT);
  const nl = after.indexOf('\n');
  // The sentence: from after the last `. ` before the value to the first `. ` after it, within the line.
  const before = text.slice(lineStart, start);
  const stop = lastSentenceEnd(before);
  const rest = nl < 0 ? after : after.slice(0, nl);
  const next = /[.!?](?:\s|$)/.exec(rest);
  const sentence = before.slice(stop) + ' ' + rest.slice(0, next ? next.index : rest.length);
  if (EXAMPLE_CONTEXT.test(sentence)) return true;
  if (before.trim() !== '' && !/^[\s>*+-]*(?:\d+[.)]\s*)?[`'"]?$/.test(before)) return false;
  // The value alone on its line (or in a fence): the lead-in above may say what it is.
  let cursor = lineStart - 1;
  for (let hops = 0; hops < 3 && cursor > 0; hops++) {
    const prevStart = lineStartNear(text, cursor);
    const prev = text.slice(prevStart, cursor).trim();
    cursor = prevStart - 1;
    if (prev === '' || /^(?:`{3,}|~{3,})/.test(prev)) continue;
    return /:$/.test(prev) && EXAMPLE_CONTEXT.test(prev);
  }
  return false;
}

/** How far around a value its sentence and lead-in are read. */
const CONTEXT = 400;

/** The start of the line holding `pos`, looked for at most CONTEXT characters back. */
function lineStartNear(text: string, pos: number): number {
  const floor = Math.max(0, pos - CONTEXT);
  const i = text.slice(floor, pos).lastIndexOf('\n');
  return i < 0 ? floor : floor + i + 1;
}

/** The offset after the last `.`, `!` or `?` followed by a blank in `text` (0 when none): one pass from the end. */
function lastSentenceEnd(text: string): number {
  for (let i = text.length - 2; i >= 0; i--) if ('.!?'.includes(text[i]!) && /\s/.test(text[i + 1]!)) return i + 2;
  return 0;
}

/** A private key block is real when it holds base64 material, not `...` or prose. */
function placeholderKey(text: string, headerEnd: number): boolean {
  const endMarker = text.indexOf('-----END', headerEnd);
  const region = text.slice(headerEnd, endMarker === -1 ? headerEnd + 4096 : endMarker);
  return !/[A-Za-z0-9+/]{40,}/.test(region) || /\.\.\.|…|<|xxxx|example|redacted/i.test(region);
}

export function findSecrets(file: TextFile): ReportInput[] {
  const { text, lines } = file;
  const found: { start: number; end: number; kind: string }[] = [];
  for (const shape of SHAPES) {
    shape.pattern.lastIndex = 0;
    let m: RegExpExecArray | null;
    while ((m = shape.pattern.exec(text))) {
      if (!isPlaceholder(m[0], shape) && !markedAsExample(text, m.index, m.index + m[0].length)) found.push({ start: m.index, end: m.index + m[0].length, kind: shape.kind });
    }
  }
  PRIVATE_KEY.lastIndex = 0;
  let m: RegExpExecArray | null;
  while ((m = PRIVATE_KEY.exec(text))) {
    const end = m.index + m[0].length;
    if (!placeholderKey(text, end)) found.push({ start: m.index, end, kind: 'private key block' });
  }
  found.sort((a, b) => a.start - b.start);
  return found.map((f) => ({
    // The message names the kind only: echoing the secret would copy it into logs and CI output.
    messageId: 'secret',
    data: { kind: f.kind },
    range: lines.range(f.start, f.end),
  }));
}

export default defineSkillRule(
  {
    id: 'security/secret',
    description: 'Reports credentials (cloud, GitHub, OpenAI, Anthropic, Slack, Google and Stripe keys, private key blocks) in the SKILL.md, bundled text files and included fragments.',
    severity: 'error',
    fixable: false,
    defaultOptions: {},
    messages: {
      secret: 'Unexpected {{kind}}, expected a reference to a secret kept outside the skill (e.g. an environment variable)',
    },
  },
  ({ skill, config, report }) => {
    for (const target of scanTargets(skill, config.sources)) {
      for (const found of findSecrets(target.file)) report(target.reportPath ? { ...found, file: target.reportPath } : found);
    }
  },
);
